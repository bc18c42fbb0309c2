# A variable set is imported by its ID, varset- and 16 characters, or by
# <ORGANIZATION>/<VARIABLE SET NAME>, the name in any case.
terraform import stack_platform_variable_set.cloud varset-6p5RiCe5CRjBmsGt
terraform import stack_platform_variable_set.cloud acme/cloud-credentials
