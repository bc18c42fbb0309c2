package platform

import (
	"context"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

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

// nonNil makes an empty list one that a request sends, as [].
func nonNil(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}

// sortedStrings are the strings of a set, sorted; nil when the set is null
// or not known.
func sortedStrings(ctx context.Context, s types.Set, diags *diag.Diagnostics) []string {
	if s.IsNull() || s.IsUnknown() {
		return nil
	}
	var v []string
	diags.Append(s.ElementsAs(ctx, &v, false)...)
	slices.Sort(v)
	return v
}

// stringList is a list of strings, empty rather than null when there are
// none.
func stringList(v []string) types.List {
	return fwutil.StringListValue(nonNil(v))
}

// writeKind says whether a model is sent to create an object or to update
// it. An update sends every value, and clears one that the model leaves
// out; a create leaves it out, so that the platform's default applies.
type writeKind bool

const (
	creating writeKind = true
	updating writeKind = false
)

// text is a string to send: a null one is "" in an update, which clears
// it, and left out of a create.
func (w writeKind) text(v types.String) *string {
	if w == creating {
		return stringOf(v)
	}
	return ptr(v.ValueString())
}

// nullable is a Nullable string to send: a null one is Null in an update,
// which clears it, and left out of a create; one not known yet is left
// out.
func (w writeKind) nullable(v types.String) platformclient.Nullable[string] {
	switch {
	case v.IsUnknown(), v.IsNull() && w == creating:
		return nil
	case v.IsNull():
		return platformclient.Null[string]()
	}
	return platformclient.Value(v.ValueString())
}
