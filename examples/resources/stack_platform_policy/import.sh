# A policy is imported by its ID, pol- and 16 characters, by
# <ORGANIZATION>/<POLICY ID>, or by <ORGANIZATION>/<POLICY NAME>, the name in
# any case.
terraform import stack_platform_policy.tags pol-6p5RiCe5CRjBmsGt
terraform import stack_platform_policy.tags acme/pol-6p5RiCe5CRjBmsGt
terraform import stack_platform_policy.tags acme/require-tags
