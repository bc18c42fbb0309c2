# A policy set is imported by its ID, polset- and 16 characters, or by
# <ORGANIZATION>/<POLICY SET NAME>.
terraform import stack_platform_policy_set.baseline polset-6p5RiCe5CRjBmsGt
terraform import stack_platform_policy_set.baseline acme/baseline
