# The self-hosted edition only, with a site administrator's token: the runs'
# data of every organization and workspace without a policy of its own is
# deleted after a year.
resource "stack_platform_admin_data_retention_policy" "site" {
  delete_older_than_n_days = 365
}
