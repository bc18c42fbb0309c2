data "stack_platform_organization_members" "all" {}

# The usernames of the active members, and the emails of the people
# invited who have not accepted yet.
output "members" {
  value = data.stack_platform_organization_members.all.members[*].username
}

output "waiting" {
  value = data.stack_platform_organization_members.all.members_waiting[*].email
}
