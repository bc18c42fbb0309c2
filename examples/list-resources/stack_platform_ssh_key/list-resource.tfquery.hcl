# Every SSH key of the provider's organization, with its state: all but
# the key, which the platform never returns.
list "stack_platform_ssh_key" "all" {
  provider         = stack
  include_resource = true
}
