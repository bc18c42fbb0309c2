package fwutil

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func TestConfigPath(t *testing.T) {
	cases := map[string]struct{ in, want path.Path }{
		"top-level":         {path.Root("name"), path.Root("name")},
		"nested attribute":  {path.Root("config").AtName("leeway"), path.Root("config").AtMapKey("leeway")},
		"list element":      {path.Root("ports").AtListIndex(1), path.Root("ports").AtListIndex(1)},
		"deeper than a key": {path.Root("config").AtName("uris").AtListIndex(0), path.Root("config").AtName("uris").AtListIndex(0)},
	}
	for name, c := range cases {
		if got := ConfigPath(c.in); !got.Equal(c.want) {
			t.Errorf("%s: ConfigPath(%s) = %s, want %s", name, c.in, got, c.want)
		}
	}
}

// The validators of a nested attribute's attributes report at the path
// Terraform can point at, once the lifecycle has wrapped them, and the
// schema it was given is left as it was.
func TestNestedConfigPaths(t *testing.T) {
	attrs := map[string]schema.Attribute{
		"config": schema.SingleNestedAttribute{Attributes: map[string]schema.Attribute{
			"leeway": schema.StringAttribute{Validators: []validator.String{stringvalidator.LengthAtLeast(3)}},
		}},
	}
	leewayValidator := func(attrs map[string]schema.Attribute) validator.String {
		t.Helper()
		config, ok := attrs["config"].(schema.SingleNestedAttribute)
		if !ok {
			t.Fatalf("config is a %T", attrs["config"])
		}
		leeway, ok := config.Attributes["leeway"].(schema.StringAttribute)
		if !ok {
			t.Fatalf("leeway is a %T", config.Attributes["leeway"])
		}
		return leeway.Validators[0]
	}
	original := leewayValidator(attrs)
	wrapped := map[string]schema.Attribute{"config": attrs["config"]}
	nestedConfigPaths(wrapped)
	if got := leewayValidator(attrs); got != original {
		t.Fatalf("the original schema's validator became %T", got)
	}
	v := leewayValidator(wrapped)
	var resp validator.StringResponse
	v.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("config").AtName("leeway"), ConfigValue: types.StringValue("x")}, &resp)
	if resp.Diagnostics.ErrorsCount() != 1 {
		t.Fatalf("diagnostics %v, want one error", resp.Diagnostics)
	}
	d, ok := resp.Diagnostics[0].(interface{ Path() path.Path })
	if !ok || !d.Path().Equal(path.Root("config").AtMapKey("leeway")) {
		t.Errorf("error at %v, want config[\"leeway\"]", resp.Diagnostics[0])
	}
}
