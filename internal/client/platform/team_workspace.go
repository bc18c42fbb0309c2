package platform

import (
	"context"
	"net/url"
)

// PrefixTeamWorkspace begins the IDs of team workspace accesses.
const PrefixTeamWorkspace = "tws"

// AccessPlan is the level of a team's access to a workspace between read
// and write: it may queue plans. The other levels are those of projects'
// access but maintain: AccessRead, AccessWrite, AccessAdmin and
// AccessCustom.
const AccessPlan = "plan"

// TeamWorkspace is a team's access to a workspace, type team-workspaces
// (tws-…): a fixed level, which implies its permissions, or custom, with
// its own. The permissions are answered at every level.
type TeamWorkspace struct {
	ID     string `jsonapi:"primary,team-workspaces"`
	Access string `jsonapi:"attr,access"`
	// Runs is read, plan or apply; Variables none, read or write;
	// StateVersions none, read-outputs, read or write; SentinelMocks none
	// or read.
	Runs             string `jsonapi:"attr,runs"`
	Variables        string `jsonapi:"attr,variables"`
	StateVersions    string `jsonapi:"attr,state-versions"`
	SentinelMocks    string `jsonapi:"attr,sentinel-mocks"`
	WorkspaceLocking bool   `jsonapi:"attr,workspace-locking"`
	RunTasks         bool   `jsonapi:"attr,run-tasks"`
	PolicyOverrides  bool   `jsonapi:"attr,policy-overrides"`

	Team      *Team      `jsonapi:"relation,team"`
	Workspace *Workspace `jsonapi:"relation,workspace"`
}

// TeamWorkspaceOptions is the body of a create or an update of a team's
// access to a workspace: Access, and with AccessCustom the permissions. A
// nil field is left out: a create gives it the platform's default, an
// update leaves it as it is.
//
// Team and Workspace, by ID, only a create sends, and needs: an access
// cannot move, so an update leaves them out.
type TeamWorkspaceOptions struct {
	Type             string     `jsonapi:"primary,team-workspaces"`
	Access           *string    `jsonapi:"attr,access,omitempty"`
	Runs             *string    `jsonapi:"attr,runs,omitempty"`
	Variables        *string    `jsonapi:"attr,variables,omitempty"`
	StateVersions    *string    `jsonapi:"attr,state-versions,omitempty"`
	SentinelMocks    *string    `jsonapi:"attr,sentinel-mocks,omitempty"`
	WorkspaceLocking *bool      `jsonapi:"attr,workspace-locking,omitempty"`
	RunTasks         *bool      `jsonapi:"attr,run-tasks,omitempty"`
	PolicyOverrides  *bool      `jsonapi:"attr,policy-overrides,omitempty"`
	Team             *Team      `jsonapi:"relation,team,omitempty"`
	Workspace        *Workspace `jsonapi:"relation,workspace,omitempty"`
}

// TeamWorkspaceListOptions narrow a list of a workspace's team accesses.
type TeamWorkspaceListOptions struct {
	// TeamID, when set, keeps that team's access alone.
	TeamID string
}

// TeamWorkspaceList is a list of team workspace accesses.
type TeamWorkspaceList = List[TeamWorkspace]

// TeamWorkspaces are the calls of team workspace accesses.
type TeamWorkspaces struct{ c *Client }

var teamWorkspaces = collection{path: "/team-workspaces", id: "team workspace access ID"}

// List lists the team accesses of a workspace.
func (s *TeamWorkspaces) List(ctx context.Context, workspaceID string, opts TeamWorkspaceListOptions) (*TeamWorkspaceList, error) {
	if _, err := segment("workspace ID", workspaceID); err != nil {
		return nil, err
	}
	q := url.Values{"filter[workspace][id]": {workspaceID}}
	if opts.TeamID != "" {
		q.Set("filter[team][id]", opts.TeamID)
	}
	return list[TeamWorkspace](ctx, s.c, teamWorkspaces.all(), q)
}

// Create gives a team access to a workspace. The platform answers 200.
func (s *TeamWorkspaces) Create(ctx context.Context, opts TeamWorkspaceOptions) (*TeamWorkspace, error) {
	return post[TeamWorkspace](ctx, s.c, teamWorkspaces.all(), &opts)
}

// Read reads a team workspace access by ID.
func (s *TeamWorkspaces) Read(ctx context.Context, id string) (*TeamWorkspace, error) {
	return get[TeamWorkspace](ctx, s.c, teamWorkspaces.at(id))
}

// Update changes a team's access to a workspace.
func (s *TeamWorkspaces) Update(ctx context.Context, id string, opts TeamWorkspaceOptions) (*TeamWorkspace, error) {
	opts.Team, opts.Workspace = nil, nil
	return patch[TeamWorkspace](ctx, s.c, teamWorkspaces.at(id), &opts)
}

// Delete removes a team's access to a workspace.
func (s *TeamWorkspaces) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, teamWorkspaces.at(id))
}
