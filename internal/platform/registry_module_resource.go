package platform

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// registryModuleModel is a module of an organization's registry.
type registryModuleModel struct {
	ID                  types.String                   `tfsdk:"id"`
	Organization        types.String                   `tfsdk:"organization"`
	RegistryName        types.String                   `tfsdk:"registry_name"`
	Namespace           types.String                   `tfsdk:"namespace"`
	Name                types.String                   `tfsdk:"name"`
	ModuleProvider      types.String                   `tfsdk:"module_provider"`
	NoCode              types.Bool                     `tfsdk:"no_code"`
	InitialVersion      types.String                   `tfsdk:"initial_version"`
	PublishingMechanism types.String                   `tfsdk:"publishing_mechanism"`
	VCSRepo             *registryModuleVCSRepoModel    `tfsdk:"vcs_repo"`
	TestConfig          *registryModuleTestConfigModel `tfsdk:"test_config"`
}

type registryModuleVCSRepoModel struct {
	Identifier                types.String `tfsdk:"identifier"`
	DisplayIdentifier         types.String `tfsdk:"display_identifier"`
	OAuthTokenID              types.String `tfsdk:"oauth_token_id"`
	CodehostAppInstallationID types.String `tfsdk:"codehost_app_installation_id"`
	Branch                    types.String `tfsdk:"branch"`
	Tags                      types.Bool   `tfsdk:"tags"`
	SourceDirectory           types.String `tfsdk:"source_directory"`
	TagPrefix                 types.String `tfsdk:"tag_prefix"`
}

type registryModuleTestConfigModel struct {
	TestsEnabled       types.Bool   `tfsdk:"tests_enabled"`
	AgentExecutionMode types.String `tfsdk:"agent_execution_mode"`
	AgentPoolID        types.String `tfsdk:"agent_pool_id"`
}

// moduleRepoRe is a repository's identifier: its owner and name.
var moduleRepoRe = regexp.MustCompile(`^\S+/\S+$`)

// moduleRepoNameRe is the name of a repository that names a module,
// terraform-<PROVIDER>-<NAME>, from which the platform takes the names of
// a module of a repository that gives none.
var moduleRepoNameRe = regexp.MustCompile(`^[^/]+/terraform-([^-/]+)-([^/]+)$`)

// NewRegistryModuleResource is the constructor of
// stack_platform_registry_module.
var NewRegistryModuleResource = fwutil.NewResource(&fwutil.Resource[registryModuleModel, *platformclient.Client]{
	TypeName: "platform_registry_module",
	Service:  platformclient.Service,
	Object:   "registry module",
	Twins:    []fwutil.Twin{tfeRegistryModule},
	Schema:   registryModuleSchema,
	// Its identity is its ID: modules of one monorepo may share their
	// names.
	Identity: &fwutil.Identity{Attrs: []string{"id"}},
	Import: &fwutil.Import[registryModuleModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{
			{
				Says:  "its ID, mod- and 16 characters of the base58 alphabet",
				Parts: []fwutil.IDPart{moduleIDPart},
			},
			{Parts: []fwutil.IDPart{
				{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString},
				{Label: "<REGISTRY NAME>", Match: isRegistryName},
				{Label: "<NAMESPACE>"}, {Label: "<NAME>"}, {Label: "<PROVIDER>"}, moduleIDPart,
			}},
			{Parts: []fwutil.IDPart{
				{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString},
				{Label: "<NAME>"}, {Label: "<PROVIDER>"}, moduleIDPart,
			}},
		}},
		Print: func(m *registryModuleModel) string {
			return strings.Join([]string{m.Organization.ValueString(), m.RegistryName.ValueString(), m.Namespace.ValueString(),
				m.Name.ValueString(), m.ModuleProvider.ValueString(), m.ID.ValueString()}, "/")
		},
		Read: importRegistryModule,
	},
	// The platform takes a module of the names of another when their
	// source directories differ (a monorepo's modules), so its 409 no
	// longer says that the names are taken: the create reads the module
	// its names reach first, one request, and refuses to make a second
	// that its update and delete, which go by names, could not reach.
	// A 409 (a module made in the meantime) is looked up the same way,
	// for the ID that the import ID needs.
	Conflict: &fwutil.Conflict[registryModuleModel, *platformclient.Client]{
		Find:   findRegistryModule,
		Lookup: findRegistryModule,
	},
	Plan: &fwutil.Plan[registryModuleModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
		Validate:         validateRegistryModule,
		Derive:           deriveRegistryModule,
	},
	// initial_version is the first version of a branch-based module,
	// published at its create: the platform keeps no such setting.
	LocalAttributes: []string{"initial_version"},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *registryModuleModel) error {
		got, err := op.Client.RegistryModules.Create(ctx, m.Organization.ValueString(), registryModuleFromModel(m, true))
		if err == nil {
			modelFromRegistryModule(m, got)
		}
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *registryModuleModel) error {
		got, err := op.Client.RegistryModules.ReadByID(ctx, m.ID.ValueString())
		if err == nil {
			modelFromRegistryModule(m, got)
		}
		return err
	},
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *registryModuleModel) error {
		got, err := op.Client.RegistryModules.Update(ctx, registryModuleIDOf(m), registryModuleFromModel(m, false))
		if err == nil {
			modelFromRegistryModule(m, got)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *registryModuleModel) error {
		return op.Client.RegistryModules.Delete(ctx, registryModuleIDOf(m))
	},
})

var moduleIDPart = fwutil.IDPart{Label: "<MODULE ID>", Match: func(s string) bool {
	return platformclient.IsID(platformclient.PrefixRegistryModule, s)
}}

func registryModuleSchema(context.Context) schema.Schema {
	replaceWithRepo := objectplanmodifier.RequiresReplaceIf(repositoryAddedOrRemoved,
		"Adding or removing it replaces the module.", "Adding or removing it replaces the module.")
	repoReplaces := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	return schema.Schema{
		Description: "A module of an organization's registry on the platform: a private module, in the organization's namespace, or the organization's copy " +
			"of a module of the public registry, in that module's namespace. A private module either publishes the versions uploaded through the API " +
			"(outside Terraform), or, with `vcs_repo`, publishes from a repository: from a branch, or from its tags. Terraform manages one module of " +
			"a registry, namespace, name and provider in an organization: the platform takes a second of the same four from another source directory " +
			"of a repository (a monorepo's), but its paths by names, which the update and the destroy use, reach only the oldest; so a create of names " +
			"that the organization has fails with the import command of the module in place, and the import of a module that they do not reach fails. " +
			"Changing the organization, the registry, the namespace, the name, the provider or the repository replaces the module, and deleting it deletes its versions. A version is deprecated with `stack_platform_registry_module_version_deprecation`. " +
			"The import ID is `<ORGANIZATION>/<REGISTRY NAME>/<NAMESPACE>/<NAME>/<PROVIDER>/<MODULE ID>`, such as " +
			"`acme/private/acme/network/aws/mod-6p5RiCe5CRjBmsGt`, the older `<ORGANIZATION>/<NAME>/<PROVIDER>/<MODULE ID>` of a private module, " +
			"or the module's ID.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The module's ID, `mod-` and 16 characters.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"organization":  organizationAttribute("module"),
			"registry_name": registryNameAttribute("module"),
			"namespace": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "The module's namespace. A private module's is its organization's name, which it is when not set here; " +
					"set, it must name that organization, in any case. A public module's is that of the public registry's module, and must be set. " +
					"The platform is known to take " + registryPartForm + " and warns of anything else. Changing it replaces the module.",
				Validators: notBlankValidators(),
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.UseStateForUnknown(),
					stringplanmodifier.RequiresReplaceIf(otherNamespace,
						"Changing it replaces the module; a private module's, other than in its case.",
						"Changing it replaces the module; a private module's, other than in its case."),
					fwutil.KnownForm("registry module", "the platform", registryPartRe, registryPartForm),
				},
			},
			"name": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "The module's name (`network` in `acme/network/aws`). Required without `vcs_repo`; with it, when not set, the repository's: " +
					"its name must then be `terraform-<PROVIDER>-<NAME>`. " + moduleNameRule + " Changing it replaces the module.",
				Validators: moduleNameValidators(),
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.UseStateForUnknown(), stringplanmodifier.RequiresReplace(),
					fwutil.KnownForm("registry module", "the platform", registryPartRe, registryPartForm),
				},
			},
			"module_provider": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "The module's provider, the main provider its resources use (`aws` in `acme/network/aws`). Required without `vcs_repo`; " +
					"with it, when not set, the repository's: its name must then be `terraform-<PROVIDER>-<NAME>`. " + moduleNameRule +
					" Changing it replaces the module.",
				Validators: moduleNameValidators(),
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.UseStateForUnknown(), stringplanmodifier.RequiresReplace(),
					fwutil.KnownForm("registry module", "the platform", registryPartRe, registryPartForm),
				},
			},
			"no_code": schema.BoolAttribute{
				Optional: true, Computed: true, Default: booldefault.StaticBool(false),
				Description: "Whether the module is a no-code module, which workspaces are made from without writing configuration. Default `false`.",
			},
			"initial_version": schema.StringAttribute{
				Optional: true,
				Description: "The version a branch-based module (`vcs_repo.branch` set) publishes at its create, a semantic version such as `1.0.0`; " +
					"the platform publishes `0.0.0` when it is not set. Only taken with `vcs_repo.branch`. The platform keeps no such setting: " +
					"a change after the create is kept in the state and sends nothing, and an import leaves it unset.",
				Validators: []validator.String{stringvalidator.RegexMatches(semverRe, "must be a semantic version, such as 1.0.0")},
			},
			"publishing_mechanism": schema.StringAttribute{
				Computed: true,
				Description: "How a module of a repository publishes its versions: `branch` (from `vcs_repo.branch`) or `git_tag` (from the repository's tags); " +
					"null for a module of no repository.",
			},
			"vcs_repo": schema.SingleNestedAttribute{
				Optional: true,
				Description: "The repository the module publishes from, which only a private module has. Not set, the module publishes the versions " +
					"uploaded through the API. Adding or removing it, or changing its repository or how the platform reaches the code host, replaces the module; " +
					"how it publishes (`branch`, `source_directory`, `tag_prefix`) changes in place.",
				PlanModifiers: []planmodifier.Object{replaceWithRepo},
				Attributes: map[string]schema.Attribute{
					"identifier": schema.StringAttribute{
						Required:      true,
						Description:   "The repository, as the code host names it: `<owner>/<repository>`. Changing it replaces the module.",
						Validators:    []validator.String{stringvalidator.RegexMatches(moduleRepoRe, "must be the repository's owner and name, such as acme/terraform-aws-network")},
						PlanModifiers: repoReplaces,
					},
					"display_identifier": schema.StringAttribute{
						Optional: true, Computed: true,
						Description:   "The repository's name as the code host shows it; `identifier` when not set. Changing it replaces the module.",
						Validators:    notBlankValidators(),
						PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown(), stringplanmodifier.RequiresReplace()},
					},
					"oauth_token_id": schema.StringAttribute{
						Optional: true,
						Description: "ID of the OAuth token through which the platform reaches the code host, `ot-` and 16 characters, one of the organization's. " +
							"Exactly one of it and `codehost_app_installation_id` is set. Changing it replaces the module.",
						Validators: []validator.String{
							idValidator(platformclient.PrefixOAuthToken, "an OAuth token"),
							stringvalidator.ExactlyOneOf(
								path.MatchRoot("vcs_repo").AtName("oauth_token_id"),
								path.MatchRoot("vcs_repo").AtName("codehost_app_installation_id")),
						},
						PlanModifiers: repoReplaces,
					},
					"codehost_app_installation_id": schema.StringAttribute{
						Optional:      true,
						Description:   "ID of the code-host app installation through which the platform reaches the code host. Exactly one of it and `oauth_token_id` is set. Changing it replaces the module.",
						Validators:    notBlankValidators(),
						PlanModifiers: repoReplaces,
					},
					"branch": schema.StringAttribute{
						Optional: true,
						Description: "The branch the module publishes from: each change of it is a version (branch-based publishing). " +
							"Not set, the module publishes a version for each tag of the repository that is a semantic version (tag-based publishing).",
						Validators: notBlankValidators(),
					},
					"tags": schema.BoolAttribute{
						Computed:    true,
						Description: "Whether the module publishes from the repository's tags: true when `branch` is not set.",
					},
					"source_directory": schema.StringAttribute{
						Optional:    true,
						Description: "The directory of the repository that holds the module, for a repository of several modules; not set, its root.",
						Validators:  notBlankValidators(),
					},
					"tag_prefix": schema.StringAttribute{
						Optional:    true,
						Description: "The prefix of the tags the module publishes from, such as `network-v` for `network-v1.2.0`, for a repository of several modules.",
						Validators:  notBlankValidators(),
					},
				},
			},
			"test_config": schema.SingleNestedAttribute{
				Optional: true,
				Description: "How the module's tests run on each change of its branch, which only a branch-based module of a repository has. " +
					"Not set, the module runs no tests (removing it turns them off).",
				Attributes: map[string]schema.Attribute{
					"tests_enabled": schema.BoolAttribute{
						Optional: true, Computed: true, Default: booldefault.StaticBool(false),
						Description: "Whether the module's tests run: only with `vcs_repo.branch`. Default `false`.",
					},
					"agent_execution_mode": schema.StringAttribute{
						Optional:    true,
						Description: "Where the tests run: `remote`, on the platform's workers, or `agent`, on the agents of `agent_pool_id`. Not set, the platform's workers.",
						Validators:  []validator.String{stringvalidator.OneOf("agent", "remote")},
					},
					"agent_pool_id": schema.StringAttribute{
						Optional:    true,
						Description: "ID of the agent pool, one of the organization's, whose agents run the tests, `apool-` and 16 characters: only with `agent_execution_mode = \"agent\"`, which needs it.",
						Validators:  []validator.String{idValidator(platformclient.PrefixAgentPool, "an agent pool")},
					},
				},
			},
		},
	}
}

// repositoryAddedOrRemoved reports whether the plan adds or removes the
// module's repository: a module of a repository and one of none are
// made apart.
func repositoryAddedOrRemoved(_ context.Context, req planmodifier.ObjectRequest, resp *objectplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = req.StateValue.IsNull() != req.PlanValue.IsNull()
}

// validateRegistryModule holds the rules that tie the module's attributes
// together, as the descriptions state them.
func validateRegistryModule(_ context.Context, _ tfsdk.Config, m *registryModuleModel, diags *diag.Diagnostics) {
	validateRegistryNamespace(m.RegistryName, m.Namespace, m.Organization, "module", diags)
	repo, tests := m.VCSRepo, m.TestConfig
	if repo == nil {
		for _, a := range []struct {
			name string
			v    types.String
		}{{"name", m.Name}, {"module_provider", m.ModuleProvider}} {
			if a.v.IsNull() {
				diags.AddAttributeError(path.Root(a.name), "Missing "+a.name,
					"A module of no repository names its name and its provider: set name and module_provider, or vcs_repo.")
			}
		}
	} else {
		if m.RegistryName.ValueString() == platformclient.RegistryPublic {
			diags.AddAttributeError(path.Root("vcs_repo"), "Invalid vcs_repo", "Only a private module publishes from a repository: a public module is the organization's copy of the public registry's.")
		}
		if (m.Name.IsNull() || m.ModuleProvider.IsNull()) && !repo.Identifier.IsUnknown() && !moduleRepoNameRe.MatchString(repo.Identifier.ValueString()) {
			diags.AddAttributeError(path.Root("vcs_repo").AtName("identifier"), "Missing module names", fmt.Sprintf(
				"The repository %q is not named terraform-<PROVIDER>-<NAME>, from which the platform would take the module's names: set name and module_provider.",
				repo.Identifier.ValueString()))
		}
	}
	branchless := repo == nil || repo.Branch.IsNull()
	if !m.InitialVersion.IsNull() && branchless {
		diags.AddAttributeError(path.Root("initial_version"), "Invalid initial_version",
			"Only a branch-based module publishes an initial version: set vcs_repo.branch, or leave initial_version out.")
	}
	if tests == nil {
		return
	}
	if tests.TestsEnabled.ValueBool() && branchless {
		diags.AddAttributeError(path.Root("test_config").AtName("tests_enabled"), "Invalid tests_enabled",
			"Only a branch-based module of a repository runs tests: set vcs_repo.branch, or turn tests off.")
	}
	agent := tests.AgentExecutionMode.ValueString() == "agent"
	switch {
	case !tests.AgentPoolID.IsNull() && !tests.AgentExecutionMode.IsUnknown() && !agent:
		diags.AddAttributeError(path.Root("test_config").AtName("agent_pool_id"), "Invalid agent_pool_id",
			`An agent pool runs the tests only in the agent mode: set agent_execution_mode = "agent", or leave agent_pool_id out.`)
	case agent && tests.AgentPoolID.IsNull():
		diags.AddAttributeError(path.Root("test_config").AtName("agent_pool_id"), "Missing agent_pool_id",
			`Tests in the agent mode run on an agent pool's agents: set agent_pool_id.`)
	}
}

// deriveRegistryModule plans what the platform derives by its rules: a
// private module's namespace (its organization's name), a module of a
// repository's names (from terraform-<PROVIDER>-<NAME>), its display
// identifier (the identifier), and how it publishes.
func deriveRegistryModule(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	deriveRegistryNamespace(ctx, req, resp)
	var m registryModuleModel
	resp.Diagnostics.Append(fwutil.Get(ctx, resp.Plan, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	repo := m.VCSRepo
	if repo == nil {
		m.PublishingMechanism = types.StringNull()
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("publishing_mechanism"), m.PublishingMechanism)...)
		return
	}
	if !repo.Branch.IsUnknown() {
		mechanism := platformclient.PublishingBranch
		if repo.Branch.IsNull() {
			mechanism = platformclient.PublishingTags
		}
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("publishing_mechanism"), types.StringValue(mechanism))...)
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("vcs_repo").AtName("tags"), types.BoolValue(repo.Branch.IsNull()))...)
	}
	if repo.Identifier.IsUnknown() {
		return
	}
	if repo.DisplayIdentifier.IsUnknown() {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("vcs_repo").AtName("display_identifier"), repo.Identifier)...)
	}
	if parts := moduleRepoNameRe.FindStringSubmatch(repo.Identifier.ValueString()); parts != nil {
		if m.ModuleProvider.IsUnknown() {
			resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("module_provider"), types.StringValue(parts[1]))...)
		}
		if m.Name.IsUnknown() {
			resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("name"), types.StringValue(parts[2]))...)
		}
	}
}

// importRegistryModule takes <MODULE ID>, or with it the module's names,
// and reads the module by its ID: names that are not the module's fail
// the import.
func importRegistryModule(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	p := id.Parts
	got, err := c.RegistryModules.ReadByID(ctx, p[len(p)-1])
	if !importFound(diags, "registry module", id.String(), err) {
		return
	}
	var m registryModuleModel
	switch len(p) {
	case 6:
		m.Organization = types.StringValue(p[0])
		if !strings.EqualFold(p[0], got.Organization.Name) || p[1] != got.RegistryName || !strings.EqualFold(p[2], got.Namespace) || p[3] != got.Name || p[4] != got.Provider {
			importNamesOther(diags, id.String(), got)
			return
		}
	case 4:
		m.Organization = types.StringValue(p[0])
		if !strings.EqualFold(p[0], got.Organization.Name) || got.RegistryName != platformclient.RegistryPrivate || p[1] != got.Name || p[2] != got.Provider {
			importNamesOther(diags, id.String(), got)
			return
		}
	}
	// Of modules that share their names (a monorepo's), the paths by
	// names reach the oldest alone: another would be updated and
	// destroyed through them as that one.
	reached, err := c.RegistryModules.Read(ctx, platformclient.RegistryModuleID{
		Organization: got.Organization.Name, RegistryName: got.RegistryName, Namespace: got.Namespace, Name: got.Name, Provider: got.Provider,
	})
	switch {
	case err != nil:
		fwutil.AddAPIError(diags, "Cannot import the registry module", err)
		return
	case reached.ID != got.ID:
		diags.AddError("Cannot import the registry module", fmt.Sprintf(
			"The module %s shares its names, %s/%s/%s/%s, with the older %s, which the platform's paths by names reach: "+
				"the update and the destroy of a module go through them, and would change or delete %s. "+
				"Manage %s outside Terraform, or import %s.",
			got.ID, got.RegistryName, got.Namespace, got.Name, got.Provider, reached.ID, reached.ID, got.ID, reached.ID))
		return
	}
	modelFromRegistryModule(&m, got)
	diags.Append(fwutil.Set(ctx, state, &m)...)
}

func importNamesOther(diags *diag.Diagnostics, id string, got *platformclient.RegistryModule) {
	diags.AddError("Cannot import the registry module", fmt.Sprintf(
		"The import ID %q names a module that is not %s: that ID is the %s module %s/%s/%s/%s/%s.",
		id, got.ID, got.RegistryName, got.Organization.Name, got.RegistryName, got.Namespace, got.Name, got.Provider))
}

// findRegistryModule reads the module that m's names reach, and writes
// its ID into m.
func findRegistryModule(ctx context.Context, c *platformclient.Client, m *registryModuleModel) error {
	got, err := c.RegistryModules.Read(ctx, registryModuleIDOf(m))
	if err == nil {
		m.ID = types.StringValue(got.ID)
	}
	return err
}

// registryModuleIDOf is the path by names of the module m describes.
func registryModuleIDOf(m *registryModuleModel) platformclient.RegistryModuleID {
	return platformclient.RegistryModuleID{
		Organization: m.Organization.ValueString(), RegistryName: m.RegistryName.ValueString(),
		Namespace: m.Namespace.ValueString(), Name: m.Name.ValueString(), Provider: m.ModuleProvider.ValueString(),
	}
}

// registryModuleFromModel is the module m describes, for its create or,
// with create false, its update: what is not set is sent empty, so that
// removing it from the configuration clears it.
func registryModuleFromModel(m *registryModuleModel, create bool) platformclient.RegistryModuleOptions {
	o := platformclient.RegistryModuleOptions{NoCode: m.NoCode.ValueBoolPointer()}
	if create {
		o.Name, o.Provider, o.RegistryName = m.Name.ValueString(), m.ModuleProvider.ValueString(), m.RegistryName.ValueString()
		if o.RegistryName == platformclient.RegistryPublic {
			o.Namespace = m.Namespace.ValueString()
		}
		o.InitialVersion = m.InitialVersion.ValueString()
	}
	if t := m.TestConfig; t != nil || !create {
		enabled, mode := false, ""
		o.TestConfig = &platformclient.RegistryModuleTestConfigOptions{TestsEnabled: &enabled, AgentExecutionMode: &mode}
		if t != nil {
			enabled, mode = t.TestsEnabled.ValueBool(), t.AgentExecutionMode.ValueString()
			o.TestConfig.AgentPoolID = t.AgentPoolID.ValueStringPointer()
		}
	}
	if r := m.VCSRepo; r != nil {
		tags := r.Branch.IsNull()
		o.VCSRepo = &platformclient.RegistryModuleVCSRepoOptions{
			Branch: ptr(r.Branch.ValueString()), Tags: &tags,
			SourceDirectory: ptr(r.SourceDirectory.ValueString()), TagPrefix: ptr(r.TagPrefix.ValueString()),
		}
		if create {
			display := r.DisplayIdentifier.ValueString()
			if r.DisplayIdentifier.IsNull() || r.DisplayIdentifier.IsUnknown() {
				display = r.Identifier.ValueString()
			}
			o.VCSRepo.Identifier, o.VCSRepo.DisplayIdentifier = r.Identifier.ValueStringPointer(), &display
			o.VCSRepo.OAuthTokenID, o.VCSRepo.CodehostAppInstallationID = r.OAuthTokenID.ValueStringPointer(), r.CodehostAppInstallationID.ValueStringPointer()
		}
	}
	return o
}

// modelFromRegistryModule writes the module the server answered over m.
// A private module's namespace and organization keep the configuration's
// spelling (sameNamespace, sameOrganization); a test configuration of
// the platform's defaults is no test_config when m had none.
func modelFromRegistryModule(m *registryModuleModel, g *platformclient.RegistryModule) {
	m.ID = types.StringValue(g.ID)
	m.Organization = sameOrganization(m.Organization, g.Organization)
	m.RegistryName = types.StringValue(g.RegistryName)
	m.Namespace = sameNamespace(m.Namespace, g.RegistryName, g.Namespace)
	m.Name = types.StringValue(g.Name)
	m.ModuleProvider = types.StringValue(g.Provider)
	m.NoCode = types.BoolValue(g.NoCode)
	m.PublishingMechanism = fwutil.StringFromAPI(types.StringNull(), g.PublishingMechanism)
	if r := g.VCSRepo; r != nil {
		prior := m.VCSRepo
		if prior == nil {
			prior = &registryModuleVCSRepoModel{}
		}
		m.VCSRepo = &registryModuleVCSRepoModel{
			Identifier:                types.StringValue(r.Identifier),
			DisplayIdentifier:         types.StringValue(r.DisplayIdentifier),
			OAuthTokenID:              fwutil.StringFromAPI(prior.OAuthTokenID, r.OAuthTokenID),
			CodehostAppInstallationID: fwutil.StringFromAPI(prior.CodehostAppInstallationID, r.CodehostAppInstallationID),
			Branch:                    fwutil.StringFromAPI(prior.Branch, r.Branch),
			Tags:                      types.BoolValue(r.Branch == ""),
			SourceDirectory:           fwutil.StringFromAPI(prior.SourceDirectory, r.SourceDirectory),
			TagPrefix:                 fwutil.StringFromAPI(prior.TagPrefix, r.TagPrefix),
		}
	} else {
		m.VCSRepo = nil
	}
	t := g.TestConfig
	if t == nil {
		t = &platformclient.RegistryModuleTestConfig{}
	}
	if m.TestConfig == nil && !t.TestsEnabled && t.AgentExecutionMode == "" && t.AgentPoolID == "" {
		return
	}
	prior := m.TestConfig
	if prior == nil {
		prior = &registryModuleTestConfigModel{}
	}
	m.TestConfig = &registryModuleTestConfigModel{
		TestsEnabled:       types.BoolValue(t.TestsEnabled),
		AgentExecutionMode: fwutil.StringFromAPI(prior.AgentExecutionMode, t.AgentExecutionMode),
		AgentPoolID:        fwutil.StringFromAPI(prior.AgentPoolID, t.AgentPoolID),
	}
}
