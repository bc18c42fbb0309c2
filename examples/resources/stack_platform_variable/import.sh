# A workspace's variable is imported by <ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE ID>,
# a variable set's by <ORGANIZATION>/<VARIABLE SET ID>/<VARIABLE ID>.
terraform import stack_platform_variable.region acme/app-prod/var-6p5RiCe5CRjBmsGt
terraform import stack_platform_variable.db_password acme/varset-6p5RiCe5CRjBmsGt/var-7q6SjDf6DSkCntHu
