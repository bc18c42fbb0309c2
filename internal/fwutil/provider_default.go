package fwutil

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// ProviderDefault is a top-level string attribute of resources and data
// sources that, when the configuration leaves it out, takes a setting of
// the provider, such as the platform's default organization. The attribute
// is Optional and Computed: the value it takes is in the plan and the
// state, so that a change of the provider's setting shows in the plan of
// every resource that follows it, as a replacement.
type ProviderDefault[C any] struct {
	// Attribute is the attribute's name, such as "organization".
	Attribute string
	// Setting names the provider's setting and its environment variable
	// for the error when neither is set, such as "platform.organization
	// (or STACK_PLATFORM_ORGANIZATION)".
	Setting string
	// Value is the setting's value from the service's client, "" when it
	// is not set; the client is nil while the provider is not configured.
	Value func(c C) string
	// Same, if set, reports whether two values name the same thing, such
	// as two spellings of a name that the service matches in any case;
	// nil compares exactly. A state whose value is the same as the
	// setting's keeps its spelling in the plan, so that a change of the
	// setting that names the same thing changes nothing.
	Same func(a, b string) bool
}

// Of returns the attribute's value: v when the configuration sets it, else
// the provider's setting. When neither is set, it adds an error on the
// attribute that names both. ok is false when there is no value yet: v is
// unknown, or neither is set.
func (d ProviderDefault[C]) Of(c C, v types.String, diags *diag.Diagnostics) (value string, ok bool) {
	switch {
	case v.IsUnknown():
		return "", false
	case !v.IsNull():
		return v.ValueString(), true
	}
	if s := d.Value(c); s != "" {
		return s, true
	}
	diags.AddAttributeError(path.Root(d.Attribute), "Missing "+d.Attribute,
		fmt.Sprintf("%s is not set, and the provider has no default for it: set %s here, or %s in the provider's configuration.",
			d.Attribute, d.Attribute, d.Setting))
	return "", false
}

// plan fills the attribute, when the configuration leaves it out, in the
// plan of a create or an update with the provider's setting; an update
// whose state holds another value replaces the resource, which the
// attribute's own plan modifiers cannot see, having no client.
func (d ProviderDefault[C]) plan(ctx context.Context, c C, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	p := path.Root(d.Attribute)
	var config types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, p, &config)...)
	if resp.Diagnostics.HasError() || !config.IsNull() {
		return
	}
	v, ok := d.Of(c, config, &resp.Diagnostics)
	if !ok {
		return
	}
	if !req.State.Raw.IsNull() {
		var prior types.String
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, p, &prior)...)
		// A state without the value (never the case after a create or an
		// import, which read it) has nothing to compare with.
		switch {
		case prior.IsNull() || prior.IsUnknown():
		case d.same(prior.ValueString(), v):
			v = prior.ValueString()
		default:
			resp.RequiresReplace = append(resp.RequiresReplace, p)
		}
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, p, v)...)
}

// same reports whether a and b name the same thing, by Same if set.
func (d ProviderDefault[C]) same(a, b string) bool {
	if d.Same != nil {
		return d.Same(a, b)
	}
	return a == b
}
