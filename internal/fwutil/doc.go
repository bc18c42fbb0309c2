// Package fwutil holds what every resource, data source and ephemeral
// resource of the provider shares: the lifecycles of resources (a
// resource's description and its optional capabilities in resource.go,
// the lifecycle that runs it in lifecycle.go, the errors its calls return
// and how they are shown in errors.go, an import and its ID's grammar in
// import.go), data sources (data_source.go) and ephemeral
// resources (ephemeral.go), the provider data handed to Configure, the "keep the
// configured secret" rule and the secret's write-only twin (its
// attributes, the value to send, the "one of the two" rule, and the secret
// a create alone sends, in secret.go), the values a replacing attribute is
// known to take (values.go), the refusal to take over an object a create
// finds in place, duration comparison by
// value, times in state, list and map conversions that keep the
// practitioner's choice between null and empty, plan comparison, and the
// shape of API errors in diagnostics. It exists so that each resource,
// data source and ephemeral resource states only what is particular to
// its API object.
package fwutil
