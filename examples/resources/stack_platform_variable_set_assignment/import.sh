# An assignment to a workspace is imported by <ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE SET NAME>,
# one to a project by <ORGANIZATION>/<PROJECT ID>/<VARIABLE SET NAME>.
terraform import stack_platform_variable_set_assignment.app acme/app-prod/cloud-credentials
terraform import stack_platform_variable_set_assignment.payments acme/prj-6p5RiCe5CRjBmsGt/cloud-credentials
