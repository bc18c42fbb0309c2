# An OPA version is imported by its ID, tool- and 16 characters, or by
# its version.
terraform import stack_platform_admin_opa_version.v0_61_0 tool-6p5RiCe5CRjBmsGt
terraform import stack_platform_admin_opa_version.v0_61_0 0.61.0
