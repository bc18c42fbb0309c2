package fwutil

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Of a secret's three attributes, only the secret is marked sensitive: the
// twin is write-only, never in plan or state, and a second sensitive path
// would make Terraform write the resource's sensitive paths in no fixed
// order, which a refresh-only plan takes for a change to apply.
func TestWriteOnlySecret_oneSensitivePath(t *testing.T) {
	attrs := WriteOnlySecret{Name: "token", Description: "The token.", Service: "the platform", Drift: "Unseen."}.Attributes()
	var sensitive []string
	for name, a := range attrs {
		if a.IsSensitive() {
			sensitive = append(sensitive, name)
		}
	}
	if len(sensitive) != 1 || sensitive[0] != "token" {
		t.Errorf("sensitive attributes %v, want [token]", sensitive)
	}
	if !attrs["token_wo"].IsWriteOnly() {
		t.Error("token_wo is not write-only")
	}
}

// A create-only secret says that its change replaces the object, and
// replaces it when the secret, or its twin's version, changes from a
// value the state has; one the state does not have (after an import)
// replaces nothing.
func TestWriteOnlySecret_createOnly(t *testing.T) {
	attrs := WriteOnlySecret{Name: "private_key", Description: "The key.", Service: "the platform", Drift: "Unseen."}.CreateOnly("the client")
	secret, _ := attrs["private_key"].(schema.StringAttribute)
	version, _ := attrs["private_key_wo_version"].(schema.Int64Attribute)
	if _, ok := attrs["private_key_wo"].(schema.StringAttribute); !ok || len(attrs) != 3 {
		t.Fatalf("attributes %v, want private_key, private_key_wo and private_key_wo_version", attrs)
	}
	if want := "The key. The platform sets it once: changing it replaces the client. Prefer `private_key_wo`, which never enters the state. Unseen."; secret.Description != want {
		t.Errorf("private_key's description:\n got %s\nwant %s", secret.Description, want)
	}
	if want := "Any number; change it to send `private_key_wo` again. Changing it replaces the client, with the private key `private_key_wo` gives; " +
		"set where it was not, it sends nothing."; version.Description != want {
		t.Errorf("private_key_wo_version's description:\n got %s\nwant %s", version.Description, want)
	}
	if len(secret.PlanModifiers) != 1 || len(version.PlanModifiers) != 1 {
		t.Fatalf("plan modifiers %v and %v, want one each", secret.PlanModifiers, version.PlanModifiers)
	}

	ctx := context.Background()
	present := tftypes.NewValue(tftypes.Object{}, map[string]tftypes.Value{})
	for _, c := range []struct {
		name        string
		state, plan types.String
		want        bool
	}{
		{"changed", types.StringValue("old"), types.StringValue("new"), true},
		{"kept", types.StringValue("old"), types.StringValue("old"), false},
		{"set after an import", types.StringNull(), types.StringValue("new"), false},
	} {
		req := planmodifier.StringRequest{
			State: tfsdk.State{Raw: present}, Plan: tfsdk.Plan{Raw: present},
			StateValue: c.state, PlanValue: c.plan, ConfigValue: c.plan,
		}
		var resp planmodifier.StringResponse
		secret.PlanModifiers[0].PlanModifyString(ctx, req, &resp)
		if resp.RequiresReplace != c.want {
			t.Errorf("private_key %s: replaces %v, want %v", c.name, resp.RequiresReplace, c.want)
		}
	}
	for _, c := range []struct {
		name        string
		state, plan types.Int64
		want        bool
	}{
		{"changed", types.Int64Value(1), types.Int64Value(2), true},
		{"kept", types.Int64Value(1), types.Int64Value(1), false},
		{"set where it was not", types.Int64Null(), types.Int64Value(1), false},
	} {
		req := planmodifier.Int64Request{
			State: tfsdk.State{Raw: present}, Plan: tfsdk.Plan{Raw: present},
			StateValue: c.state, PlanValue: c.plan, ConfigValue: c.plan,
		}
		var resp planmodifier.Int64Response
		version.PlanModifiers[0].PlanModifyInt64(ctx, req, &resp)
		if resp.RequiresReplace != c.want {
			t.Errorf("private_key_wo_version %s: replaces %v, want %v", c.name, resp.RequiresReplace, c.want)
		}
	}
}
