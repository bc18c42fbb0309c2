# The audit trail token of the provider's default organization, for the
# system that collects its audit trail. It leaves the organization's own
# token alone. Left out, expired_at is the platform's: two years ahead. The
# secret is kept in the state: when it is only needed during the run, use
# the ephemeral resource stack_platform_audit_trail_token.
resource "stack_platform_audit_trail_token" "this" {}

output "audit_trail_token_expires" {
  value = stack_platform_audit_trail_token.this.expired_at
}
