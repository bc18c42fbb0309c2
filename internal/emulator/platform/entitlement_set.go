package platform

import (
	"net/http"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Entitlement sets
//
//   - GET /organizations/:org/entitlement-set (whoever sees the
//     organization; 404 otherwise) answers what the organization's plan
//     (subscription.go) entitles it to, type entitlement-sets, its ID the
//     organization's external ID, each entitlement a boolean attribute:
//     agents, audit-logging, cost-estimation, global-run-tasks,
//     operations, private-module-registry, private-policy-agents,
//     private-run-tasks, private-vcs, run-tasks, sso, sentinel,
//     state-storage, teams, vcs-integrations, waypoint-actions,
//     waypoint-templates-and-addons, infragraph, infragraph-with-nrtu.
//     The organization's include=entitlement-set answers the same.
//   - Free has operations, private-module-registry, run-tasks, sso,
//     sentinel, state-storage, teams and vcs-integrations; Standard
//     (entitlement) adds agents, audit-logging, cost-estimation,
//     waypoint-templates-and-addons and infragraph (as go-tfe's tests
//     read them); Business has every entitlement. The API's documents do
//     not say which plan has which: go-tfe's tests create run tasks on
//     Free (run-tasks) and expect global-run-tasks there to be false; the
//     three private-* entitlements (private-vcs, private-policy-agents,
//     private-run-tasks) reach a private network through agents that
//     forward requests, which the emulator gives Business alone.
//   - What the organization does with them: global-run-tasks keeps and
//     answers a run task's global-configuration, private-run-tasks takes
//     a run task's agent pool (run_task.go), audit-logging the audit-trail
//     token (organization_token.go).

// entitlementNames are the members of an entitlement set.
var entitlementNames = []string{
	"agents", "audit-logging", "cost-estimation", "global-run-tasks", "operations",
	"private-module-registry", "private-policy-agents", "private-run-tasks", "private-vcs",
	"run-tasks", "sso", "sentinel", "state-storage", "teams", "vcs-integrations", "waypoint-actions",
	"waypoint-templates-and-addons", "infragraph", "infragraph-with-nrtu",
}

func (s *Server) registerEntitlementSets(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}/entitlement-set", s.readEntitlementSet)
}

// entitled reports whether o's plan entitles it to name.
func (o *organization) entitled(name string) bool { return planOf(o).entitled(name) }

// entitlementSetResource is o's entitlements, from its plan; its ID is the
// organization's external ID.
func entitlementSetResource(o *organization) resource {
	attrs := map[string]any{}
	for _, name := range entitlementNames {
		attrs[name] = o.entitled(name)
	}
	return resource{
		Type: "entitlement-sets", ID: o.ExternalID, Attributes: attrs,
		Links: map[string]string{"self": apiPrefix + "/entitlement-sets/" + o.ExternalID},
	}
}

func (s *Server) readEntitlementSet(w http.ResponseWriter, r *http.Request, p principal) {
	s.readInOrg(w, r, p, noIncludes, entitlementSetResource)
}

func init() { addRoutes((*Server).registerEntitlementSets) }
