# A run trigger is imported by its ID, rt- and 16 characters.
terraform import stack_platform_run_trigger.app_after_network rt-6p5RiCe5CRjBmsGt
