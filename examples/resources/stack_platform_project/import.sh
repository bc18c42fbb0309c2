# A project is imported by its ID, prj- and 16 characters, or by
# <ORGANIZATION>/<PROJECT NAME>, the name in any case.
terraform import stack_platform_project.payments prj-6p5RiCe5CRjBmsGt
terraform import stack_platform_project.payments "acme/Payments"
