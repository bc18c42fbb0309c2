package fwutil

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// moveInto runs twins' movers as the framework does, into a target of
// two attributes, and returns the state they set and their diagnostics.
func moveInto(t *testing.T, twins []Twin, addr, typ string, version int64, raw *tfprotov6.RawState) (tftypes.Value, *resource.MoveStateResponse) {
	t.Helper()
	ctx := context.Background()
	target := schema.Schema{Attributes: map[string]schema.Attribute{
		"name": schema.StringAttribute{Required: true},
		"tags": schema.ListAttribute{Optional: true, ElementType: types.StringType},
	}}
	null := tftypes.NewValue(target.Type().TerraformType(ctx), nil)
	for _, m := range stateMovers("widget", twins) {
		resp := &resource.MoveStateResponse{TargetState: tfsdk.State{Schema: target, Raw: null}}
		m.StateMover(ctx, resource.MoveStateRequest{SourceProviderAddress: addr, SourceTypeName: typ, SourceSchemaVersion: version, SourceRawState: raw}, resp)
		if resp.Diagnostics.HasError() || !resp.TargetState.Raw.Equal(null) {
			return resp.TargetState.Raw, resp
		}
	}
	return null, nil
}

var widgetTwin = Twin{
	Provider: "example/old",
	Type:     "old_widget",
	Versions: map[int64]func(Moved) (map[string]any, error){
		3: func(src Moved) (map[string]any, error) {
			m := map[string]any{}
			src.CopyAs(m, "title", "name")
			src.Copy(m, "tags")
			if opts, ok := src.Block("options"); ok {
				opts.Drop("blue", "color")
			}
			if src.String("title") == "bad" {
				m["unknown"] = true
			}
			if src.String("title") == "fails" {
				return nil, errors.New("the widget is broken")
			}
			return m, nil
		},
	},
}

func TestTwin_moves(t *testing.T) {
	for _, host := range []string{"registry.terraform.io", "registry.opentofu.org", "example.com"} {
		got, resp := moveInto(t, []Twin{widgetTwin}, host+"/example/old", "old_widget", 3,
			&tfprotov6.RawState{JSON: []byte(`{"id":"w-1","title":"w","tags":[],"options":[{"color":"red"}]}`)})
		want := tftypes.NewValue(got.Type(), map[string]tftypes.Value{
			"name": tftypes.NewValue(tftypes.String, "w"),
			"tags": tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, nil),
		})
		if resp == nil || !got.Equal(want) {
			t.Fatalf("from %s: want %v, got %v", host, want, got)
		}
		if d := resp.Diagnostics; len(d) != 1 || !strings.Contains(d[0].Detail(), "sets color, which this provider does not manage: the widget keeps") {
			t.Errorf("want the warning naming color, got %v", d)
		}
	}
}

func TestTwin_refuses(t *testing.T) {
	for name, tc := range map[string]struct {
		version int64
		raw     *tfprotov6.RawState
		want    string
	}{
		"an unknown version":      {4, &tfprotov6.RawState{JSON: []byte(`{"title":"w"}`)}, "is of schema version 4, which this provider does not know: it moves versions 3 of example/old."},
		"a flat state":            {3, &tfprotov6.RawState{Flatmap: map[string]string{"title": "w"}}, "is in the flat form of Terraform 0.11"},
		"not an object":           {3, &tfprotov6.RawState{JSON: []byte(`[]`)}, "is not a JSON object"},
		"an attribute it has not": {3, &tfprotov6.RawState{JSON: []byte(`{"title":"bad"}`)}, `The moved state does not fit this provider's schema: AttributeName("unknown"): unsupported attribute "unknown"`},
		"the transform's error":   {3, &tfprotov6.RawState{JSON: []byte(`{"title":"fails"}`)}, "the widget is broken"},
	} {
		_, resp := moveInto(t, []Twin{widgetTwin}, "registry.terraform.io/example/old", "old_widget", tc.version, tc.raw)
		if resp == nil || !resp.Diagnostics.HasError() || !strings.Contains(resp.Diagnostics[0].Detail(), tc.want) {
			t.Errorf("%s: want an error saying %q, got %+v", name, tc.want, resp)
		}
	}
	// Not a twin: left to the next mover, or to the framework's refusal.
	for _, src := range [][2]string{{"registry.terraform.io/other/old", "old_widget"}, {"registry.terraform.io/example/old", "old_gadget"}} {
		if _, resp := moveInto(t, []Twin{widgetTwin}, src[0], src[1], 3, &tfprotov6.RawState{JSON: []byte(`{"title":"w"}`)}); resp != nil {
			t.Errorf("%v: want no mover to take it, got %+v", src, resp)
		}
	}
}

func TestMoved_readsUnsetAsNil(t *testing.T) {
	m := Moved{attrs: map[string]any{"s": "", "l": []any{}, "o": map[string]any{}, "b": false, "block": []any{map[string]any{}, map[string]any{}}}}
	for _, name := range []string{"s", "l", "o", "missing"} {
		if v := m.Get(name); v != nil {
			t.Errorf("%s: want nil, got %#v", name, v)
		}
	}
	if m.Get("b") != false {
		t.Error("a false is a value")
	}
	if _, ok := m.Block("block"); ok {
		t.Error("a list of two blocks is no block of one")
	}
}
