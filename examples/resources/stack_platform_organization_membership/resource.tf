# Invites a person to the provider's default organization. The membership
# is "invited" until they accept, which plans no change; a refresh then
# shows it "active", with their username.
resource "stack_platform_organization_membership" "ada" {
  email = "ada@example.com"
}
