# An assignment is imported by <VARIABLE SET ID>/<WORKSPACE ID> or <VARIABLE SET ID>/<PROJECT ID>;
# also, one to a workspace by <ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE SET NAME>,
# one to a project by <ORGANIZATION>/<PROJECT ID>/<VARIABLE SET NAME>.
terraform import stack_platform_variable_set_assignment.app varset-6p5RiCe5CRjBmsGt/ws-7q6SjDf6DSkCntHu
terraform import stack_platform_variable_set_assignment.app acme/app-prod/cloud-credentials
terraform import stack_platform_variable_set_assignment.payments acme/prj-6p5RiCe5CRjBmsGt/cloud-credentials
