# The self-hosted edition only. The runs' data of the organization's
# workspaces is deleted after 90 days...
resource "stack_platform_data_retention_policy" "acme" {
  organization             = "acme" # left out: the provider's platform.organization
  delete_older_than_n_days = 90
}

resource "stack_platform_workspace" "audit" {
  organization = "acme"
  name         = "audit"
}

# ...but one workspace keeps its data: without delete_older_than_n_days, the
# policy is the don't-delete kind, which overrides the organization's.
resource "stack_platform_data_retention_policy" "audit" {
  organization = "acme"
  workspace_id = stack_platform_workspace.audit.id
}
