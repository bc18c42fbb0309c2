package platform

import "strings"

// An ID of the platform is its kind's prefix, a dash, and 16 characters of
// the base58 alphabet. Each kind's prefix is declared beside its type, in
// its noun's file (PrefixTeam in team.go); this file holds what every kind
// shares.

// PrefixToken begins the IDs of every kind of API token: a team's, an
// organization's, its audit trail token and an agent pool's are all of
// type authentication-tokens. No one noun owns it, so it is declared in
// id.go, beside IsID.
const PrefixToken = "at"

// tokens is where a team's and an agent pool's tokens are read and deleted
// by ID, and made under their team or pool.
var tokens = collection{path: "/authentication-tokens", id: "token ID"}

// base58 is Bitcoin's alphabet: digits and letters without 0, O, I and l,
// which read alike.
const base58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// IsID reports whether s is an ID of the kind that prefix names, such as
// IsID(PrefixTeam, "team-6p5RiCe5CRjBmsGt"). Names and IDs share import
// strings and arguments (a team is imported by either), and this is how
// real clients tell them apart: a name that happens to look like an ID is
// read as one.
func IsID(prefix, s string) bool {
	rest, ok := strings.CutPrefix(s, prefix+"-")
	if !ok || len(rest) != 16 {
		return false
	}
	for _, r := range rest {
		if !strings.ContainsRune(base58, r) {
			return false
		}
	}
	return true
}
