variable "scanner_hmac_key" {
  description = "The key with which the platform signs the scanner's requests."
  type        = string
  sensitive   = true
  ephemeral   = true
}

# A run task in the provider's default organization, whose requests the
# platform signs with a key given through its write-only twin: it never
# enters the plan or the state. Change hmac_key_wo_version to send a new
# key.
resource "stack_platform_run_task" "scanner" {
  name                = "security-scanner"
  url                 = "https://scanner.example.com/run-task"
  description         = "Scans every plan for public buckets."
  hmac_key_wo         = var.scanner_hmac_key
  hmac_key_wo_version = 1
}

# A private run task: the agents of the pool forward its requests to a
# service in a private network. The organization's plan must entitle it
# to private run tasks.
resource "stack_platform_agent_pool" "private" {
  name = "private-network"
}

resource "stack_platform_run_task" "cost_guard" {
  name          = "cost-guard"
  url           = "https://cost-guard.internal.example.com/check"
  agent_pool_id = stack_platform_agent_pool.private.id
  enabled       = false
}
