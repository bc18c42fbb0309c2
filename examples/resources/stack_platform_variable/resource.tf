variable "db_password" {
  type      = string
  sensitive = true
  ephemeral = true
}

# A variable of a workspace, readable by everyone who sees the workspace.
resource "stack_platform_variable" "region" {
  workspace_id = "ws-6p5RiCe5CRjBmsGt"
  key          = "region"
  value        = "eu-west-1"
  category     = "terraform"
  description  = "Where to deploy."
}

# A sensitive environment variable of a variable set, its value given
# write-only: it never enters the state. Change value_wo_version to send a
# new value; a change made outside Terraform shows through version_id.
resource "stack_platform_variable" "db_password" {
  variable_set_id  = "varset-6p5RiCe5CRjBmsGt"
  key              = "DB_PASSWORD"
  value_wo         = var.db_password
  value_wo_version = 1
  category         = "env"
  sensitive        = true
}
