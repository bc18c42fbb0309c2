package main

import (
	"context"
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	stack "github.com/stackworks/terraform-provider-stack/internal/provider"
)

func schemas(t *testing.T, p func() provider.Provider) *tfprotov6.GetProviderSchemaResponse {
	t.Helper()
	server, err := providerserver.NewProtocol6WithError(p())()
	if err != nil {
		t.Fatal(err)
	}
	return acctest.Schemas(t, server)
}

// TestSchemasAreTheProviders checks that Terraform gets from the no-op
// provider the schemas it gets from the provider, and the same server
// capabilities: a floor with other schemas would measure other work.
func TestSchemasAreTheProviders(t *testing.T) {
	got, want := schemas(t, noop(stack.New("noop"))), schemas(t, stack.New("noop"))
	if len(got.Diagnostics) > 0 || len(want.Diagnostics) > 0 {
		t.Fatalf("GetProviderSchema: no-op %v, provider %v", got.Diagnostics, want.Diagnostics)
	}
	if len(want.ResourceSchemas) == 0 || len(want.DataSourceSchemas) == 0 {
		t.Fatalf("the provider has %d resources and %d data sources", len(want.ResourceSchemas), len(want.DataSourceSchemas))
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("the no-op provider's schemas differ from the provider's:\n%+v\nwant:\n%+v", got, want)
	}
}

// TestIDsOfThePlatformsForm checks that the no-op provider gives the
// platform's resources IDs that the arguments of others accept, and other
// values that a service would fill in null.
func TestIDsOfThePlatformsForm(t *testing.T) {
	ctx := context.Background()
	types := map[string]bool{}
	for _, r := range noop(stack.New("noop"))().Resources(ctx) {
		var m resource.MetadataResponse
		r().Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "stack"}, &m)
		types[m.TypeName] = true
		nr, ok := r().(noopResource)
		if !ok {
			t.Fatalf("%s is a %T, not the no-op provider's resource", m.TypeName, r())
		}
		if nr.idPrefix != idPrefixes[m.TypeName] {
			t.Errorf("%s makes IDs with prefix %q, want %q", m.TypeName, nr.idPrefix, idPrefixes[m.TypeName])
		}
	}
	for typ := range idPrefixes {
		if !types[typ] {
			t.Errorf("idPrefixes names %s, which is not a resource of the provider", typ)
		}
	}

	objType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String, "name": tftypes.String, "other": tftypes.String}}
	planned := tftypes.NewValue(objType, map[string]tftypes.Value{
		"id":    tftypes.NewValue(tftypes.String, tftypes.UnknownValue),
		"name":  tftypes.NewValue(tftypes.String, "network"),
		"other": tftypes.NewValue(tftypes.String, tftypes.UnknownValue),
	})
	var state tfsdk.State
	var diags diag.Diagnostics
	copyPlan(planned, platformclient.PrefixWorkspace, &state, &diags)
	if diags.HasError() {
		t.Fatal(diags)
	}
	var got map[string]tftypes.Value
	if err := state.Raw.As(&got); err != nil {
		t.Fatal(err)
	}
	var id, name string
	if err := got["id"].As(&id); err != nil || !platformclient.IsID(platformclient.PrefixWorkspace, id) {
		t.Errorf("id = %q (%v), want a workspace's ID", id, err)
	}
	if err := got["name"].As(&name); err != nil || name != "network" {
		t.Errorf("name = %q (%v), want the planned network", name, err)
	}
	if !got["other"].IsNull() {
		t.Errorf("other = %v, want null", got["other"])
	}
}
