package platform

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// NewWorkspaceDataSource is the constructor of the stack_platform_workspace
// data source.
var NewWorkspaceDataSource = fwutil.NewDataSource(&fwutil.DataSource[workspaceDataModel, *platformclient.Client]{
	TypeName: "platform_workspace",
	Service:  platformclient.Service,
	Schema:   workspaceDataSourceSchema,
	Read:     readWorkspaceDataSource,
})

// workspaceAttributes are a workspace's attributes as the data sources
// show them: the resource's, all computed, the lock, which the resource
// leaves out, and the SSH key: those of workspaceDataModel.
func workspaceAttributes(ctx context.Context) map[string]schema.Attribute {
	attrs := computedFrom(workspaceSchema(ctx), map[string]string{
		"organization":                          "Name of the workspace's organization.",
		"name":                                  "Name of the workspace.",
		"description":                           "Description of the workspace; null when it has none.",
		"project_id":                            "ID of the workspace's project, `prj-` and 16 characters.",
		"auto_apply":                            "Whether a plan that succeeds is applied without confirmation.",
		"auto_apply_run_trigger":                "Whether a run that a run trigger (another workspace's apply) starts is applied without confirmation.",
		"auto_destroy_at":                       "When the platform destroys the workspace's resources, as an RFC 3339 time in UTC; null for never at a set time.",
		"auto_destroy_activity_duration":        "How long the workspace may go without activity before the platform destroys its resources, such as `14d`: its own, or its project's when it inherits it; null for never.",
		"allow_destroy_plan":                    "Whether destroy plans may be queued.",
		"file_triggers_enabled":                 "Whether runs start only for changes of files under the working directory or the trigger prefixes or patterns, rather than for every change of the repository.",
		"queue_all_runs":                        "Whether runs are queued from the workspace's creation on, rather than after its first run is started by hand.",
		"speculative_enabled":                   "Whether pull requests get speculative plans.",
		"structured_run_output_enabled":         "Whether runs show the structured (advanced) run output.",
		"assessments_enabled":                   "Whether health assessments (drift detection and continuous validation) run.",
		"source_name":                           "Name of the application or system that made the workspace; null when none is recorded.",
		"source_url":                            "URL of the application or system that made the workspace; null when none is recorded.",
		"terraform_version":                     "Version of Terraform that runs use: an exact version, `latest`, or constraints.",
		"trigger_prefixes":                      "Paths whose changes, besides the working directory's, start runs; empty when there are none.",
		"trigger_patterns":                      "Glob patterns of files whose changes start runs; empty when there are none.",
		"working_directory":                     "Directory of the repository, relative to its root, where runs run; `\"\"` for the root.",
		"tag_names":                             "The workspace's flat tags; empty when it has none.",
		"tag_bindings":                          "The workspace's own key-value tags, without those it inherits from its project; empty when it has none.",
		"vcs_repo":                              "The repository that the workspace's configuration comes from; null when it has none.",
		"vcs_repo.branch":                       "Branch whose changes start runs; null for the repository's default branch.",
		"vcs_repo.ingress_submodules":           "Whether the repository's submodules are fetched with it.",
		"vcs_repo.oauth_token_id":               "ID of the OAuth token through which the platform reaches the code host; null when it uses a code-host app.",
		"vcs_repo.codehost_app_installation_id": "ID of the code-host app installation through which the platform reaches the code host; null when it uses an OAuth token.",
		"vcs_repo.tags_regex":                   "The regular expression of the repository's tags that start runs; null when changes of files start them.",
		"setting_overwrites":                    "Which execution settings are the workspace's own (true) rather than inherited from its project or organization (false).",
	}, "force_delete")
	attrs["locked"] = schema.BoolAttribute{
		Computed: true,
		Description: "Whether the workspace is locked, so that no run starts in it: by a user or a team, or by a run while it plans or applies. " +
			"The resource `stack_platform_workspace` leaves it out: a lock comes and goes with every run, and would show as a change in every plan of the workspace.",
	}
	attrs["ssh_key_id"] = schema.StringAttribute{
		Computed: true,
		Description: "ID of the SSH key with which the workspace's runs fetch modules from private repositories, `sshkey-` and 16 characters; " +
			"null when it has none. `stack_platform_workspace_settings` sets it.",
	}
	attrs["locked_by"] = schema.StringAttribute{
		Computed:    true,
		Description: "ID of who holds the workspace's lock: a user (`user-…`), a team (`team-…`) or a run (`run-…`); null when the workspace is not locked.",
	}
	attrs["updated_at"] = schema.StringAttribute{
		Computed: true, CustomType: timetypes.RFC3339Type{},
		Description: "When the workspace last changed, as an RFC 3339 time in UTC. The resource leaves it out: every change would show in its plans.",
	}
	attrs["effective_tag_bindings"] = schema.MapAttribute{
		Computed: true, ElementType: types.StringType,
		Description: "Every key-value tag the workspace has: its own (`tag_bindings`) and those it inherits from its project, its own winning a key both have.",
	}
	attrs["has_readme"] = schema.BoolAttribute{
		Computed:    true,
		Description: "Whether the workspace's current configuration has a README.md in its root module, which the platform shows with the workspace.",
	}
	attrs["current_configuration_version_id"] = schema.StringAttribute{
		Computed:    true,
		Description: "ID of the configuration the workspace's runs use, `cv-` and 16 characters; null before its first configuration is uploaded.",
	}
	return attrs
}

func workspaceDataSourceSchema(ctx context.Context) schema.Schema {
	attrs := workspaceAttributes(ctx)
	lookup{
		object: "workspace", idPrefix: platformclient.PrefixWorkspace, idRule: "`ws-` and 16 characters",
		nameRule: workspaceNameRule, nameValidators: workspaceNameValidators(), owner: "the workspace's",
	}.addAttributes(attrs)
	return schema.Schema{
		Description: "Reads a workspace of the platform, by its ID or by its name in an organization, with its tags. " +
			"The platform answers a workspace the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

// workspaceDataModel is a workspace as the data sources show it: what the
// resource shows, its lock, which the resource leaves out, and its SSH
// key, which the settings resource manages.
type workspaceDataModel struct {
	workspaceModel
	Locked                        types.Bool        `tfsdk:"locked"`
	LockedBy                      types.String      `tfsdk:"locked_by"`
	SSHKeyID                      types.String      `tfsdk:"ssh_key_id"`
	UpdatedAt                     timetypes.RFC3339 `tfsdk:"updated_at"`
	EffectiveTagBindings          types.Map         `tfsdk:"effective_tag_bindings"`
	HasReadme                     types.Bool        `tfsdk:"has_readme"`
	CurrentConfigurationVersionID types.String      `tfsdk:"current_configuration_version_id"`
}

// modelFromWorkspaceData writes w into m, with the tags w has of its own.
func modelFromWorkspaceData(m *workspaceDataModel, w *platformclient.Workspace, diags *diag.Diagnostics) {
	modelFromWorkspace(&m.workspaceModel, w, ownTagsOf(w.EffectiveTagBindings), diags)
	// The duration in effect, its project's when the workspace inherits
	// it, where the resource shows only the workspace's own.
	if a := w.AutoDestroyActivityDuration; a != nil && *a != "" {
		m.AutoDestroyActivityDuration = types.StringValue(*a)
	}
	m.Locked = types.BoolValue(w.Locked)
	m.LockedBy = types.StringNull()
	if id := w.LockedBy.ID(); id != "" {
		m.LockedBy = types.StringValue(id)
	}
	m.SSHKeyID = types.StringNull()
	if w.SSHKey != nil && w.SSHKey.ID != "" {
		m.SSHKeyID = types.StringValue(w.SSHKey.ID)
	}
	m.UpdatedAt = timeFromAPI(timetypes.NewRFC3339Null(), w.UpdatedAt, time.RFC3339)
	m.EffectiveTagBindings = fwutil.StringMapValue(effectiveTagsOf(w.EffectiveTagBindings))
	m.HasReadme = types.BoolValue(w.Readme != nil && w.Readme.ID != "")
	m.CurrentConfigurationVersionID = types.StringNull()
	if cv := w.CurrentConfigurationVersion; cv != nil && cv.ID != "" {
		m.CurrentConfigurationVersionID = types.StringValue(cv.ID)
	}
}

func readWorkspaceDataSource(ctx context.Context, c *platformclient.Client, m *workspaceDataModel, diags *diag.Diagnostics) {
	opts := platformclient.WorkspaceReadOptions{Include: workspaceIncludes}
	var got *platformclient.Workspace
	if !m.ID.IsNull() {
		var err error
		got, err = c.Workspaces.ReadByID(ctx, m.ID.ValueString(), opts)
		if err != nil {
			fwutil.AddAPIError(diags, fmt.Sprintf("Cannot read the workspace %s", m.ID.ValueString()), err)
			return
		}
	} else {
		org, ok := organizationDefault.Of(c, m.Organization, diags)
		if !ok {
			return
		}
		var err error
		got, err = c.Workspaces.Read(ctx, org, m.Name.ValueString(), opts)
		if err != nil {
			fwutil.AddAPIError(diags, fmt.Sprintf("Cannot read the workspace %q of the organization %q", m.Name.ValueString(), org), err)
			return
		}
	}
	modelFromWorkspaceData(m, got, diags)
}
