package platform_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const parameterAddr = "stack_platform_policy_set_parameter.test"

// parameterConfig is set s and a parameter of it with body.
func parameterConfig(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_policy_set" "s" {
  name = "with-parameters"
}

resource "stack_platform_policy_set_parameter" "test" {
  policy_set_id = stack_platform_policy_set.s.id
  %s
}
`, body)
}

// parameterIs checks the parameter the platform holds under the IDs in
// the state.
func parameterIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, "stack_platform_policy_set.s", want, func(ctx context.Context, c *platformclient.Client, set string) (map[string]any, error) {
		l, err := c.PolicySetParameters.List(ctx, set)
		switch {
		case err != nil:
			return nil, err
		case len(l.Items) != 1:
			return nil, fmt.Errorf("the set has %d parameters, want 1", len(l.Items))
		}
		v := l.Items[0]
		return map[string]any{"key": v.Key, "value": v.Value, "sensitive": v.Sensitive}, nil
	})
}

func TestAccPolicySetParameter_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	ctx := context.Background()
	set, err := p.Client(t).PolicySets.Create(ctx, p.Organization, platformclient.PolicySetOptions{Name: check.Ptr("in-place")})
	if err != nil {
		t.Fatal(err)
	}
	taken, err := p.Client(t).PolicySetParameters.Create(ctx, set.ID, platformclient.PolicySetParameterOptions{Key: check.Ptr("region")})
	if err != nil {
		t.Fatal(err)
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: parameterAddr, FreshID: true,
		NotTakenOver: check.Existing{
			Config:   p.ProviderConfig() + fmt.Sprintf("resource \"stack_platform_policy_set_parameter\" \"test\" {\n  policy_set_id = %q\n  key = \"region\"\n}\n", set.ID),
			ImportID: set.ID + "/" + taken.ID, Said: `Policy set parameter already exists`, Server: `409 Conflict`,
		},
		PlanErrors: []check.PlanError{
			{Config: parameterConfig(p, `key = " "`), Want: check.Literal(`Attribute key must not be blank, got:`)},
			{Config: p.ProviderConfig() + "resource \"stack_platform_policy_set_parameter\" \"test\" {\n  policy_set_id = \"s\"\n  key = \"k\"\n}\n",
				Want: check.Literal(`policy_set_id must be the ID of a policy set: polset- and 16 characters of the base58 alphabet, got "s".`)},
			{Config: parameterConfig(p, "key = \"k\"\n  value = \"v\"\n  value_wo = \"w\"\n  value_wo_version = 1"),
				Want: check.Wrapped(`Attribute "value_wo" cannot be specified when "value" is specified`)},
		},
		ImportErrors: []check.ImportError{{ID: "var-6p5RiCe5CRjBmsGt", Want: check.Literal(
			`The import ID of a policy set parameter is <POLICY SET ID>/<PARAMETER ID>; got "var-6p5RiCe5CRjBmsGt".`)}},
		Create: check.Step{
			Config: parameterConfig(p, "key = \"region\"\n  value = \"eu\""),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(parameterAddr, check.Path("sensitive"), knownvalue.Bool(false)),
			},
			StateChecks: stateIs(parameterAddr, map[string]knownvalue.Check{
				"id": idOf("var"), "policy_set_id": idOf("polset"), "key": check.Str("region"), "value": check.Str("eu"), "sensitive": knownvalue.Bool(false),
			}),
			Check: parameterIs(t, p, map[string]any{"key": "region", "value": "eu", "sensitive": false}),
		},
		// Renamed, revalued and made sensitive in place: the platform then
		// answers "", and the state keeps the value.
		Update: check.Step{
			Config:      parameterConfig(p, "key = \"zone\"\n  value = \"eu-1\"\n  sensitive = true"),
			StateChecks: stateIs(parameterAddr, map[string]knownvalue.Check{"key": check.Str("zone"), "value": check.Str("eu-1"), "sensitive": knownvalue.Bool(true)}),
			Check:       parameterIs(t, p, map[string]any{"key": "zone", "value": "", "sensitive": true}),
		},
		Imports: []check.ImportID{{ID: func(id string) string { return setOfParameter(t, p) + "/" + id }, Ignore: []string{"value"}}},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				_, err := c.PolicySetParameters.Update(ctx, setOfParameter(t, p), id, platformclient.PolicySetParameterOptions{Key: check.Ptr("renamed")})
				return err
			},
			Step: check.Step{
				Config: parameterConfig(p, "key = \"zone\"\n  value = \"eu-1\"\n  sensitive = true"),
				Check:  parameterIs(t, p, map[string]any{"key": "zone"}),
			},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.PolicySetParameters.Delete(ctx, setOfParameter(t, p), id)
			},
			Step: check.Step{
				Config: parameterConfig(p, "key = \"zone\"\n  value = \"eu-1\"\n  sensitive = true"),
				Check:  parameterIs(t, p, map[string]any{"key": "zone", "sensitive": true}),
			},
		},
		// A sensitive parameter cannot become non-sensitive: it is replaced.
		Replace: check.Step{
			Config:      parameterConfig(p, "key = \"zone\"\n  value = \"eu-1\""),
			StateChecks: stateIs(parameterAddr, map[string]knownvalue.Check{"sensitive": knownvalue.Bool(false)}),
			Check:       parameterIs(t, p, map[string]any{"key": "zone", "value": "eu-1", "sensitive": false}),
		},
	}.Run(t)
}

// setOfParameter is the ID of the configuration's set, with-parameters,
// whose parameter the test's is.
func setOfParameter(t *testing.T, p *acctest.Platform) string {
	t.Helper()
	l, err := p.Client(t).PolicySets.List(context.Background(), p.Organization, platformclient.PolicySetListOptions{Search: "with-parameters"})
	if err != nil || len(l.Items) != 1 {
		t.Fatalf("the set with-parameters: %v, %v", l, err)
	}
	return l.Items[0].ID
}
