// Command standin serves a provider with no resources, no data sources and
// an empty configuration, under whatever name its binary has: the stand-in
// for an incumbent provider whose resources a test's state holds and whose
// binary cannot be downloaded. Terraform and OpenTofu start every provider
// that a state names, even one whose resources a moved block only hands to
// this provider, and read its schema; they ask it nothing else. The tests
// of moves build it with go build (acctest.CLI.StandIn); it is no part of
// the provider's binary.
package main

import (
	"context"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

func main() {
	err := providerserver.Serve(context.Background(), func() provider.Provider { return standin{} }, providerserver.ServeOpts{
		Address: "registry.terraform.io/stackworks/standin",
	})
	if err != nil {
		log.Fatal(err)
	}
}

// standin is the provider: nothing to configure, nothing to manage.
type standin struct{}

func (standin) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "standin"
}

func (standin) Schema(context.Context, provider.SchemaRequest, *provider.SchemaResponse) {}

func (standin) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {}

func (standin) Resources(context.Context) []func() resource.Resource { return nil }

func (standin) DataSources(context.Context) []func() datasource.DataSource { return nil }
