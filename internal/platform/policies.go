package platform

import (
	"regexp"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// What policies, policy sets and their attachments share.

// policyNameRe is what the name of a policy, and of a policy set, is made
// of: the platform takes letters, digits, - and _.
var policyNameRe = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// isPolicySetID is whether s is a policy set's ID, which the set, its
// parameters and its links take.
func isPolicySetID(s string) bool { return platformclient.IsID(platformclient.PrefixPolicySet, s) }

// workspaceIDsOf and projectIDsOf are the IDs of a set's members, as its
// relationships answer them.
func workspaceIDsOf(l []*platformclient.Workspace) []string {
	out := make([]string, 0, len(l))
	for _, w := range l {
		out = append(out, w.ID)
	}
	return out
}

func projectIDsOf(l []*platformclient.Project) []string {
	out := make([]string, 0, len(l))
	for _, p := range l {
		out = append(out, p.ID)
	}
	return out
}
