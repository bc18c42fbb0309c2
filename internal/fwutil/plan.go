package fwutil

import (
	"context"
	"slices"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// OnlyChanged reports whether every difference between a planned and a
// prior value lies within the named top-level attributes (or blocks). An
// update that changes only attributes the API never sees, such as
// timeouts, then has nothing to send.
func OnlyChanged(plan, prior tftypes.Value, names ...string) (bool, error) {
	diffs, err := plan.Diff(prior)
	if err != nil {
		return false, err
	}
	for _, d := range diffs {
		steps := d.Path.Steps()
		if len(steps) == 0 {
			return false, nil
		}
		name, ok := steps[0].(tftypes.AttributeName)
		if !ok || !slices.Contains(names, string(name)) {
			return false, nil
		}
	}
	return true, nil
}

// Unset reports whether v means "not set" to a server that does not tell
// null from empty: null, the empty string, or a list, set or map without
// elements. An unknown value is not unset.
func Unset(v attr.Value) bool {
	if v.IsNull() {
		return true
	}
	if v.IsUnknown() {
		return false
	}
	switch v := v.(type) {
	case types.String:
		return v.ValueString() == ""
	case types.List:
		return len(v.Elements()) == 0
	case types.Set:
		return len(v.Elements()) == 0
	case types.Map:
		return len(v.Elements()) == 0
	}
	return false
}

// UnsetDuration is Unset for a duration string that the server answers as
// zero when unset ("0s"), so that any spelling of zero length is unset too.
func UnsetDuration(v attr.Value) bool {
	if Unset(v) {
		return true
	}
	s, ok := v.(types.String)
	if !ok {
		return false
	}
	d, err := time.ParseDuration(s.ValueString())
	return err == nil && d == 0
}

// RequiresReplaceUnlessUnset replaces the resource when a create-only
// string changes, but not when it goes from one spelling of unset to
// another (null and ""), which the server cannot tell apart: after an
// import, state cannot know which one the configuration uses.
func RequiresReplaceUnlessUnset() planmodifier.String {
	return requiresReplaceUnlessUnsetString(Unset)
}

// RequiresReplaceUnlessUnsetDuration is RequiresReplaceUnlessUnset for a
// duration, where any spelling of zero length ("0s", "0m") is unset too.
func RequiresReplaceUnlessUnsetDuration() planmodifier.String {
	return requiresReplaceUnlessUnsetString(UnsetDuration)
}

func requiresReplaceUnlessUnsetString(unset func(attr.Value) bool) planmodifier.String {
	return stringplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
		resp.RequiresReplace = !unset(req.StateValue) || !unset(req.PlanValue)
	}, requiresReplaceUnlessUnsetDesc, requiresReplaceUnlessUnsetDesc)
}

// RequiresReplaceUnlessUnsetList is RequiresReplaceUnlessUnset for a list,
// where null and the empty list are the same.
func RequiresReplaceUnlessUnsetList() planmodifier.List {
	return listplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.ListRequest, resp *listplanmodifier.RequiresReplaceIfFuncResponse) {
		resp.RequiresReplace = !Unset(req.StateValue) || !Unset(req.PlanValue)
	}, requiresReplaceUnlessUnsetDesc, requiresReplaceUnlessUnsetDesc)
}

const requiresReplaceUnlessUnsetDesc = "Changing the value replaces the resource; going from one spelling of unset (null, empty) to another does not."
