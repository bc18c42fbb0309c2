package platform

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// workspaceModel is a workspace, for the resource and the data sources
// alike.
type workspaceModel struct {
	ID                          types.String           `tfsdk:"id"`
	Organization                types.String           `tfsdk:"organization"`
	Name                        types.String           `tfsdk:"name"`
	Description                 types.String           `tfsdk:"description"`
	ProjectID                   types.String           `tfsdk:"project_id"`
	AutoApply                   types.Bool             `tfsdk:"auto_apply"`
	AutoApplyRunTrigger         types.Bool             `tfsdk:"auto_apply_run_trigger"`
	AutoDestroyAt               timetypes.RFC3339      `tfsdk:"auto_destroy_at"`
	AutoDestroyActivityDuration types.String           `tfsdk:"auto_destroy_activity_duration"`
	AllowDestroyPlan            types.Bool             `tfsdk:"allow_destroy_plan"`
	FileTriggersEnabled         types.Bool             `tfsdk:"file_triggers_enabled"`
	QueueAllRuns                types.Bool             `tfsdk:"queue_all_runs"`
	SpeculativeEnabled          types.Bool             `tfsdk:"speculative_enabled"`
	StructuredRunOutputEnabled  types.Bool             `tfsdk:"structured_run_output_enabled"`
	AssessmentsEnabled          types.Bool             `tfsdk:"assessments_enabled"`
	SourceName                  types.String           `tfsdk:"source_name"`
	SourceURL                   types.String           `tfsdk:"source_url"`
	TerraformVersion            types.String           `tfsdk:"terraform_version"`
	TriggerPrefixes             types.List             `tfsdk:"trigger_prefixes"`
	TriggerPatterns             types.List             `tfsdk:"trigger_patterns"`
	WorkingDirectory            types.String           `tfsdk:"working_directory"`
	TagNames                    types.Set              `tfsdk:"tag_names"`
	TagBindings                 types.Map              `tfsdk:"tag_bindings"`
	VCSRepo                     *workspaceVCSRepoModel `tfsdk:"vcs_repo"`
	SettingOverwrites           types.Object           `tfsdk:"setting_overwrites"`
	ResourceCount               types.Int64            `tfsdk:"resource_count"`
	ApplyDurationAverage        types.Int64            `tfsdk:"apply_duration_average"`
	PlanDurationAverage         types.Int64            `tfsdk:"plan_duration_average"`
	PolicyCheckFailures         types.Int64            `tfsdk:"policy_check_failures"`
	RunFailures                 types.Int64            `tfsdk:"run_failures"`
	RunsCount                   types.Int64            `tfsdk:"runs_count"`
}

// workspaceResourceModel adds to a workspace what only the resource has.
type workspaceResourceModel struct {
	workspaceModel
	ForceDelete types.Bool `tfsdk:"force_delete"`
}

type workspaceVCSRepoModel struct {
	Identifier                types.String `tfsdk:"identifier"`
	Branch                    types.String `tfsdk:"branch"`
	IngressSubmodules         types.Bool   `tfsdk:"ingress_submodules"`
	OAuthTokenID              types.String `tfsdk:"oauth_token_id"`
	CodehostAppInstallationID types.String `tfsdk:"codehost_app_installation_id"`
	TagsRegex                 types.String `tfsdk:"tags_regex"`
}

// settingOverwritesTypes are the attributes of setting_overwrites.
var settingOverwritesTypes = map[string]attr.Type{"execution_mode": types.BoolType, "agent_pool": types.BoolType}

var repoIdentifier = regexp.MustCompile(`^\S+/\S+$`)

// workspaceIncludes are what reads of workspaces include: the effective
// tag bindings, among which the workspace's own, so that a refresh is one
// request.
var workspaceIncludes = []string{platformclient.WorkspaceIncludeEffectiveTagBindings}

// NewWorkspaceResource is the constructor of stack_platform_workspace.
var NewWorkspaceResource = fwutil.NewResource(&fwutil.Resource[workspaceResourceModel, *platformclient.Client]{
	TypeName:        "platform_workspace",
	Service:         platformclient.Service,
	Object:          "workspace",
	Schema:          workspaceSchema,
	Twins:           []fwutil.Twin{tfeWorkspace},
	LocalAttributes: []string{"force_delete"},
	Plan: &fwutil.Plan[workspaceResourceModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
		Validate:         validateWorkspace,
	},
	// Its identity is its organization and name; a rename changes it.
	Identity: &fwutil.Identity{Attrs: []string{"organization", "name"}, Mutable: true},
	Import: &fwutil.Import[workspaceResourceModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: workspaceIDForms},
		Print: func(m *workspaceResourceModel) string {
			return m.Organization.ValueString() + "/" + m.Name.ValueString()
		},
		Read: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
			importWorkspace(ctx, c, "workspace", id, state, diags)
			// The platform does not know force_delete: an import takes its
			// default, so that the next plan does not add it.
			diags.Append(state.SetAttribute(ctx, path.Root("force_delete"), false)...)
		},
	},
	Create: createWorkspace,
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *workspaceResourceModel) error {
		got, err := op.Client.Workspaces.ReadByID(ctx, m.ID.ValueString(), platformclient.WorkspaceReadOptions{
			Include: workspaceIncludes, Organization: m.Organization.ValueString(),
		})
		if err == nil {
			modelFromWorkspace(&m.workspaceModel, got, ownTagsOf(got.EffectiveTagBindings), op.Diags)
		}
		return err
	},
	Update: updateWorkspace,
	Delete: deleteWorkspace,
})

func workspaceSchema(context.Context) schema.Schema {
	useState := []planmodifier.Int64{int64planmodifier.UseStateForUnknown()}
	figure := func(what string) schema.Int64Attribute {
		return schema.Int64Attribute{Computed: true, Description: what + ", as the platform measures it; 0 until it has runs to measure.", PlanModifiers: useState}
	}
	flag := func(def bool, what string) schema.BoolAttribute {
		return schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(def),
			Description: fmt.Sprintf("%s Default `%t`, the platform's.", what, def),
		}
	}
	triggerList := func(what, other string) schema.ListAttribute {
		return schema.ListAttribute{
			Optional: true, Computed: true, ElementType: types.StringType,
			Default:     listdefault.StaticValue(types.ListValueMust(types.StringType, []attr.Value{})),
			Description: what + " Default `[]`. It cannot be set together with a non-empty `" + other + "`, nor with `vcs_repo.tags_regex`.",
		}
	}
	return schema.Schema{
		Description: "A workspace of an organization of the platform, in one of its projects: its runs' settings, its repository, its tags. " +
			"The execution mode, the agent pool and who may read its state are in `stack_platform_workspace_settings`, so that workspaces can name each other without a cycle. " +
			"A destroy deletes the workspace safely: the platform refuses while it still manages resources, unless `force_delete` is set. " +
			"The import ID is the workspace's ID, such as `ws-4pW7hPwDJ1fY3gSC`, or `<ORGANIZATION>/<WORKSPACE NAME>`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The workspace's ID, `ws-` and 16 characters.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"organization": organizationAttribute("workspace"),
			"name": schema.StringAttribute{
				Required:    true,
				Description: "Name of the workspace. " + workspaceNameRule + " Changing it renames the workspace in place.",
				Validators:  workspaceNameValidators(),
			},
			"description": schema.StringAttribute{
				Optional:    true,
				Description: "Description of the workspace. Not set, it has none.",
			},
			"project_id": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "ID of the workspace's project, `prj-` and 16 characters. Not set, a new workspace lands in its organization's default project, " +
					"and an existing one stays where it is. Changing it moves the workspace to the other project in place.",
				Validators:    []validator.String{idValidator(platformclient.PrefixProject, "a project")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"auto_apply":             flag(false, "Whether a plan that succeeds is applied without confirmation."),
			"auto_apply_run_trigger": flag(false, "Whether a run that a run trigger (another workspace's apply) starts is applied without confirmation."),
			"auto_destroy_at": schema.StringAttribute{
				Optional: true,
				Description: "When the platform destroys the workspace's resources, as an RFC 3339 time such as `2030-06-01T12:00:00Z`. " +
					"Not set, never at a set time. It cannot be set together with `auto_destroy_activity_duration`.",
				CustomType: timetypes.RFC3339Type{},
				Validators: []validator.String{stringvalidator.ConflictsWith(path.MatchRoot("auto_destroy_activity_duration"))},
			},
			"auto_destroy_activity_duration": schema.StringAttribute{
				Optional: true,
				Description: "How long the workspace may go without activity before the platform destroys its resources. " + activityDurationRule +
					" Not set, the workspace inherits its project's, if the project has one, else never for inactivity; the attribute then stays null.",
				Validators: activityDurationValidators(),
			},
			"allow_destroy_plan":            flag(true, "Whether destroy plans may be queued."),
			"file_triggers_enabled":         flag(true, "Whether runs start only for changes of files under the working directory or the trigger prefixes or patterns (true), rather than for every change of the repository. Must be `false` with `vcs_repo.tags_regex`."),
			"queue_all_runs":                flag(false, "Whether runs are queued from the workspace's creation on, rather than after its first run is started by hand."),
			"speculative_enabled":           flag(true, "Whether pull requests get speculative plans."),
			"structured_run_output_enabled": flag(true, "Whether runs show the structured (advanced) run output."),
			"assessments_enabled":           flag(false, "Whether health assessments (drift detection and continuous validation) run."),
			"source_name": schema.StringAttribute{
				Optional:    true,
				Description: "Name of the application or system that made the workspace, shown in the platform's UI. Requires `source_url`.",
				Validators:  []validator.String{stringvalidator.AlsoRequires(path.MatchRoot("source_url"))},
			},
			"source_url": schema.StringAttribute{
				Optional:    true,
				Description: "URL of the application or system that made the workspace. Requires `source_name`.",
				Validators:  []validator.String{stringvalidator.AlsoRequires(path.MatchRoot("source_name"))},
			},
			"terraform_version": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "Version of Terraform that runs use: an exact version such as `1.9.5`, `latest`, or constraints such as `~> 1.9`. " +
					"Not set, a new workspace gets the platform's latest version, and an existing one keeps its own.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"trigger_prefixes": triggerList("Paths whose changes, besides the working directory's, start runs when `file_triggers_enabled` is true.", "trigger_patterns"),
			"trigger_patterns": triggerList("Glob patterns of files whose changes start runs when `file_triggers_enabled` is true, such as `/modules/**/*.tf`.", "trigger_prefixes"),
			"working_directory": schema.StringAttribute{
				Optional: true, Computed: true, Default: stringdefault.StaticString(""),
				Description: "Directory of the repository, relative to its root, where runs run. Default `\"\"`, the root.",
			},
			"tag_names": schema.SetAttribute{
				Optional: true, Computed: true, ElementType: types.StringType,
				Description: "The workspace's flat tags. " + tagNameRule +
					" Left out, the workspace keeps the tags it has; `[]` removes them all. A tag added outside Terraform shows as drift when the set is given.",
				Validators:    []validator.Set{setvalidator.ValueStringsAre(tagNameValidators()...)},
				PlanModifiers: []planmodifier.Set{setplanmodifier.UseStateForUnknown()},
			},
			"tag_bindings": schema.MapAttribute{
				Optional: true, Computed: true, ElementType: types.StringType,
				Description: "The workspace's own key-value tags, besides those it inherits from its project, which are not listed here. " + tagBindingRule +
					" Left out, the workspace keeps the tags it has; `{}` removes them all. A tag changed outside Terraform shows as drift when the map is set.",
				Validators:    tagBindingValidators(),
				PlanModifiers: []planmodifier.Map{mapplanmodifier.UseStateForUnknown()},
			},
			"vcs_repo": schema.SingleNestedAttribute{
				Optional:    true,
				Description: "The repository that the workspace's configuration comes from. Not set, the workspace has none (a configuration is uploaded by the CLI or the API); removing it detaches the workspace.",
				Attributes: map[string]schema.Attribute{
					"identifier": schema.StringAttribute{
						Required:    true,
						Description: "The repository, as the code host names it: `<owner>/<repository>`.",
						Validators:  []validator.String{stringvalidator.RegexMatches(repoIdentifier, "must be the repository's owner and name, such as acme/networking")},
					},
					"branch": schema.StringAttribute{
						Optional:    true,
						Description: "Branch whose changes start runs. Not set, the repository's default branch.",
					},
					"ingress_submodules": schema.BoolAttribute{
						Optional: true, Computed: true, Default: booldefault.StaticBool(false),
						Description: "Whether the repository's submodules are fetched with it. Default `false`.",
					},
					"oauth_token_id": schema.StringAttribute{
						Optional:    true,
						Description: "ID of the OAuth token through which the platform reaches the code host, `ot-` and 16 characters. Exactly one of it and `codehost_app_installation_id` is set.",
						Validators: []validator.String{stringvalidator.ExactlyOneOf(
							path.MatchRoot("vcs_repo").AtName("oauth_token_id"),
							path.MatchRoot("vcs_repo").AtName("codehost_app_installation_id"))},
					},
					"codehost_app_installation_id": schema.StringAttribute{
						Optional:    true,
						Description: "ID of the code-host app installation through which the platform reaches the code host. Exactly one of it and `oauth_token_id` is set.",
					},
					"tags_regex": schema.StringAttribute{
						Optional: true,
						Description: "A regular expression of the repository's tags that start runs, such as `^v\\d+\\.\\d+\\.\\d+$`, instead of changes of files. " +
							"It needs `file_triggers_enabled = false` and no trigger prefixes or patterns.",
						Validators: []validator.String{regexValidator{}},
					},
				},
			},
			"setting_overwrites": schema.SingleNestedAttribute{
				Computed: true,
				Description: "Which execution settings are the workspace's own (true) rather than inherited from its project or organization (false): " +
					"`execution_mode` and `agent_pool`. `stack_platform_workspace_settings` sets them.",
				Attributes: map[string]schema.Attribute{
					"execution_mode": schema.BoolAttribute{Computed: true, Description: "Whether the execution mode is the workspace's own."},
					"agent_pool":     schema.BoolAttribute{Computed: true, Description: "Whether the agent pool is the workspace's own."},
				},
				PlanModifiers: []planmodifier.Object{objectplanmodifier.UseStateForUnknown()},
			},
			"resource_count":         schema.Int64Attribute{Computed: true, Description: "How many resources the workspace's state holds: the resources it manages.", PlanModifiers: useState},
			"apply_duration_average": figure("Average duration of the workspace's applies, in milliseconds"),
			"plan_duration_average":  figure("Average duration of the workspace's plans, in milliseconds"),
			"policy_check_failures":  figure("How many of the workspace's runs failed a policy check"),
			"run_failures":           figure("How many of the workspace's runs failed"),
			"runs_count":             figure("How many runs the workspace had"),
			"force_delete": schema.BoolAttribute{
				Optional: true, Computed: true, Default: booldefault.StaticBool(false),
				Description: "How a destroy deletes the workspace. `false` (the default): safely, which the platform refuses while the workspace still manages resources. " +
					"`true`: whatever it manages, which only the organization's owners may do unless the organization allows force delete (`allow_force_delete_workspaces`). " +
					"Set it, and apply, before the destroy: a destroy uses the value in the state.",
			},
		},
	}
}

// validateWorkspace checks the rules that tie attributes together.
func validateWorkspace(ctx context.Context, _ tfsdk.Config, m *workspaceResourceModel, diags *diag.Diagnostics) {
	nonEmpty := func(l types.List) bool { return !l.IsNull() && !l.IsUnknown() && len(l.Elements()) > 0 }
	if nonEmpty(m.TriggerPrefixes) && nonEmpty(m.TriggerPatterns) {
		diags.AddAttributeError(path.Root("trigger_patterns"), "Conflicting triggers",
			"trigger_patterns and trigger_prefixes cannot both be non-empty: set one of them.")
	}
	if m.VCSRepo == nil || m.VCSRepo.TagsRegex.IsNull() {
		return
	}
	p := path.Root("vcs_repo").AtName("tags_regex")
	if nonEmpty(m.TriggerPrefixes) || nonEmpty(m.TriggerPatterns) {
		diags.AddAttributeError(p, "Conflicting triggers",
			"vcs_repo.tags_regex starts runs on tags, so it cannot be set with trigger_prefixes or trigger_patterns: remove them or the regular expression.")
	}
	if m.FileTriggersEnabled.IsNull() || (!m.FileTriggersEnabled.IsUnknown() && m.FileTriggersEnabled.ValueBool()) {
		diags.AddAttributeError(p, "Conflicting triggers",
			"vcs_repo.tags_regex starts runs on tags rather than on changes of files: set file_triggers_enabled = false with it.")
	}
}

func createWorkspace(ctx context.Context, op fwutil.Op[*platformclient.Client], m *workspaceResourceModel) error {
	opts := workspaceFromModel(ctx, &m.workspaceModel, creating, op.Diags)
	if op.Diags.HasError() {
		return nil
	}
	got, err := op.Client.Workspaces.Create(ctx, m.Organization.ValueString(), opts)
	if err != nil {
		return err
	}
	modelFromWorkspace(&m.workspaceModel, got, tagsOf(opts.TagBindings), op.Diags)
	return nil
}

// updateWorkspace sends every value of the plan, and adds and removes flat
// tags, which only a create takes with the workspace: up to three
// requests. When adding or removing tags fails, the workspace keeps the
// earlier requests' changes, and the error is a fwutil.Partial whose
// model holds them, with the tags the workspace has.
func updateWorkspace(ctx context.Context, op fwutil.Op[*platformclient.Client], m, prior *workspaceResourceModel) error {
	u := workspaceFromModel(ctx, &m.workspaceModel, updating, op.Diags)
	if op.Diags.HasError() {
		return nil
	}
	id := m.ID.ValueString()
	got, err := op.Client.Workspaces.Update(ctx, id, u)
	if err != nil {
		return err
	}
	if !m.TagNames.IsUnknown() {
		want, had := sortedStrings(ctx, m.TagNames, op.Diags), sortedStrings(ctx, prior.TagNames, op.Diags)
		done := fmt.Sprintf("the workspace %s has every change of the plan but its flat tags", id)
		partial := func(tags []string, err error) error {
			got.TagNames = tags
			modelFromWorkspace(&m.workspaceModel, got, tagsOf(u.TagBindings), op.Diags)
			return &fwutil.Partial{Done: done, Path: path.Root("tag_names"), Err: err}
		}
		now := had
		if add := missing(want, had); len(add) > 0 {
			if err := op.Client.Workspaces.AddTags(ctx, id, add); err != nil {
				return partial(now, err)
			}
			now = slices.Sorted(slices.Values(append(slices.Clone(had), add...)))
			done += fmt.Sprintf(", and the tags %q are added", add)
		}
		if remove := missing(had, want); len(remove) > 0 {
			if err := op.Client.Workspaces.RemoveTags(ctx, id, remove); err != nil {
				return partial(now, err)
			}
		}
		got.TagNames = want
	}
	modelFromWorkspace(&m.workspaceModel, got, tagsOf(u.TagBindings), op.Diags)
	return nil
}

// missing returns the elements of a that b lacks.
func missing(a, b []string) []string {
	var out []string
	for _, s := range a {
		if !slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}

func deleteWorkspace(ctx context.Context, op fwutil.Op[*platformclient.Client], m *workspaceResourceModel) error {
	id, name := m.ID.ValueString(), m.Name.ValueString()
	if m.ForceDelete.ValueBool() {
		err := op.Client.Workspaces.Delete(ctx, id)
		if client.StatusCode(err) == http.StatusForbidden {
			return &fwutil.Failure{Summary: "Workspace not deleted", Detail: fmt.Sprintf(
				"The platform refuses to force-delete the workspace %s (%q), which still manages resources: only the organization's owners may, "+
					"unless the organization allows force delete (allow_force_delete_workspaces of stack_platform_organization). "+
					"Destroy the workspace's resources first, or use an owner's token.\n\nServer said: %s", id, name, err)}
		}
		return err
	}
	err := op.Client.Workspaces.SafeDelete(ctx, id)
	if client.StatusCode(err) == http.StatusConflict {
		return &fwutil.Failure{Summary: "Workspace not deleted", Detail: fmt.Sprintf(
			"The platform refuses to safely delete the workspace %s (%q): it still manages resources, or its state is still being processed. "+
				"Destroy its resources first (a destroy run in the workspace), or set force_delete = true on the workspace and apply "+
				"before destroying it, to delete it with the resources it manages.\n\nServer said: %s", id, name, err)}
	}
	return err
}

// workspaceFromModel is the workspace m describes, for a create or an
// update (w). An update gives the workspace every value of m, and clears
// those m leaves out; a create leaves them out. Both leave out the values
// not known yet, which the platform chooses: the project, the Terraform
// version, the tag bindings. The flat tags go with a create only: an
// update adds and removes them by calls of their own.
func workspaceFromModel(ctx context.Context, m *workspaceModel, w writeKind, diags *diag.Diagnostics) platformclient.WorkspaceOptions {
	o := platformclient.WorkspaceOptions{
		Name:                        ptr(m.Name.ValueString()),
		Description:                 w.text(m.Description),
		AllowDestroyPlan:            boolOf(m.AllowDestroyPlan),
		AssessmentsEnabled:          boolOf(m.AssessmentsEnabled),
		AutoApply:                   boolOf(m.AutoApply),
		AutoApplyRunTrigger:         boolOf(m.AutoApplyRunTrigger),
		FileTriggersEnabled:         boolOf(m.FileTriggersEnabled),
		QueueAllRuns:                boolOf(m.QueueAllRuns),
		SpeculativeEnabled:          boolOf(m.SpeculativeEnabled),
		StructuredRunOutputEnabled:  boolOf(m.StructuredRunOutputEnabled),
		AutoDestroyActivityDuration: w.nullable(m.AutoDestroyActivityDuration),
		// A duration of its own is the workspace's; without one, it
		// inherits its project's, as go-tfe's clients say explicitly.
		InheritsProjectAutoDestroy: ptr(m.AutoDestroyActivityDuration.IsNull()),
		SourceName:                 w.text(m.SourceName),
		SourceURL:                  w.text(m.SourceURL),
		TerraformVersion:           stringOf(m.TerraformVersion),
		WorkingDirectory:           stringOf(m.WorkingDirectory),
		TagBindings:                tagBindingsOf(ctx, m.TagBindings, diags),
	}
	if w == updating {
		o.AutoDestroyAt = platformclient.Null[time.Time]()
		o.VCSRepo = platformclient.Null[*platformclient.VCSRepoOptions]()
	}
	if at := timeOf(m.AutoDestroyAt, diags); at != nil {
		o.AutoDestroyAt = platformclient.Value(*at)
	}
	if !m.TriggerPrefixes.IsUnknown() {
		o.TriggerPrefixes = nonNil(fwutil.Strings(ctx, m.TriggerPrefixes, diags))
	}
	if !m.TriggerPatterns.IsUnknown() {
		o.TriggerPatterns = nonNil(fwutil.Strings(ctx, m.TriggerPatterns, diags))
	}
	if r := m.VCSRepo; r != nil {
		o.VCSRepo = platformclient.Value(&platformclient.VCSRepoOptions{
			Identifier:                stringOf(r.Identifier),
			Branch:                    ptr(r.Branch.ValueString()),
			IngressSubmodules:         boolOf(r.IngressSubmodules),
			OAuthTokenID:              stringOf(r.OAuthTokenID),
			CodehostAppInstallationID: stringOf(r.CodehostAppInstallationID),
			TagsRegex:                 ptr(r.TagsRegex.ValueString()),
		})
	}
	if !m.ProjectID.IsNull() && !m.ProjectID.IsUnknown() {
		o.Project = &platformclient.Project{ID: m.ProjectID.ValueString()}
	}
	if w == creating {
		for _, n := range sortedStrings(ctx, m.TagNames, diags) {
			o.Tags = append(o.Tags, &platformclient.Tag{Name: n})
		}
	}
	return o
}

// modelFromWorkspace writes the workspace the server answered over m,
// with tags, the tag bindings the workspace holds: the platform answers a
// write without them, but holds exactly the ones the write sent.
func modelFromWorkspace(m *workspaceModel, w *platformclient.Workspace, tags map[string]string, diags *diag.Diagnostics) {
	var d diag.Diagnostics
	m.ID = types.StringValue(w.ID)
	m.Organization = sameOrganization(m.Organization, w.Organization)
	m.Name = types.StringValue(w.Name)
	m.Description = fwutil.StringFromAPI(m.Description, w.Description)
	m.ProjectID = types.StringNull()
	if w.Project != nil {
		m.ProjectID = types.StringValue(w.Project.ID)
	}
	m.AutoApply = types.BoolValue(w.AutoApply)
	m.AutoApplyRunTrigger = types.BoolValue(w.AutoApplyRunTrigger)
	m.AutoDestroyAt = timeFromAPI(m.AutoDestroyAt, w.AutoDestroyAt, time.RFC3339)
	// A workspace that inherits its project's auto-destroy settings is
	// answered with the project's duration: not the workspace's own,
	// which is what the resource shows (the data sources show the one in
	// effect).
	m.AutoDestroyActivityDuration = types.StringNull()
	if a := w.AutoDestroyActivityDuration; a != nil && *a != "" && !w.InheritsProjectAutoDestroy {
		m.AutoDestroyActivityDuration = types.StringValue(*a)
	}
	m.AllowDestroyPlan = types.BoolValue(w.AllowDestroyPlan)
	m.FileTriggersEnabled = types.BoolValue(w.FileTriggersEnabled)
	m.QueueAllRuns = types.BoolValue(w.QueueAllRuns)
	m.SpeculativeEnabled = types.BoolValue(w.SpeculativeEnabled)
	m.StructuredRunOutputEnabled = types.BoolValue(w.StructuredRunOutputEnabled)
	m.AssessmentsEnabled = types.BoolValue(w.AssessmentsEnabled)
	m.SourceName = fwutil.StringFromAPI(m.SourceName, w.SourceName)
	m.SourceURL = fwutil.StringFromAPI(m.SourceURL, w.SourceURL)
	m.TerraformVersion = types.StringValue(w.TerraformVersion)
	m.TriggerPrefixes = fwutil.StringListValue(nonNil(w.TriggerPrefixes))
	m.TriggerPatterns = fwutil.StringListValue(nonNil(w.TriggerPatterns))
	m.WorkingDirectory = types.StringValue(w.WorkingDirectory)
	m.TagNames = fwutil.StringSetValue(nonNil(w.TagNames))
	m.TagBindings = fwutil.StringMapValue(tags)
	m.VCSRepo = vcsRepoFromAPI(m.VCSRepo, w.VCSRepo)
	overwrites := map[string]attr.Value{"execution_mode": types.BoolValue(false), "agent_pool": types.BoolValue(false)}
	if o := w.SettingOverwrites; o != nil {
		overwrites["execution_mode"] = types.BoolValue(o.ExecutionMode != nil && *o.ExecutionMode)
		overwrites["agent_pool"] = types.BoolValue(o.AgentPool != nil && *o.AgentPool)
	}
	m.SettingOverwrites, d = types.ObjectValue(settingOverwritesTypes, overwrites)
	diags.Append(d...)
	m.ResourceCount = types.Int64Value(int64(w.ResourceCount))
	m.ApplyDurationAverage = types.Int64Value(int64(w.ApplyDurationAverage))
	m.PlanDurationAverage = types.Int64Value(int64(w.PlanDurationAverage))
	m.PolicyCheckFailures = types.Int64Value(int64(w.PolicyCheckFailures))
	m.RunFailures = types.Int64Value(int64(w.RunFailures))
	m.RunsCount = types.Int64Value(int64(w.RunsCount))
}

func vcsRepoFromAPI(prior *workspaceVCSRepoModel, r *platformclient.VCSRepo) *workspaceVCSRepoModel {
	if r == nil {
		return nil
	}
	if prior == nil {
		prior = &workspaceVCSRepoModel{}
	}
	return &workspaceVCSRepoModel{
		Identifier:                types.StringValue(r.Identifier),
		Branch:                    fwutil.StringFromAPI(prior.Branch, r.Branch),
		IngressSubmodules:         types.BoolValue(r.IngressSubmodules),
		OAuthTokenID:              fwutil.StringFromAPI(prior.OAuthTokenID, r.OAuthTokenID),
		CodehostAppInstallationID: fwutil.StringFromAPI(prior.CodehostAppInstallationID, r.CodehostAppInstallationID),
		TagsRegex:                 fwutil.StringFromAPI(prior.TagsRegex, r.TagsRegex),
	}
}

// regexValidator checks, at plan time, that a value is a regular
// expression.
type regexValidator struct{}

func (regexValidator) Description(context.Context) string {
	return "must be a valid regular expression"
}

func (v regexValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v regexValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if _, err := regexp.Compile(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid regular expression",
			fmt.Sprintf("%s must be a valid regular expression, got %q: %s.", req.Path, req.ConfigValue.ValueString(), err))
	}
}
