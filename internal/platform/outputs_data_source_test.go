package platform_test

import (
	"math/big"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/echoprovider"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// outputsState is a state file whose outputs have every kind of type: a
// set, a number past what a float64 holds, an object with a list in it,
// and a sensitive string.
const outputsState = `{
  "version": 4, "terraform_version": "1.12.2", "serial": 7, "lineage": "5a7e4c1e-3c1f-4b8e-9d7a-2f1c0b9e8d71",
  "outputs": {
    "zones": {"value": ["eu-1a", "eu-1b"], "type": ["set", "string"]},
    "port": {"value": 9007199254740993, "type": "number"},
    "db": {"value": {"host": "db.internal", "replicas": [1, 2]}, "type": ["object", {"host": "string", "replicas": ["list", "number"]}]},
    "password": {"value": "hunter2", "type": "string", "sensitive": true}
  },
  "resources": []
}`

// setState stores state as the current state of workspace id, as an
// apply would.
func setState(t *testing.T, p *acctest.Platform, id, state string) {
	t.Helper()
	if _, err := p.Emulator.Platform().SetState(id, []byte(state)); err != nil {
		t.Fatal(err)
	}
}

func bigNum(t *testing.T, s string) *big.Float {
	t.Helper()
	f, _, err := big.ParseFloat(s, 10, 512, big.ToNearestEven)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The data source reads a workspace's outputs by its name, in the
// provider's organization or another: each typed by its detailed type,
// the sensitive ones in values only.
func TestAccOutputsDataSource_shape(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ws := newWorkspace(t, p, "network")
	setState(t, p, ws, outputsState)
	other := p.NewOrganization(t)
	elsewhere := createWorkspace(t, p, other, platformclient.WorkspaceOptions{Name: check.Ptr("network")}).ID
	setState(t, p, elsewhere, `{"version": 4, "serial": 1, "outputs": {"region": {"value": "eu", "type": "string"}}}`)
	empty := newWorkspace(t, p, "empty")

	port := knownvalue.NumberExact(bigNum(t, "9007199254740993"))
	db := knownvalue.ObjectExact(map[string]knownvalue.Check{
		"host": check.Str("db.internal"), "replicas": knownvalue.ListExact([]knownvalue.Check{knownvalue.Int64Exact(1), knownvalue.Int64Exact(2)}),
	})
	zones := knownvalue.SetExact([]knownvalue.Check{check.Str("eu-1a"), check.Str("eu-1b")})
	check.DataSource{
		Service: p, Type: "stack_platform_outputs", Config: p.ProviderConfig(),
		ByName: check.Read{Args: check.Args{"workspace": "network"}, Want: map[string]knownvalue.Check{
			"id": check.Str(ws), "organization": check.Str(p.Organization), "workspace": check.Str("network"),
			"values":              knownvalue.ObjectExact(map[string]knownvalue.Check{"zones": zones, "port": port, "db": db, "password": check.Str("hunter2")}),
			"nonsensitive_values": knownvalue.ObjectExact(map[string]knownvalue.Check{"zones": zones, "port": port, "db": db}),
			"detailed_type": knownvalue.MapExact(map[string]knownvalue.Check{
				"zones": check.Str(`["set","string"]`), "port": check.Str(`"number"`), "password": check.Str(`"string"`),
				"db": check.Str(`["object",{"host":"string","replicas":["list","number"]}]`),
			}),
		}},
		InOther: check.Read{Args: check.Args{"organization": other, "workspace": "network"}, Want: map[string]knownvalue.Check{
			"id": check.Str(elsewhere), "organization": check.Str(other),
			"values":              knownvalue.ObjectExact(map[string]knownvalue.Check{"region": check.Str("eu")}),
			"nonsensitive_values": knownvalue.ObjectExact(map[string]knownvalue.Check{"region": check.Str("eu")}),
		}},
		Reads: []check.Read{{
			Label: "without_state", Args: check.Args{"workspace": "empty"}, Want: map[string]knownvalue.Check{
				"id": check.Str(empty), "values": knownvalue.ObjectExact(map[string]knownvalue.Check{}),
				"nonsensitive_values": knownvalue.ObjectExact(map[string]knownvalue.Check{}), "detailed_type": knownvalue.MapExact(map[string]knownvalue.Check{}),
			},
		}},
		PlanErrors: []check.Refusal{
			{Args: check.Args{"workspace": "a b"}, Want: check.Literal(`must be letters, digits, '-' and '_'`)},
		},
		NotFound: []check.Refusal{{
			Args: check.Args{"workspace": "nowhere"},
			Want: check.Literal(`Cannot read the workspace "nowhere" of the organization "` + p.Organization + `"`),
		}},
	}.Run(t)
}

// A read costs the workspace, its outputs, and one read of each sensitive
// output, whose value the list of outputs hides.
func TestAccOutputsDataSource_readsEachSensitiveOutputOnce(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	setState(t, p, newWorkspace(t, p, "network"), outputsState)
	outputs := readOnce(t, p, `
data "stack_platform_outputs" "o" {
  workspace = "network"
}
output "password" {
  value     = data.stack_platform_outputs.o.values.password
  sensitive = true
}
output "zones" {
  value = data.stack_platform_outputs.o.nonsensitive_values.zones
}
`, map[string]int64{
		"GET /api/v2/ping": 1,
		"GET /api/v2/organizations/{org}/workspaces/{name}":         1,
		"GET /api/v2/workspaces/{id}/current-state-version-outputs": 1,
		"GET /api/v2/state-version-outputs/{id}":                    1,
	})
	if got := output[string](t, outputs, "password"); got != "hunter2" {
		t.Errorf("password %q", got)
	}
	if got := output[[]string](t, outputs, "zones"); len(got) != 2 {
		t.Errorf("zones %v", got)
	}
}

// The ephemeral resource reads the same outputs for one run: a provider
// configured with them (echo, which writes what it is given to its
// resource) sees their values.
func TestAccOutputsEphemeral_readsTheOutputs(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ws := newWorkspace(t, p, "network")
	setState(t, p, ws, outputsState)
	factories := map[string]func() (tfprotov6.ProviderServer, error){"echo": echoprovider.NewProviderServer()}
	for name, f := range acctest.ProviderFactories {
		factories[name] = f
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: factories,
		Steps: []resource.TestStep{{
			// A workspace it cannot find fails the run, in the provider's
			// words.
			Config: p.ProviderConfig() + `
ephemeral "stack_platform_outputs" "o" {
  workspace = "nowhere"
}
provider "echo" {
  data = ephemeral.stack_platform_outputs.o.values
}
resource "echo" "o" {}
`,
			ExpectError: regexp.MustCompile(`Cannot read the workspace "nowhere" of the organization`),
		}, {
			Config: p.ProviderConfig() + `
ephemeral "stack_platform_outputs" "o" {
  workspace = "network"
}
provider "echo" {
  data = {
    id       = ephemeral.stack_platform_outputs.o.id
    password = ephemeral.stack_platform_outputs.o.values.password
    port     = ephemeral.stack_platform_outputs.o.nonsensitive_values.port
    db_type  = ephemeral.stack_platform_outputs.o.detailed_type["db"]
  }
}
resource "echo" "o" {}
`,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("echo.o", tfjsonpath.New("data"), knownvalue.ObjectExact(map[string]knownvalue.Check{
					"id": check.Str(ws), "password": check.Str("hunter2"),
					"port":    knownvalue.NumberExact(bigNum(t, "9007199254740993")),
					"db_type": check.Str(`["object",{"host":"string","replicas":["list","number"]}]`),
				})),
			},
		}},
	})
}
