# An organization's data retention policy is imported by the organization's
# name; a workspace's by the workspace's ID, or by <ORGANIZATION>/<WORKSPACE NAME>.
terraform import stack_platform_data_retention_policy.acme acme
terraform import stack_platform_data_retention_policy.audit acme/audit
