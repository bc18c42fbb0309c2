resource "stack_platform_agent_pool" "linux" {
  name = "linux-runners"
}

# A token for the pool's agents; the secret is in the state, sensitive.
resource "stack_platform_agent_token" "linux" {
  agent_pool_id = stack_platform_agent_pool.linux.id
  description   = "linux runners in the data center"
}

output "agent_token" {
  value     = stack_platform_agent_token.linux.token
  sensitive = true
}
