# The installation of the platform's app on the code-host organization
# acme: its ID is what a workspace's vcs_repo takes.
data "stack_platform_codehost_app_installation" "acme" {
  name = "acme"
}

resource "stack_platform_workspace" "web" {
  name = "web"
  vcs_repo = {
    identifier                   = "acme/web"
    codehost_app_installation_id = data.stack_platform_codehost_app_installation.acme.id
  }
}
