package fwutil

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

var dataSourceTestService = &client.Service{Name: "test service", Block: "test"}

type dataSourceTestClient struct{ greeting string }

type dataSourceTestModel struct {
	Name     types.String `tfsdk:"name"`
	Greeting types.String `tfsdk:"greeting"`
}

func dataSourceTestSchema(context.Context) schema.Schema {
	return schema.Schema{Attributes: map[string]schema.Attribute{
		"name":     schema.StringAttribute{Required: true},
		"greeting": schema.StringAttribute{Computed: true},
	}}
}

type dataSourceTestDef = DataSource[dataSourceTestModel, *dataSourceTestClient]

// newDataSourceTest is the data source that def describes, as NewDataSource
// makes it.
func newDataSourceTest(t *testing.T, def *dataSourceTestDef) *dataSourceLifecycle[dataSourceTestModel, *dataSourceTestClient] {
	t.Helper()
	ds, ok := NewDataSource(def)().(*dataSourceLifecycle[dataSourceTestModel, *dataSourceTestClient])
	if !ok {
		t.Fatal("NewDataSource does not make the lifecycle")
	}
	return ds
}

// dataSourceTestRead runs a data source with read as its Read, as the
// framework does: it configures it with a client that has every setting,
// then reads it with name = "world" configured.
func dataSourceTestRead(t *testing.T, read func(context.Context, *dataSourceTestClient, *dataSourceTestModel, *diag.Diagnostics)) datasource.ReadResponse {
	t.Helper()
	ctx := context.Background()
	ds := newDataSourceTest(t, &dataSourceTestDef{
		TypeName: "test_greeting",
		Service:  dataSourceTestService,
		Schema:   dataSourceTestSchema,
		Read:     read,
	})
	var clients client.Clients
	clients.Add(dataSourceTestService, &dataSourceTestClient{greeting: "hello"}, nil)
	var configured datasource.ConfigureResponse
	ds.Configure(ctx, datasource.ConfigureRequest{ProviderData: &clients}, &configured)
	if configured.Diagnostics.HasError() {
		t.Fatalf("Configure: %v", configured.Diagnostics)
	}
	var s datasource.SchemaResponse
	ds.Schema(ctx, datasource.SchemaRequest{}, &s)
	typ := s.Schema.Type().TerraformType(ctx)
	config := tftypes.NewValue(typ, map[string]tftypes.Value{
		"name":     tftypes.NewValue(tftypes.String, "world"),
		"greeting": tftypes.NewValue(tftypes.String, nil),
	})
	resp := datasource.ReadResponse{State: tfsdk.State{Schema: s.Schema, Raw: tftypes.NewValue(typ, nil)}}
	ds.Read(ctx, datasource.ReadRequest{Config: tfsdk.Config{Schema: s.Schema, Raw: config}}, &resp)
	return resp
}

// What Read writes into the model, read from the configuration, is the
// state, with the warnings it adds.
func TestDataSourceReadWritesTheModel(t *testing.T) {
	resp := dataSourceTestRead(t, func(_ context.Context, c *dataSourceTestClient, m *dataSourceTestModel, diags *diag.Diagnostics) {
		m.Greeting = types.StringValue(c.greeting + ", " + m.Name.ValueString())
		diags.AddWarning("Greeted", "once")
	})
	if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Summary() != "Greeted" {
		t.Fatalf("diagnostics %v, want the warning alone", resp.Diagnostics)
	}
	var got dataSourceTestModel
	if d := Get(context.Background(), resp.State, &got); d.HasError() {
		t.Fatalf("state: %v", d)
	}
	want := dataSourceTestModel{Name: types.StringValue("world"), Greeting: types.StringValue("hello, world")}
	if got != want {
		t.Errorf("state %+v, want %+v", got, want)
	}
}

// A Read that adds an error leaves the state unwritten, whatever it put in
// the model.
func TestDataSourceReadErrorWritesNoState(t *testing.T) {
	resp := dataSourceTestRead(t, func(_ context.Context, _ *dataSourceTestClient, m *dataSourceTestModel, diags *diag.Diagnostics) {
		m.Greeting = types.StringValue("half done")
		diags.AddError("Cannot greet", "no one answers")
	})
	if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Summary() != "Cannot greet" || resp.Diagnostics[0].Detail() != "no one answers" {
		t.Fatalf("diagnostics %v, want the Read's error alone", resp.Diagnostics)
	}
	if !resp.State.Raw.IsNull() {
		t.Errorf("state %v, want none", resp.State.Raw)
	}
}

func TestDataSourceMetadataAndValidators(t *testing.T) {
	ctx := context.Background()
	together := datasourcevalidator.RequiredTogether(path.MatchRoot("name"), path.MatchRoot("greeting"))
	ds := newDataSourceTest(t, &dataSourceTestDef{
		TypeName:         "test_greeting",
		ConfigValidators: []datasource.ConfigValidator{together},
	})
	var meta datasource.MetadataResponse
	ds.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "stack"}, &meta)
	if meta.TypeName != "stack_test_greeting" {
		t.Errorf("type name %q, want stack_test_greeting", meta.TypeName)
	}
	got := ds.ConfigValidators(ctx)
	if len(got) != 1 || got[0].Description(ctx) != together.Description(ctx) {
		t.Errorf("config validators %v, want the definition's", got)
	}
}

// Configure leaves the client unset without a word while the provider is
// not configured, as when Terraform validates a configuration; once it
// is, a service block without its token fails unless the data source needs
// none.
func TestDataSourceConfigure(t *testing.T) {
	ctx := context.Background()
	var clients client.Clients
	clients.Add(dataSourceTestService, &dataSourceTestClient{}, []string{"test.token"})
	for _, tc := range []struct {
		name         string
		providerData any
		noToken      bool
		wantClient   bool
		wantErr      string
	}{
		{name: "not configured yet"},
		{name: "not configured yet, no token needed", noToken: true},
		{name: "no token", providerData: &clients, wantErr: "The test service is not configured"},
		{name: "no token needed", providerData: &clients, noToken: true, wantClient: true},
	} {
		ds := newDataSourceTest(t, &dataSourceTestDef{Service: dataSourceTestService, NoToken: tc.noToken})
		var resp datasource.ConfigureResponse
		ds.Configure(ctx, datasource.ConfigureRequest{ProviderData: tc.providerData}, &resp)
		var errs []string
		for _, e := range resp.Diagnostics.Errors() {
			errs = append(errs, e.Summary())
		}
		if tc.wantErr == "" && len(errs) > 0 || tc.wantErr != "" && (len(errs) != 1 || errs[0] != tc.wantErr) {
			t.Errorf("%s: errors %q, want %q", tc.name, errs, tc.wantErr)
		}
		if got := ds.client; (got != nil) != tc.wantClient {
			t.Errorf("%s: client %v, want set: %v", tc.name, got, tc.wantClient)
		}
	}
}
