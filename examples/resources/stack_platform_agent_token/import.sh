# An agent token is imported by its ID, at- and 16 characters, or by
# <POOL ID>/<TOKEN ID>. The platform never returns the secret again: an
# imported token has no token attribute.
terraform import stack_platform_agent_token.linux at-6p5RiCe5CRjBmsGt
terraform import stack_platform_agent_token.linux apool-6p5RiCe5CRjBmsGt/at-6p5RiCe5CRjBmsGt
