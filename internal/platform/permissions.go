package platform

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// A team's access to a project or to a workspace is a level: a fixed one,
// which implies its permissions, or custom, whose permissions are given.
// The two share how their permissions are described, planned and checked:
// a fixed level's permissions are known at plan time, so they never show
// as changes, and a permission set against the level is refused there.

// accessLevels are the levels of one kind of access, fixed ones first and
// custom last, with the attributes whose change replaces the access.
type accessLevels struct {
	names     []string
	replacing []string
}

// custom is the index of custom access.
func (l accessLevels) custom() int { return len(l.names) - 1 }

// index is the index of a level, -1 for none.
func (l accessLevels) index(access string) int {
	for i, n := range l.names {
		if n == access {
			return i
		}
	}
	return -1
}

// permission is one permission of an access: values are its allowed
// values (none for a flag), implied what each fixed level implies, in the
// order of the levels, then custom's default.
type permission struct {
	attribute, lets string
	values          []string
	implied         [5]any
}

func permissionTypes(perms []permission) map[string]attr.Type {
	t := make(map[string]attr.Type, len(perms))
	for _, p := range perms {
		t[p.attribute] = types.StringType
		if p.values == nil {
			t[p.attribute] = types.BoolType
		}
	}
	return t
}

// impliedPermissions are the permissions a level implies (custom's
// defaults for custom), as an object of perms' attributes.
func impliedPermissions(perms []permission, level int) (types.Object, diag.Diagnostics) {
	vals := make(map[string]any, len(perms))
	for _, p := range perms {
		vals[p.attribute] = p.implied[level]
	}
	return permissionsValue(perms, vals)
}

// permissionsValue is the object of perms' attributes that holds vals, a
// string or a bool by attribute: the permissions of an answer, or those a
// level implies.
func permissionsValue(perms []permission, vals map[string]any) (types.Object, diag.Diagnostics) {
	attrs := make(map[string]attr.Value, len(perms))
	for _, p := range perms {
		attrs[p.attribute] = permissionValue(vals[p.attribute])
	}
	return types.ObjectValue(permissionTypes(perms), attrs)
}

// permissionValue is a permission's value as its attribute holds it.
func permissionValue(v any) attr.Value {
	switch v := v.(type) {
	case string:
		return types.StringValue(v)
	case bool:
		return types.BoolValue(v)
	}
	return nil
}

// permissionString and permissionFlag are the permission name of obj, an
// object of permissions, as a request sends it: nil, left to the
// platform, when obj or the permission is not known.
func permissionString(obj types.Object, name string) *string {
	if obj.IsNull() || obj.IsUnknown() {
		return nil
	}
	v, _ := obj.Attributes()[name].(types.String)
	return stringOf(v)
}

func permissionFlag(obj types.Object, name string) *bool {
	if obj.IsNull() || obj.IsUnknown() {
		return nil
	}
	v, _ := obj.Attributes()[name].(types.Bool)
	return boolOf(v)
}

func permissionAttributes(levels accessLevels, perms []permission) map[string]schema.Attribute {
	attrs := make(map[string]schema.Attribute, len(perms))
	custom := levels.custom()
	for _, p := range perms {
		desc := permissionDescription(levels, p) + " With `custom` access, left out, a new access has `" +
			fmt.Sprint(p.implied[custom]) + "` and a changed one keeps what it had."
		if p.values == nil {
			attrs[p.attribute] = schema.BoolAttribute{Optional: true, Computed: true, Description: desc}
			continue
		}
		attrs[p.attribute] = schema.StringAttribute{
			Optional: true, Computed: true,
			Description: desc,
			Validators:  []validator.String{stringvalidator.OneOf(p.values...)},
		}
	}
	return attrs
}

// permissionDescription says what a permission lets the team do and what
// each fixed level implies: all a data source, which only reads the
// access, says of it.
func permissionDescription(levels accessLevels, p permission) string {
	implied := make([]string, levels.custom())
	for i := range implied {
		implied[i] = fmt.Sprintf("`%v` for %s", p.implied[i], levels.names[i])
	}
	what := "Whether the team may " + p.lets + "."
	if p.values != nil {
		what = fwutil.UpperFirst(p.lets) + ": one of `" + strings.Join(p.values, "`, `") + "`."
	}
	return what + " A fixed level implies it: " + strings.Join(implied, ", ") + "."
}

// checkPermissions refuses, with a fixed level, a permission of the
// object at name other than the one the level implies, as the platform
// does.
func checkPermissions(levels accessLevels, access types.String, name string, obj types.Object, perms []permission, diags *diag.Diagnostics) {
	level := levels.index(access.ValueString())
	if access.IsUnknown() || level < 0 || level == levels.custom() || obj.IsNull() || obj.IsUnknown() {
		return
	}
	vals := obj.Attributes()
	for _, p := range perms {
		v := vals[p.attribute]
		if v == nil || v.IsNull() || v.IsUnknown() {
			continue
		}
		if got := valueOf(v); got != p.implied[level] {
			diags.AddAttributeError(path.Root(name).AtName(p.attribute), "Invalid permission",
				fmt.Sprintf("%s.%s can only be set when access is custom: access %s implies %v, got %v.", name, p.attribute, levels.names[level], p.implied[level], got))
		}
	}
}

func valueOf(v attr.Value) any {
	switch v := v.(type) {
	case types.String:
		return v.ValueString()
	case types.Bool:
		return v.ValueBool()
	}
	return nil
}

// permissionsPlan is the plan modifier of an access's permissions: it
// plans every permission the apply will hold, so that a plan shows what
// the access grants. A fixed level has the permissions it implies. Custom
// access has those the configuration sets, and for each it leaves out
// what the platform keeps: the value the access has, or, for a new access
// (a create or a replacement), custom's default.
type permissionsPlan struct {
	levels accessLevels
	perms  []permission
}

func (m permissionsPlan) Description(context.Context) string {
	return "plans the permissions that the access level implies, or that custom access keeps"
}

func (m permissionsPlan) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (m permissionsPlan) PlanModifyObject(ctx context.Context, req planmodifier.ObjectRequest, resp *planmodifier.ObjectResponse) {
	var access types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("access"), &access)...)
	level := m.levels.index(access.ValueString())
	if resp.Diagnostics.HasError() || access.IsUnknown() || level < 0 || req.ConfigValue.IsUnknown() {
		return
	}
	custom := m.levels.custom()
	if level < custom {
		obj, d := impliedPermissions(m.perms, level)
		resp.Diagnostics.Append(d...)
		resp.PlanValue = obj
		return
	}
	kept := map[string]attr.Value{}
	if !req.StateValue.IsNull() && !req.StateValue.IsUnknown() && !m.accessReplaced(ctx, req, &resp.Diagnostics) {
		kept = req.StateValue.Attributes()
	}
	var configured map[string]attr.Value
	if !req.ConfigValue.IsNull() {
		configured = req.ConfigValue.Attributes()
	}
	planned := make(map[string]attr.Value, len(m.perms))
	for _, p := range m.perms {
		if v := configured[p.attribute]; v != nil && !v.IsNull() {
			planned[p.attribute] = v
			continue
		}
		if v := kept[p.attribute]; v != nil && !v.IsNull() && !v.IsUnknown() {
			planned[p.attribute] = v
			continue
		}
		planned[p.attribute] = permissionValue(p.implied[custom])
	}
	obj, d := types.ObjectValue(permissionTypes(m.perms), planned)
	resp.Diagnostics.Append(d...)
	resp.PlanValue = obj
}

// accessReplaced reports whether the plan replaces the access: one of the
// attributes that replace it changes, or is not known yet.
func (m permissionsPlan) accessReplaced(ctx context.Context, req planmodifier.ObjectRequest, diags *diag.Diagnostics) bool {
	for _, name := range m.levels.replacing {
		var planned, prior types.String
		diags.Append(req.Plan.GetAttribute(ctx, path.Root(name), &planned)...)
		diags.Append(req.State.GetAttribute(ctx, path.Root(name), &prior)...)
		if !planned.Equal(prior) {
			return true
		}
	}
	return false
}
