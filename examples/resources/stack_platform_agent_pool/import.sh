# An agent pool is imported by its ID, apool- and 16 characters, or by
# <ORGANIZATION>/<POOL NAME>.
terraform import stack_platform_agent_pool.linux apool-6p5RiCe5CRjBmsGt
terraform import stack_platform_agent_pool.linux acme/linux-runners
