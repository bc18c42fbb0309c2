package main

import (
	"context"
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	stack "github.com/stackworks/terraform-provider-stack/internal/provider"
)

func schemas(t *testing.T, p func() provider.Provider) *tfprotov6.GetProviderSchemaResponse {
	t.Helper()
	server, err := providerserver.NewProtocol6WithError(p())()
	if err != nil {
		t.Fatal(err)
	}
	resp, err := server.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	return resp
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
