package acctest

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/stackworks/terraform-provider-stack/internal/provider"
)

// StandIn makes the engine find the stand-in of internal/acctest/standin
// (a provider that serves nothing) for provider, an incumbent's namespace
// and type such as "hashicorp/nomad", under both registry hosts: so that a
// state can hold the incumbent's resources, which a moved block hands to
// this provider, without the incumbent's binary.
func (c *CLI) StandIn(tb testing.TB, provider string) {
	tb.Helper()
	dir := tb.TempDir()
	name := provider[strings.LastIndex(provider, "/")+1:]
	_, file, _, _ := runtime.Caller(0)
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "terraform-provider-"+name), "./internal/acctest/standin")
	build.Dir = filepath.Join(filepath.Dir(file), "..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		tb.Fatalf("building the stand-in provider: %v\n%s", err, out)
	}
	rc := filepath.Join(c.Dir, "terraformrc")
	b, err := os.ReadFile(rc)
	if err != nil {
		tb.Fatal(err)
	}
	var overrides strings.Builder
	for _, host := range RegistryHosts {
		fmt.Fprintf(&overrides, "    %q = %q\n", host+"/"+provider, dir)
	}
	s := strings.Replace(string(b), "  dev_overrides {\n", "  dev_overrides {\n"+overrides.String(), 1)
	if err := os.WriteFile(rc, []byte(s), 0o600); err != nil {
		tb.Fatal(err)
	}
}

// Incumbent is one resource of an incumbent provider as a state holds it:
// its provider's namespace and type ("hashicorp/nomad"), its resource type
// and name, the schema version it was written with, and its attributes as
// the incumbent stores them (JSON).
type Incumbent struct {
	Provider, Type, Name string
	SchemaVersion        int
	Attributes           json.RawMessage
}

// WriteState writes the working directory's state (terraform.tfstate, of
// the local backend) holding resources, each under the registry host that
// the engine gives a provider without one (TF_ACC_PROVIDER_HOST, as
// make test-opentofu sets it; registry.terraform.io by default): the
// state the incumbent left, as the engine itself would have written it.
func (c *CLI) WriteState(tb testing.TB, resources ...Incumbent) {
	tb.Helper()
	host := os.Getenv("TF_ACC_PROVIDER_HOST")
	if host == "" {
		host = RegistryHosts[0]
	}
	type instance struct {
		SchemaVersion       int             `json:"schema_version"`
		Attributes          json.RawMessage `json:"attributes"`
		SensitiveAttributes []any           `json:"sensitive_attributes"`
	}
	type res struct {
		Mode      string     `json:"mode"`
		Type      string     `json:"type"`
		Name      string     `json:"name"`
		Provider  string     `json:"provider"`
		Instances []instance `json:"instances"`
	}
	state := struct {
		Version          int            `json:"version"`
		TerraformVersion string         `json:"terraform_version"`
		Serial           int            `json:"serial"`
		Lineage          string         `json:"lineage"`
		Outputs          map[string]any `json:"outputs"`
		Resources        []res          `json:"resources"`
	}{Version: 4, TerraformVersion: "1.11.0", Serial: 1, Lineage: "5f6e2a4c-0d1b-4c8e-9a7f-3b2d1e0c9f8a", Outputs: map[string]any{}, Resources: []res{}}
	for _, r := range resources {
		state.Resources = append(state.Resources, res{
			Mode: "managed", Type: r.Type, Name: r.Name,
			Provider:  fmt.Sprintf("provider[%q]", host+"/"+r.Provider),
			Instances: []instance{{SchemaVersion: r.SchemaVersion, Attributes: r.Attributes, SensitiveAttributes: []any{}}},
		})
	}
	b, err := json.MarshalIndent(state, "", "  ")
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(c.Dir, "terraform.tfstate"), b, 0o600); err != nil {
		tb.Fatal(err)
	}
}

// MovesThenPlansEmpty checks a move from the state's incumbent resource
// from to this provider's resource to, both addresses in the
// configuration's moved block: the plan moves it and changes nothing, the
// apply of that plan leaves to alone in the state, and the next plan is
// empty. It returns the warnings of the first plan (see Warnings).
func (c *CLI) MovesThenPlansEmpty(tb testing.TB, from, to string) []Diagnostic {
	tb.Helper()
	diags, actions := c.PlanJSON(tb)
	warnings := Warnings(tb, diags)
	if got := actions[to]; got != "move" || len(actions) != 1 {
		tb.Fatalf("the plan of the move: want only %s moved from %s, got %v", to, from, actions)
	}
	c.MustRun(tb, "apply", "-auto-approve")
	if got := c.StateAddresses(tb); len(got) != 1 || got[0] != to {
		tb.Errorf("the state after the move: want %s alone, got %v", to, got)
	}
	if code, out := c.Run(tb, "plan", "-detailed-exitcode"); code != 0 {
		tb.Errorf("the plan after the move is not empty (exit %d):\n%s", code, out)
	}
	return warnings
}

// Move calls the provider's MoveResourceState as an engine does for a
// moved block, on a provider served in-process and never configured: the
// source is the incumbent's resource of type sourceType, of provider
// sourceAddress (HOST/NAMESPACE/TYPE), whose state attrs (JSON) were
// written with schema version version; the target is this provider's
// resource targetType. It returns the target's attributes as Go values
// (string, int64 or float64, bool, []any, map[string]any, nil), nil when the move
// failed, and the move's diagnostics.
func Move(tb testing.TB, sourceAddress, sourceType string, version int64, attrs []byte, targetType string) (map[string]any, []*tfprotov6.Diagnostic) {
	tb.Helper()
	server, err := providerserver.NewProtocol6WithError(provider.New("test")())()
	if err != nil {
		tb.Fatal(err)
	}
	schemas := Schemas(tb, server)
	target, ok := schemas.ResourceSchemas[targetType]
	if !ok {
		tb.Fatalf("no resource %s", targetType)
	}
	resp, err := server.MoveResourceState(context.Background(), &tfprotov6.MoveResourceStateRequest{
		SourceProviderAddress: sourceAddress,
		SourceTypeName:        sourceType,
		SourceSchemaVersion:   version,
		SourceState:           &tfprotov6.RawState{JSON: attrs},
		TargetTypeName:        targetType,
	})
	if err != nil {
		tb.Fatal(err)
	}
	if resp.TargetState == nil {
		return nil, resp.Diagnostics
	}
	v, err := resp.TargetState.Unmarshal(target.ValueType())
	if err != nil {
		tb.Fatal(err)
	}
	got, _ := goValue(tb, v).(map[string]any)
	return got, resp.Diagnostics
}

// goValue is v as Go values.
func goValue(tb testing.TB, v tftypes.Value) any {
	tb.Helper()
	if v.IsNull() {
		return nil
	}
	var out any
	var err error
	switch t := v.Type(); {
	case t.Is(tftypes.String):
		var s string
		err, out = v.As(&s), &s
	case t.Is(tftypes.Bool):
		var b bool
		err, out = v.As(&b), &b
	case t.Is(tftypes.Number):
		n := new(big.Float)
		err = v.As(&n)
		if i, acc := n.Int64(); acc == big.Exact {
			out = i
		} else {
			out, _ = n.Float64()
		}
	case t.Is(tftypes.List{}), t.Is(tftypes.Set{}), t.Is(tftypes.Tuple{}):
		var l []tftypes.Value
		err = v.As(&l)
		list := make([]any, len(l))
		for i, e := range l {
			list[i] = goValue(tb, e)
		}
		out = list
	default:
		var m map[string]tftypes.Value
		err = v.As(&m)
		obj := make(map[string]any, len(m))
		for k, e := range m {
			obj[k] = goValue(tb, e)
		}
		out = obj
	}
	if err != nil {
		tb.Fatal(err)
	}
	switch p := out.(type) {
	case *string:
		return *p
	case *bool:
		return *p
	}
	return out
}

// StateAddresses are the addresses of the resources in the directory's
// state file that have an object, one for each resource block.
func (c *CLI) StateAddresses(tb testing.TB) []string {
	tb.Helper()
	var state struct {
		Resources []struct {
			Type, Name string
			Instances  []json.RawMessage
		}
	}
	c.DecodeState(tb, &state)
	var out []string
	for _, r := range state.Resources {
		if len(r.Instances) > 0 {
			out = append(out, r.Type+"."+r.Name)
		}
	}
	return out
}
