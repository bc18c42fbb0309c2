# A policy set parameter is imported by <POLICY SET ID>/<PARAMETER ID>.
terraform import stack_platform_policy_set_parameter.region polset-6p5RiCe5CRjBmsGt/var-7q6SjDf6DSkCntHu
