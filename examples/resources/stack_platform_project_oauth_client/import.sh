# An OAuth client's attachment to a project is imported by
# <OAUTH CLIENT ID>/<PROJECT ID>, or by <ORGANIZATION>/<PROJECT ID>/<OAUTH CLIENT NAME>.
terraform import stack_platform_project_oauth_client.networking oc-6p5RiCe5CRjBmsGt/prj-7q6SjDf6DSkCntHu
terraform import stack_platform_project_oauth_client.networking acme/prj-7q6SjDf6DSkCntHu/github
