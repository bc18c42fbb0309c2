package acctest

import (
	"context"
	"fmt"
	"math/big"
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/stackworks/terraform-provider-stack/internal/provider"
)

// RPC serves the provider in-process and calls its protocol methods as
// Terraform does, without Terraform: benchmarks use it to measure what the
// provider itself spends per call, in stable ns/op.
type RPC struct {
	server  tfprotov6.ProviderServer
	schemas *tfprotov6.GetProviderSchemaResponse
}

// NewRPC serves the provider and configures it with providerConfig, the
// provider block as Go values (see Value).
func NewRPC(tb testing.TB, providerConfig map[string]any) *RPC {
	tb.Helper()
	server, err := providerserver.NewProtocol6WithError(provider.New("bench")())()
	if err != nil {
		tb.Fatal(err)
	}
	ctx := context.Background()
	schemas := Schemas(tb, server)
	check(tb, "GetProviderSchema", schemas.Diagnostics)
	p := &RPC{server: server, schemas: schemas}
	resp, err := server.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{
		TerraformVersion: "1.11.4",
		Config:           p.encode(tb, schemas.Provider, providerConfig),
	})
	if err != nil {
		tb.Fatalf("ConfigureProvider: %v", err)
	}
	check(tb, "ConfigureProvider", resp.Diagnostics)
	return p
}

// Schemas are what server, a provider served in process, answers
// Terraform's GetProviderSchema with.
func Schemas(tb testing.TB, server tfprotov6.ProviderServer) *tfprotov6.GetProviderSchemaResponse {
	tb.Helper()
	resp, err := server.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		tb.Fatal(err)
	}
	return resp
}

// Validate calls ValidateResourceConfig with config.
func (p *RPC) Validate(tb testing.TB, typeName string, config map[string]any) {
	tb.Helper()
	resp, err := p.server.ValidateResourceConfig(context.Background(), &tfprotov6.ValidateResourceConfigRequest{
		TypeName: typeName,
		Config:   p.encode(tb, p.resourceSchema(tb, typeName), config),
	})
	if err != nil {
		tb.Fatalf("ValidateResourceConfig: %v", err)
	}
	check(tb, "ValidateResourceConfig", resp.Diagnostics)
}

// PlanCreate calls PlanResourceChange for a new resource of config, with
// the proposed state Terraform would send, and returns the planned state.
func (p *RPC) PlanCreate(tb testing.TB, typeName string, config map[string]any) *tfprotov6.DynamicValue {
	tb.Helper()
	schema := p.resourceSchema(tb, typeName)
	encoded := p.encode(tb, schema, config)
	resp, err := p.server.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{
		TypeName:         typeName,
		PriorState:       p.encode(tb, schema, nil),
		ProposedNewState: encoded,
		Config:           encoded,
	})
	if err != nil {
		tb.Fatalf("PlanResourceChange: %v", err)
	}
	check(tb, "PlanResourceChange", resp.Diagnostics)
	return resp.PlannedState
}

// PlanErrors validates config as Terraform does before a plan
// (ValidateResourceConfig) and, when that finds no error, plans the
// create of it (PlanResourceChange): it returns the diagnostics of the
// call that failed, or of both when neither did.
func (p *RPC) PlanErrors(tb testing.TB, typeName string, config map[string]any) []*tfprotov6.Diagnostic {
	tb.Helper()
	ctx, schema := context.Background(), p.resourceSchema(tb, typeName)
	encoded := p.encode(tb, schema, config)
	return validThen(tb, func() ([]*tfprotov6.Diagnostic, error) {
		resp, err := p.server.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{
			TypeName: typeName, Config: encoded,
			ClientCapabilities: &tfprotov6.ValidateResourceConfigClientCapabilities{WriteOnlyAttributesAllowed: true},
		})
		return diagnostics(resp, err)
	}, func() ([]*tfprotov6.Diagnostic, error) {
		resp, err := p.server.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
			TypeName: typeName, PriorState: p.encode(tb, schema, nil), ProposedNewState: encoded, Config: encoded,
		})
		return diagnostics(resp, err)
	})
}

// ReadErrors validates config of a data source as Terraform does before
// it reads one (ValidateDataResourceConfig) and, when that finds no error,
// reads it (ReadDataSource), with the diagnostics PlanErrors returns.
func (p *RPC) ReadErrors(tb testing.TB, typeName string, config map[string]any) []*tfprotov6.Diagnostic {
	tb.Helper()
	ctx := context.Background()
	encoded := p.encode(tb, p.schemaOf(tb, p.schemas.DataSourceSchemas, "data source", typeName), config)
	return validThen(tb, func() ([]*tfprotov6.Diagnostic, error) {
		return diagnostics(p.server.ValidateDataResourceConfig(ctx, &tfprotov6.ValidateDataResourceConfigRequest{TypeName: typeName, Config: encoded}))
	}, func() ([]*tfprotov6.Diagnostic, error) {
		return diagnostics(p.server.ReadDataSource(ctx, &tfprotov6.ReadDataSourceRequest{TypeName: typeName, Config: encoded}))
	})
}

// OpenErrors validates config of an ephemeral resource as Terraform does
// before it opens one (ValidateEphemeralResourceConfig) and, when that
// finds no error, opens it (OpenEphemeralResource), with the diagnostics
// PlanErrors returns.
func (p *RPC) OpenErrors(tb testing.TB, typeName string, config map[string]any) []*tfprotov6.Diagnostic {
	tb.Helper()
	ctx := context.Background()
	encoded := p.encode(tb, p.schemaOf(tb, p.schemas.EphemeralResourceSchemas, "ephemeral resource", typeName), config)
	return validThen(tb, func() ([]*tfprotov6.Diagnostic, error) {
		return diagnostics(p.server.ValidateEphemeralResourceConfig(ctx, &tfprotov6.ValidateEphemeralResourceConfigRequest{TypeName: typeName, Config: encoded}))
	}, func() ([]*tfprotov6.Diagnostic, error) {
		return diagnostics(p.server.OpenEphemeralResource(ctx, &tfprotov6.OpenEphemeralResourceRequest{TypeName: typeName, Config: encoded}))
	})
}

// validThen returns the diagnostics of validate, a validation, and, when
// it found no error, of next, the call Terraform makes after it.
func validThen(tb testing.TB, validate, next func() ([]*tfprotov6.Diagnostic, error)) []*tfprotov6.Diagnostic {
	tb.Helper()
	diags, err := validate()
	if err != nil {
		tb.Fatal(err)
	}
	if hasError(diags) {
		return diags
	}
	more, err := next()
	if err != nil {
		tb.Fatal(err)
	}
	return append(diags, more...)
}

// diagnostics are the diagnostics of a protocol call's response.
func diagnostics[R any](resp *R, err error) ([]*tfprotov6.Diagnostic, error) {
	if err != nil {
		return nil, err
	}
	diags, ok := reflect.ValueOf(resp).Elem().FieldByName("Diagnostics").Interface().([]*tfprotov6.Diagnostic)
	if !ok {
		return nil, fmt.Errorf("%T has no diagnostics", resp)
	}
	return diags, nil
}

func (p *RPC) schemaOf(tb testing.TB, schemas map[string]*tfprotov6.Schema, kind, typeName string) *tfprotov6.Schema {
	tb.Helper()
	s, ok := schemas[typeName]
	if !ok {
		tb.Fatalf("the provider has no %s %s", kind, typeName)
	}
	return s
}

func hasError(diags []*tfprotov6.Diagnostic) bool {
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			return true
		}
	}
	return false
}

// Create calls ApplyResourceChange with a plan from PlanCreate, and
// returns the new state.
func (p *RPC) Create(tb testing.TB, typeName string, config map[string]any, planned *tfprotov6.DynamicValue) *tfprotov6.DynamicValue {
	tb.Helper()
	schema := p.resourceSchema(tb, typeName)
	resp, err := p.server.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName:     typeName,
		PriorState:   p.encode(tb, schema, nil),
		PlannedState: planned,
		Config:       p.encode(tb, schema, config),
	})
	if err != nil {
		tb.Fatalf("ApplyResourceChange: %v", err)
	}
	check(tb, "ApplyResourceChange", resp.Diagnostics)
	return resp.NewState
}

// Read calls ReadResource, as a refresh does, and returns the new state.
func (p *RPC) Read(tb testing.TB, typeName string, state *tfprotov6.DynamicValue) *tfprotov6.DynamicValue {
	tb.Helper()
	resp, err := p.server.ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{TypeName: typeName, CurrentState: state})
	if err != nil {
		tb.Fatalf("ReadResource: %v", err)
	}
	check(tb, "ReadResource", resp.Diagnostics)
	return resp.NewState
}

func (p *RPC) resourceSchema(tb testing.TB, typeName string) *tfprotov6.Schema {
	tb.Helper()
	s, ok := p.schemas.ResourceSchemas[typeName]
	if !ok {
		tb.Fatalf("the provider has no resource %s", typeName)
	}
	return s
}

func (p *RPC) encode(tb testing.TB, schema *tfprotov6.Schema, attrs map[string]any) *tfprotov6.DynamicValue {
	tb.Helper()
	typ := schema.ValueType()
	var v tftypes.Value
	if attrs == nil {
		v = tftypes.NewValue(typ, nil)
	} else {
		var err error
		if v, err = Value(typ, attrs); err != nil {
			tb.Fatal(err)
		}
	}
	dv, err := tfprotov6.NewDynamicValue(typ, v)
	if err != nil {
		tb.Fatal(err)
	}
	return &dv
}

// check fails on an error diagnostic.
func check(tb testing.TB, call string, diags []*tfprotov6.Diagnostic) {
	tb.Helper()
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			tb.Fatalf("%s: %s: %s", call, d.Summary, d.Detail)
		}
	}
}

// Value converts Go values to a Terraform value of typ, as a configuration
// gives them: nil and absent attributes are null; objects are
// map[string]any, lists []string or []any, sets []string, maps
// map[string]string; numbers are ints.
func Value(typ tftypes.Type, v any) (tftypes.Value, error) {
	if v == nil {
		return tftypes.NewValue(typ, nil), nil
	}
	switch t := typ.(type) {
	case tftypes.Object:
		attrs, ok := v.(map[string]any)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("want map[string]any for %s, got %T", typ, v)
		}
		for name := range attrs {
			if _, ok := t.AttributeTypes[name]; !ok {
				return tftypes.Value{}, fmt.Errorf("no attribute %q in %s", name, typ)
			}
		}
		vals := map[string]tftypes.Value{}
		for name, at := range t.AttributeTypes {
			av, err := Value(at, attrs[name])
			if err != nil {
				return tftypes.Value{}, fmt.Errorf("%s: %w", name, err)
			}
			vals[name] = av
		}
		return tftypes.NewValue(t, vals), nil
	case tftypes.List:
		elems, err := elements(t.ElementType, v)
		if err != nil {
			return tftypes.Value{}, err
		}
		return tftypes.NewValue(t, elems), nil
	case tftypes.Set:
		elems, err := elements(t.ElementType, v)
		if err != nil {
			return tftypes.Value{}, err
		}
		return tftypes.NewValue(t, elems), nil
	case tftypes.Map:
		m, ok := v.(map[string]string)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("want map[string]string for %s, got %T", typ, v)
		}
		vals := map[string]tftypes.Value{}
		for k, e := range m {
			vals[k] = tftypes.NewValue(t.ElementType, e)
		}
		return tftypes.NewValue(t, vals), nil
	}
	switch {
	case typ.Is(tftypes.Number):
		n, ok := v.(int)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("want int for a number, got %T", v)
		}
		return tftypes.NewValue(typ, big.NewFloat(float64(n))), nil
	case typ.Is(tftypes.String):
		if _, ok := v.(string); ok {
			return tftypes.NewValue(typ, v), nil
		}
	case typ.Is(tftypes.Bool):
		if _, ok := v.(bool); ok {
			return tftypes.NewValue(typ, v), nil
		}
	}
	return tftypes.Value{}, fmt.Errorf("cannot convert %T to %s", v, typ)
}

// elements are the elements of a list or a set of elem, from []string or
// []any.
func elements(elem tftypes.Type, v any) ([]tftypes.Value, error) {
	var elems []tftypes.Value
	switch l := v.(type) {
	case []string:
		for _, e := range l {
			ev, err := Value(elem, e)
			if err != nil {
				return nil, err
			}
			elems = append(elems, ev)
		}
	case []any:
		for _, e := range l {
			ev, err := Value(elem, e)
			if err != nil {
				return nil, err
			}
			elems = append(elems, ev)
		}
	default:
		return nil, fmt.Errorf("want a slice for a list or a set, got %T", v)
	}
	return elems, nil
}
