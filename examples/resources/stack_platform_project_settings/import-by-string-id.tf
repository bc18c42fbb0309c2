# A project's settings are imported by the project's ID, prj- and 16
# characters (Terraform 1.5+ import block).
import {
  to = stack_platform_project_settings.networking
  id = "prj-6p5RiCe5CRjBmsGt"
}
