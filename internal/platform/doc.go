// Package platform holds the provider's resources, data sources and
// ephemeral resources of the platform's API. resources.go lists them; no
// other text here does, so that none goes stale as objects are added.
//
// Every resource and data source that lives in an organization takes the
// provider's default organization when it names none
// (organization_default.go), and a resource replaced when that default
// changes its organization. The resource and the data sources of one object
// share its model and its conversions.
//
// A file named after a noun (<noun>_resource.go, <noun>_data_source.go,
// <nouns>_data_source.go, <noun>_ephemeral_resource.go) uses nothing that
// another noun's file defines; TestPackage_nounFilesLeanOnNoOtherNoun
// holds it. What several nouns share lives in a file named after what it
// is: tags.go (tag bindings and flat tags), tokens.go (tokens' expiry and
// renewal), singleton_tokens.go (the organization's one-per-organization
// tokens), conflict_lookup.go (a create refused because the name is
// taken), imports.go (the reads an import makes), lookup.go (a data
// source's lookup by ID or name), computed.go (a data source's
// attributes from its resource's schema), ids.go, names.go, times.go,
// auto_destroy.go, organization_default.go, values.go and text.go.
package platform
