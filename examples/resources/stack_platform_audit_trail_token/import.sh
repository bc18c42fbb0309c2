# An audit trail token is imported by its organization's name. The secret
# cannot be read back: an imported token has none in the state.
terraform import stack_platform_audit_trail_token.this acme
