# An audit trail token for this run only, for a provider block or a
# write-only attribute that needs it while the run lasts: ephemeral values
# go nowhere else. It replaces the audit trail token that the organization
# has, which stops working for good, and the end of the run deletes it.
ephemeral "stack_platform_audit_trail_token" "run" {
  organization     = "my-org"
  replace_existing = true
  expired_at       = "2030-01-31T18:00:00Z"
}
