package fwutil

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// StringFromAPI converts a server string that may be unset. APIs answer
// "" for unset, so "" keeps whichever of null and "" the prior value used,
// and neither spelling in a configuration shows a diff.
func StringFromAPI(prior types.String, v string) types.String {
	if v == "" && (prior.IsNull() || prior.IsUnknown() || prior.ValueString() != "") {
		return types.StringNull()
	}
	return types.StringValue(v)
}

// StringListFromAPI converts a server list. APIs answer null and [] alike
// for "none", so an empty answer keeps whichever of the two the prior value
// used, and neither spelling in a configuration shows a diff.
func StringListFromAPI(prior types.List, v []string) types.List {
	if len(v) == 0 {
		if !prior.IsNull() && !prior.IsUnknown() && len(prior.Elements()) == 0 {
			return prior
		}
		return types.ListNull(types.StringType)
	}
	return StringListValue(v)
}

// StringMapFromAPI is StringListFromAPI for maps of strings.
func StringMapFromAPI(prior types.Map, v map[string]string) types.Map {
	if len(v) == 0 {
		if !prior.IsNull() && !prior.IsUnknown() && len(prior.Elements()) == 0 {
			return prior
		}
		return types.MapNull(types.StringType)
	}
	return StringMapValue(v)
}

// StringListValue, StringSetValue and StringMapValue are what the
// framework's ListValueFrom, SetValueFrom and MapValueFrom make of strings:
// null for nil, else the known collection. They build it directly, where
// the framework reflects on every element, which cost a refresh more than
// the rest of an object's conversion.
func StringListValue(v []string) types.List {
	if v == nil {
		return types.ListNull(types.StringType)
	}
	return types.ListValueMust(types.StringType, stringValues(v))
}

// StringSetValue: see StringListValue.
func StringSetValue(v []string) types.Set {
	if v == nil {
		return types.SetNull(types.StringType)
	}
	return types.SetValueMust(types.StringType, stringValues(v))
}

// StringMapValue: see StringListValue.
func StringMapValue(v map[string]string) types.Map {
	if v == nil {
		return types.MapNull(types.StringType)
	}
	elems := make(map[string]attr.Value, len(v))
	for k, s := range v {
		elems[k] = types.StringValue(s)
	}
	return types.MapValueMust(types.StringType, elems)
}

func stringValues(v []string) []attr.Value {
	elems := make([]attr.Value, len(v))
	for i, s := range v {
		elems[i] = types.StringValue(s)
	}
	return elems
}

// Strings returns the elements of a list of strings; null gives nil.
func Strings(ctx context.Context, l types.List, diags *diag.Diagnostics) []string {
	if l.IsNull() || l.IsUnknown() {
		return nil
	}
	var out []string
	diags.Append(l.ElementsAs(ctx, &out, false)...)
	return out
}

// Ints returns the elements of a list of numbers; null gives nil.
func Ints(ctx context.Context, l types.List, diags *diag.Diagnostics) []int {
	if l.IsNull() || l.IsUnknown() {
		return nil
	}
	var v []int64
	diags.Append(l.ElementsAs(ctx, &v, false)...)
	out := make([]int, len(v))
	for i, n := range v {
		out[i] = int(n)
	}
	return out
}

// StringMap returns the elements of a map of strings; null gives nil.
func StringMap(ctx context.Context, m types.Map, diags *diag.Diagnostics) map[string]string {
	if m.IsNull() || m.IsUnknown() {
		return nil
	}
	var out map[string]string
	diags.Append(m.ElementsAs(ctx, &out, false)...)
	return out
}
