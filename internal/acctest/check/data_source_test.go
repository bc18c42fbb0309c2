package check

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// lookupDataSource has the rules of a platform lookup (exactly one of id
// and name, no organization with an id) and those of a list by one of two
// pairs of arguments.
type lookupDataSource struct{}

func (lookupDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "stack_lookup"
}

func (lookupDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	optional := func(vs ...validator.String) schema.StringAttribute {
		return schema.StringAttribute{Optional: true, Validators: vs}
	}
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": optional(
			stringvalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("name")),
			stringvalidator.ConflictsWith(path.MatchRoot("organization")),
		),
		"name": optional(), "organization": optional(),
		"kind": optional(stringvalidator.AtLeastOneOf(path.MatchRoot("label"))), "label": optional(),
		"mount": optional(), "secret": optional(),
	}}
}

func (lookupDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{
		datasourcevalidator.RequiredTogether(path.MatchRoot("mount"), path.MatchRoot("secret")),
		datasourcevalidator.ExactlyOneOf(path.MatchRoot("secret"), path.MatchRoot("name")),
	}
}

func (lookupDataSource) Read(context.Context, datasource.ReadRequest, *datasource.ReadResponse) {}

type lookupProvider struct{}

func (lookupProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "stack"
}
func (lookupProvider) Schema(context.Context, provider.SchemaRequest, *provider.SchemaResponse) {}
func (lookupProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}
func (lookupProvider) Resources(context.Context) []func() resource.Resource { return nil }
func (lookupProvider) DataSources(context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{func() datasource.DataSource { return lookupDataSource{} }}
}

// The plan errors derived from a data source's rules are each of its rules
// broken once, with the values of the samples; and each configuration
// gets, from the framework's validation, the error the shape expects.
func TestPlanErrorsOf(t *testing.T) {
	samples := Args{"id": "x-1", "name": "web", "organization": "acme", "kind": "k", "label": "l", "mount": "m", "secret": "s"}
	refusals, err := planErrorsOf(lookupDataSource{}, samples)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range refusals {
		got = append(got, strings.TrimSpace(DataSource{Type: "stack_lookup"}.block("test", r.Args)))
	}
	want := []string{
		// Exactly one of id and name: neither, and both.
		`data "stack_lookup" "test" {
}`, `data "stack_lookup" "test" {
  id = "x-1"
  name = "web"
}`,
		// No organization with an id.
		`data "stack_lookup" "test" {
  id = "x-1"
  organization = "acme"
}`,
		// At least one of kind and label.
		`data "stack_lookup" "test" {
}`,
		// mount and secret together.
		`data "stack_lookup" "test" {
  mount = "m"
}`,
		// Exactly one of secret and name: neither, and both.
		`data "stack_lookup" "test" {
}`, `data "stack_lookup" "test" {
  name = "web"
  secret = "s"
}`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("derived the configurations\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	server := providerserver.NewProtocol6(lookupProvider{})()
	var resp datasource.SchemaResponse
	lookupDataSource{}.Schema(context.Background(), datasource.SchemaRequest{}, &resp)
	typ := resp.Schema.Type().TerraformType(context.Background())
	for _, r := range refusals {
		values := map[string]tftypes.Value{}
		for name := range resp.Schema.Attributes {
			values[name] = tftypes.NewValue(tftypes.String, nil)
			if v, ok := r.Args[name]; ok {
				values[name] = tftypes.NewValue(tftypes.String, v)
			}
		}
		config, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, values))
		if err != nil {
			t.Fatal(err)
		}
		validated, err := server.ValidateDataResourceConfig(context.Background(), &tfprotov6.ValidateDataResourceConfigRequest{TypeName: "stack_lookup", Config: &config})
		if err != nil {
			t.Fatal(err)
		}
		var errors []string
		for _, d := range validated.Diagnostics {
			errors = append(errors, d.Summary+"\n\n"+d.Detail)
		}
		if !slices.ContainsFunc(errors, r.Want.MatchString) {
			t.Errorf("%v: the validation's errors %q match none of %s", r.Args, errors, r.Want)
		}
	}
}

// A rule whose arguments no read sets, and no sample, cannot be derived.
func TestPlanErrorsOf_missingSample(t *testing.T) {
	_, err := planErrorsOf(lookupDataSource{}, Args{"id": "x-1", "name": "web", "mount": "m", "secret": "s", "kind": "k"})
	if err == nil || !strings.Contains(err.Error(), "need values of organization, which no read gives") {
		t.Errorf("got %v, want the missing organization named", err)
	}
}

func TestHCLValue(t *testing.T) {
	for v, want := range map[any]string{
		"a\"b":                  `"a\"b"`,
		"${var.x}":              `"$${var.x}"`,
		Expr("stack_x.test.id"): "stack_x.test.id",
		42:                      "42",
		true:                    "true",
	} {
		if got := hclValue(v); got != want {
			t.Errorf("hclValue(%#v) = %s, want %s", v, got, want)
		}
	}
	if got := hclValue([]string{"a", "b"}); got != `["a", "b"]` {
		t.Errorf("hclValue of a list = %s", got)
	}
}
