package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// lookup is how a data source names the one object it reads: by its ID,
// or by its name in an organization, the provider's by default. Every such
// data source takes the same three attributes, worded for its object.
type lookup struct {
	// object names the object: "workspace", "variable set".
	object string
	// idPrefix is the IDs' prefix, and idRule states the IDs' form.
	idPrefix, idRule string
	// nameMatch, if any, says how a name is compared: ", compared exactly".
	nameMatch string
	// nameRule, if any, states the rule of names.
	nameRule       string
	nameValidators []validator.String
	// owner is the object's, in "it is the workspace's".
	owner string
	// unlisted, if any, is what a name not found adds about the objects
	// the platform does not list to the token: ", and the platform does
	// not list the projects that the token may not see".
	unlisted string
}

// addAttributes sets id, name and organization in attrs.
func (l lookup) addAttributes(attrs map[string]dschema.Attribute) {
	attrs["id"] = dschema.StringAttribute{
		Optional: true, Computed: true,
		Description: "ID of the " + l.object + " to read, " + l.idRule + ". Set it or `name`.",
		Validators: []validator.String{
			idValidator(l.idPrefix, fwutil.WithArticle(l.object)),
			stringvalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("name")),
			stringvalidator.ConflictsWith(path.MatchRoot("organization")),
		},
	}
	name := "Name of the " + l.object + " to read in `organization`" + l.nameMatch + ". Set it or `id`."
	if l.nameRule != "" {
		name += " " + l.nameRule
	}
	attrs["name"] = dschema.StringAttribute{
		Optional: true, Computed: true,
		Description: name,
		Validators:  l.nameValidators,
	}
	attrs["organization"] = organizationDataSourceAttribute("in which `name` is looked up; with `id`, it is " + l.owner + ", and must not be set")
}

// find reads the object that a data source's configuration names: the
// one whose ID is id, through read, or else the one named name, compared
// exactly, among those that list returns for that name in organization
// (the provider's by default). It reports false, with the error in diags,
// when it cannot.
func find[T any](ctx context.Context, l lookup, c *platformclient.Client, id, organization, name types.String, diags *diag.Diagnostics,
	read func(ctx context.Context, id string) (*T, error),
	list func(ctx context.Context, organization, name string) (*platformclient.List[T], error),
	nameOf func(*T) string,
) (*T, bool) {
	if !id.IsNull() {
		got, err := read(ctx, id.ValueString())
		if err != nil {
			fwutil.AddAPIError(diags, fmt.Sprintf("Cannot read the %s %s", l.object, id.ValueString()), err)
			return nil, false
		}
		return got, true
	}
	org, ok := organizationDefault.Of(c, organization, diags)
	if !ok {
		return nil, false
	}
	found, err := list(ctx, org, name.ValueString())
	if err != nil {
		fwutil.AddAPIError(diags, fmt.Sprintf("Cannot look up the %s %q", l.object, name.ValueString()), err)
		return nil, false
	}
	for _, o := range found.Items {
		if nameOf(o) == name.ValueString() {
			return o, true
		}
	}
	diags.AddAttributeError(path.Root("name"), fwutil.UpperFirst(l.object)+" not found", fmt.Sprintf(
		"The organization %q has no %s named %q that the token may see: the name is compared exactly, in its case%s.",
		org, l.object, name.ValueString(), l.unlisted))
	return nil, false
}
