package platform

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// outputsModel is the outputs of a workspace's current state, as the data
// source and the ephemeral resource read them.
type outputsModel struct {
	ID                 types.String  `tfsdk:"id"`
	Organization       types.String  `tfsdk:"organization"`
	Workspace          types.String  `tfsdk:"workspace"`
	Values             types.Dynamic `tfsdk:"values"`
	NonsensitiveValues types.Dynamic `tfsdk:"nonsensitive_values"`
	DetailedType       types.Map     `tfsdk:"detailed_type"`
}

// NewOutputsDataSource is the constructor of the stack_platform_outputs
// data source.
var NewOutputsDataSource = fwutil.NewDataSource(&fwutil.DataSource[outputsModel, *platformclient.Client]{
	TypeName: "platform_outputs",
	Service:  platformclient.Service,
	Schema:   outputsDataSourceSchema,
	Read:     readOutputs,
})

// The descriptions of the outputs' attributes, which the data source and
// the ephemeral resource share.
const (
	outputsText = "The outputs of a platform workspace's current state: what its last apply left, read by another configuration. " +
		"Each value has the Terraform type the state gives it (`detailed_type`): a list stays a list, a map a map, a set a set, " +
		"and a number keeps every digit. A workspace without a state has no outputs: both values are empty objects."
	outputsIDText           = "The workspace's ID, `ws-` and 16 characters."
	outputsWorkspaceText    = "Name of the workspace whose outputs are read. " + workspaceNameRule
	outputsValuesText       = "Every output, sensitive or not, by name: an object whose attributes are the outputs. The whole object is sensitive, as it holds the sensitive outputs; `nonsensitive_values` holds the others without that mark."
	outputsNonsensitiveText = "The outputs that are not sensitive, by name: an object whose attributes are those outputs."
	outputsDetailedTypeText = "The Terraform type of each output, by name, in the JSON form in which Terraform writes types: `\"string\"`, `[\"list\",\"string\"]`, " +
		"`[\"object\",{\"port\":\"number\"}]`; `jsondecode` reads it. An output whose state gives no type (a state written before Terraform 0.12) is absent here, " +
		"and its value takes the type that `jsondecode` gives its JSON: an object for a map, a tuple for a list."
)

func outputsDataSourceSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: outputsText,
		Attributes: map[string]schema.Attribute{
			"id":                  schema.StringAttribute{Computed: true, Description: outputsIDText},
			"organization":        organizationDataSourceAttribute("of the workspace"),
			"workspace":           schema.StringAttribute{Required: true, Description: outputsWorkspaceText, Validators: workspaceNameValidators()},
			"values":              schema.DynamicAttribute{Computed: true, Sensitive: true, Description: outputsValuesText},
			"nonsensitive_values": schema.DynamicAttribute{Computed: true, Description: outputsNonsensitiveText},
			"detailed_type":       schema.MapAttribute{Computed: true, ElementType: types.StringType, Description: outputsDetailedTypeText},
		},
	}
}

// readOutputs reads the outputs of the workspace m names, in the
// organization m names or the provider's.
func readOutputs(ctx context.Context, c *platformclient.Client, m *outputsModel, diags *diag.Diagnostics) {
	org, ok := organizationDefault.Of(c, m.Organization, diags)
	if !ok {
		return
	}
	var f *fwutil.Failure
	if err := outputsOf(ctx, c, org, m); errors.As(err, &f) {
		diags.AddError(f.Summary, f.Detail)
	}
}

// outputsOf reads the outputs of the workspace m names in org into m: its
// current outputs, then the value of each sensitive one, which the list
// hides. Its errors are Failures, worded for the practitioner.
func outputsOf(ctx context.Context, c *platformclient.Client, org string, m *outputsModel) error {
	failed := func(summary string, err error) error {
		return &fwutil.Failure{Summary: summary, Detail: fwutil.APIErrorDetail(err)}
	}
	ws, err := c.Workspaces.Read(ctx, org, m.Workspace.ValueString(), platformclient.WorkspaceReadOptions{})
	if err != nil {
		return failed(fmt.Sprintf("Cannot read the workspace %q of the organization %q", m.Workspace.ValueString(), org), err)
	}
	list, err := c.StateVersionOutputs.ListCurrent(ctx, ws.ID)
	if err != nil {
		return failed(fmt.Sprintf("Cannot read the outputs of the workspace %q", ws.ID), err)
	}
	for _, o := range list.Items {
		if !o.Sensitive {
			continue
		}
		got, err := c.StateVersionOutputs.Read(ctx, o.ID)
		if err != nil {
			return failed(fmt.Sprintf("Cannot read the sensitive output %q of the workspace %q", o.Name, ws.ID), err)
		}
		o.Value, o.DetailedType = got.Value, got.DetailedType
	}
	all, nonsensitive, detailed, err := outputValues(ctx, list.Items)
	if err != nil {
		return failed(fmt.Sprintf("Cannot read the outputs of the workspace %q", ws.ID), fmt.Errorf("the platform answered outputs that cannot be read: %w", err))
	}
	m.ID, m.Organization = types.StringValue(ws.ID), types.StringValue(org)
	m.Values, m.NonsensitiveValues, m.DetailedType = all, nonsensitive, fwutil.StringMapValue(detailed)
	return nil
}

// outputValues are the outputs as Terraform values: all of them, the
// non-sensitive ones, each an object of the outputs by name, and the
// detailed types the platform gives, as JSON.
func outputValues(ctx context.Context, outputs []*platformclient.StateVersionOutput) (all, nonsensitive types.Dynamic, detailed map[string]string, err error) {
	allTypes, allValues := map[string]tftypes.Type{}, map[string]tftypes.Value{}
	openTypes, openValues := map[string]tftypes.Type{}, map[string]tftypes.Value{}
	detailed = map[string]string{}
	for _, o := range outputs {
		typ, err := terraformType(o.DetailedType, o.Value)
		if err != nil {
			return all, nonsensitive, nil, fmt.Errorf("output %q: type %v: %w", o.Name, o.DetailedType, err)
		}
		v, err := terraformValue(typ, o.Value)
		if err != nil {
			return all, nonsensitive, nil, fmt.Errorf("output %q: %w", o.Name, err)
		}
		allTypes[o.Name], allValues[o.Name] = typ, v
		if !o.Sensitive {
			openTypes[o.Name], openValues[o.Name] = typ, v
		}
		if o.DetailedType != nil {
			raw, err := json.Marshal(o.DetailedType)
			if err != nil {
				return all, nonsensitive, nil, fmt.Errorf("output %q: %w", o.Name, err)
			}
			detailed[o.Name] = string(raw)
		}
	}
	if all, err = dynamicObject(ctx, allTypes, allValues); err != nil {
		return all, nonsensitive, nil, err
	}
	nonsensitive, err = dynamicObject(ctx, openTypes, openValues)
	return all, nonsensitive, detailed, err
}

// dynamicObject is an object of the attributes given, as a dynamic value.
func dynamicObject(ctx context.Context, attrTypes map[string]tftypes.Type, values map[string]tftypes.Value) (types.Dynamic, error) {
	obj := tftypes.NewValue(tftypes.Object{AttributeTypes: attrTypes}, values)
	v, err := basetypes.DynamicType{}.ValueFromTerraform(ctx, obj)
	if err != nil {
		return types.DynamicNull(), err
	}
	d, ok := v.(basetypes.DynamicValue)
	if !ok {
		return types.DynamicNull(), fmt.Errorf("a dynamic value is a %T", v)
	}
	return d, nil
}

// terraformType is the Terraform type of an output: its detailed type, as
// JSON decodes Terraform's JSON form of types, with "dynamic" (or a type
// not given) taking the type that jsondecode gives the value.
func terraformType(detailed, value any) (tftypes.Type, error) {
	switch d := detailed.(type) {
	case nil:
		return inferredType(value), nil
	case string:
		switch d {
		case "string":
			return tftypes.String, nil
		case "number":
			return tftypes.Number, nil
		case "bool":
			return tftypes.Bool, nil
		case "dynamic":
			return inferredType(value), nil
		}
		return nil, fmt.Errorf("unknown type %q", d)
	case []any:
		return collectionType(d, value)
	}
	return nil, errors.New("a type is a string or a list")
}

// collectionType is the type of a detailed type that is a list: a kind
// and what it holds.
func collectionType(d []any, value any) (tftypes.Type, error) {
	kind, _ := d[0].(string)
	if len(d) < 2 {
		return nil, fmt.Errorf("%q names no element type", kind)
	}
	switch kind {
	case "list", "set", "map":
		var elem any
		if l, ok := value.([]any); ok && len(l) > 0 {
			elem = l[0]
		}
		if m, ok := value.(map[string]any); ok && len(m) > 0 {
			elem = m[slices.Sorted(maps.Keys(m))[0]]
		}
		e, err := terraformType(d[1], elem)
		if err != nil {
			return nil, err
		}
		switch kind {
		case "list":
			return tftypes.List{ElementType: e}, nil
		case "set":
			return tftypes.Set{ElementType: e}, nil
		}
		return tftypes.Map{ElementType: e}, nil
	case "object":
		attrs, ok := d[1].(map[string]any)
		if !ok {
			return nil, errors.New("an object's attributes are an object")
		}
		values, _ := value.(map[string]any)
		out := tftypes.Object{AttributeTypes: map[string]tftypes.Type{}}
		for name, at := range attrs {
			t, err := terraformType(at, values[name])
			if err != nil {
				return nil, fmt.Errorf("attribute %q: %w", name, err)
			}
			out.AttributeTypes[name] = t
		}
		return out, nil
	case "tuple":
		elems, ok := d[1].([]any)
		if !ok {
			return nil, errors.New("a tuple's elements are a list")
		}
		values, _ := value.([]any)
		out := tftypes.Tuple{ElementTypes: make([]tftypes.Type, len(elems))}
		for i, et := range elems {
			var v any
			if i < len(values) {
				v = values[i]
			}
			t, err := terraformType(et, v)
			if err != nil {
				return nil, fmt.Errorf("element %d: %w", i, err)
			}
			out.ElementTypes[i] = t
		}
		return out, nil
	}
	return nil, fmt.Errorf("unknown kind of type %q", kind)
}

// inferredType is the type jsondecode gives a JSON value: a tuple for an
// array, an object for an object, a string for null.
func inferredType(value any) tftypes.Type {
	switch v := value.(type) {
	case bool:
		return tftypes.Bool
	case json.Number, float64:
		return tftypes.Number
	case []any:
		out := tftypes.Tuple{ElementTypes: make([]tftypes.Type, len(v))}
		for i, e := range v {
			out.ElementTypes[i] = inferredType(e)
		}
		return out
	case map[string]any:
		out := tftypes.Object{AttributeTypes: map[string]tftypes.Type{}}
		for k, e := range v {
			out.AttributeTypes[k] = inferredType(e)
		}
		return out
	}
	return tftypes.String
}

// terraformValue is a JSON value, as the client decodes it, of type t.
func terraformValue(t tftypes.Type, value any) (tftypes.Value, error) {
	if value == nil {
		return tftypes.NewValue(t, nil), nil
	}
	mismatch := fmt.Errorf("a %T is no %s", value, t)
	switch {
	case t.Is(tftypes.String):
		if s, ok := value.(string); ok {
			return tftypes.NewValue(t, s), nil
		}
	case t.Is(tftypes.Bool):
		if b, ok := value.(bool); ok {
			return tftypes.NewValue(t, b), nil
		}
	case t.Is(tftypes.Number):
		switch n := value.(type) {
		case json.Number:
			f, _, err := big.ParseFloat(string(n), 10, 512, big.ToNearestEven)
			if err != nil {
				return tftypes.Value{}, fmt.Errorf("number %s: %w", n, err)
			}
			return tftypes.NewValue(t, f), nil
		case float64:
			return tftypes.NewValue(t, big.NewFloat(n)), nil
		}
	case t.Is(tftypes.List{}), t.Is(tftypes.Set{}), t.Is(tftypes.Tuple{}):
		l, ok := value.([]any)
		if !ok {
			return tftypes.Value{}, mismatch
		}
		elems := make([]tftypes.Value, len(l))
		for i, e := range l {
			var et tftypes.Type
			switch c := t.(type) {
			case tftypes.List:
				et = c.ElementType
			case tftypes.Set:
				et = c.ElementType
			case tftypes.Tuple:
				if len(c.ElementTypes) != len(l) {
					return tftypes.Value{}, fmt.Errorf("a tuple of %d elements holds %d", len(c.ElementTypes), len(l))
				}
				et = c.ElementTypes[i]
			}
			v, err := terraformValue(et, e)
			if err != nil {
				return tftypes.Value{}, fmt.Errorf("element %d: %w", i, err)
			}
			elems[i] = v
		}
		return tftypes.NewValue(t, elems), nil
	case t.Is(tftypes.Map{}), t.Is(tftypes.Object{}):
		m, ok := value.(map[string]any)
		if !ok {
			return tftypes.Value{}, mismatch
		}
		vals := map[string]tftypes.Value{}
		if o, isObject := t.(tftypes.Object); isObject {
			// An attribute the value leaves out (an optional one) is null.
			for name, at := range o.AttributeTypes {
				v, err := terraformValue(at, m[name])
				if err != nil {
					return tftypes.Value{}, fmt.Errorf("attribute %q: %w", name, err)
				}
				vals[name] = v
			}
			return tftypes.NewValue(t, vals), nil
		}
		mt, isMap := t.(tftypes.Map)
		if !isMap {
			return tftypes.Value{}, mismatch
		}
		for k, e := range m {
			v, err := terraformValue(mt.ElementType, e)
			if err != nil {
				return tftypes.Value{}, fmt.Errorf("key %q: %w", k, err)
			}
			vals[k] = v
		}
		return tftypes.NewValue(t, vals), nil
	}
	return tftypes.Value{}, mismatch
}
