# A project is imported by its ID, prj- and 16 characters.
terraform import stack_platform_project.payments prj-6p5RiCe5CRjBmsGt
