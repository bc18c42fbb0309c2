// Package secrets holds the provider's resources and data sources of the
// secrets service's sync API: the sync configuration, destinations of five
// types, associations of secrets with destinations, and custom code-host
// apps.
//
// The five destination resources share one implementation
// (destination_resource.go); each type's file says only what is its own:
// its attributes, its rules, and how its fields map to the API.
package secrets
