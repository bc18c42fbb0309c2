package fwutil

import (
	"context"
	"net/http"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// resourceTestRead refreshes the state of the thing named "web" under the
// prior identity of that name (null: "") with def's Read, and answers the
// new state's name and identity's name (null: "<null>").
func resourceTestRead(t *testing.T, def *resourceTestDef, prior string) (state, identity string) {
	t.Helper()
	ctx := context.Background()
	r, s := newResourceTest(t, def)
	var is resource.IdentitySchemaResponse
	r.IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &is)
	idType := is.IdentitySchema.Type().TerraformType(ctx)
	priorID := tftypes.NewValue(idType, nil)
	if prior != "" {
		priorID = tftypes.NewValue(idType, map[string]tftypes.Value{"name": tftypes.NewValue(tftypes.String, prior)})
	}
	st := tftypes.NewValue(s.Type().TerraformType(ctx), map[string]tftypes.Value{
		"id": tftypes.NewValue(tftypes.String, "t-1"), "name": tftypes.NewValue(tftypes.String, "web"),
	})
	req := resource.ReadRequest{State: tfsdk.State{Schema: s, Raw: st}, Identity: &tfsdk.ResourceIdentity{Schema: is.IdentitySchema, Raw: priorID}}
	resp := resource.ReadResponse{State: tfsdk.State{Schema: s, Raw: st.Copy()}, Identity: &tfsdk.ResourceIdentity{Schema: is.IdentitySchema, Raw: priorID.Copy()}}
	r.Read(ctx, req, &resp)
	if resp.Diagnostics.HasError() {
		t.Fatal(resp.Diagnostics)
	}
	state = "<removed>"
	if !resp.State.Raw.IsNull() {
		state = stringAt(t, resp.State, "name")
	}
	var v types.String
	if d := resp.Identity.GetAttribute(ctx, path.Root("name"), &v); d.HasError() {
		t.Fatal(d)
	}
	identity = v.ValueString()
	if v.IsNull() {
		identity = "<null>"
	}
	return state, identity
}

// A read that removes the resource answers the identity it had, from the
// prior state, where the prior identity is null (an engine that keeps
// none, a state from before identities): the framework refuses a null one.
func TestResourceRead_goneAnswersTheIdentityItHad(t *testing.T) {
	def := &resourceTestDef{Read: func(context.Context, Op[*resourceTestClient], *resourceTestModel) error {
		return &client.Error{StatusCode: http.StatusNotFound}
	}}
	if state, identity := resourceTestRead(t, def, ""); state != "<removed>" || identity != "web" {
		t.Errorf("state %s, identity %s; want <removed>, web", state, identity)
	}
}

// A read that finds the name in another case keeps the identity's
// spelling, as the platform's names match in any case; another name is
// the new identity.
func TestResourceRead_identityKeepsItsSpelling(t *testing.T) {
	answer := "WEB"
	def := &resourceTestDef{Read: func(_ context.Context, _ Op[*resourceTestClient], m *resourceTestModel) error {
		m.Name = types.StringValue(answer)
		return nil
	}}
	if state, identity := resourceTestRead(t, def, "web"); state != "WEB" || identity != "web" {
		t.Errorf("state %s, identity %s; want WEB, web", state, identity)
	}
	answer = "app"
	if state, identity := resourceTestRead(t, def, "web"); state != "app" || identity != "app" {
		t.Errorf("state %s, identity %s; want app, app", state, identity)
	}
	// Without a prior identity, the identity is the state's.
	if state, identity := resourceTestRead(t, def, ""); state != "app" || identity != "app" {
		t.Errorf("state %s, identity %s; want app, app", state, identity)
	}
}
