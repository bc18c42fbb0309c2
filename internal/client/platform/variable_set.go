package platform

import (
	"context"
	"net/http"
	"net/url"
)

// Includes of a variable set read or list.
const (
	VariableSetIncludeWorkspaces = "workspaces"
	VariableSetIncludeProjects   = "projects"
	VariableSetIncludeVars       = "vars"
)

// PrefixVariableSet begins the IDs of variable sets.
const PrefixVariableSet = "varset"

// VariableSet is a set of variables that applies to workspaces and
// projects, or, when Global, to every workspace of its organization; type
// varsets (varset-…).
type VariableSet struct {
	ID          string `jsonapi:"primary,varsets"`
	Name        string `jsonapi:"attr,name"`
	Description string `jsonapi:"attr,description"`
	Global      bool   `jsonapi:"attr,global"`
	// Priority makes the set's variables win over those of more specific
	// scopes, workspace variables and command-line values included.
	Priority bool `jsonapi:"attr,priority"`

	Organization *Organization      `jsonapi:"relation,organization"`
	Parent       *VariableSetParent `jsonapi:"polyrelation,parent"`
	Workspaces   []*Workspace       `jsonapi:"relation,workspaces"`
	Projects     []*Project         `jsonapi:"relation,projects"`
	Variables    []*Variable        `jsonapi:"relation,vars"`
}

// VariableSetParent owns a variable set: its organization (by name), or a
// project, whose set is never global. Exactly one is set.
type VariableSetParent struct {
	Organization *Organization
	Project      *Project
}

// VariableSetOptions is the body of a create or an update of a variable
// set. A nil field is left out: a create gives it the platform's default,
// an update leaves it as it is. A create needs Name.
//
// Parent only a create sends, as it cannot change: nil, the
// organization's; an update leaves it out.
type VariableSetOptions struct {
	Type        string             `jsonapi:"primary,varsets"`
	Name        *string            `jsonapi:"attr,name,omitempty"`
	Description *string            `jsonapi:"attr,description,omitempty"`
	Global      *bool              `jsonapi:"attr,global,omitempty"`
	Priority    *bool              `jsonapi:"attr,priority,omitempty"`
	Parent      *VariableSetParent `jsonapi:"polyrelation,parent,omitempty"`
}

// VariableSetListOptions narrow a list of variable sets.
type VariableSetListOptions struct {
	// Query matches names (q).
	Query   string
	Include []string
}

// VariableSetReadOptions are a read's includes.
type VariableSetReadOptions struct {
	Include []string
}

// VariableSetList is a list of variable sets.
type VariableSetList = List[VariableSet]

// VariableSets are the calls of variable sets.
type VariableSets struct{ c *Client }

var variableSets = collection{path: "/varsets", id: "variable set ID"}

func (o VariableSetListOptions) query() url.Values {
	q := url.Values{}
	if o.Query != "" {
		q.Set("q", o.Query)
	}
	return includeQuery(q, o.Include)
}

// List lists an organization's variable sets.
func (s *VariableSets) List(ctx context.Context, org string, opts VariableSetListOptions) (*VariableSetList, error) {
	return list[VariableSet](ctx, s.c, variableSets.under(organizations.at(org)), opts.query())
}

// ReadByName reads the variable set of an organization that has that
// name, in any case, as the platform keeps set names unique in any case.
// None is a 404.
func (s *VariableSets) ReadByName(ctx context.Context, org, name string) (*VariableSet, error) {
	l, err := s.List(ctx, org, VariableSetListOptions{Query: name})
	return named(l, err, variableSets.under(organizations.at(org)), "variable set", name, func(vs *VariableSet) string { return vs.Name })
}

// ListForProject lists the variable sets that apply to a project.
func (s *VariableSets) ListForProject(ctx context.Context, projectID string, opts VariableSetListOptions) (*VariableSetList, error) {
	return list[VariableSet](ctx, s.c, variableSets.under(projects.at(projectID)), opts.query())
}

// ListForWorkspace lists the variable sets that apply to a workspace.
func (s *VariableSets) ListForWorkspace(ctx context.Context, workspaceID string, opts VariableSetListOptions) (*VariableSetList, error) {
	return list[VariableSet](ctx, s.c, variableSets.under(workspaces.at(workspaceID)), opts.query())
}

// Create creates a variable set in an organization.
func (s *VariableSets) Create(ctx context.Context, org string, opts VariableSetOptions) (*VariableSet, error) {
	return post[VariableSet](ctx, s.c, variableSets.under(organizations.at(org)), &opts)
}

// Read reads a variable set by ID. Reads of one set with the same
// includes share one request while the client has not written (see
// readCache): each assignment of a set reads it.
func (s *VariableSets) Read(ctx context.Context, id string, opts VariableSetReadOptions) (*VariableSet, error) {
	return memoGet[VariableSet](ctx, s.c, variableSets.at(id), opts.Include...)
}

// Update updates a variable set.
func (s *VariableSets) Update(ctx context.Context, id string, opts VariableSetOptions) (*VariableSet, error) {
	opts.Parent = nil
	return patch[VariableSet](ctx, s.c, variableSets.at(id), &opts)
}

// Delete deletes a variable set and its variables.
func (s *VariableSets) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, variableSets.at(id))
}

// ApplyToWorkspaces applies the set to workspaces, by ID.
func (s *VariableSets) ApplyToWorkspaces(ctx context.Context, id string, workspaceIDs []string) error {
	return relate(ctx, s.c, http.MethodPost, variableSets.at(id), "workspaces", "workspaces", workspaceIDs)
}

// RemoveFromWorkspaces stops the set applying to workspaces, by ID.
func (s *VariableSets) RemoveFromWorkspaces(ctx context.Context, id string, workspaceIDs []string) error {
	return relate(ctx, s.c, http.MethodDelete, variableSets.at(id), "workspaces", "workspaces", workspaceIDs)
}

// ApplyToProjects applies the set to projects, by ID.
func (s *VariableSets) ApplyToProjects(ctx context.Context, id string, projectIDs []string) error {
	return relate(ctx, s.c, http.MethodPost, variableSets.at(id), "projects", "projects", projectIDs)
}

// RemoveFromProjects stops the set applying to projects, by ID.
func (s *VariableSets) RemoveFromProjects(ctx context.Context, id string, projectIDs []string) error {
	return relate(ctx, s.c, http.MethodDelete, variableSets.at(id), "projects", "projects", projectIDs)
}
