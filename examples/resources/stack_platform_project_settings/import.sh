# A project's settings are imported by the project's ID, prj- and 16
# characters.
terraform import stack_platform_project_settings.networking prj-6p5RiCe5CRjBmsGt
