# A version's deprecation is imported by <ORGANIZATION>/<MODULE NAME>/<MODULE PROVIDER>/<VERSION>.
terraform import stack_platform_registry_module_version_deprecation.network_1_2_0 acme/network/aws/1.2.0
