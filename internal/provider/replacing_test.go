package provider_test

import (
	"context"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	fwprovider "github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
	"github.com/stackworks/terraform-provider-stack/internal/provider"
)

// recordingProvider is the provider whose resources' ModifyPlan records
// what fwutil.AttributesReplacing finds in the request that the framework
// built, instead of doing the resource's own: the framework's answer then
// holds only the replacements that the attributes' plan modifiers asked
// for, which the recording must match. (The answer of the real lifecycle
// cannot show a missed attribute: the framework adds its own replacements
// to whatever a resource's ModifyPlan returns.)
type recordingProvider struct {
	fwprovider.Provider
	got *recorded
}

type recorded struct {
	paths path.Paths
	diags diag.Diagnostics
}

func (p recordingProvider) Resources(ctx context.Context) []func() resource.Resource {
	var wrapped []func() resource.Resource
	for _, f := range p.Provider.Resources(ctx) {
		wrapped = append(wrapped, func() resource.Resource { return recordingResource{Resource: f(), got: p.got} })
	}
	return wrapped
}

type recordingResource struct {
	resource.Resource
	got *recorded
}

func (r recordingResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, _ *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	r.got.paths, r.got.diags = fwutil.AttributesReplacing(ctx, req)
}

// TestProvider_everyReplacingAttributeIsSeen changes, in the plan of an
// update of every resource, each attribute alone (at every depth, through
// the first element of lists, sets and maps), and checks that what the
// framework's plan replaces for it is what fwutil.AttributesReplacing
// tells the resource's ModifyPlan. The state holds a value in every
// attribute (true, "b", 1), the plan another (false, "c", 2), so that
// conditional replacements (a sensitive variable that stops being
// sensitive, or whose key changes) ask too.
func TestProvider_everyReplacingAttributeIsSeen(t *testing.T) {
	got := &recorded{}
	server, err := providerserver.NewProtocol6WithError(recordingProvider{Provider: provider.New("test")(), got: got})()
	if err != nil {
		t.Fatal(err)
	}
	var replacing []string
	for _, r := range resourceSamples(t, server) {
		typeName := r.typeName
		for _, at := range attributePaths(r.state) {
			*got = recorded{}
			resp := r.plan(t, server, changed(t, r.state, at), typeName+", "+at.String())
			for _, d := range resp.Diagnostics {
				if d.Severity == tfprotov6.DiagnosticSeverityError {
					t.Fatalf("%s, %s: %s: %s", typeName, at, d.Summary, d.Detail)
				}
			}
			if got.diags.HasError() {
				t.Fatalf("%s, %s: AttributesReplacing: %v", typeName, at, got.diags)
			}
			var seen []*tftypes.AttributePath
			for _, p := range got.paths {
				seen = append(seen, terraformPath(t, p))
			}
			missed := without(resp.RequiresReplace, seen)
			extra := without(seen, resp.RequiresReplace)
			if len(missed) > 0 || len(extra) > 0 {
				t.Errorf("%s: a change of %s alone: the plan replaces %v, the resource's ModifyPlan is told %v", typeName, at, resp.RequiresReplace, seen)
			}
			if len(resp.RequiresReplace) > 0 {
				replacing = append(replacing, typeName+" "+at.String())
			}
		}
	}
	// The test is not vacuous: these are among what it found, of each kind
	// of value that attributesReplacing used to miss or see.
	for _, want := range []string{
		`stack_platform_variable AttributeName("sensitive")`,
		`stack_platform_variable AttributeName("key")`,
		`stack_platform_variable AttributeName("category")`,
		`stack_scheduler_acl_auth_method AttributeName("name")`,
	} {
		if !slices.Contains(replacing, want) {
			t.Errorf("no replacement found for %s; found %s", want, strings.Join(replacing, ", "))
		}
	}
	t.Logf("replacing attributes: %s", strings.Join(replacing, ", "))
}

// resourceSample is a resource of the provider and a sample state of it:
// every attribute holds a value (sample's, of 1), but the write-only ones,
// which a state holds null.
type resourceSample struct {
	typeName string
	schema   *tfprotov6.Schema
	typ      tftypes.Type
	state    tftypes.Value
}

// resourceSamples are the resources that server serves, by type name.
func resourceSamples(t *testing.T, server tfprotov6.ProviderServer) []resourceSample {
	t.Helper()
	schemas := acctest.Schemas(t, server)
	var out []resourceSample
	for _, typeName := range slices.Sorted(maps.Keys(schemas.ResourceSchemas)) {
		schema := schemas.ResourceSchemas[typeName]
		typ := schema.ValueType()
		out = append(out, resourceSample{typeName, schema, typ, sample(typ, 1, writeOnly(schema.Block, tftypes.NewAttributePath()))})
	}
	return out
}

// plan is server's plan of an update of r from its sample state to config,
// and fails the test, saying what was planned, when the call fails.
func (r resourceSample) plan(t *testing.T, server tfprotov6.ProviderServer, config tftypes.Value, what string) *tfprotov6.PlanResourceChangeResponse {
	t.Helper()
	resp, err := server.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{
		TypeName:         r.typeName,
		PriorState:       dynamicValue(t, r.typ, r.state),
		ProposedNewState: dynamicValue(t, r.typ, config),
		Config:           dynamicValue(t, r.typ, config),
	})
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return resp
}

// writeOnly lists the paths of the write-only attributes of b, which a
// state and a plan always hold null.
func writeOnly(b *tfprotov6.SchemaBlock, at *tftypes.AttributePath) []*tftypes.AttributePath {
	var paths []*tftypes.AttributePath
	for _, a := range b.Attributes {
		if a.WriteOnly {
			paths = append(paths, at.WithAttributeName(a.Name))
		}
	}
	return paths
}

// sample is a known value of typ whose every leaf is v (true for 1, false
// otherwise, for a bool; the letter after "a" for a string), lists and
// sets of one element, maps of one at "k"; nulls are null.
func sample(typ tftypes.Type, v int, nulls []*tftypes.AttributePath) tftypes.Value {
	val := leaves(typ, v)
	if len(nulls) == 0 {
		return val
	}
	nulled, _ := tftypes.Transform(val, func(at *tftypes.AttributePath, old tftypes.Value) (tftypes.Value, error) {
		for _, n := range nulls {
			if at.Equal(n) {
				return tftypes.NewValue(old.Type(), nil), nil
			}
		}
		return old, nil
	})
	return nulled
}

func leaves(typ tftypes.Type, v int) tftypes.Value {
	switch t := typ.(type) {
	case tftypes.Object:
		attrs := map[string]tftypes.Value{}
		for name, at := range t.AttributeTypes {
			attrs[name] = leafOf(name, at, v)
		}
		return tftypes.NewValue(t, attrs)
	case tftypes.List:
		return tftypes.NewValue(t, []tftypes.Value{leaves(t.ElementType, v)})
	case tftypes.Set:
		return tftypes.NewValue(t, []tftypes.Value{leaves(t.ElementType, v)})
	case tftypes.Map:
		return tftypes.NewValue(t, map[string]tftypes.Value{"k": leaves(t.ElementType, v)})
	}
	switch {
	case typ.Is(tftypes.Number):
		return tftypes.NewValue(typ, big.NewFloat(float64(v)))
	case typ.Is(tftypes.Bool):
		return tftypes.NewValue(typ, v == 1)
	case typ.Is(tftypes.DynamicPseudoType):
		return tftypes.NewValue(tftypes.String, string(rune('a'+v)))
	default:
		return tftypes.NewValue(typ, string(rune('a'+v)))
	}
}

// leafOf is leaves for the attribute name: a time still to come for a
// string attribute named *_at, which the platform's times (RFC 3339,
// checked whenever the plan is read) must be.
func leafOf(name string, typ tftypes.Type, v int) tftypes.Value {
	if strings.HasSuffix(name, "_at") && typ.Is(tftypes.String) {
		return tftypes.NewValue(typ, fmt.Sprintf("2099-01-0%dT00:00:00Z", v))
	}
	return leaves(typ, v)
}

// attributePaths are the paths of every attribute and block in v, at every
// depth, through the elements that v has.
func attributePaths(v tftypes.Value) []*tftypes.AttributePath {
	var paths []*tftypes.AttributePath
	_ = tftypes.Walk(v, func(p *tftypes.AttributePath, _ tftypes.Value) (bool, error) {
		steps := p.Steps()
		if len(steps) > 0 {
			if _, ok := steps[len(steps)-1].(tftypes.AttributeName); ok {
				paths = append(paths, p)
			}
		}
		return true, nil
	})
	return paths
}

// changed is v with the value at p another sample's, of the same shape.
func changed(t *testing.T, v tftypes.Value, p *tftypes.AttributePath) tftypes.Value {
	t.Helper()
	out, err := tftypes.Transform(v, func(at *tftypes.AttributePath, old tftypes.Value) (tftypes.Value, error) {
		if at.Equal(p) && !old.IsNull() {
			name, _ := at.LastStep().(tftypes.AttributeName)
			return leafOf(string(name), old.Type(), 2), nil
		}
		return old, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func dynamicValue(t *testing.T, typ tftypes.Type, v tftypes.Value) *tfprotov6.DynamicValue {
	t.Helper()
	dv, err := tfprotov6.NewDynamicValue(typ, v)
	if err != nil {
		t.Fatal(err)
	}
	return &dv
}

// terraformPath is p as the protocol spells it.
func terraformPath(t *testing.T, p path.Path) *tftypes.AttributePath {
	t.Helper()
	out := tftypes.NewAttributePath()
	for _, step := range p.Steps() {
		switch s := step.(type) {
		case path.PathStepAttributeName:
			out = out.WithAttributeName(string(s))
		case path.PathStepElementKeyInt:
			out = out.WithElementKeyInt(int(s))
		case path.PathStepElementKeyString:
			out = out.WithElementKeyString(string(s))
		case path.PathStepElementKeyValue:
			v, err := s.ToTerraformValue(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			out = out.WithElementKeyValue(v)
		default:
			t.Fatalf("unknown path step %T", step)
		}
	}
	return out
}

// without is the paths of a that b does not hold.
func without(a, b []*tftypes.AttributePath) []*tftypes.AttributePath {
	var out []*tftypes.AttributePath
	for _, p := range a {
		if !slices.ContainsFunc(b, p.Equal) {
			out = append(out, p)
		}
	}
	return out
}
