# The token of the provider's default organization. An organization has one
# token: force_regenerate lets the create replace the one it has, which
# stops working. The secret is kept in the state: when it is only needed
# during the run, use the ephemeral resource stack_platform_organization_token.
resource "stack_platform_organization_token" "this" {
  force_regenerate = true
  expired_at       = "2030-01-31T18:00:00Z"
}
