# An OAuth client's attachment to a project is imported by
# <OAUTH CLIENT ID>/<PROJECT ID>, or by <ORGANIZATION>/<PROJECT ID>/<OAUTH CLIENT NAME>
# (Terraform 1.5+ import block).
import {
  to = stack_platform_project_oauth_client.networking
  id = "oc-6p5RiCe5CRjBmsGt/prj-7q6SjDf6DSkCntHu"
}
