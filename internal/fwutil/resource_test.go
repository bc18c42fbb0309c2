package fwutil

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

type resourceTestClient struct{}

type resourceTestModel struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

type resourceTestDef = Resource[resourceTestModel, *resourceTestClient]

// newResourceTest is the resource that def describes, as NewResource
// makes it, with its schema.
func newResourceTest(t *testing.T, def *resourceTestDef) (*lifecycle[resourceTestModel, *resourceTestClient], schema.Schema) {
	t.Helper()
	def.TypeName, def.Service, def.Object = "test_thing", dataSourceTestService, "thing"
	def.Schema = func(context.Context) schema.Schema {
		return schema.Schema{Attributes: map[string]schema.Attribute{
			"id":   schema.StringAttribute{Computed: true},
			"name": schema.StringAttribute{Required: true},
		}}
	}
	r, ok := NewResource(def)().(*lifecycle[resourceTestModel, *resourceTestClient])
	if !ok {
		t.Fatal("NewResource does not make the lifecycle")
	}
	var s resource.SchemaResponse
	r.Schema(context.Background(), resource.SchemaRequest{}, &s)
	return r, s.Schema
}

func resourceTestImport(t *testing.T, def *resourceTestDef, id string) resource.ImportStateResponse {
	t.Helper()
	ctx := context.Background()
	r, s := newResourceTest(t, def)
	resp := resource.ImportStateResponse{State: tfsdk.State{Schema: s, Raw: tftypes.NewValue(s.Type().TerraformType(ctx), nil)}}
	r.ImportState(ctx, resource.ImportStateRequest{ID: id}, &resp)
	return resp
}

func resourceTestCreate(t *testing.T, def *resourceTestDef) resource.CreateResponse {
	t.Helper()
	return resourceTestCreateIn(context.Background(), t, def)
}

// resourceTestCreateIn is resourceTestCreate under ctx, Terraform's.
func resourceTestCreateIn(ctx context.Context, t *testing.T, def *resourceTestDef) resource.CreateResponse {
	t.Helper()
	r, s := newResourceTest(t, def)
	typ := s.Type().TerraformType(ctx)
	plan := tftypes.NewValue(typ, map[string]tftypes.Value{
		"id":   tftypes.NewValue(tftypes.String, tftypes.UnknownValue),
		"name": tftypes.NewValue(tftypes.String, "web"),
	})
	resp := resource.CreateResponse{State: tfsdk.State{Schema: s, Raw: tftypes.NewValue(typ, nil)}}
	r.Create(ctx, resource.CreateRequest{Plan: tfsdk.Plan{Schema: s, Raw: plan}, Config: tfsdk.Config{Schema: s, Raw: plan}}, &resp)
	return resp
}

func stringAt(t *testing.T, st tfsdk.State, attr string) string {
	t.Helper()
	var v types.String
	if d := st.GetAttribute(context.Background(), path.Root(attr), &v); d.HasError() {
		t.Fatal(d)
	}
	return v.ValueString()
}

func onlyError(t *testing.T, diags diag.Diagnostics) diag.Diagnostic {
	t.Helper()
	if len(diags) != 1 || !diags.HasError() {
		t.Fatalf("want one error, got %v", diags)
	}
	return diags[0]
}

// Without an Import, the import ID is the name.
func TestResourceImport_absentTakesTheName(t *testing.T) {
	resp := resourceTestImport(t, &resourceTestDef{}, "any/thing")
	if resp.Diagnostics.HasError() {
		t.Fatal(resp.Diagnostics)
	}
	if got := stringAt(t, resp.State, "name"); got != "any/thing" {
		t.Errorf("name = %q", got)
	}
}

// The grammar refuses what no form matches, in its words, before Read;
// it sets the parts that name attributes, then runs Read with the ID
// parsed: the form it took and its parts.
func TestResourceImport_grammar(t *testing.T) {
	var read []ParsedID
	isID := func(s string) bool { return strings.HasPrefix(s, "t-") }
	def := &resourceTestDef{Import: &Import[resourceTestModel, *resourceTestClient]{
		ID: IDGrammar{Forms: []IDForm{
			{Parts: []IDPart{{Label: "<ID>", Attr: "id", Match: isID}}},
			{Parts: []IDPart{{Label: "<ORG>"}, {Label: "<ID>", Attr: "id", Match: isID}}},
		}},
		Read: func(ctx context.Context, _ *resourceTestClient, id ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
			read = append(read, id)
			diags.Append(state.SetAttribute(ctx, path.Root("name"), "found")...)
		},
	}}
	d := onlyError(t, resourceTestImport(t, def, "acme/x-1").Diagnostics)
	if d.Summary() != "Invalid import ID" || d.Detail() != `The import ID of a thing is <ID>, or <ORG>/<ID>; got "acme/x-1".` {
		t.Errorf("refusal: %s: %s", d.Summary(), d.Detail())
	}
	if len(read) != 0 {
		t.Errorf("Read ran on a refused ID: %+v", read)
	}
	resp := resourceTestImport(t, def, "acme/t-1")
	if resp.Diagnostics.HasError() {
		t.Fatal(resp.Diagnostics)
	}
	want := ParsedID{Form: 1, Parts: []string{"acme", "t-1"}}
	if id, name := stringAt(t, resp.State, "id"), stringAt(t, resp.State, "name"); id != "t-1" || name != "found" ||
		len(read) != 1 || read[0].Form != want.Form || !slices.Equal(read[0].Parts, want.Parts) || read[0].String() != "acme/t-1" {
		t.Errorf("id = %q, name = %q, Read got %+v, want %+v", id, name, read, want)
	}
}

var errConflict = &client.Error{StatusCode: http.StatusConflict, Method: "POST", Path: "/things", Message: "name taken"}

// A 409 is the object in place: the error prints the import ID, the name
// without an Import.
func TestResourceCreate_conflictPrintsTheImportID(t *testing.T) {
	def := &resourceTestDef{Create: func(context.Context, Op[*resourceTestClient], *resourceTestModel) error { return errConflict }}
	d := onlyError(t, resourceTestCreate(t, def).Diagnostics)
	if d.Summary() != "Thing already exists" || !strings.Contains(d.Detail(), "`terraform import <resource address> web`") {
		t.Errorf("%s: %s", d.Summary(), d.Detail())
	}
}

// Conflict.Lookup finds the object of a 409, whose import ID it learns;
// not found, the 409 is shown as the server's refusal.
func TestResourceCreate_conflictLookup(t *testing.T) {
	found := true
	def := &resourceTestDef{
		Create: func(context.Context, Op[*resourceTestClient], *resourceTestModel) error { return errConflict },
		Import: &Import[resourceTestModel, *resourceTestClient]{
			ID:    IDGrammar{Forms: []IDForm{{Parts: []IDPart{{Attr: "id"}}}}},
			Print: func(m *resourceTestModel) string { return m.ID.ValueString() },
		},
		Conflict: &Conflict[resourceTestModel, *resourceTestClient]{Lookup: func(_ context.Context, _ *resourceTestClient, m *resourceTestModel) error {
			if !found {
				return &client.Error{StatusCode: http.StatusNotFound}
			}
			m.ID = types.StringValue("t-7")
			return nil
		}},
	}
	d := onlyError(t, resourceTestCreate(t, def).Diagnostics)
	if d.Summary() != "Thing already exists" || !strings.Contains(d.Detail(), `A thing named "web" already exists`) ||
		!strings.Contains(d.Detail(), "`terraform import <resource address> t-7`") || !strings.Contains(d.Detail(), "name taken") {
		t.Errorf("%s: %s", d.Summary(), d.Detail())
	}
	found = false
	d = onlyError(t, resourceTestCreate(t, def).Diagnostics)
	if d.Summary() != "Cannot create the thing" || d.Detail() != APIErrorDetail(errConflict) {
		t.Errorf("%s: %s", d.Summary(), d.Detail())
	}
}

// Conflict.Find stops a create that finds the object, before its call.
func TestResourceCreate_conflictFind(t *testing.T) {
	created := false
	def := &resourceTestDef{
		Create: func(context.Context, Op[*resourceTestClient], *resourceTestModel) error { created = true; return nil },
		Conflict: &Conflict[resourceTestModel, *resourceTestClient]{
			Find: func(context.Context, *resourceTestClient, *resourceTestModel) error { return nil },
		},
	}
	d := onlyError(t, resourceTestCreate(t, def).Diagnostics)
	if d.Summary() != "Thing already exists" || created {
		t.Errorf("%s: %s (created: %v)", d.Summary(), d.Detail(), created)
	}
}

// Plan.Offered fails the plan of a create, and of an update, with its
// error when the service does not offer the resource; the plan of a
// destroy does not ask.
func TestResourcePlan_offered(t *testing.T) {
	ctx := context.Background()
	var asked int
	refusal := ""
	def := &resourceTestDef{Plan: &Plan[resourceTestModel, *resourceTestClient]{
		Offered: func(context.Context, *resourceTestClient) error {
			asked++
			if refusal != "" {
				return errorString(refusal)
			}
			return nil
		},
	}}
	r, s := newResourceTest(t, def)
	typ := s.Type().TerraformType(ctx)
	thing := tftypes.NewValue(typ, map[string]tftypes.Value{
		"id":   tftypes.NewValue(tftypes.String, "t-7"),
		"name": tftypes.NewValue(tftypes.String, "web"),
	})
	none := tftypes.NewValue(typ, nil)
	plan := func(state, planned tftypes.Value) diag.Diagnostics {
		resp := resource.ModifyPlanResponse{Plan: tfsdk.Plan{Schema: s, Raw: planned}}
		r.ModifyPlan(ctx, resource.ModifyPlanRequest{
			State:  tfsdk.State{Schema: s, Raw: state},
			Plan:   tfsdk.Plan{Schema: s, Raw: planned},
			Config: tfsdk.Config{Schema: s, Raw: planned},
		}, &resp)
		return resp.Diagnostics
	}
	if d := plan(none, thing); d.HasError() || asked != 1 {
		t.Fatalf("offered: %v, asked %d times", d, asked)
	}
	refusal = "things are the other edition's alone"
	for _, state := range []tftypes.Value{none, thing} {
		d := onlyError(t, plan(state, thing))
		if d.Summary() != "Cannot plan the thing" || d.Detail() != "Things are the other edition's alone" {
			t.Errorf("%s: %s", d.Summary(), d.Detail())
		}
	}
	asked = 0
	if d := plan(thing, none); d.HasError() || asked != 0 {
		t.Errorf("the destroy's plan: %v, asked %d times", d, asked)
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }

// Derive runs in the plan of a create too, unlike Modify, and sees the
// plan as the provider defaults left it.
func TestResourceModifyPlan_deriveOnCreate(t *testing.T) {
	ctx := context.Background()
	var modified bool
	r, s := newResourceTest(t, &resourceTestDef{Plan: &Plan[resourceTestModel, *resourceTestClient]{
		Derive: func(ctx context.Context, _ resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
			var name types.String
			resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("name"), &name)...)
			resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("id"), "thing-"+name.ValueString())...)
		},
		Modify: func(context.Context, *resourceTestClient, resource.ModifyPlanRequest, *resource.ModifyPlanResponse) {
			modified = true
		},
	}})
	typ := s.Type().TerraformType(ctx)
	plan := tftypes.NewValue(typ, map[string]tftypes.Value{
		"id":   tftypes.NewValue(tftypes.String, tftypes.UnknownValue),
		"name": tftypes.NewValue(tftypes.String, "web"),
	})
	req := resource.ModifyPlanRequest{
		Plan: tfsdk.Plan{Schema: s, Raw: plan}, Config: tfsdk.Config{Schema: s, Raw: plan},
		State: tfsdk.State{Schema: s, Raw: tftypes.NewValue(typ, nil)},
	}
	resp := resource.ModifyPlanResponse{Plan: req.Plan}
	r.ModifyPlan(ctx, req, &resp)
	var id types.String
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("id"), &id)...)
	if resp.Diagnostics.HasError() || id.ValueString() != "thing-web" || modified {
		t.Errorf("planned id %v, Modify called %v, diagnostics %v", id, modified, resp.Diagnostics)
	}
}

// Terraform's stop (a first Ctrl-C) cancels the context of every call in
// flight; a create in flight finishes nonetheless, and its object reaches
// the state, as the server may make it whether or not its answer is
// awaited.
func TestResourceCreate_finishesWhenTerraformStops(t *testing.T) {
	ctx, stop := context.WithCancel(context.Background())
	started := make(chan struct{})
	def := &resourceTestDef{
		Create: func(ctx context.Context, _ Op[*resourceTestClient], m *resourceTestModel) error {
			close(started)
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(100 * time.Millisecond): // the request's answer
			}
			m.ID = types.StringValue("thing-1")
			return nil
		},
	}
	go func() {
		<-started
		stop()
	}()
	resp := resourceTestCreateIn(ctx, t, def)
	if resp.Diagnostics.HasError() {
		t.Fatalf("the create did not finish: %v", resp.Diagnostics)
	}
	if got := stringAt(t, resp.State, "id"); got != "thing-1" {
		t.Errorf("id in state = %q, want thing-1", got)
	}
	if ctx.Err() == nil {
		t.Error("Terraform's context was not canceled: the test proves nothing")
	}
}
