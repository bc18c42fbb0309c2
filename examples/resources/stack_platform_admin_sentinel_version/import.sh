# A Sentinel version is imported by its ID, tool- and 16 characters, or by
# its version.
terraform import stack_platform_admin_sentinel_version.v0_31_0 tool-6p5RiCe5CRjBmsGt
terraform import stack_platform_admin_sentinel_version.v0_31_0 0.31.0
