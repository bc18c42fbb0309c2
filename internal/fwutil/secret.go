package fwutil

import "github.com/hashicorp/terraform-plugin-framework/types"

// Redacted is what some servers answer in place of a secret.
const Redacted = "redacted"

// SecretFromAPI decides what state holds for a secret the server may hide.
// A secret the practitioner did not set (null, or given through its
// write-only twin) stays null, so that a server answering it back is not a
// diff. A secret the server obfuscates, redacts or omits keeps the
// configured value, since nothing better is known. A secret the server
// returns in clear replaces the prior value, so that a change made outside
// Terraform shows as drift.
func SecretFromAPI(prior types.String, api string, hidden func(string) bool) types.String {
	if prior.IsNull() {
		return prior
	}
	if api == "" || hidden(api) {
		return prior
	}
	return types.StringValue(api)
}
