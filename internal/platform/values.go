package platform

import "github.com/hashicorp/terraform-plugin-framework/types"

// The values of a model as the client's options take them: nil, left out
// of the request, for a value that is null or not known yet.

func stringOf(v types.String) *string {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	return ptr(v.ValueString())
}

func intOf(v types.Int64) *int {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	return ptr(int(v.ValueInt64()))
}

func boolOf(v types.Bool) *bool {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	return ptr(v.ValueBool())
}

func ptr[T any](v T) *T { return &v }
