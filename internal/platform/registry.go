package platform

// What the registry's objects share: the registry and namespace of a
// module or provider and their rules, the form of their names, and the
// semantic versions of their releases.

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// registryPartRe is the form of the names and namespaces that the
// platform's clients send, which Terraform's source addresses take.
var registryPartRe = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

// registryPartForm names registryPartRe in messages.
const registryPartForm = "letters, digits, `-`, `_` and `.`"

func isRegistryName(s string) bool {
	return s == platformclient.RegistryPrivate || s == platformclient.RegistryPublic
}

// registryNameAttribute is the registry of a registry object: private by
// default, or public.
func registryNameAttribute(object string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional: true, Computed: true,
		Default: stringdefault.StaticString(platformclient.RegistryPrivate),
		Description: "The registry of the " + object + ": `private` (the default), the organization's own, in its namespace; " +
			"or `public`, the organization's copy of the public registry's " + object + ", in that " + object + "'s namespace. Changing it replaces the " + object + ".",
		Validators:    []validator.String{stringvalidator.OneOf(platformclient.RegistryPrivate, platformclient.RegistryPublic)},
		PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
	}
}

// otherNamespace reports whether the planned namespace is another than
// the state's: a private object's namespace is its organization's name,
// which the platform matches in any case, so that another spelling of it
// is the same namespace.
func otherNamespace(ctx context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	var registry types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("registry_name"), &registry)...)
	same := req.StateValue.ValueString() == req.PlanValue.ValueString() ||
		registry.ValueString() == platformclient.RegistryPrivate && strings.EqualFold(req.StateValue.ValueString(), req.PlanValue.ValueString())
	resp.RequiresReplace = !same
}

// validateRegistryNamespace holds the rules between the registry of an
// object and its namespace: a public object names its namespace, a
// private one's is its organization's name, in any case.
func validateRegistryNamespace(registry, namespace, organization types.String, object string, diags *diag.Diagnostics) {
	if registry.IsUnknown() || namespace.IsUnknown() {
		return
	}
	switch {
	case registry.ValueString() == platformclient.RegistryPublic && namespace.IsNull():
		diags.AddAttributeError(path.Root("namespace"), "Missing namespace",
			fmt.Sprintf("A public %s names its namespace: that of the public registry's %s, such as `hashicorp`.", object, object))
	case registry.ValueString() != platformclient.RegistryPublic && !namespace.IsNull() && !organization.IsNull() && !organization.IsUnknown() &&
		!strings.EqualFold(namespace.ValueString(), organization.ValueString()):
		diags.AddAttributeError(path.Root("namespace"), "Invalid namespace", fmt.Sprintf(
			"A private %s's namespace is its organization's name, %q, not %q: leave namespace out, or set it to the organization's name.",
			object, organization.ValueString(), namespace.ValueString()))
	}
}

// deriveRegistryNamespace plans a private object's namespace, when the
// configuration leaves it out, as its organization's name: known once the
// provider's default organization is in the plan.
func deriveRegistryNamespace(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var namespace, registry, org types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("namespace"), &namespace)...)
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("registry_name"), &registry)...)
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("organization"), &org)...)
	if resp.Diagnostics.HasError() || !namespace.IsNull() || registry.ValueString() != platformclient.RegistryPrivate || org.IsUnknown() || org.IsNull() {
		return
	}
	if !req.State.Raw.IsNull() {
		var prior types.String
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("namespace"), &prior)...)
		if strings.EqualFold(prior.ValueString(), org.ValueString()) {
			return
		}
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("namespace"), org)...)
}

// sameNamespace is the namespace the platform answered for an object of
// registry, or prior when it names the same private namespace, its
// organization's name, in another case.
func sameNamespace(prior types.String, registry, answered string) types.String {
	if registry == platformclient.RegistryPrivate && !prior.IsNull() && !prior.IsUnknown() && strings.EqualFold(prior.ValueString(), answered) {
		return prior
	}
	return types.StringValue(answered)
}

// semverRe is a semantic version, such as 1.2.0 or 1.2.3-alpha+feature.
var semverRe = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$`)

// moduleNameRule is the rule of a module's name and provider, as
// descriptions state it.
const moduleNameRule = "It is not blank and holds no `/`; the platform is known to take " + registryPartForm + " and warns of anything else."

func moduleNameValidators() []validator.String {
	return append(notBlankValidators(), stringvalidator.RegexMatches(regexp.MustCompile(`^[^/]*$`), "must hold no /"))
}

// registryDataSourceAttributes set a registry data source's organization,
// registry_name and namespace: where the object's name is looked up, each
// the object's own with an ID, which must then leave them out.
func registryDataSourceAttributes(attrs map[string]dschema.Attribute, object string) {
	attrs["organization"] = organizationDataSourceAttribute("in whose registry `name` is looked up; with `id`, it is the " + object + "'s, and must not be set")
	attrs["registry_name"] = dschema.StringAttribute{
		Optional: true, Computed: true,
		Description: "The registry in which `name` is looked up: `private` (the default), the organization's own, or `public`, " +
			"the organization's copies of the public registry's " + object + "s. With `id`, it is the " + object + "'s, and must not be set.",
		Validators: []validator.String{stringvalidator.OneOf(platformclient.RegistryPrivate, platformclient.RegistryPublic)},
	}
	attrs["namespace"] = dschema.StringAttribute{
		Optional: true, Computed: true,
		Description: "The namespace in which `name` is looked up: a private " + object + "'s is its organization's name, which it is when not set; " +
			"a public one's must be set. With `id`, it is the " + object + "'s, and must not be set.",
		Validators: notBlankValidators(),
	}
}

// registryLookupDefaults completes a registry data source's lookup by
// names: the provider's default organization, the private registry, and
// a private object's namespace, its organization's name; false when the
// lookup cannot be made, with the diagnostics saying why.
func registryLookupDefaults(c *platformclient.Client, org, registry, namespace *types.String, object string, diags *diag.Diagnostics) bool {
	name, ok := organizationDefault.Of(c, *org, diags)
	if !ok {
		return false
	}
	*org = types.StringValue(name)
	if registry.IsNull() {
		*registry = types.StringValue(platformclient.RegistryPrivate)
	}
	if namespace.IsNull() && registry.ValueString() == platformclient.RegistryPrivate {
		*namespace = types.StringValue(name)
	}
	validateRegistryNamespace(*registry, *namespace, *org, object, diags)
	return !diags.HasError()
}
