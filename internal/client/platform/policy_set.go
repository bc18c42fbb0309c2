package platform

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// PrefixPolicySet begins the IDs of policy sets.
const PrefixPolicySet = "polset"

// Includes of a policy set read or list.
const (
	PolicySetIncludeWorkspaces          = "workspaces"
	PolicySetIncludeWorkspaceExclusions = "workspace_exclusions"
	PolicySetIncludeProjects            = "projects"
	PolicySetIncludeProjectExclusions   = "project_exclusions"
	PolicySetIncludePolicies            = "policies"
)

// PolicySet is a set of policies of an organization and what it applies
// to, type policy-sets (polset-…). Its relationships name their members
// (IDs alone unless included). Overridable is nil where the set does not
// evaluate in the agent (a Sentinel set without AgentEnabled), and
// PolicyToolVersion empty there.
type PolicySet struct {
	ID                       string                  `jsonapi:"primary,policy-sets"`
	Name                     string                  `jsonapi:"attr,name"`
	Description              string                  `jsonapi:"attr,description"`
	Kind                     string                  `jsonapi:"attr,kind"`
	Global                   bool                    `jsonapi:"attr,global"`
	Overridable              *bool                   `jsonapi:"attr,overridable"`
	AgentEnabled             bool                    `jsonapi:"attr,agent-enabled"`
	PolicyToolVersion        string                  `jsonapi:"attr,policy-tool-version"`
	PoliciesPath             string                  `jsonapi:"attr,policies-path"`
	PolicyUpdatePatterns     []string                `jsonapi:"attr,policy-update-patterns"`
	VCSRepo                  *VCSRepo                `jsonapi:"attr,vcs-repo"`
	PolicyCount              int                     `jsonapi:"attr,policy-count"`
	WorkspaceCount           int                     `jsonapi:"attr,workspace-count"`
	ProjectCount             int                     `jsonapi:"attr,project-count"`
	TagSelectors             []*PolicySetTagSelector `jsonapi:"attr,tag-selectors"`
	TagSelectorMatchingLogic *string                 `jsonapi:"attr,tag-selector-matching-logic"`
	CreatedAt                *time.Time              `jsonapi:"attr,created-at,rfc3339"`
	UpdatedAt                *time.Time              `jsonapi:"attr,updated-at,rfc3339"`

	Organization        *Organization `jsonapi:"relation,organization"`
	Policies            []*Policy     `jsonapi:"relation,policies"`
	Workspaces          []*Workspace  `jsonapi:"relation,workspaces"`
	Projects            []*Project    `jsonapi:"relation,projects"`
	WorkspaceExclusions []*Workspace  `jsonapi:"relation,workspace-exclusions"`
	ProjectExclusions   []*Project    `jsonapi:"relation,project-exclusions"`
}

// PolicySetTagSelector (beta) includes in a set, or excludes from it, the
// workspaces of a tag: with any value when Value is nil.
type PolicySetTagSelector struct {
	Key       string  `jsonapi:"attr,tag-key"`
	Value     *string `jsonapi:"attr,tag-value"`
	IsExclude bool    `jsonapi:"attr,is-exclude"`
}

// PolicySetOptions is the body of a create or an update of a policy set;
// a nil field is left out. A create needs Name; Kind and Policies only a
// create sends (Update leaves them out): the platform sets the kind once,
// and an update changes the policies through AddPolicies and
// RemovePolicies. VCSRepo Null makes the set one that is not VCS-backed.
// The client attaches workspaces, projects and exclusions through their
// relationships, never in this body.
type PolicySetOptions struct {
	Type                 string                    `jsonapi:"primary,policy-sets"`
	Name                 *string                   `jsonapi:"attr,name,omitempty"`
	Description          *string                   `jsonapi:"attr,description,omitempty"`
	Kind                 *string                   `jsonapi:"attr,kind,omitempty"`
	Global               *bool                     `jsonapi:"attr,global,omitempty"`
	Overridable          *bool                     `jsonapi:"attr,overridable,omitempty"`
	AgentEnabled         *bool                     `jsonapi:"attr,agent-enabled,omitempty"`
	PolicyToolVersion    *string                   `jsonapi:"attr,policy-tool-version,omitempty"`
	PoliciesPath         *string                   `jsonapi:"attr,policies-path,omitempty"`
	PolicyUpdatePatterns []string                  `jsonapi:"attr,policy-update-patterns,omitempty"`
	VCSRepo              Nullable[*VCSRepoOptions] `jsonapi:"attr,vcs-repo,omitempty"`
	Policies             []*Policy                 `jsonapi:"relation,policies,omitempty"`
}

// PolicySetListOptions filters a list of policy sets: Search, a part of
// their names in any case; Kind, their kind; and the related objects to
// include. Empty fields filter nothing.
type PolicySetListOptions struct {
	Search, Kind string
	Include      []string
}

// PolicySetList is a list of policy sets.
type PolicySetList = List[PolicySet]

// PolicySets are the calls of policy sets.
type PolicySets struct{ c *Client }

var policySets = collection{path: "/policy-sets", id: "policy set ID"}

// Create creates a policy set in an organization.
func (s *PolicySets) Create(ctx context.Context, org string, opts PolicySetOptions) (*PolicySet, error) {
	return post[PolicySet](ctx, s.c, policySets.under(organizations.at(org)), &opts)
}

// Read reads a policy set by ID, with the related objects that include
// names (PolicySetInclude...).
func (s *PolicySets) Read(ctx context.Context, id string, include ...string) (*PolicySet, error) {
	return get[PolicySet](ctx, s.c, policySets.at(id), include...)
}

// List lists an organization's policy sets.
func (s *PolicySets) List(ctx context.Context, org string, opts PolicySetListOptions) (*PolicySetList, error) {
	q := url.Values{}
	if opts.Search != "" {
		q.Set("search[name]", opts.Search)
	}
	if opts.Kind != "" {
		q.Set("filter[kind]", opts.Kind)
	}
	if len(opts.Include) > 0 {
		q.Set("include", strings.Join(opts.Include, ","))
	}
	return list[PolicySet](ctx, s.c, policySets.under(organizations.at(org)), q)
}

// Update changes a policy set: its kind and policies are left out.
func (s *PolicySets) Update(ctx context.Context, id string, opts PolicySetOptions) (*PolicySet, error) {
	opts.Kind, opts.Policies = nil, nil
	return patch[PolicySet](ctx, s.c, policySets.at(id), &opts)
}

// Delete deletes a policy set, its versions and its parameters.
func (s *PolicySets) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, policySets.at(id))
}

// AddPolicies adds policies, by ID, to a set that is not VCS-backed.
func (s *PolicySets) AddPolicies(ctx context.Context, id string, policyIDs []string) error {
	return relate(ctx, s.c, http.MethodPost, policySets.at(id), "policies", "policies", policyIDs)
}

// RemovePolicies removes policies, by ID, from a set.
func (s *PolicySets) RemovePolicies(ctx context.Context, id string, policyIDs []string) error {
	return relate(ctx, s.c, http.MethodDelete, policySets.at(id), "policies", "policies", policyIDs)
}

// AddWorkspaces attaches a set that is not global to workspaces, by ID.
func (s *PolicySets) AddWorkspaces(ctx context.Context, id string, workspaceIDs []string) error {
	return relate(ctx, s.c, http.MethodPost, policySets.at(id), "workspaces", "workspaces", workspaceIDs)
}

// RemoveWorkspaces detaches a set from workspaces, by ID.
func (s *PolicySets) RemoveWorkspaces(ctx context.Context, id string, workspaceIDs []string) error {
	return relate(ctx, s.c, http.MethodDelete, policySets.at(id), "workspaces", "workspaces", workspaceIDs)
}

// AddProjects attaches a set to projects, by ID.
func (s *PolicySets) AddProjects(ctx context.Context, id string, projectIDs []string) error {
	return relate(ctx, s.c, http.MethodPost, policySets.at(id), "projects", "projects", projectIDs)
}

// RemoveProjects detaches a set from projects, by ID.
func (s *PolicySets) RemoveProjects(ctx context.Context, id string, projectIDs []string) error {
	return relate(ctx, s.c, http.MethodDelete, policySets.at(id), "projects", "projects", projectIDs)
}

// AddWorkspaceExclusions excludes workspaces, by ID, from a set.
func (s *PolicySets) AddWorkspaceExclusions(ctx context.Context, id string, workspaceIDs []string) error {
	return relate(ctx, s.c, http.MethodPost, policySets.at(id), "workspace-exclusions", "workspaces", workspaceIDs)
}

// RemoveWorkspaceExclusions takes workspaces, by ID, out of a set's
// exclusions.
func (s *PolicySets) RemoveWorkspaceExclusions(ctx context.Context, id string, workspaceIDs []string) error {
	return relate(ctx, s.c, http.MethodDelete, policySets.at(id), "workspace-exclusions", "workspaces", workspaceIDs)
}

// AddProjectExclusions excludes projects, by ID, from a set.
func (s *PolicySets) AddProjectExclusions(ctx context.Context, id string, projectIDs []string) error {
	return relate(ctx, s.c, http.MethodPost, policySets.at(id), "project-exclusions", "projects", projectIDs)
}

// RemoveProjectExclusions takes projects, by ID, out of a set's
// exclusions.
func (s *PolicySets) RemoveProjectExclusions(ctx context.Context, id string, projectIDs []string) error {
	return relate(ctx, s.c, http.MethodDelete, policySets.at(id), "project-exclusions", "projects", projectIDs)
}
