package platform

import "context"

// EntitlementSet is what an organization's plan entitles it to, type
// entitlement-sets, one per organization: its ID is the organization's
// external ID. Each field is an entitlement, named as the API names it.
type EntitlementSet struct {
	ID                         string `jsonapi:"primary,entitlement-sets"`
	Agents                     bool   `jsonapi:"attr,agents"`
	AuditLogging               bool   `jsonapi:"attr,audit-logging"`
	CostEstimation             bool   `jsonapi:"attr,cost-estimation"`
	GlobalRunTasks             bool   `jsonapi:"attr,global-run-tasks"`
	Operations                 bool   `jsonapi:"attr,operations"`
	PrivateModuleRegistry      bool   `jsonapi:"attr,private-module-registry"`
	PrivatePolicyAgents        bool   `jsonapi:"attr,private-policy-agents"`
	PrivateRunTasks            bool   `jsonapi:"attr,private-run-tasks"`
	PrivateVCS                 bool   `jsonapi:"attr,private-vcs"`
	RunTasks                   bool   `jsonapi:"attr,run-tasks"`
	SSO                        bool   `jsonapi:"attr,sso"`
	Sentinel                   bool   `jsonapi:"attr,sentinel"`
	StateStorage               bool   `jsonapi:"attr,state-storage"`
	Teams                      bool   `jsonapi:"attr,teams"`
	VCSIntegrations            bool   `jsonapi:"attr,vcs-integrations"`
	WaypointActions            bool   `jsonapi:"attr,waypoint-actions"`
	WaypointTemplatesAndAddons bool   `jsonapi:"attr,waypoint-templates-and-addons"`
}

// EntitlementSets are the calls of organizations' entitlement sets.
type EntitlementSets struct{ c *Client }

// Read reads the entitlement set of an organization.
func (s *EntitlementSets) Read(ctx context.Context, org string) (*EntitlementSet, error) {
	return get[EntitlementSet](ctx, s.c, organizations.at(org).sub("entitlement-set"))
}
