package platform

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// Includes of a project read or list.
const (
	ProjectIncludeEffectiveTagBindings = "effective_tag_bindings"
)

// PrefixProject begins the IDs of projects.
const PrefixProject = "prj"

// Project is a project of an organization, type projects (prj-…).
type Project struct {
	ID          string `jsonapi:"primary,projects"`
	Name        string `jsonapi:"attr,name"`
	Description string `jsonapi:"attr,description"`
	// AutoDestroyActivityDuration is how long the project's workspaces
	// may go without activity before they are destroyed, such as 14d or
	// 12h; nil for never.
	AutoDestroyActivityDuration *string                   `jsonapi:"attr,auto-destroy-activity-duration"`
	DefaultExecutionMode        string                    `jsonapi:"attr,default-execution-mode"`
	SettingOverwrites           *ProjectSettingOverwrites `jsonapi:"attr,setting-overwrites"`
	IsUnified                   bool                      `jsonapi:"attr,is-unified"`
	WorkspaceCount              int                       `jsonapi:"attr,workspace-count"`

	Organization         *Organization          `jsonapi:"relation,organization"`
	DefaultAgentPool     *AgentPool             `jsonapi:"relation,default-agent-pool"`
	TagBindings          []*TagBinding          `jsonapi:"relation,tag-bindings"`
	EffectiveTagBindings []*EffectiveTagBinding `jsonapi:"relation,effective-tag-bindings"`
}

// ProjectSettingOverwrites say which of the project's execution settings
// are its own (true) rather than the organization's defaults (false).
type ProjectSettingOverwrites struct {
	ExecutionMode *bool `jsonapi:"attr,default-execution-mode"`
	AgentPool     *bool `jsonapi:"attr,default-agent-pool"`
}

// ProjectOptions is the body of a create or an update of a project. A
// nil field is left out: a create gives it the platform's default, an
// update leaves it as it is; Null clears a Nullable one. A create needs
// Name: 3 to 40 letters, digits, spaces, - and _.
type ProjectOptions struct {
	Type        string  `jsonapi:"primary,projects"`
	Name        *string `jsonapi:"attr,name,omitempty"`
	Description *string `jsonapi:"attr,description,omitempty"`
	// AutoDestroyActivityDuration is <1 to 4 digits><d or h>.
	AutoDestroyActivityDuration Nullable[string]          `jsonapi:"attr,auto-destroy-activity-duration,omitempty"`
	DefaultExecutionMode        *string                   `jsonapi:"attr,default-execution-mode,omitempty"`
	DefaultAgentPoolID          Nullable[string]          `jsonapi:"attr,default-agent-pool-id,omitempty"`
	SettingOverwrites           *ProjectSettingOverwrites `jsonapi:"attr,setting-overwrites,omitempty"`
	// TagBindings are the project's own key-value tags; they replace the
	// project's bindings: an empty, non-nil slice removes them all.
	TagBindings []*TagBinding `jsonapi:"relation,tag-bindings,omitempty"`
}

// ProjectListOptions narrow and order a list of projects.
type ProjectListOptions struct {
	// Query matches names (q); Names are exact names (filter[names]).
	Query string
	Names []string
	// Sort is "name" or "-name" (descending); empty for the server's
	// order.
	Sort    string
	Include []string
}

// ProjectReadOptions are a read's includes.
type ProjectReadOptions struct {
	Include []string
	// Organization, when the caller knows which it is, lets a read be
	// answered from the organization's list while the client has not
	// written (see readCache); the project is read directly otherwise.
	Organization string
}

// ProjectList is a list of projects.
type ProjectList = List[Project]

// Projects are the calls of projects.
type Projects struct {
	c *Client
	// listed answers reads from the organization's list (see readCache).
	listed *siblings[Project]
	// relationshipsPath is set once a server has taken tag bindings only
	// at /projects/:id/relationships/tag-bindings, the other path real
	// servers accept them at, so that later writes go there at once.
	relationshipsPath atomic.Bool
}

var projects = collection{path: "/projects", id: "project ID"}

// List lists an organization's projects.
func (s *Projects) List(ctx context.Context, org string, opts ProjectListOptions) (*ProjectList, error) {
	q := url.Values{}
	if opts.Query != "" {
		q.Set("q", opts.Query)
	}
	if len(opts.Names) > 0 {
		q.Set("filter[names]", strings.Join(opts.Names, ","))
	}
	if opts.Sort != "" {
		q.Set("sort", opts.Sort)
	}
	return list[Project](ctx, s.c, projects.under(organizations.at(org)), includeQuery(q, opts.Include))
}

// ReadByName reads the project of an organization that has that name, in
// any case, as the platform keeps project names unique in any case. None
// is a 404.
func (s *Projects) ReadByName(ctx context.Context, org, name string) (*Project, error) {
	l, err := s.List(ctx, org, ProjectListOptions{Query: name})
	return named(l, err, projects.under(organizations.at(org)), "project", name, func(p *Project) string { return p.Name })
}

// Create creates a project in an organization.
func (s *Projects) Create(ctx context.Context, org string, opts ProjectOptions) (*Project, error) {
	opts.TagBindings = bindingsToSend(opts.TagBindings)
	return post[Project](ctx, s.c, projects.under(organizations.at(org)), &opts)
}

// Read reads a project by ID.
func (s *Projects) Read(ctx context.Context, id string, opts ProjectReadOptions) (*Project, error) {
	direct := func() (*Project, error) { return get[Project](ctx, s.c, projects.at(id), opts.Include...) }
	if opts.Organization == "" {
		return direct()
	}
	return s.listed.readOr(ctx, projects.under(organizations.at(opts.Organization)), opts.Include, id, direct)
}

// Update updates a project.
func (s *Projects) Update(ctx context.Context, id string, opts ProjectOptions) (*Project, error) {
	opts.TagBindings = bindingsToSend(opts.TagBindings)
	return patch[Project](ctx, s.c, projects.at(id), &opts)
}

// Delete deletes a project. The platform refuses while it holds
// workspaces.
func (s *Projects) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, projects.at(id))
}

// ListTagBindings lists the project's own tag bindings.
func (s *Projects) ListTagBindings(ctx context.Context, id string) (*TagBindingList, error) {
	return list[TagBinding](ctx, s.c, tagBindings.under(projects.at(id)), nil)
}

// ListEffectiveTagBindings lists the tag bindings in force on the project.
func (s *Projects) ListEffectiveTagBindings(ctx context.Context, id string) (*EffectiveTagBindingList, error) {
	return list[EffectiveTagBinding](ctx, s.c, effectiveTagBindings.under(projects.at(id)), nil)
}

// AddTagBindings adds tag bindings to the project, or gives existing keys
// new values; bindings it does not name stay. It writes them at
// /projects/:id/tag-bindings, and where that answers 404, at
// /relationships/tag-bindings, the other path that servers accept.
func (s *Projects) AddTagBindings(ctx context.Context, id string, bindings []*TagBinding) error {
	project := projects.at(id)
	write := func(at ref) error {
		return s.c.exec(ctx, request{method: http.MethodPatch, at: at, body: bindingsToSend(bindings), idempotent: true})
	}
	if s.relationshipsPath.Load() {
		return write(project.sub("relationships/tag-bindings"))
	}
	err := write(tagBindings.under(project))
	if !client.IsNotFound(err) {
		return err
	}
	// The project itself may be missing: then the first answer, not the
	// second, is the one to report.
	if write(project.sub("relationships/tag-bindings")) != nil {
		return err
	}
	s.relationshipsPath.Store(true)
	return nil
}
