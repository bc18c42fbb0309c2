package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// registryModuleDataModel is the data source's module: the resource's,
// without initial_version, which the platform does not keep.
type registryModuleDataModel struct {
	ID                  types.String                   `tfsdk:"id"`
	Organization        types.String                   `tfsdk:"organization"`
	RegistryName        types.String                   `tfsdk:"registry_name"`
	Namespace           types.String                   `tfsdk:"namespace"`
	Name                types.String                   `tfsdk:"name"`
	ModuleProvider      types.String                   `tfsdk:"module_provider"`
	NoCode              types.Bool                     `tfsdk:"no_code"`
	PublishingMechanism types.String                   `tfsdk:"publishing_mechanism"`
	VCSRepo             *registryModuleVCSRepoModel    `tfsdk:"vcs_repo"`
	TestConfig          *registryModuleTestConfigModel `tfsdk:"test_config"`
}

// NewRegistryModuleDataSource is the constructor of the
// stack_platform_registry_module data source.
var NewRegistryModuleDataSource = fwutil.NewDataSource(&fwutil.DataSource[registryModuleDataModel, *platformclient.Client]{
	TypeName: "platform_registry_module",
	Service:  platformclient.Service,
	Schema:   registryModuleDataSourceSchema,
	Read:     readRegistryModuleDataSource,
})

func registryModuleDataSourceSchema(ctx context.Context) schema.Schema {
	attrs := computedFrom(registryModuleSchema(ctx), registryModuleReadDescriptions, "initial_version")
	attrs["id"] = schema.StringAttribute{
		Optional: true, Computed: true,
		Description: "ID of the module to read, `mod-` and 16 characters. Set it or `name` and `module_provider`.",
		Validators: []validator.String{
			idValidator(platformclient.PrefixRegistryModule, "a registry module"),
			stringvalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("name")),
			stringvalidator.ConflictsWith(path.MatchRoot("organization"), path.MatchRoot("registry_name"), path.MatchRoot("namespace"), path.MatchRoot("module_provider")),
		},
	}
	attrs["name"] = schema.StringAttribute{
		Optional: true, Computed: true,
		Description: "Name of the module to read in `organization`'s registry, compared exactly, with `module_provider`. Set it or `id`.",
		Validators:  append(notBlankValidators(), stringvalidator.AlsoRequires(path.MatchRoot("module_provider"))),
	}
	attrs["module_provider"] = schema.StringAttribute{
		Optional: true, Computed: true,
		Description: "Provider of the module to read, compared exactly, with `name`. With `id`, it is the module's, and must not be set.",
		Validators:  append(notBlankValidators(), stringvalidator.AlsoRequires(path.MatchRoot("name"))),
	}
	registryDataSourceAttributes(attrs, "module")
	return schema.Schema{
		Description: "Reads a module of an organization's registry on the platform, by its registry, namespace, name and provider in an organization, " +
			"or by its ID: its repository and how it publishes, and its test configuration. The platform answers a module the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

// registryModuleReadDescriptions word the resource's attributes for the
// data source, which only reads them.
var registryModuleReadDescriptions = map[string]string{
	"no_code":                               "Whether the module is a no-code module, which workspaces are made from without writing configuration.",
	"vcs_repo":                              "The repository the module publishes from; null for a module that publishes the versions uploaded through the API.",
	"vcs_repo.identifier":                   "The repository, as the code host names it: `<owner>/<repository>`.",
	"vcs_repo.display_identifier":           "The repository's name as the code host shows it.",
	"vcs_repo.oauth_token_id":               "ID of the OAuth token through which the platform reaches the code host; null when it is a code-host app installation.",
	"vcs_repo.codehost_app_installation_id": "ID of the code-host app installation through which the platform reaches the code host; null when it is an OAuth token.",
	"vcs_repo.branch":                       "The branch the module publishes from; null when it publishes from the repository's tags.",
	"vcs_repo.source_directory":             "The directory of the repository that holds the module; null for its root.",
	"vcs_repo.tag_prefix":                   "The prefix of the tags the module publishes from; null for none.",
	"test_config":                           "How the module's tests run; null when it runs none.",
	"test_config.tests_enabled":             "Whether the module's tests run.",
	"test_config.agent_execution_mode":      "Where the tests run: `remote`, on the platform's workers, or `agent`, on the agents of `agent_pool_id`.",
	"test_config.agent_pool_id":             "ID of the agent pool whose agents run the tests.",
}

func readRegistryModuleDataSource(ctx context.Context, c *platformclient.Client, d *registryModuleDataModel, diags *diag.Diagnostics) {
	var got *platformclient.RegistryModule
	var err error
	if !d.ID.IsNull() {
		if got, err = c.RegistryModules.ReadByID(ctx, d.ID.ValueString()); err != nil {
			fwutil.AddAPIError(diags, "Cannot read the registry module "+d.ID.ValueString(), err)
			return
		}
	} else {
		if !registryLookupDefaults(c, &d.Organization, &d.RegistryName, &d.Namespace, "module", diags) {
			return
		}
		id := platformclient.RegistryModuleID{Organization: d.Organization.ValueString(), RegistryName: d.RegistryName.ValueString(), Namespace: d.Namespace.ValueString(),
			Name: d.Name.ValueString(), Provider: d.ModuleProvider.ValueString()}
		got, err = c.RegistryModules.Read(ctx, id)
		switch {
		case client.IsNotFound(err):
			diags.AddAttributeError(path.Root("name"), "Registry module not found", fmt.Sprintf(
				"The organization %q has no %s module %s/%s/%s that the token may see: the names are compared exactly.\n\nServer said: %s",
				id.Organization, id.RegistryName, id.Namespace, id.Name, id.Provider, err))
			return
		case err != nil:
			fwutil.AddAPIError(diags, fmt.Sprintf("Cannot read the registry module %s/%s/%s", id.Namespace, id.Name, id.Provider), err)
			return
		}
	}
	m := registryModuleModel{Organization: d.Organization, Namespace: d.Namespace}
	modelFromRegistryModule(&m, got)
	*d = registryModuleDataModel{
		ID: m.ID, Organization: m.Organization, RegistryName: m.RegistryName, Namespace: m.Namespace, Name: m.Name, ModuleProvider: m.ModuleProvider,
		NoCode: m.NoCode, PublishingMechanism: m.PublishingMechanism, VCSRepo: m.VCSRepo, TestConfig: m.TestConfig,
	}
}
