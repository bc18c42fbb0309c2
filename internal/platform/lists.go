package platform

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// What the data sources and list resources that list the objects of an
// organization share: the organization they list, the provider's by
// default, the search in names that the platform's lists take (q), and
// the filter by tags.

// listOfOrganization reads the whole list of the objects of the
// organization that organization names, or of the provider's, which it
// writes back into organization, through list; what names them in an
// error: "projects". It reports false, with the error in diags, when it
// cannot.
func listOfOrganization[T any](c *platformclient.Client, organization *types.String, what string, diags *diag.Diagnostics,
	list func(org string) (*platformclient.List[T], error),
) ([]*T, bool) {
	org, ok := organizationDefault.Of(c, *organization, diags)
	if !ok {
		return nil, false
	}
	found, err := list(org)
	if err != nil {
		fwutil.AddAPIError(diags, fmt.Sprintf("Cannot list the %s of the organization %q", what, org), err)
		return nil, false
	}
	*organization = types.StringValue(org)
	return found.Items, true
}

// searchAttribute is the filter of a list by a part of the names of its
// objects, what: "teams".
func searchAttribute(what string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional:    true,
		Description: "When set, only the " + what + " whose names contain it, in any case.",
		Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
	}
}

// tagsFilter is a list block's filter by flat tags: a data source's set
// of tags, as a list, since list blocks take no sets.
func tagsFilter(description string) lschema.ListAttribute {
	return lschema.ListAttribute{
		Optional: true, ElementType: types.StringType,
		Description: description + " " + tagNameRule,
		Validators: []validator.List{
			listvalidator.SizeAtLeast(1),
			listvalidator.ValueStringsAre(stringvalidator.LengthAtMost(255), stringvalidator.RegexMatches(tagNameRe,
				"must be lower-case letters, digits, ':', '-' and '_', starting and ending with a letter or a digit")),
		},
	}
}

// organizationFilters is the schema of a list block that lists the
// objects of an organization, what ("variable sets"), under description:
// the organization, the provider's by default, and, where the platform
// searches their names, the search; the data sources' arguments of those
// names.
func organizationFilters(description, what string, search bool) lschema.Schema {
	names := []string{"organization"}
	if search {
		names = append(names, "search")
	}
	return fwutil.FiltersOf(schema.Schema{Attributes: map[string]schema.Attribute{
		"organization": organizationDataSourceAttribute("whose " + what + " are listed"),
		"search":       searchAttribute(what),
	}}, description, names...)
}

// listedIn is a list resource's List over the objects of the organization
// that organization names, or of the provider's, which it writes back, read
// through list: each object the model that model makes of it in that
// organization. what names them in an error: "projects".
func listedIn[T, M any](c *platformclient.Client, organization *types.String, what string, diags *diag.Diagnostics,
	list func(org string) (*platformclient.List[T], error), model func(org types.String, o *T) *M,
) []*M {
	found, ok := listOfOrganization(c, organization, what, diags, list)
	if !ok {
		return nil
	}
	out := make([]*M, len(found))
	for i, o := range found {
		out[i] = model(*organization, o)
	}
	return out
}

// organizationListFilters are the filters of organizationFilters with the
// search.
type organizationListFilters struct {
	Organization types.String `tfsdk:"organization"`
	Search       types.String `tfsdk:"search"`
}

// organizationListFilter is the filter of organizationFilters without the
// search.
type organizationListFilter struct {
	Organization types.String `tfsdk:"organization"`
}
