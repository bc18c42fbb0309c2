# An OAuth client is imported by its ID, oc- and 16 characters. The
# platform never returns its secrets (secret, private_key, oauth_token):
# the import leaves them null, and the next apply sends the configured ones.
terraform import stack_platform_oauth_client.github oc-6p5RiCe5CRjBmsGt
