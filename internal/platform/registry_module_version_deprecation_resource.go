package platform

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// registryModuleVersionDeprecationModel is the deprecation of a version of
// a private module.
type registryModuleVersionDeprecationModel struct {
	ID             types.String `tfsdk:"id"`
	Organization   types.String `tfsdk:"organization"`
	ModuleName     types.String `tfsdk:"module_name"`
	ModuleProvider types.String `tfsdk:"module_provider"`
	Version        types.String `tfsdk:"version"`
	Reason         types.String `tfsdk:"reason"`
	Link           types.String `tfsdk:"link"`
}

// NewRegistryModuleVersionDeprecationResource is the constructor of
// stack_platform_registry_module_version_deprecation. A version is no
// object of the provider's (a repository or an upload publishes it), and
// its deprecation is a state of it that the API sets and reverts: so the
// deprecation is a resource of its own, whose create deprecates the
// version, whose update changes the reason and link, and whose destroy
// reverts it.
var NewRegistryModuleVersionDeprecationResource = fwutil.NewResource(&fwutil.Resource[registryModuleVersionDeprecationModel, *platformclient.Client]{
	TypeName: "platform_registry_module_version_deprecation",
	Service:  platformclient.Service,
	Object:   "registry module version deprecation",
	Schema:   registryModuleVersionDeprecationSchema,
	Import: &fwutil.Import[registryModuleVersionDeprecationModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{{Parts: []fwutil.IDPart{
			{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString, Attr: "organization"},
			{Label: "<MODULE NAME>", Attr: "module_name"}, {Label: "<MODULE PROVIDER>", Attr: "module_provider"},
			{Label: "<VERSION>", Match: semverRe.MatchString, Attr: "version"},
		}}}},
		Print: func(m *registryModuleVersionDeprecationModel) string {
			return strings.Join([]string{m.Organization.ValueString(), m.ModuleName.ValueString(), m.ModuleProvider.ValueString(), m.Version.ValueString()}, "/")
		},
		Read: importRegistryModuleVersionDeprecation,
	},
	Plan: &fwutil.Plan[registryModuleVersionDeprecationModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
	},
	// A version deprecated already is in place: its create stops, with
	// the import command, rather than take it over.
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *registryModuleVersionDeprecationModel) error {
		v, err := op.Client.RegistryModuleVersions.Read(ctx, deprecatedModuleOf(m), m.Version.ValueString())
		if err != nil {
			return err
		}
		if v.Deprecation != nil {
			return &fwutil.Exists{}
		}
		return deprecateModuleVersion(ctx, op.Client, m)
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *registryModuleVersionDeprecationModel) error {
		v, err := op.Client.RegistryModuleVersions.Read(ctx, deprecatedModuleOf(m), m.Version.ValueString())
		if err != nil {
			return err
		}
		return modelFromModuleVersionDeprecation(m, v)
	},
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *registryModuleVersionDeprecationModel) error {
		return deprecateModuleVersion(ctx, op.Client, m)
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *registryModuleVersionDeprecationModel) error {
		_, err := op.Client.RegistryModuleVersions.Deprecate(ctx, deprecatedModuleOf(m), m.Version.ValueString(), platformclient.VersionUndeprecated, "", "")
		return err
	},
})

func registryModuleVersionDeprecationSchema(context.Context) schema.Schema {
	replaces := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	named := []planmodifier.String{
		stringplanmodifier.RequiresReplace(),
		fwutil.KnownForm("registry module", "the platform", registryPartRe, registryPartForm),
	}
	return schema.Schema{
		Description: "The deprecation of a version of a private module of an organization's registry: the registry shows the version as deprecated, " +
			"with its reason and link, and Terraform warns of it to whoever uses it. Its destroy reverts the deprecation. " +
			"The platform publishes a module's versions from its repository or from uploads, outside Terraform, and sets and reverts " +
			"a version's deprecation through the version itself: so the deprecation is this resource, one a version, rather than an attribute of " +
			"`stack_platform_registry_module`. A public module's versions are not deprecated. A refresh sees a deprecation reverted outside " +
			"Terraform (the next plan deprecates the version again) and a reason or link changed. Changing the organization, the module or the " +
			"version deprecates another version (the deprecation of this one is reverted). The import ID is " +
			"`<ORGANIZATION>/<MODULE NAME>/<MODULE PROVIDER>/<VERSION>`, such as `acme/network/aws/1.2.0`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The version's ID, `modver-` and 16 characters.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"organization": organizationAttribute("deprecation"),
			"module_name": schema.StringAttribute{
				Required:      true,
				Description:   "Name of the private module (`network` in `acme/network/aws`), compared exactly. " + moduleNameRule + " Changing it replaces the deprecation.",
				Validators:    moduleNameValidators(),
				PlanModifiers: named,
			},
			"module_provider": schema.StringAttribute{
				Required:      true,
				Description:   "Provider of the private module (`aws` in `acme/network/aws`), compared exactly. " + moduleNameRule + " Changing it replaces the deprecation.",
				Validators:    moduleNameValidators(),
				PlanModifiers: named,
			},
			"version": schema.StringAttribute{
				Required:      true,
				Description:   "The version to deprecate, a semantic version of the module such as `1.2.0`. Changing it replaces the deprecation.",
				Validators:    []validator.String{stringvalidator.RegexMatches(semverRe, "must be a semantic version, such as 1.2.0")},
				PlanModifiers: replaces,
			},
			"reason": schema.StringAttribute{
				Optional:    true,
				Description: "Why the version is deprecated, which the registry shows, such as `Use 2.x: 1.x is no longer maintained.` Not set, none.",
				Validators:  notBlankValidators(),
			},
			"link": schema.StringAttribute{
				Optional:    true,
				Description: "Where to read more, such as the release notes of the version that replaces it, which the registry shows. Not set, none.",
				Validators:  notBlankValidators(),
			},
		},
	}
}

// deprecatedModuleOf is the path by names of the private module whose
// version m deprecates: its namespace is its organization's name.
func deprecatedModuleOf(m *registryModuleVersionDeprecationModel) platformclient.RegistryModuleID {
	org := m.Organization.ValueString()
	return platformclient.RegistryModuleID{Organization: org, RegistryName: platformclient.RegistryPrivate, Namespace: org,
		Name: m.ModuleName.ValueString(), Provider: m.ModuleProvider.ValueString()}
}

// deprecateModuleVersion deprecates the version with m's reason and link,
// and reads the answer into m.
func deprecateModuleVersion(ctx context.Context, c *platformclient.Client, m *registryModuleVersionDeprecationModel) error {
	v, err := c.RegistryModuleVersions.Deprecate(ctx, deprecatedModuleOf(m), m.Version.ValueString(), platformclient.VersionDeprecated,
		m.Reason.ValueString(), m.Link.ValueString())
	if err != nil {
		return err
	}
	return modelFromModuleVersionDeprecation(m, v)
}

// modelFromModuleVersionDeprecation writes the version's deprecation over
// m: a version no longer deprecated is a deprecation gone.
func modelFromModuleVersionDeprecation(m *registryModuleVersionDeprecationModel, v *platformclient.RegistryModuleVersion) error {
	if v.Deprecation == nil {
		return fwutil.ErrGone
	}
	m.ID = types.StringValue(v.ID)
	m.Version = types.StringValue(v.Version)
	m.Reason = fwutil.StringFromAPI(m.Reason, v.Deprecation.Reason)
	m.Link = fwutil.StringFromAPI(m.Link, v.Deprecation.Link)
	return nil
}

// importRegistryModuleVersionDeprecation reads the version the ID names:
// one that is not deprecated has no deprecation to import.
func importRegistryModuleVersionDeprecation(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	p := id.Parts
	m := registryModuleVersionDeprecationModel{
		Organization: types.StringValue(p[0]), ModuleName: types.StringValue(p[1]), ModuleProvider: types.StringValue(p[2]), Version: types.StringValue(p[3]),
	}
	v, err := c.RegistryModuleVersions.Read(ctx, deprecatedModuleOf(&m), p[3])
	if !importFound(diags, "registry module version deprecation", id.String(), err) {
		return
	}
	if modelFromModuleVersionDeprecation(&m, v) != nil {
		importNotFound(diags, "registry module version deprecation", "registry module version deprecation", id.String(),
			"The version "+p[3]+" of the module is not deprecated.")
		return
	}
	diags.Append(fwutil.Set(ctx, state, &m)...)
}
