# The list is imported by its pool's ID, apool- and 16 characters.
terraform import stack_platform_agent_pool_allowed_projects.linux apool-6p5RiCe5CRjBmsGt
