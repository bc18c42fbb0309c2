package platform

import (
	"context"
	"net/url"
)

// Access levels of a team to a project. The fixed levels imply their
// permissions; AccessCustom takes them from ProjectAccess and
// WorkspaceAccess.
const (
	AccessRead     = "read"
	AccessWrite    = "write"
	AccessMaintain = "maintain"
	AccessAdmin    = "admin"
	AccessCustom   = "custom"
)

// PrefixTeamProjectAccess begins the IDs of team project accesses.
const PrefixTeamProjectAccess = "tprj"

// TeamProjectAccess is a team's access to a project, type team-projects
// (tprj-…).
type TeamProjectAccess struct {
	ID              string                            `jsonapi:"primary,team-projects"`
	Access          string                            `jsonapi:"attr,access"`
	ProjectAccess   *TeamProjectAccessProjectAccess   `jsonapi:"attr,project-access"`
	WorkspaceAccess *TeamProjectAccessWorkspaceAccess `jsonapi:"attr,workspace-access"`

	Team    *Team    `jsonapi:"relation,team"`
	Project *Project `jsonapi:"relation,project"`
}

// TeamProjectAccessProjectAccess is what the team may do with the project
// itself: Settings read, update or delete; Teams none, read or manage;
// VariableSets none, read or write.
type TeamProjectAccessProjectAccess struct {
	Settings     string `jsonapi:"attr,settings"`
	Teams        string `jsonapi:"attr,teams"`
	VariableSets string `jsonapi:"attr,variable-sets"`
}

// TeamProjectAccessWorkspaceAccess is what the team may do with the
// project's workspaces: Runs read, plan or apply; SentinelMocks none or
// read; StateVersions none, read-outputs, read or write; Variables none,
// read or write; and each of the flags.
type TeamProjectAccessWorkspaceAccess struct {
	Runs            string `jsonapi:"attr,runs"`
	SentinelMocks   string `jsonapi:"attr,sentinel-mocks"`
	StateVersions   string `jsonapi:"attr,state-versions"`
	Variables       string `jsonapi:"attr,variables"`
	Create          bool   `jsonapi:"attr,create"`
	Locking         bool   `jsonapi:"attr,locking"`
	Delete          bool   `jsonapi:"attr,delete"`
	Move            bool   `jsonapi:"attr,move"`
	RunTasks        bool   `jsonapi:"attr,run-tasks"`
	PolicyOverrides bool   `jsonapi:"attr,policy-overrides"`
}

// TeamProjectAccessProjectAccessOptions is the project permissions of a
// custom access; nil ones take the platform's defaults.
type TeamProjectAccessProjectAccessOptions struct {
	Settings     *string `jsonapi:"attr,settings,omitempty"`
	Teams        *string `jsonapi:"attr,teams,omitempty"`
	VariableSets *string `jsonapi:"attr,variable-sets,omitempty"`
}

// TeamProjectAccessWorkspaceAccessOptions is the workspace permissions of
// a custom access; nil ones take the platform's defaults.
type TeamProjectAccessWorkspaceAccessOptions struct {
	Runs            *string `jsonapi:"attr,runs,omitempty"`
	SentinelMocks   *string `jsonapi:"attr,sentinel-mocks,omitempty"`
	StateVersions   *string `jsonapi:"attr,state-versions,omitempty"`
	Variables       *string `jsonapi:"attr,variables,omitempty"`
	Create          *bool   `jsonapi:"attr,create,omitempty"`
	Locking         *bool   `jsonapi:"attr,locking,omitempty"`
	Delete          *bool   `jsonapi:"attr,delete,omitempty"`
	Move            *bool   `jsonapi:"attr,move,omitempty"`
	RunTasks        *bool   `jsonapi:"attr,run-tasks,omitempty"`
	PolicyOverrides *bool   `jsonapi:"attr,policy-overrides,omitempty"`
}

// TeamProjectAccessOptions is the body of a create or an update of a
// team's access to a project: Access, and with AccessCustom the
// permissions. A nil field is left out: a create gives it the platform's
// default, an update leaves it as it is.
//
// Team and Project, by ID, only a create sends, and needs: an access
// cannot move, so an update leaves them out.
type TeamProjectAccessOptions struct {
	Type            string                                   `jsonapi:"primary,team-projects"`
	Access          *string                                  `jsonapi:"attr,access,omitempty"`
	ProjectAccess   *TeamProjectAccessProjectAccessOptions   `jsonapi:"attr,project-access,omitempty"`
	WorkspaceAccess *TeamProjectAccessWorkspaceAccessOptions `jsonapi:"attr,workspace-access,omitempty"`
	Team            *Team                                    `jsonapi:"relation,team,omitempty"`
	Project         *Project                                 `jsonapi:"relation,project,omitempty"`
}

// TeamProjectAccessList is a list of team project accesses.
type TeamProjectAccessList = List[TeamProjectAccess]

// TeamProjectAccesses are the calls of team project accesses.
type TeamProjectAccesses struct{ c *Client }

var teamProjectAccesses = collection{path: "/team-projects", id: "team project access ID"}

// List lists the team accesses of a project.
func (s *TeamProjectAccesses) List(ctx context.Context, projectID string) (*TeamProjectAccessList, error) {
	if _, err := segment("project ID", projectID); err != nil {
		return nil, err
	}
	return list[TeamProjectAccess](ctx, s.c, teamProjectAccesses.all(), url.Values{"filter[project][id]": {projectID}})
}

// Create gives a team access to a project.
func (s *TeamProjectAccesses) Create(ctx context.Context, opts TeamProjectAccessOptions) (*TeamProjectAccess, error) {
	return post[TeamProjectAccess](ctx, s.c, teamProjectAccesses.all(), &opts)
}

// Read reads a team project access by ID.
func (s *TeamProjectAccesses) Read(ctx context.Context, id string) (*TeamProjectAccess, error) {
	return get[TeamProjectAccess](ctx, s.c, teamProjectAccesses.at(id))
}

// Update changes a team's access to a project.
func (s *TeamProjectAccesses) Update(ctx context.Context, id string, opts TeamProjectAccessOptions) (*TeamProjectAccess, error) {
	opts.Team, opts.Project = nil, nil
	return patch[TeamProjectAccess](ctx, s.c, teamProjectAccesses.at(id), &opts)
}

// Delete removes a team's access to a project.
func (s *TeamProjectAccesses) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, teamProjectAccesses.at(id))
}
