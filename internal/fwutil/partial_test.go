package fwutil

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// A partial write saves what the server holds, with the values the call
// could not learn as null, and reports the failure on the failed
// attribute with what was already changed.
func TestAddPartial(t *testing.T) {
	type model struct {
		ID   types.String `tfsdk:"id"`
		Mode types.String `tfsdk:"mode"`
		Tags types.Set    `tfsdk:"tags"`
	}
	s := schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"mode": schema.StringAttribute{Optional: true},
		"tags": schema.SetAttribute{Optional: true, Computed: true, ElementType: types.StringType},
	}}
	ctx := context.Background()
	for _, c := range []struct {
		verb, err, next string
		failed          error
	}{
		{"update", "PATCH /tags: 422 Unprocessable Entity: no", "the next plan shows what is left to apply.", errors.New("PATCH /tags: 422 Unprocessable Entity: no")},
		{"create", "the tags are refused", "Terraform marks the resource tainted", &Failure{Summary: "Refused", Detail: "the tags are refused"}},
	} {
		state := tfsdk.State{Schema: s, Raw: tftypes.NewValue(s.Type().TerraformType(ctx), nil)}
		m := model{ID: types.StringValue("x-1"), Mode: types.StringValue("local"), Tags: types.SetUnknown(types.StringType)}
		var diags diag.Diagnostics
		addPartial(ctx, &diags, &state, "widget", c.verb, &m, &Partial{Done: "mode is applied", Path: path.Root("tags"), Err: c.failed})

		var got model
		if d := Get(ctx, state, &got); d.HasError() {
			t.Fatalf("%s: %v", c.verb, d)
		}
		if got.ID.ValueString() != "x-1" || got.Mode.ValueString() != "local" || !got.Tags.IsNull() {
			t.Errorf("%s: state %+v, want id x-1, mode local and tags null", c.verb, got)
		}
		if len(diags) != 1 {
			t.Fatalf("%s: %d diagnostics, want 1: %v", c.verb, len(diags), diags)
		}
		d := diags[0]
		wp, ok := d.(interface{ Path() path.Path })
		if !ok || !wp.Path().Equal(path.Root("tags")) {
			t.Errorf("%s: diagnostic %v is not on tags", c.verb, d)
		}
		if want := "Cannot " + c.verb + " the widget: partly applied"; d.Summary() != want {
			t.Errorf("%s: summary %q, want %q", c.verb, d.Summary(), want)
		}
		for _, want := range []string{"changed the server before it failed: mode is applied.", "The request for tags then failed, so that part is not done.", c.next, c.err} {
			if !strings.Contains(d.Detail(), want) {
				t.Errorf("%s: detail %q lacks %q", c.verb, d.Detail(), want)
			}
		}
	}
}
