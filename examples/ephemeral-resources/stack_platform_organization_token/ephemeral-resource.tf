# The organization's token for this run only. It replaces the token that
# the organization has, which stops working for good, and the end of the
# run deletes it: afterwards the organization has no token.
ephemeral "stack_platform_organization_token" "run" {
  organization     = "my-org"
  replace_existing = true
  expired_at       = "2030-01-31T18:00:00Z"
}

# A second provider that acts as the organization.
provider "stack" {
  alias = "organization"
  platform {
    token        = ephemeral.stack_platform_organization_token.run.token
    organization = "my-org"
  }
}

resource "stack_platform_team" "auditors" {
  provider = stack.organization
  name     = "auditors"
}
