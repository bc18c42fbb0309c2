package platform

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
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
}

// addAttributes sets id, name and organization in attrs.
func (l lookup) addAttributes(attrs map[string]dschema.Attribute) {
	attrs["id"] = dschema.StringAttribute{
		Optional: true, Computed: true,
		Description: "ID of the " + l.object + " to read, " + l.idRule + ". Set it or `name`.",
		Validators: []validator.String{
			idValidator(l.idPrefix, "a "+l.object),
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
