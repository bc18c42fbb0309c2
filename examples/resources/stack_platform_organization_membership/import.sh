# An organization membership is imported by its ID, ou- and 16 characters,
# or by <ORGANIZATION>/<EMAIL>.
terraform import stack_platform_organization_membership.ada ou-6p5RiCe5CRjBmsGt
terraform import stack_platform_organization_membership.ada acme/ada@example.com
