package platform

import (
	"context"
	"net/url"
	"strings"
)

// Team visibilities.
const (
	TeamVisibilitySecret       = "secret"
	TeamVisibilityOrganization = "organization"
)

// PrefixTeam begins the IDs of teams.
const PrefixTeam = "team"

// Team is a team of an organization, type teams (team-…).
type Team struct {
	ID         string `jsonapi:"primary,teams"`
	Name       string `jsonapi:"attr,name"`
	SSOTeamID  string `jsonapi:"attr,sso-team-id"`
	Visibility string `jsonapi:"attr,visibility"`
	// AllowMemberTokenManagement lets members manage the team's tokens.
	AllowMemberTokenManagement bool                `jsonapi:"attr,allow-member-token-management"`
	OrganizationAccess         *OrganizationAccess `jsonapi:"attr,organization-access"`
	UsersCount                 int                 `jsonapi:"attr,users-count"`
	IsUnified                  bool                `jsonapi:"attr,is-unified"`
	Permissions                *TeamPermissions    `jsonapi:"attr,permissions"`

	Organization *Organization `jsonapi:"relation,organization"`
}

// OrganizationAccess is what a team may do across its organization.
type OrganizationAccess struct {
	ManagePolicies           bool `jsonapi:"attr,manage-policies"`
	ManagePolicyOverrides    bool `jsonapi:"attr,manage-policy-overrides"`
	DelegatePolicyOverrides  bool `jsonapi:"attr,delegate-policy-overrides"`
	ManageWorkspaces         bool `jsonapi:"attr,manage-workspaces"`
	ManageVCSSettings        bool `jsonapi:"attr,manage-vcs-settings"`
	ManageProviders          bool `jsonapi:"attr,manage-providers"`
	ManageModules            bool `jsonapi:"attr,manage-modules"`
	ManageRunTasks           bool `jsonapi:"attr,manage-run-tasks"`
	ManageProjects           bool `jsonapi:"attr,manage-projects"`
	ReadWorkspaces           bool `jsonapi:"attr,read-workspaces"`
	ReadProjects             bool `jsonapi:"attr,read-projects"`
	ManageMembership         bool `jsonapi:"attr,manage-membership"`
	ManageTeams              bool `jsonapi:"attr,manage-teams"`
	ManageOrganizationAccess bool `jsonapi:"attr,manage-organization-access"`
	AccessSecretTeams        bool `jsonapi:"attr,access-secret-teams"`
	ManageAgentPools         bool `jsonapi:"attr,manage-agent-pools"`
}

// OrganizationAccessOptions is the organization access of a team's create
// or update; nil flags are left as they are (false on create).
type OrganizationAccessOptions struct {
	ManagePolicies           *bool `jsonapi:"attr,manage-policies,omitempty"`
	ManagePolicyOverrides    *bool `jsonapi:"attr,manage-policy-overrides,omitempty"`
	DelegatePolicyOverrides  *bool `jsonapi:"attr,delegate-policy-overrides,omitempty"`
	ManageWorkspaces         *bool `jsonapi:"attr,manage-workspaces,omitempty"`
	ManageVCSSettings        *bool `jsonapi:"attr,manage-vcs-settings,omitempty"`
	ManageProviders          *bool `jsonapi:"attr,manage-providers,omitempty"`
	ManageModules            *bool `jsonapi:"attr,manage-modules,omitempty"`
	ManageRunTasks           *bool `jsonapi:"attr,manage-run-tasks,omitempty"`
	ManageProjects           *bool `jsonapi:"attr,manage-projects,omitempty"`
	ReadWorkspaces           *bool `jsonapi:"attr,read-workspaces,omitempty"`
	ReadProjects             *bool `jsonapi:"attr,read-projects,omitempty"`
	ManageMembership         *bool `jsonapi:"attr,manage-membership,omitempty"`
	ManageTeams              *bool `jsonapi:"attr,manage-teams,omitempty"`
	ManageOrganizationAccess *bool `jsonapi:"attr,manage-organization-access,omitempty"`
	AccessSecretTeams        *bool `jsonapi:"attr,access-secret-teams,omitempty"`
	ManageAgentPools         *bool `jsonapi:"attr,manage-agent-pools,omitempty"`
}

// TeamPermissions are what the token may do with the team.
type TeamPermissions struct {
	CanDestroy          bool `jsonapi:"attr,can-destroy"`
	CanUpdateMembership bool `jsonapi:"attr,can-update-membership"`
}

// TeamOptions is the body of a create or an update of a team. A nil field
// is left out: a create gives it the platform's default, an update leaves
// it as it is. A create needs Name.
type TeamOptions struct {
	Type                       string                     `jsonapi:"primary,teams"`
	Name                       *string                    `jsonapi:"attr,name,omitempty"`
	SSOTeamID                  *string                    `jsonapi:"attr,sso-team-id,omitempty"`
	Visibility                 *string                    `jsonapi:"attr,visibility,omitempty"`
	AllowMemberTokenManagement *bool                      `jsonapi:"attr,allow-member-token-management,omitempty"`
	OrganizationAccess         *OrganizationAccessOptions `jsonapi:"attr,organization-access,omitempty"`
}

// TeamListOptions narrow a list of teams.
type TeamListOptions struct {
	// Query matches names (q); Names are exact names (filter[names]).
	Query   string
	Names   []string
	Include []string
}

// TeamList is a list of teams.
type TeamList = List[Team]

// Teams are the calls of teams.
type Teams struct{ c *Client }

var teams = collection{path: "/teams", id: "team ID"}

// List lists an organization's teams.
func (s *Teams) List(ctx context.Context, org string, opts TeamListOptions) (*TeamList, error) {
	q := url.Values{}
	if opts.Query != "" {
		q.Set("q", opts.Query)
	}
	if len(opts.Names) > 0 {
		q.Set("filter[names]", strings.Join(opts.Names, ","))
	}
	return list[Team](ctx, s.c, teams.under(organizations.at(org)), includeQuery(q, opts.Include))
}

// Create creates a team in an organization.
func (s *Teams) Create(ctx context.Context, org string, opts TeamOptions) (*Team, error) {
	return post[Team](ctx, s.c, teams.under(organizations.at(org)), &opts)
}

// Read reads a team by ID.
func (s *Teams) Read(ctx context.Context, id string) (*Team, error) {
	return get[Team](ctx, s.c, teams.at(id))
}

// ReadByName finds an organization's team by its name, in any case, as
// the platform keeps team names unique in any case; none is a 404
// (client.IsNotFound). It searches (q), which matches a part of the name
// in any case, where filter[names] would match the exact name alone.
func (s *Teams) ReadByName(ctx context.Context, org, name string) (*Team, error) {
	l, err := s.List(ctx, org, TeamListOptions{Query: name})
	return named(l, err, teams.under(organizations.at(org)), "team", name, func(t *Team) string { return t.Name })
}

// Update updates a team.
func (s *Teams) Update(ctx context.Context, id string, opts TeamOptions) (*Team, error) {
	return patch[Team](ctx, s.c, teams.at(id), &opts)
}

// Delete deletes a team.
func (s *Teams) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, teams.at(id))
}
