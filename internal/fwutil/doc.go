// Package fwutil holds what every resource and data source of the provider
// shares: the provider data handed to Configure, the "keep the configured
// secret" rule, duration comparison by value, list and map conversions that
// keep the practitioner's choice between null and empty, and the shape of
// API errors in diagnostics. It exists so that each resource states only
// what is particular to its API object.
package fwutil
