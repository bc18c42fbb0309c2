package platform_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuplatform "github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// createVariable creates a variable outside Terraform.
func createVariable(t *testing.T, p *acctest.Platform, parent platformclient.VariableParent, opts platformclient.VariableOptions) *platformclient.Variable {
	t.Helper()
	v, err := p.Client(t).Variables.Create(context.Background(), parent, opts)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// The data source lists a workspace's variables and a set's, with the
// resource's mapping: a sensitive variable's value is null, and every
// value is marked sensitive, so that an output of the values must say
// sensitive, while one of the keys need not.
func TestAccVariablesDataSource_workspaceAndVariableSet(t *testing.T) {
	const secret = "s3cret-token-value"
	p := acctest.NewPlatform(t)
	ws := newWorkspace(t, p, "app")
	set := newVariableSet(t, p, "shared")
	// Created in the order of their keys, which the emulator lists them in.
	token := createVariable(t, p, platformclient.InWorkspace(ws), platformclient.VariableOptions{
		Key: check.Ptr("TOKEN"), Value: check.Ptr(secret), Category: check.Ptr(platformclient.CategoryEnv), Sensitive: check.Ptr(true),
	})
	region := createVariable(t, p, platformclient.InWorkspace(ws), platformclient.VariableOptions{
		Key: check.Ptr("region"), Value: check.Ptr("eu-west-1"), Description: check.Ptr("Where"), Category: check.Ptr(platformclient.CategoryTerraform),
	})
	shared := createVariable(t, p, platformclient.InVariableSet(set), platformclient.VariableOptions{
		Key: check.Ptr("zones"), Value: check.Ptr(`["a", "b"]`), Category: check.Ptr(platformclient.CategoryTerraform), HCL: check.Ptr(true),
	})
	const inWS, inSet = "data.stack_platform_variables.ws", "data.stack_platform_variables.set"
	dataSources := p.ProviderConfig() + fmt.Sprintf(`
data "stack_platform_variables" "ws" {
  workspace_id = %q
}

data "stack_platform_variables" "set" {
  variable_set_id = %q
}

output "keys" {
  value = data.stack_platform_variables.ws.variables[*].key
}

output "readable" {
  value = data.stack_platform_variables.set.variables[0].readable_value
}
`, ws, set)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: dataSources,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(inWS, check.Path("variables"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectExact(map[string]knownvalue.Check{
							"id": check.Str(token.ID), "key": check.Str("TOKEN"), "value": knownvalue.Null(), "readable_value": knownvalue.Null(),
							"category": check.Str("env"), "description": knownvalue.Null(), "hcl": knownvalue.Bool(false),
							"sensitive": knownvalue.Bool(true), "version_id": check.Str(token.VersionID),
						}),
						knownvalue.ObjectExact(map[string]knownvalue.Check{
							"id": check.Str(region.ID), "key": check.Str("region"), "value": check.Str("eu-west-1"), "readable_value": check.Str("eu-west-1"),
							"category": check.Str("terraform"), "description": check.Str("Where"), "hcl": knownvalue.Bool(false),
							"sensitive": knownvalue.Bool(false), "version_id": check.Str(region.VersionID),
						}),
					})),
					statecheck.ExpectKnownValue(inSet, check.Path("variables"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"id": check.Str(shared.ID), "key": check.Str("zones"), "value": check.Str(`["a", "b"]`), "hcl": knownvalue.Bool(true),
						}),
					})),
					statecheck.ExpectKnownOutputValue("keys", check.StrList("TOKEN", "region")),
					statecheck.ExpectKnownOutputValue("readable", check.Str(`["a", "b"]`)),
				},
				Check: secretNotInState(secret),
			},
			{
				Config: dataSources + `
output "values" {
  value = data.stack_platform_variables.ws.variables[*].value
}
`,
				ExpectError: regexp.MustCompile(`Output refers to sensitive values`),
			},
		},
	})
}

// The lists' rules hold at plan time, and a workspace the token may not
// see, and a set that does not exist, are errors that say the token may be
// why. The reads are TestAccVariablesDataSource_workspaceAndVariableSet's.
func TestAccVariablesDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	// A workspace of an emulator of its own, which a user's token there
	// does not see.
	e := acctest.NewPlatformEmulator(t, emulator.Options{})
	hidden := newWorkspace(t, e, "hidden")
	check.DataSource{
		Service: p, Type: "stack_platform_variables", Config: p.ProviderConfig(),
		Samples: check.Args{"workspace_id": "ws-6p5RiCe5CRjBmsGt", "variable_set_id": "varset-6p5RiCe5CRjBmsGt"},
		PlanErrors: []check.Refusal{
			{
				Args: check.Args{"workspace_id": "prj-6p5RiCe5CRjBmsGt"},
				Want: check.Literal(`workspace_id must be the ID of a workspace: ws- and 16 characters of the base58 alphabet, got "prj-6p5RiCe5CRjBmsGt".`),
			},
			{Args: check.Args{"variable_set_id": "ws-6p5RiCe5CRjBmsGt"}, Want: check.Wrapped(`variable_set_id must be the ID of a variable set`)},
		},
		NotFound: []check.Refusal{
			{
				Config: e.ProviderConfigWith(e.MintUserToken(t), e.Organization), Args: check.Args{"workspace_id": hidden},
				Want: check.Wrapped(`Cannot list the variables of the workspace ` + hidden + `.*404 Not Found.*` + regexp.QuoteMeta(notVisibleHint)),
			},
			{
				Args: check.Args{"variable_set_id": "varset-6p5RiCe5CRjBmsGt"},
				Want: check.Wrapped(`Cannot list the variables of the variable set varset-6p5RiCe5CRjBmsGt.*404 Not Found.*` + regexp.QuoteMeta(notVisibleHint)),
			},
		},
	}.Run(t)
}

// A list longer than a page is read whole, at the largest page size: 101
// variables take two requests. The emulator's rate limit is off, for the
// sake of the test's own creates.
func TestAccVariablesDataSource_pagesAtTheLargestSize(t *testing.T) {
	t.Parallel()
	p := acctest.NewPlatformEmulator(t, emulator.Options{Platform: emuplatform.Options{RateLimit: -1}})
	const n = platformclient.PageSize + 1
	set := newVariableSet(t, p, "many")
	for i := range n {
		createVariable(t, p, platformclient.InVariableSet(set), platformclient.VariableOptions{
			Key: check.Ptr(fmt.Sprintf("var_%03d", i)), Value: check.Ptr("v"), Category: check.Ptr(platformclient.CategoryTerraform),
		})
	}
	outputs := readOnce(t, p, fmt.Sprintf(`
data "stack_platform_variables" "all" {
  variable_set_id = %q
}

output "last" {
  value = data.stack_platform_variables.all.variables[%d].key
}

output "count" {
  value = length(data.stack_platform_variables.all.variables)
}
`, set, n-1), map[string]int64{"GET /api/v2/ping": 1, "GET /api/v2/varsets/{id}/relationships/vars": 2})
	count, last := output[int](t, outputs, "count"), output[string](t, outputs, "last")
	if count != n || last != "var_100" {
		t.Errorf("listed %d variables, the last %q; want %d, the last var_100", count, last, n)
	}
}
