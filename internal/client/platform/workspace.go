package platform

import (
	"context"
	"net/http"
	"net/url"
	"time"
)

// Includes of a workspace read or list.
const (
	WorkspaceIncludeProject              = "project"
	WorkspaceIncludeOrganization         = "organization"
	WorkspaceIncludeEffectiveTagBindings = "effective_tag_bindings"
	WorkspaceIncludeLockedBy             = "locked_by"
)

// PrefixWorkspace begins the IDs of workspaces.
const PrefixWorkspace = "ws"

// Workspace is a workspace, type workspaces (ws-…).
type Workspace struct {
	ID                         string `jsonapi:"primary,workspaces"`
	Name                       string `jsonapi:"attr,name"`
	Description                string `jsonapi:"attr,description"`
	AllowDestroyPlan           bool   `jsonapi:"attr,allow-destroy-plan"`
	AssessmentsEnabled         bool   `jsonapi:"attr,assessments-enabled"`
	AutoApply                  bool   `jsonapi:"attr,auto-apply"`
	AutoApplyRunTrigger        bool   `jsonapi:"attr,auto-apply-run-trigger"`
	FileTriggersEnabled        bool   `jsonapi:"attr,file-triggers-enabled"`
	GlobalRemoteState          bool   `jsonapi:"attr,global-remote-state"`
	ProjectRemoteState         bool   `jsonapi:"attr,project-remote-state"`
	QueueAllRuns               bool   `jsonapi:"attr,queue-all-runs"`
	SpeculativeEnabled         bool   `jsonapi:"attr,speculative-enabled"`
	StructuredRunOutputEnabled bool   `jsonapi:"attr,structured-run-output-enabled"`
	// AutoDestroyAt is when the workspace is destroyed, nil for never.
	AutoDestroyAt *time.Time `jsonapi:"attr,auto-destroy-at,rfc3339"`
	// AutoDestroyActivityDuration is how long the workspace may go
	// without activity before it is destroyed, such as 14d or 12h; nil
	// for never.
	AutoDestroyActivityDuration *string `jsonapi:"attr,auto-destroy-activity-duration"`
	InheritsProjectAutoDestroy  bool    `jsonapi:"attr,inherits-project-auto-destroy"`
	ExecutionMode               string  `jsonapi:"attr,execution-mode"`
	// Operations is the deprecated spelling of an execution mode other
	// than local.
	Operations        bool                        `jsonapi:"attr,operations"`
	SourceName        string                      `jsonapi:"attr,source-name"`
	SourceURL         string                      `jsonapi:"attr,source-url"`
	TerraformVersion  string                      `jsonapi:"attr,terraform-version"`
	TriggerPatterns   []string                    `jsonapi:"attr,trigger-patterns"`
	TriggerPrefixes   []string                    `jsonapi:"attr,trigger-prefixes"`
	WorkingDirectory  string                      `jsonapi:"attr,working-directory"`
	VCSRepo           *VCSRepo                    `jsonapi:"attr,vcs-repo"`
	SettingOverwrites *WorkspaceSettingOverwrites `jsonapi:"attr,setting-overwrites"`
	HYOKEnabled       bool                        `jsonapi:"attr,hyok-enabled"`
	// TagNames are the workspace's flat tags.
	TagNames []string `jsonapi:"attr,tag-names"`

	CanQueueDestroyPlan    bool                  `jsonapi:"attr,can-queue-destroy-plan"`
	CreatedAt              *time.Time            `jsonapi:"attr,created-at,rfc3339"`
	UpdatedAt              *time.Time            `jsonapi:"attr,updated-at,rfc3339"`
	LatestChangeAt         *time.Time            `jsonapi:"attr,latest-change-at,rfc3339"`
	Environment            string                `jsonapi:"attr,environment"`
	Locked                 bool                  `jsonapi:"attr,locked"`
	Source                 string                `jsonapi:"attr,source"`
	NoCodeUpgradeAvailable bool                  `jsonapi:"attr,no-code-upgrade-available"`
	Permissions            *WorkspacePermissions `jsonapi:"attr,permissions"`
	Actions                *WorkspaceActions     `jsonapi:"attr,actions"`
	// ResourceCount is how many resources the workspace's state holds.
	ResourceCount int `jsonapi:"attr,resource-count"`
	// The performance figures: average plan and apply durations in
	// milliseconds, and counts over the workspace's runs.
	ApplyDurationAverage int `jsonapi:"attr,apply-duration-average"`
	PlanDurationAverage  int `jsonapi:"attr,plan-duration-average"`
	PolicyCheckFailures  int `jsonapi:"attr,policy-check-failures"`
	RunFailures          int `jsonapi:"attr,run-failures"`
	RunsCount            int `jsonapi:"attr,workspace-kpis-runs-count"`

	Organization         *Organization          `jsonapi:"relation,organization"`
	Project              *Project               `jsonapi:"relation,project"`
	AgentPool            *AgentPool             `jsonapi:"relation,agent-pool"`
	Tags                 []*Tag                 `jsonapi:"relation,tags"`
	TagBindings          []*TagBinding          `jsonapi:"relation,tag-bindings"`
	EffectiveTagBindings []*EffectiveTagBinding `jsonapi:"relation,effective-tag-bindings"`
	// LockedBy holds the lock of a Locked workspace: a user, a team or a
	// run.
	LockedBy *LockHolder `jsonapi:"polyrelation,locked-by"`
	// SSHKey is the key the workspace fetches private modules with, nil
	// for none: set by AssignSSHKey.
	SSHKey *SSHKey `jsonapi:"relation,ssh-key"`
	// CurrentConfigurationVersion is the configuration the workspace's
	// runs use, nil before its first; Readme the README.md of that
	// configuration's root module, nil without one.
	CurrentConfigurationVersion *ConfigurationVersion `jsonapi:"relation,current-configuration-version"`
	Readme                      *WorkspaceReadme      `jsonapi:"relation,readme"`
}

// ConfigurationVersion is a configuration of a workspace's runs, type
// configuration-versions (cv-…), as a workspace names it.
type ConfigurationVersion struct {
	ID string `jsonapi:"primary,configuration-versions"`
}

// WorkspaceReadme is the README of a workspace's current configuration,
// type workspace-readme, as the workspace names it.
type WorkspaceReadme struct {
	ID string `jsonapi:"primary,workspace-readme"`
}

// LockHolder is who holds a workspace's lock: one of its fields is set.
type LockHolder struct {
	User *LockingUser
	Team *Team
	Run  *LockingRun
}

// LockingUser and LockingRun are a lock holder's kind and ID.
type (
	LockingUser struct {
		ID string `jsonapi:"primary,users"`
	}
	LockingRun struct {
		ID string `jsonapi:"primary,runs"`
	}
)

// ID is the holder's ID, such as user-…, team-… or run-…; "" for none.
func (h *LockHolder) ID() string {
	switch {
	case h == nil:
		return ""
	case h.User != nil:
		return h.User.ID
	case h.Team != nil:
		return h.Team.ID
	case h.Run != nil:
		return h.Run.ID
	}
	return ""
}

// VCSRepo is the repository a workspace's configuration comes from, as the
// platform answers it.
type VCSRepo struct {
	Identifier        string `jsonapi:"attr,identifier"`
	Branch            string `jsonapi:"attr,branch"`
	IngressSubmodules bool   `jsonapi:"attr,ingress-submodules"`
	// OAuthTokenID and CodehostAppInstallationID: one of them says how
	// the platform reaches the code host.
	OAuthTokenID              string `jsonapi:"attr,oauth-token-id"`
	CodehostAppInstallationID string `jsonapi:"attr,codehost-app-installation-id"`
	TagsRegex                 string `jsonapi:"attr,tags-regex"`
	DisplayIdentifier         string `jsonapi:"attr,display-identifier"`
	RepositoryHTTPURL         string `jsonapi:"attr,repository-http-url"`
	ServiceProvider           string `jsonapi:"attr,service-provider"`
	WebhookURL                string `jsonapi:"attr,webhook-url"`
}

// VCSRepoOptions is the repository of a workspace's create or update.
type VCSRepoOptions struct {
	Identifier                *string `jsonapi:"attr,identifier,omitempty"`
	Branch                    *string `jsonapi:"attr,branch,omitempty"`
	IngressSubmodules         *bool   `jsonapi:"attr,ingress-submodules,omitempty"`
	OAuthTokenID              *string `jsonapi:"attr,oauth-token-id,omitempty"`
	CodehostAppInstallationID *string `jsonapi:"attr,codehost-app-installation-id,omitempty"`
	TagsRegex                 *string `jsonapi:"attr,tags-regex,omitempty"`
}

// WorkspaceSettingOverwrites say which of the workspace's execution
// settings are its own (true) rather than inherited from its project or
// organization (false).
type WorkspaceSettingOverwrites struct {
	ExecutionMode *bool `jsonapi:"attr,execution-mode,omitempty"`
	AgentPool     *bool `jsonapi:"attr,agent-pool,omitempty"`
}

// WorkspacePermissions are what the token may do with the workspace.
type WorkspacePermissions struct {
	CanDestroy        bool `jsonapi:"attr,can-destroy"`
	CanForceDelete    bool `jsonapi:"attr,can-force-delete"`
	CanForceUnlock    bool `jsonapi:"attr,can-force-unlock"`
	CanLock           bool `jsonapi:"attr,can-lock"`
	CanManageRunTasks bool `jsonapi:"attr,can-manage-run-tasks"`
	CanQueueApply     bool `jsonapi:"attr,can-queue-apply"`
	CanQueueDestroy   bool `jsonapi:"attr,can-queue-destroy"`
	CanQueueRun       bool `jsonapi:"attr,can-queue-run"`
	CanReadSettings   bool `jsonapi:"attr,can-read-settings"`
	CanUnlock         bool `jsonapi:"attr,can-unlock"`
	CanUpdate         bool `jsonapi:"attr,can-update"`
	CanUpdateVariable bool `jsonapi:"attr,can-update-variable"`
}

// WorkspaceActions are what may be done with the workspace now.
type WorkspaceActions struct {
	IsDestroyable bool `jsonapi:"attr,is-destroyable"`
}

// Tag is a flat tag of workspaces, type tags.
type Tag struct {
	ID   string `jsonapi:"primary,tags"`
	Name string `jsonapi:"attr,name"`
}

// TagList is a list of flat tags.
type TagList = List[Tag]

// WorkspaceOptions is the body of a create or an update of a workspace.
// A nil field is left out: a create gives it the platform's default, an
// update leaves it as it is; Null clears a Nullable one. A create needs
// Name: letters, digits, - and _.
//
// Tags, flat tags by name, only a create sends: an update leaves them out,
// and AddTags and RemoveTags change them.
type WorkspaceOptions struct {
	Type                       string           `jsonapi:"primary,workspaces"`
	Name                       *string          `jsonapi:"attr,name,omitempty"`
	Description                *string          `jsonapi:"attr,description,omitempty"`
	AgentPoolID                Nullable[string] `jsonapi:"attr,agent-pool-id,omitempty"`
	AllowDestroyPlan           *bool            `jsonapi:"attr,allow-destroy-plan,omitempty"`
	AssessmentsEnabled         *bool            `jsonapi:"attr,assessments-enabled,omitempty"`
	AutoApply                  *bool            `jsonapi:"attr,auto-apply,omitempty"`
	AutoApplyRunTrigger        *bool            `jsonapi:"attr,auto-apply-run-trigger,omitempty"`
	FileTriggersEnabled        *bool            `jsonapi:"attr,file-triggers-enabled,omitempty"`
	GlobalRemoteState          *bool            `jsonapi:"attr,global-remote-state,omitempty"`
	ProjectRemoteState         *bool            `jsonapi:"attr,project-remote-state,omitempty"`
	QueueAllRuns               *bool            `jsonapi:"attr,queue-all-runs,omitempty"`
	SpeculativeEnabled         *bool            `jsonapi:"attr,speculative-enabled,omitempty"`
	StructuredRunOutputEnabled *bool            `jsonapi:"attr,structured-run-output-enabled,omitempty"`
	// AutoDestroyAt and AutoDestroyActivityDuration exclude each other.
	AutoDestroyAt               Nullable[time.Time] `jsonapi:"attr,auto-destroy-at,rfc3339,omitempty"`
	AutoDestroyActivityDuration Nullable[string]    `jsonapi:"attr,auto-destroy-activity-duration,omitempty"`
	InheritsProjectAutoDestroy  *bool               `jsonapi:"attr,inherits-project-auto-destroy,omitempty"`
	ExecutionMode               *string             `jsonapi:"attr,execution-mode,omitempty"`
	SourceName                  *string             `jsonapi:"attr,source-name,omitempty"`
	SourceURL                   *string             `jsonapi:"attr,source-url,omitempty"`
	// TerraformVersion is an exact version or a constraint.
	TerraformVersion *string `jsonapi:"attr,terraform-version,omitempty"`
	// TriggerPatterns and TriggerPrefixes: nil leaves them out, empty
	// sends [].
	TriggerPatterns  []string `jsonapi:"attr,trigger-patterns,omitempty"`
	TriggerPrefixes  []string `jsonapi:"attr,trigger-prefixes,omitempty"`
	WorkingDirectory *string  `jsonapi:"attr,working-directory,omitempty"`
	// VCSRepo Null detaches the workspace from its repository.
	VCSRepo           Nullable[*VCSRepoOptions]   `jsonapi:"attr,vcs-repo,omitempty"`
	SettingOverwrites *WorkspaceSettingOverwrites `jsonapi:"attr,setting-overwrites,omitempty"`

	// Project is the workspace's project, by ID: a new one moves the
	// workspace; nil, on create, the organization's default project.
	Project *Project `jsonapi:"relation,project,omitempty"`
	// TagBindings replace the workspace's bindings: an empty, non-nil
	// slice removes them all.
	TagBindings []*TagBinding `jsonapi:"relation,tag-bindings,omitempty"`
	Tags        []*Tag        `jsonapi:"relation,tags,omitempty"`
}

// WorkspaceListOptions narrow a list of workspaces.
type WorkspaceListOptions struct {
	// Search matches names (search[name]).
	Search string
	// Tags and ExcludeTags are flat tags, comma-separated, that the
	// workspaces have (search[tags]) or do not have (search[exclude-tags]).
	Tags, ExcludeTags string
	// ProjectID keeps the workspaces of one project (filter[project][id]).
	ProjectID string
	// Sort is the order: name (the default) or current-run.created-at,
	// "-" before either reversing it.
	Sort    string
	Include []string
}

// WorkspaceReadOptions are a read's includes.
type WorkspaceReadOptions struct {
	Include []string
	// Organization, when the caller knows which it is, lets a read by
	// ID be answered from the organization's list while the client has
	// not written (see readCache); the workspace is read directly
	// otherwise.
	Organization string
}

// WorkspaceList is a list of workspaces.
type WorkspaceList = List[Workspace]

// Workspaces are the calls of workspaces.
type Workspaces struct {
	c *Client
	// listed answers reads from the organization's list (see readCache).
	listed *siblings[Workspace]
}

var workspaces = collection{path: "/workspaces", id: "workspace ID"}

// List lists an organization's workspaces.
func (s *Workspaces) List(ctx context.Context, org string, opts WorkspaceListOptions) (*WorkspaceList, error) {
	q := url.Values{}
	for k, v := range map[string]string{
		"search[name]": opts.Search, "search[tags]": opts.Tags, "search[exclude-tags]": opts.ExcludeTags,
		"filter[project][id]": opts.ProjectID, "sort": opts.Sort,
	} {
		if v != "" {
			q.Set(k, v)
		}
	}
	return list[Workspace](ctx, s.c, workspaces.under(organizations.at(org)), includeQuery(q, opts.Include))
}

// Create creates a workspace in an organization.
func (s *Workspaces) Create(ctx context.Context, org string, opts WorkspaceOptions) (*Workspace, error) {
	opts.TagBindings = bindingsToSend(opts.TagBindings)
	return post[Workspace](ctx, s.c, workspaces.under(organizations.at(org)), &opts)
}

// Read reads a workspace by organization and name.
func (s *Workspaces) Read(ctx context.Context, org, name string, opts WorkspaceReadOptions) (*Workspace, error) {
	return get[Workspace](ctx, s.c, workspaces.under(organizations.at(org)).item("workspace name", name), opts.Include...)
}

// ReadByID reads a workspace by ID.
func (s *Workspaces) ReadByID(ctx context.Context, id string, opts WorkspaceReadOptions) (*Workspace, error) {
	direct := func() (*Workspace, error) { return get[Workspace](ctx, s.c, workspaces.at(id), opts.Include...) }
	if opts.Organization == "" {
		return direct()
	}
	return s.listed.readOr(ctx, workspaces.under(organizations.at(opts.Organization)), opts.Include, id, direct)
}

// Update updates a workspace.
func (s *Workspaces) Update(ctx context.Context, id string, opts WorkspaceOptions) (*Workspace, error) {
	opts.Tags = nil
	opts.TagBindings = bindingsToSend(opts.TagBindings)
	return patch[Workspace](ctx, s.c, workspaces.at(id), &opts)
}

// Delete deletes a workspace whatever it manages (force delete). The
// platform refuses (403) unless the token may force-delete it.
func (s *Workspaces) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, workspaces.at(id))
}

// SafeDelete deletes a workspace only if it manages no resources; the
// platform refuses (409) otherwise, and while its state is being
// processed.
func (s *Workspaces) SafeDelete(ctx context.Context, id string) error {
	return s.c.exec(ctx, request{method: http.MethodPost, at: workspaces.at(id).sub("actions/safe-delete")})
}

// ListRemoteStateConsumers lists the workspaces that may read the
// workspace's state besides those global-remote-state lets: the ones
// named as consumers, which show_only_configured asks for, as the
// platform lists every workspace of the organization under global access.
func (s *Workspaces) ListRemoteStateConsumers(ctx context.Context, id string) (*WorkspaceList, error) {
	return list[Workspace](ctx, s.c, workspaces.at(id).sub("relationships/remote-state-consumers"), url.Values{"show_only_configured": {"true"}})
}

// AddRemoteStateConsumers adds consumers, by workspace ID.
func (s *Workspaces) AddRemoteStateConsumers(ctx context.Context, id string, consumerIDs []string) error {
	return relate(ctx, s.c, http.MethodPost, workspaces.at(id), "remote-state-consumers", "workspaces", consumerIDs)
}

// UpdateRemoteStateConsumers replaces the consumers, by workspace ID.
func (s *Workspaces) UpdateRemoteStateConsumers(ctx context.Context, id string, consumerIDs []string) error {
	return relate(ctx, s.c, http.MethodPatch, workspaces.at(id), "remote-state-consumers", "workspaces", consumerIDs)
}

// RemoveRemoteStateConsumers removes consumers, by workspace ID.
func (s *Workspaces) RemoveRemoteStateConsumers(ctx context.Context, id string, consumerIDs []string) error {
	return relate(ctx, s.c, http.MethodDelete, workspaces.at(id), "remote-state-consumers", "workspaces", consumerIDs)
}

// ListTags lists the workspace's flat tags.
func (s *Workspaces) ListTags(ctx context.Context, id string) (*TagList, error) {
	return list[Tag](ctx, s.c, workspaces.at(id).sub("relationships/tags"), nil)
}

// AddTags adds flat tags to the workspace, by name.
func (s *Workspaces) AddTags(ctx context.Context, id string, names []string) error {
	return s.tags(ctx, http.MethodPost, id, names)
}

// RemoveTags removes flat tags from the workspace, by name.
func (s *Workspaces) RemoveTags(ctx context.Context, id string, names []string) error {
	return s.tags(ctx, http.MethodDelete, id, names)
}

// tags writes the tags relationship, whose objects are named rather than
// identified: not a linkage, as relate sends.
func (s *Workspaces) tags(ctx context.Context, method, id string, names []string) error {
	tags := make([]*Tag, len(names))
	for i, n := range names {
		tags[i] = &Tag{Name: n}
	}
	return s.c.exec(ctx, request{method: method, at: workspaces.at(id).sub("relationships/tags"), body: tags, idempotent: true})
}

// ListTagBindings lists the workspace's own tag bindings.
func (s *Workspaces) ListTagBindings(ctx context.Context, id string) (*TagBindingList, error) {
	return list[TagBinding](ctx, s.c, tagBindings.under(workspaces.at(id)), nil)
}

// ListEffectiveTagBindings lists the tag bindings in force on the
// workspace: its own and its project's.
func (s *Workspaces) ListEffectiveTagBindings(ctx context.Context, id string) (*EffectiveTagBindingList, error) {
	return list[EffectiveTagBinding](ctx, s.c, effectiveTagBindings.under(workspaces.at(id)), nil)
}

// AddTagBindings adds tag bindings to the workspace, or gives existing
// keys new values; bindings it does not name stay.
func (s *Workspaces) AddTagBindings(ctx context.Context, id string, bindings []*TagBinding) error {
	return s.c.exec(ctx, request{method: http.MethodPatch, at: tagBindings.under(workspaces.at(id)), body: bindingsToSend(bindings), idempotent: true})
}

// workspaceSSHKeyOptions is the body of PATCH
// /workspaces/:id/relationships/ssh-key: the key's ID as the attribute id,
// null for none.
type workspaceSSHKeyOptions struct {
	Type     string           `jsonapi:"primary,workspaces"`
	SSHKeyID Nullable[string] `jsonapi:"attr,id"`
}

// AssignSSHKey makes the workspace fetch private modules with the SSH
// key sshKeyID, of its organization.
func (s *Workspaces) AssignSSHKey(ctx context.Context, id, sshKeyID string) (*Workspace, error) {
	return s.sshKey(ctx, id, Value(sshKeyID))
}

// UnassignSSHKey leaves the workspace without an SSH key.
func (s *Workspaces) UnassignSSHKey(ctx context.Context, id string) (*Workspace, error) {
	return s.sshKey(ctx, id, Null[string]())
}

// sshKey sets the key, and may be sent again after a lost answer.
func (s *Workspaces) sshKey(ctx context.Context, id string, key Nullable[string]) (*Workspace, error) {
	opts := workspaceSSHKeyOptions{SSHKeyID: key}
	return one[Workspace](ctx, s.c, request{method: http.MethodPatch, at: workspaces.at(id).sub("relationships/ssh-key"), body: &opts, idempotent: true})
}
