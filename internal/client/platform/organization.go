package platform

import (
	"context"
	"net/url"
	"time"
)

// Execution modes: where runs of a workspace execute.
const (
	ExecutionModeRemote = "remote"
	ExecutionModeLocal  = "local"
	ExecutionModeAgent  = "agent"
)

// Collaborator authentication policies of an organization.
const (
	AuthPolicyPassword           = "password"
	AuthPolicyTwoFactorMandatory = "two_factor_mandatory"
)

// PrefixOrganization begins an organization's external ID
// (Organization.ExternalID): its ID is its name.
const PrefixOrganization = "org"

// Organization is an organization, type organizations. Its ID is its name.
type Organization struct {
	Name string `jsonapi:"primary,organizations"`
	// ExternalID is the organization's org-… ID, which does not change
	// when the organization is renamed.
	ExternalID string `jsonapi:"attr,external-id"`
	Email      string `jsonapi:"attr,email"`
	// SessionTimeout and SessionRemember are minutes; nil for an
	// organization that never set them, to which the platform applies
	// 20160 (14 days).
	SessionTimeout                                    *int   `jsonapi:"attr,session-timeout"`
	SessionRemember                                   *int   `jsonapi:"attr,session-remember"`
	CollaboratorAuthPolicy                            string `jsonapi:"attr,collaborator-auth-policy"`
	CostEstimationEnabled                             bool   `jsonapi:"attr,cost-estimation-enabled"`
	SendPassingStatusesForUntriggeredSpeculativePlans bool   `jsonapi:"attr,send-passing-statuses-for-untriggered-speculative-plans"`
	AggregatedCommitStatusEnabled                     bool   `jsonapi:"attr,aggregated-commit-status-enabled"`
	SpeculativePlanManagementEnabled                  bool   `jsonapi:"attr,speculative-plan-management-enabled"`
	OwnersTeamSAMLRoleID                              string `jsonapi:"attr,owners-team-saml-role-id"`
	AssessmentsEnforced                               bool   `jsonapi:"attr,assessments-enforced"`
	AllowForceDeleteWorkspaces                        bool   `jsonapi:"attr,allow-force-delete-workspaces"`
	DefaultExecutionMode                              string `jsonapi:"attr,default-execution-mode"`
	// The settings below are the client library's additions to the
	// documented ones; nil where a server does not answer them.
	UserTokensEnabled              *bool `jsonapi:"attr,user-tokens-enabled"`
	EnforceHYOK                    *bool `jsonapi:"attr,enforce-hyok"`
	StacksEnabled                  *bool `jsonapi:"attr,stacks-enabled"`
	RegistryMonorepoSupportEnabled *bool `jsonapi:"attr,registry-monorepo-support-enabled"`
	MaxTTLEnabled                  *bool `jsonapi:"attr,max-ttl-enabled"`

	CreatedAt              *time.Time               `jsonapi:"attr,created-at,rfc3339"`
	TrialExpiresAt         *time.Time               `jsonapi:"attr,trial-expires-at,rfc3339"`
	IsUnified              bool                     `jsonapi:"attr,is-unified"`
	SAMLEnabled            bool                     `jsonapi:"attr,saml-enabled"`
	TwoFactorConformant    bool                     `jsonapi:"attr,two-factor-conformant"`
	RemainingTestableCount int                      `jsonapi:"attr,remaining-testable-count"`
	Permissions            *OrganizationPermissions `jsonapi:"attr,permissions"`

	DefaultProject   *Project   `jsonapi:"relation,default-project"`
	DefaultAgentPool *AgentPool `jsonapi:"relation,default-agent-pool"`
}

// OrganizationPermissions are what the token may do in the organization.
type OrganizationPermissions struct {
	CanCreateTeam         bool `jsonapi:"attr,can-create-team"`
	CanCreateWorkspace    bool `jsonapi:"attr,can-create-workspace"`
	CanCreateProject      bool `jsonapi:"attr,can-create-project"`
	CanDestroy            bool `jsonapi:"attr,can-destroy"`
	CanManageRunTasks     bool `jsonapi:"attr,can-manage-run-tasks"`
	CanUpdate             bool `jsonapi:"attr,can-update"`
	CanUpdateAPIToken     bool `jsonapi:"attr,can-update-api-token"`
	CanUpdateOAuth        bool `jsonapi:"attr,can-update-oauth"`
	CanUpdateSentinel     bool `jsonapi:"attr,can-update-sentinel"`
	CanTraverse           bool `jsonapi:"attr,can-traverse"`
	CanCreateModule       bool `jsonapi:"attr,can-create-module"`
	CanManageSubscription bool `jsonapi:"attr,can-manage-subscription"`
}

// OrganizationOptions is the body of a create or an update of an
// organization. A nil field is left out: a create gives it the platform's
// default, an update leaves it as it is. A create needs Name and Email; in
// an update, a new Name renames the organization, and so changes its ID.
type OrganizationOptions struct {
	Type                                              string  `jsonapi:"primary,organizations"`
	Name                                              *string `jsonapi:"attr,name,omitempty"`
	Email                                             *string `jsonapi:"attr,email,omitempty"`
	SessionTimeout                                    *int    `jsonapi:"attr,session-timeout,omitempty"`
	SessionRemember                                   *int    `jsonapi:"attr,session-remember,omitempty"`
	CollaboratorAuthPolicy                            *string `jsonapi:"attr,collaborator-auth-policy,omitempty"`
	CostEstimationEnabled                             *bool   `jsonapi:"attr,cost-estimation-enabled,omitempty"`
	SendPassingStatusesForUntriggeredSpeculativePlans *bool   `jsonapi:"attr,send-passing-statuses-for-untriggered-speculative-plans,omitempty"`
	AggregatedCommitStatusEnabled                     *bool   `jsonapi:"attr,aggregated-commit-status-enabled,omitempty"`
	SpeculativePlanManagementEnabled                  *bool   `jsonapi:"attr,speculative-plan-management-enabled,omitempty"`
	OwnersTeamSAMLRoleID                              *string `jsonapi:"attr,owners-team-saml-role-id,omitempty"`
	AssessmentsEnforced                               *bool   `jsonapi:"attr,assessments-enforced,omitempty"`
	AllowForceDeleteWorkspaces                        *bool   `jsonapi:"attr,allow-force-delete-workspaces,omitempty"`
	DefaultExecutionMode                              *string `jsonapi:"attr,default-execution-mode,omitempty"`
	// DefaultAgentPoolID is required with DefaultExecutionMode agent;
	// Null clears it.
	DefaultAgentPoolID             Nullable[string] `jsonapi:"attr,default-agent-pool-id,omitempty"`
	UserTokensEnabled              *bool            `jsonapi:"attr,user-tokens-enabled,omitempty"`
	EnforceHYOK                    *bool            `jsonapi:"attr,enforce-hyok,omitempty"`
	StacksEnabled                  *bool            `jsonapi:"attr,stacks-enabled,omitempty"`
	RegistryMonorepoSupportEnabled *bool            `jsonapi:"attr,registry-monorepo-support-enabled,omitempty"`
	MaxTTLEnabled                  *bool            `jsonapi:"attr,max-ttl-enabled,omitempty"`
}

// OrganizationListOptions narrow a list of organizations.
type OrganizationListOptions struct {
	// Query matches names and emails (q), Email emails (q[email]), Name
	// names (q[name]).
	Query, Email, Name string
}

// OrganizationReadOptions are a read's includes.
type OrganizationReadOptions struct {
	Include []string
}

// OrganizationList is a list of organizations.
type OrganizationList = List[Organization]

// Organizations are the calls of organizations.
type Organizations struct{ c *Client }

var organizations = collection{path: "/organizations", id: "organization name"}

// List lists the organizations the token may see.
func (s *Organizations) List(ctx context.Context, opts OrganizationListOptions) (*OrganizationList, error) {
	q := url.Values{}
	for k, v := range map[string]string{"q": opts.Query, "q[email]": opts.Email, "q[name]": opts.Name} {
		if v != "" {
			q.Set(k, v)
		}
	}
	return list[Organization](ctx, s.c, organizations.all(), q)
}

// Create creates an organization.
func (s *Organizations) Create(ctx context.Context, opts OrganizationOptions) (*Organization, error) {
	return post[Organization](ctx, s.c, organizations.all(), &opts)
}

// Read reads an organization by name.
func (s *Organizations) Read(ctx context.Context, name string, opts OrganizationReadOptions) (*Organization, error) {
	return get[Organization](ctx, s.c, organizations.at(name), opts.Include...)
}

// Update updates the organization named name.
func (s *Organizations) Update(ctx context.Context, name string, opts OrganizationOptions) (*Organization, error) {
	return patch[Organization](ctx, s.c, organizations.at(name), &opts)
}

// Delete deletes an organization and everything in it.
func (s *Organizations) Delete(ctx context.Context, name string) error {
	return del(ctx, s.c, organizations.at(name))
}
