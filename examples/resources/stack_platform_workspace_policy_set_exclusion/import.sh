# The import ID is <POLICY SET ID>/<WORKSPACE ID>, or
# <ORGANIZATION>/<WORKSPACE NAME>/<POLICY SET NAME>.
terraform import stack_platform_workspace_policy_set_exclusion.sandbox polset-6p5RiCe5CRjBmsGt/ws-7q6SjDf6DSkCntHu
terraform import stack_platform_workspace_policy_set_exclusion.sandbox acme/sandbox/baseline
