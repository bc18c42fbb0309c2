package platform_test

import (
	"context"
	"fmt"
	"maps"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const policyAddr = "stack_platform_policy.test"

// Policy texts: what the platform keeps, not what an engine would take.
const (
	regoDeny  = "package terraform\n\ndeny[msg] { false }\n"
	regoDeny2 = "package terraform\n\ndeny[msg] { input.x; msg := \"no\" }\n"
)

func policyConfig(p *acctest.Platform, name, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_policy" "test" {
  name = %q
  %s
}
`, name, body)
}

// opaPolicy is the body of an OPA policy at level with text.
func opaPolicy(level, text string) string {
	return fmt.Sprintf("kind = \"opa\"\n  query = \"data.terraform.deny\"\n  enforcement_level = %q\n  policy = %q", level, text)
}

// policyIs checks the policy, and its text, that the platform holds under
// the ID in the state.
func policyIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, policyAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		pol, err := c.Policies.Read(ctx, id)
		if err != nil {
			return nil, err
		}
		text, err := c.Policies.Download(ctx, id)
		if err != nil {
			return nil, err
		}
		return map[string]any{
			"organization": pol.Organization.Name, "name": pol.Name, "description": pol.Description, "kind": pol.Kind,
			"enforcement_level": pol.EnforcementLevel, "policy": string(text),
		}, nil
	})
}

func TestAccPolicy_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	taken, err := p.Client(t).Policies.Create(context.Background(), p.Organization, platformclient.PolicyOptions{
		Name: check.Ptr("Taken"), EnforcementLevel: check.Ptr("advisory"),
	})
	if err != nil {
		t.Fatal(err)
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: policyAddr, FreshID: true,
		// A name the organization has, in any case, is refused, and the
		// error gives the import ID.
		NotTakenOver: check.Existing{
			Config: policyConfig(p, "taken", `enforcement_level = "advisory"`+"\n  policy = \"main = rule { true }\""), ImportID: p.Organization + "/" + taken.ID,
			Said: `Policy already exists.*A policy named "taken" already exists`, Server: `409 Conflict`,
		},
		PlanErrors: []check.PlanError{
			{Config: policyConfig(p, "no spaces", `enforcement_level = "advisory"`+"\n  policy = \"\""), Want: check.Literal(`Attribute name must have letters, digits, '-' and '_' only`)},
			{Config: policyConfig(p, "p", `enforcement_level = "mandatory"`+"\n  policy = \"\""),
				Want: check.Literal(`The enforcement_level of a sentinel policy is one of ` + "`hard-mandatory`, `soft-mandatory`, `advisory`" + `, got "mandatory".`)},
			{Config: policyConfig(p, "p", `kind = "opa"`+"\n  query = \"data.x\"\n  enforcement_level = \"soft-mandatory\"\n  policy = \"\""),
				Want: check.Literal(`The enforcement_level of an opa policy is one of ` + "`mandatory`, `advisory`" + `, got "soft-mandatory".`)},
			{Config: policyConfig(p, "p", `kind = "opa"`+"\n  enforcement_level = \"advisory\"\n  policy = \"\""),
				Want: check.Literal(`An opa policy requires query, the OPA query whose result decides it.`)},
			{Config: policyConfig(p, "p", `query = "data.x"`+"\n  enforcement_level = \"advisory\"\n  policy = \"\""),
				Want: check.Literal(`A sentinel policy takes no query: only an opa policy has one.`)},
			{Config: policyConfig(p, "p", `kind = "rego"`+"\n  enforcement_level = \"advisory\"\n  policy = \"\""), Want: check.Literal(`Attribute kind value must be one of`)},
			{Config: policyConfig(p, "p", `policy = ""`), Want: check.Wrapped(`The argument "enforcement_level" is required`)},
		},
		ImportErrors: []check.ImportError{{ID: "ws-6p5RiCe5CRjBmsGt", Want: check.Literal(
			`The import ID of a policy is its ID, pol- and 16 characters of the base58 alphabet, or <ORGANIZATION>/<POLICY ID>, or <ORGANIZATION>/<POLICY NAME>; got "ws-6p5RiCe5CRjBmsGt".`)}},
		Create: check.Step{
			Config: policyConfig(p, "deny", opaPolicy("mandatory", regoDeny)),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(policyAddr, check.Path("organization"), check.Str(p.Organization)),
				plancheck.ExpectKnownValue(policyAddr, check.Path("policy"), check.Str(regoDeny)),
			},
			StateChecks: stateIs(policyAddr, map[string]knownvalue.Check{
				"id": idOf("pol"), "organization": check.Str(p.Organization), "name": check.Str("deny"), "description": knownvalue.Null(),
				"kind": check.Str("opa"), "query": check.Str("data.terraform.deny"), "enforcement_level": check.Str("mandatory"),
				"policy": check.Str(regoDeny), "policy_set_count": knownvalue.Int64Exact(0),
			}),
			Check: policyIs(t, p, map[string]any{"organization": p.Organization, "name": "deny", "kind": "opa", "enforcement_level": "mandatory", "policy": regoDeny}),
		},
		// The attributes and the text change in place.
		Update: check.Step{
			Config: policyConfig(p, "deny", opaPolicy("advisory", regoDeny2)+"\n  description = \"buckets stay private\""),
			StateChecks: stateIs(policyAddr, map[string]knownvalue.Check{
				"description": check.Str("buckets stay private"), "enforcement_level": check.Str("advisory"), "policy": check.Str(regoDeny2),
			}),
			Check: policyIs(t, p, map[string]any{"description": "buckets stay private", "enforcement_level": "advisory", "policy": regoDeny2}),
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }},
			{ID: func(id string) string { return p.Organization + "/" + id }},
			// By its name, in another case.
			{ID: func(string) string { return p.Organization + "/DENY" }},
		},
		// A text and a level changed outside Terraform are seen, and set
		// back.
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				if _, err := c.Policies.Update(ctx, id, platformclient.PolicyOptions{EnforcementLevel: check.Ptr("mandatory")}); err != nil {
					return err
				}
				return c.Policies.Upload(ctx, id, []byte("package elsewhere\n"))
			},
			Step: check.Step{
				Config: policyConfig(p, "deny", opaPolicy("advisory", regoDeny2)+"\n  description = \"buckets stay private\""),
				Check:  policyIs(t, p, map[string]any{"enforcement_level": "advisory", "policy": regoDeny2}),
			},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.Policies.Delete(ctx, id)
			},
			Step: check.Step{
				Config: policyConfig(p, "deny", opaPolicy("advisory", regoDeny2)),
				Check:  policyIs(t, p, map[string]any{"name": "deny", "description": "", "policy": regoDeny2}),
			},
		},
		// The name, and the kind, are set once.
		Replace: check.Step{
			Config:      policyConfig(p, "deny-2", `enforcement_level = "hard-mandatory"`+"\n  policy = \"main = rule { true }\""),
			StateChecks: stateIs(policyAddr, map[string]knownvalue.Check{"name": check.Str("deny-2"), "kind": check.Str("sentinel"), "query": knownvalue.Null()}),
			Check:       policyIs(t, p, map[string]any{"name": "deny-2", "kind": "sentinel", "enforcement_level": "hard-mandatory", "policy": "main = rule { true }"}),
		},
	}.Run(t)
}

// A refresh reads the policy and its text: two requests, the text's
// download being how a change made outside Terraform is seen. A policy
// made without a text (an import of one made elsewhere) reads as none,
// and the next apply uploads the configured text in place.
func TestAccPolicy_refreshReadsThePolicyAndItsText(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	pol, err := p.Client(t).Policies.Create(context.Background(), p.Organization, platformclient.PolicyOptions{
		Name: check.Ptr("bare"), EnforcementLevel: check.Ptr("advisory"),
	})
	if err != nil {
		t.Fatal(err)
	}
	config := policyConfig(p, "bare", `enforcement_level = "advisory"`+"\n  policy = \"main = rule { true }\"")
	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, config+fmt.Sprintf("\nimport {\n  to = %s\n  id = %q\n}\n", policyAddr, pol.ID))
	cli.MustRun(t, "apply", "-auto-approve")
	text, err := p.Client(t).Policies.Download(context.Background(), pol.ID)
	if err != nil || string(text) != "main = rule { true }" {
		t.Fatalf("the text after the apply of the import: %q, %v", text, err)
	}

	before := p.Emulator.Stats()
	_, actions := cli.PlanJSON(t)
	want := map[string]int64{"GET /api/v2/ping": 1, "GET /api/v2/policies/{id}": 1, "GET /api/v2/policies/{id}/download": 1}
	if sent := p.RequestsSince(before); !maps.Equal(sent, want) || len(actions) != 0 {
		t.Errorf("the refresh sent %v (want %v) and planned %v", sent, want, actions)
	}
}

// A text that the platform refuses leaves the policy made without it: the
// state keeps the policy, tainted, and the next apply replaces it.
func TestAccPolicy_createWhoseTextFails(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	config := noRetries(p) + `
resource "stack_platform_policy" "test" {
  name              = "deny"
  enforcement_level = "advisory"
  policy            = "main = rule { true }"
}
`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				PreConfig: func() { p.Emulator.FailNext("PUT /api/v2/policies/{id}/upload", 1) },
				Config:    config,
				ExpectError: check.Wrapped(`Cannot create the policy: partly applied .*the policy is created, without its text\. ` +
					`The request for policy then failed.*PUT http://\S+/api/v2/policies/pol-\w+/upload: (429|503) `),
			},
			{
				Config: config, PlanOnly: true, ExpectNonEmptyPlan: true,
				ConfigPlanChecks: acctest.PlansFromSaved(policyAddr, plancheck.ResourceActionDestroyBeforeCreate, func() map[string]any {
					return map[string]any{"tainted": true, "name": "deny", "policy": nil}
				}),
			},
			{Config: config, Check: policyIs(t, p, map[string]any{"name": "deny", "policy": "main = rule { true }"})},
		},
	})
}

// A policy imports by its organization and a name that no policy has
// only to fail, naming the organization and the name.
func TestAccPolicy_importNameOfNoPolicy(t *testing.T) {
	p := acctest.NewPlatform(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: policyConfig(p, "deny", opaPolicy("advisory", regoDeny)), ResourceName: policyAddr, ImportState: true, ImportStateId: p.Organization + "/deny",
			ExpectError: check.Literal(fmt.Sprintf(`The platform has no policy %q, or the provider's token may not see it. `+
				`The organization %q has no policy named "deny", in any case, that the token may see.`, p.Organization+"/deny", p.Organization)),
		}},
	})
}
