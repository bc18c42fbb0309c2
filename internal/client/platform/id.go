package platform

import "strings"

// The prefixes of the platform's IDs, one per kind of object. An ID is its
// prefix, a dash, and 16 characters of the base58 alphabet.
const (
	PrefixOrganization      = "org" // an organization's external-id; its ID is its name
	PrefixProject           = "prj"
	PrefixWorkspace         = "ws"
	PrefixTeam              = "team"
	PrefixTeamProjectAccess = "tprj"
	PrefixToken             = "at"
	PrefixVariableSet       = "varset"
	PrefixVariable          = "var"
	PrefixAgentPool         = "apool"
	PrefixRunTrigger        = "rt"
	PrefixNotification      = "nc"
	PrefixOAuthClient       = "oc"
	PrefixOAuthToken        = "ot"
	PrefixSSHKey            = "sshkey"
)

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
