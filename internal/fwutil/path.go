package fwutil

import (
	"context"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// ConfigPath is the path of a diagnostic on p that Terraform can point at
// in the configuration. Terraform finds an attribute of a nested attribute
// (`config = { leeway = "x" }`) only when the path indexes into the object
// as into a map, `config["leeway"]`: given `config.leeway` it points at the
// whole resource instead. Other paths are returned as they are.
func ConfigPath(p path.Path) path.Path {
	steps := p.Steps()
	if len(steps) != 2 {
		return p
	}
	root, ok1 := steps[0].(path.PathStepAttributeName)
	child, ok2 := steps[1].(path.PathStepAttributeName)
	if !ok1 || !ok2 {
		return p
	}
	return path.Root(string(root)).AtMapKey(string(child))
}

// withConfigPaths returns diags with their paths made ConfigPaths.
func withConfigPaths(diags diag.Diagnostics) diag.Diagnostics {
	out := make(diag.Diagnostics, 0, len(diags))
	for _, d := range diags {
		wp, ok := d.(diag.DiagnosticWithPath)
		if !ok {
			out = append(out, d)
			continue
		}
		p := ConfigPath(wp.Path())
		if d.Severity() == diag.SeverityWarning {
			out = append(out, diag.NewAttributeWarningDiagnostic(p, d.Summary(), d.Detail()))
		} else {
			out = append(out, diag.NewAttributeErrorDiagnostic(p, d.Summary(), d.Detail()))
		}
	}
	return out
}

// nestedConfigPaths makes the validators of the attributes of each single
// nested attribute report at ConfigPaths, so that Terraform points at the
// attribute rather than at the resource.
func nestedConfigPaths(attrs map[string]schema.Attribute) {
	for name, a := range attrs {
		nested, ok := a.(schema.SingleNestedAttribute)
		if !ok {
			continue
		}
		// A copy: the schema's maps and slices may be shared between calls.
		nested.Attributes = maps.Clone(nested.Attributes)
		for child, c := range nested.Attributes {
			switch c := c.(type) {
			case schema.StringAttribute:
				c.Validators = slices.Clone(c.Validators)
				for i, v := range c.Validators {
					c.Validators[i] = configPathString{v}
				}
				nested.Attributes[child] = c
			case schema.ListAttribute:
				c.Validators = slices.Clone(c.Validators)
				for i, v := range c.Validators {
					c.Validators[i] = configPathList{v}
				}
				nested.Attributes[child] = c
			case schema.MapAttribute:
				c.Validators = slices.Clone(c.Validators)
				for i, v := range c.Validators {
					c.Validators[i] = configPathMap{v}
				}
				nested.Attributes[child] = c
			case schema.Int64Attribute:
				c.Validators = slices.Clone(c.Validators)
				for i, v := range c.Validators {
					c.Validators[i] = configPathInt64{v}
				}
				nested.Attributes[child] = c
			case schema.BoolAttribute:
				c.Validators = slices.Clone(c.Validators)
				for i, v := range c.Validators {
					c.Validators[i] = configPathBool{v}
				}
				nested.Attributes[child] = c
			}
		}
		attrs[name] = nested
	}
}

type configPathString struct{ validator.String }

func (v configPathString) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	var r validator.StringResponse
	v.String.ValidateString(ctx, req, &r)
	resp.Diagnostics.Append(withConfigPaths(r.Diagnostics)...)
}

type configPathList struct{ validator.List }

func (v configPathList) ValidateList(ctx context.Context, req validator.ListRequest, resp *validator.ListResponse) {
	var r validator.ListResponse
	v.List.ValidateList(ctx, req, &r)
	resp.Diagnostics.Append(withConfigPaths(r.Diagnostics)...)
}

type configPathMap struct{ validator.Map }

func (v configPathMap) ValidateMap(ctx context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	var r validator.MapResponse
	v.Map.ValidateMap(ctx, req, &r)
	resp.Diagnostics.Append(withConfigPaths(r.Diagnostics)...)
}

type configPathInt64 struct{ validator.Int64 }

func (v configPathInt64) ValidateInt64(ctx context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	var r validator.Int64Response
	v.Int64.ValidateInt64(ctx, req, &r)
	resp.Diagnostics.Append(withConfigPaths(r.Diagnostics)...)
}

type configPathBool struct{ validator.Bool }

func (v configPathBool) ValidateBool(ctx context.Context, req validator.BoolRequest, resp *validator.BoolResponse) {
	var r validator.BoolResponse
	v.Bool.ValidateBool(ctx, req, &r)
	resp.Diagnostics.Append(withConfigPaths(r.Diagnostics)...)
}
