# The import ID is <POLICY SET ID>/<PROJECT ID>, or
# <ORGANIZATION>/<PROJECT ID>/<POLICY SET NAME>.
terraform import stack_platform_project_policy_set.apps polset-6p5RiCe5CRjBmsGt/prj-7q6SjDf6DSkCntHu
terraform import stack_platform_project_policy_set.apps acme/prj-7q6SjDf6DSkCntHu/baseline
