package platform

import (
	"context"
	"fmt"
	"net/url"
	"time"
)

// ExplorerWorkspace is a row of the explorer's workspaces view, type
// visibility-workspace, its ID the workspace's: what the platform knows of
// a workspace across its runs and its state.
type ExplorerWorkspace struct {
	ID               string `jsonapi:"primary,visibility-workspace"`
	WorkspaceName    string `jsonapi:"attr,workspace-name"`
	ExternalID       string `jsonapi:"attr,external-id"`
	OrganizationName string `jsonapi:"attr,organization-name"`
	ProjectName      string `jsonapi:"attr,project-name"`
	ProjectID        string `jsonapi:"attr,project-external-id"`
	// CurrentRUMCount is the workspace's resources under management, as
	// its current state has them.
	CurrentRUMCount              int        `jsonapi:"attr,current-rum-count"`
	WorkspaceTerraformVersion    string     `jsonapi:"attr,workspace-terraform-version"`
	StateVersionTerraformVersion string     `jsonapi:"attr,state-version-terraform-version"`
	VCSRepoIdentifier            string     `jsonapi:"attr,vcs-repo-identifier"`
	WorkspaceCreatedAt           *time.Time `jsonapi:"attr,workspace-created-at,rfc3339"`
	WorkspaceUpdatedAt           *time.Time `jsonapi:"attr,workspace-updated-at,rfc3339"`
	// Providers, Modules and Tags are lists, comma-separated; the counts
	// count the first two.
	Providers     string `jsonapi:"attr,providers"`
	ProviderCount int    `jsonapi:"attr,provider-count"`
	Modules       string `jsonapi:"attr,modules"`
	ModuleCount   int    `jsonapi:"attr,module-count"`
	Tags          string `jsonapi:"attr,tags"`
	// Drifted is what the workspace's last health assessment found; nil
	// without one.
	Drifted          *bool  `jsonapi:"attr,drifted"`
	CurrentRunStatus string `jsonapi:"attr,current-run-status"`
}

// ExplorerWorkspaceList is the rows of the workspaces view.
type ExplorerWorkspaceList = List[ExplorerWorkspace]

// ExplorerFilter is one filter of an explorer query: a field of the view
// in snake case (workspace_name), an operator (is, contains, gt, ...) and
// the values, one of which must match.
type ExplorerFilter struct {
	Field, Operator string
	Values          []string
}

// Explorer is the calls of the explorer, which queries an organization's
// workspaces across their runs and states.
type Explorer struct{ c *Client }

// Workspaces queries the workspaces view of org: the rows that pass every
// filter, by workspace name. It needs the organization's owners, its
// token, or a team that reads every workspace or project.
func (s *Explorer) Workspaces(ctx context.Context, org string, filters ...ExplorerFilter) (*ExplorerWorkspaceList, error) {
	q := url.Values{"type": {"workspaces"}}
	for i, f := range filters {
		values := f.Values
		if len(values) == 0 {
			// is_empty and is_not_empty take no value, but a parameter.
			values = []string{""}
		}
		for j, v := range values {
			q.Set(fmt.Sprintf("filter[%d][%s][%s][%d]", i, f.Field, f.Operator, j), v)
		}
	}
	return list[ExplorerWorkspace](ctx, s.c, organizations.at(org).sub("explorer"), q)
}
