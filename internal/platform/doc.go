// Package platform holds the provider's resources and data sources of the
// platform's API: organizations and their default settings, projects,
// workspaces and their settings, teams and their project access, team and
// organization tokens, variable sets, their assignments, and variables;
// and its ephemeral resources: team and organization tokens for one run.
//
// Every resource and data source that lives in an organization takes the
// provider's default organization when it names none
// (organization_default.go), and a resource replaced when that default
// changes its organization. The resource and the data sources of one object
// share its model and its conversions.
package platform
