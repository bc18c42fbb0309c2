package fwutil

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// DataSource describes one data source type to the lifecycle that every
// data source of the provider shares. M is the data source's model, C the
// typed client of its service. A data source supplies its schema, its API
// calls and its conversions; the lifecycle owns the rest: getting the
// client, reading the model from the configuration and writing it to the
// state once the read has succeeded.
type DataSource[M, C any] struct {
	// TypeName follows the provider's name and "_", such as
	// "scheduler_acl_auth_methods".
	TypeName string
	// Service is the service whose client the calls get.
	Service *client.Service
	// NoToken says that the calls need no token of the service, such as
	// listing the scheduler's auth methods: a service block with an
	// address and no token still gives the client.
	NoToken bool
	// Schema is the data source's schema.
	Schema func(ctx context.Context) schema.Schema
	// ConfigValidators are the configuration's rules that tie attributes
	// together, checked at plan time.
	ConfigValidators []datasource.ConfigValidator
	// Read makes the calls for m, read from the configuration, and writes
	// the server's answer into m. It words its own errors in diags, which
	// also takes warnings: the state is written unless diags holds an
	// error.
	Read func(ctx context.Context, c C, m *M, diags *diag.Diagnostics)
}

// NewDataSource returns the constructor of the data source that def
// describes.
func NewDataSource[M, C any](def *DataSource[M, C]) func() datasource.DataSource {
	return func() datasource.DataSource { return &dataSourceLifecycle[M, C]{def: def} }
}

type dataSourceLifecycle[M, C any] struct {
	def    *DataSource[M, C]
	client C
}

var (
	_ datasource.DataSourceWithConfigure        = (*dataSourceLifecycle[struct{}, struct{}])(nil)
	_ datasource.DataSourceWithConfigValidators = (*dataSourceLifecycle[struct{}, struct{}])(nil)
)

func (d *dataSourceLifecycle[M, C]) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + d.def.TypeName
}

func (d *dataSourceLifecycle[M, C]) Schema(ctx context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = d.def.Schema(ctx)
}

func (d *dataSourceLifecycle[M, C]) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = ClientOf[C](req.ProviderData, d.def.Service, !d.def.NoToken, &resp.Diagnostics)
}

func (d *dataSourceLifecycle[M, C]) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return d.def.ConfigValidators
}

func (d *dataSourceLifecycle[M, C]) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m M
	resp.Diagnostics.Append(Get(ctx, req.Config, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	d.def.Read(ctx, d.client, &m, &resp.Diagnostics)
	if !resp.Diagnostics.HasError() {
		resp.Diagnostics.Append(Set(ctx, &resp.State, &m)...)
	}
}
