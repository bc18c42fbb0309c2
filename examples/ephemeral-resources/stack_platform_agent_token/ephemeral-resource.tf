variable "agent_pool_id" {
  type        = string
  description = "ID of the agent pool whose agents this run starts, such as apool-6p5RiCe5CRjBmsGt."
}

variable "workspace_id" {
  type        = string
  description = "ID of the workspace whose run starts the agents, such as ws-6p5RiCe5CRjBmsGt."
}

# A new token of the pool for this run only, deleted at its end.
ephemeral "stack_platform_agent_token" "run" {
  agent_pool_id = var.agent_pool_id
  description   = "agents of one run"
}

# The token reaches the agents through a write-only variable, which never
# enters the plan or the state.
resource "stack_platform_variable" "agent_token" {
  workspace_id     = var.workspace_id
  key              = "AGENT_TOKEN"
  category         = "env"
  value_wo         = ephemeral.stack_platform_agent_token.run.token
  value_wo_version = 1
}
