package platform

import (
	"context"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// organizationDefault is the organization of every platform resource and
// data source that names none: the provider's platform.organization (or
// STACK_PLATFORM_ORGANIZATION). A resource lists it in its
// ProviderDefaults and takes organizationAttribute for its schema; a data
// source takes organizationDataSourceAttribute and calls
// organizationDefault.Of.
var organizationDefault = organizationDefaultOf("organization")

// organizationDefaultOf is organizationDefault for an attribute of another
// name, such as the name of stack_platform_organization's data source.
func organizationDefaultOf(attribute string) fwutil.ProviderDefault[*platformclient.Client] {
	return fwutil.ProviderDefault[*platformclient.Client]{
		Attribute: attribute,
		Setting:   platformclient.Service.SettingName(platformclient.OrganizationSetting),
		Value:     (*platformclient.Client).Organization,
		// The platform matches organization names in any case: a default
		// that changes only in case names the same organization.
		Same: strings.EqualFold,
	}
}

// organizationDefaultText says, in descriptions, where an organization
// that is not set comes from.
const organizationDefaultText = "When not set here, the provider's default organization: `platform.organization` in the provider's configuration, or `STACK_PLATFORM_ORGANIZATION`; planning fails when none is set."

// organizationAttribute is the organization of a resource that lives in
// one. Left out, it is the provider's default, known in the plan; a change
// of it, or of the provider's default while it is left out, replaces the
// resource, which the lifecycle plans through organizationDefault.
func organizationAttribute(object string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional: true,
		Computed: true,
		Description: "Name of the organization of the " + object + ". " + organizationDefaultText +
			" Changing it, or changing the provider's default while it is not set here, replaces the " + object +
			"; a change of its case alone does not, as the platform matches organization names in any case.",
		Validators: organizationNameValidators(),
		PlanModifiers: []planmodifier.String{
			stringplanmodifier.UseStateForUnknown(),
			stringplanmodifier.RequiresReplaceIf(otherOrganization,
				"Changing it, other than in its case, replaces the "+object+".", "Changing it, other than in its case, replaces the "+object+"."),
		},
	}
}

// otherOrganization reports whether the planned organization is another
// than the state's, not only another spelling of it.
func otherOrganization(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !strings.EqualFold(req.StateValue.ValueString(), req.PlanValue.ValueString())
}

// organizationDataSourceAttribute is the organization a data source reads
// in, the provider's default when not set.
func organizationDataSourceAttribute(what string) dschema.StringAttribute {
	return dschema.StringAttribute{
		Optional:    true,
		Computed:    true,
		Description: "Name of the organization " + what + ". " + organizationDefaultText,
		Validators:  organizationNameValidators(),
	}
}

// organizationNameRule is the rule of organization names, as descriptions
// state it.
const organizationNameRule = "An organization's name has 1 to 40 characters: letters, digits, `-` and `_`."

var organizationNameRe = regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}$`)

func organizationNameValidators() []validator.String {
	return []validator.String{
		stringvalidator.RegexMatches(organizationNameRe, "must have 1 to 40 characters: letters, digits, '-' and '_'"),
	}
}

// sameOrganization is the name of the organization the platform answered,
// or prior when it names the same organization in another case, or when
// the answer names none: the platform matches organization names in any
// case, so the configuration's spelling stays.
func sameOrganization(prior types.String, answered *platformclient.Organization) types.String {
	if answered == nil || !prior.IsNull() && !prior.IsUnknown() && strings.EqualFold(prior.ValueString(), answered.Name) {
		return prior
	}
	return types.StringValue(answered.Name)
}
