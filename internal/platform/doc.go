// Package platform holds the provider's resources and data sources of the
// platform's API: organizations and their default settings, and projects.
//
// Every resource and data source that lives in an organization takes the
// provider's default organization when it names none
// (organization_default.go), and a resource replaced when that default
// changes its organization. The resource and the data sources of one object
// share its model and its conversions.
package platform
