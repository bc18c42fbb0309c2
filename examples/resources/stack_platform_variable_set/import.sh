# A variable set is imported by its ID, varset- and 16 characters.
terraform import stack_platform_variable_set.cloud varset-6p5RiCe5CRjBmsGt
