package platform_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const teamTokenAddr = "stack_platform_team_token.test"

func teamTokenConfig(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_team" "owners" {
  name = "token-owners"
}

resource "stack_platform_team_token" "test" {
  team_id = stack_platform_team.owners.id
  %s
}
`, body)
}

func TestAccTeamToken_described(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	var id, first, second, third string
	// A token of a team that has the description already: the platform
	// refuses a second, and the create is not taken over.
	existingTeam := newTeam(t, p, p.Organization, platformclient.TeamOptions{Name: check.Ptr("existing")})
	existing, err := p.Client(t).TeamTokens.Create(context.Background(), existingTeam, platformclient.TeamTokenCreateOptions{Description: check.Ptr("ci")})
	if err != nil {
		t.Fatal(err)
	}
	described := teamTokenConfig(p, `
  description = "ci"
  expired_at  = "2099-01-31T18:00:00Z"`)
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: teamTokenAddr, FreshID: true,
		PlanErrors: teamTokenPlanErrors(p),
		ImportErrors: []check.ImportError{{ID: "ci", Want: check.Literal(`The import ID of a team token is its ID, at- and 16 characters of the base58 alphabet, ` +
			`or, for a team's legacy token, the team's ID, team- and 16 characters; got "ci".`)}},
		Create: check.Step{
			Config: described,
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(teamTokenAddr, check.Path("id"), idOf("at")),
				statecheck.ExpectKnownValue(teamTokenAddr, check.Path("description"), check.Str("ci")),
				statecheck.ExpectKnownValue(teamTokenAddr, check.Path("expired_at"), check.Str("2099-01-31T18:00:00Z")),
				statecheck.ExpectKnownValue(teamTokenAddr, check.Path("token"), tokenSecret),
				statecheck.ExpectSensitiveValue(teamTokenAddr, check.Path("token")),
			},
			Check: resource.ComposeTestCheckFunc(check.IDKept(teamTokenAddr, &id), tokenWorks(t, p, teamTokenAddr, &first, nil)),
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }, Ignore: []string{"token"}},
		},
		// Deleted outside Terraform: created again.
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, _ string) error {
				tokens, err := c.TeamTokens.List(ctx, p.Organization, platformclient.TeamTokenListOptions{})
				if err != nil {
					return err
				}
				for _, tok := range tokens.Items {
					if err := c.TeamTokens.Delete(ctx, tok.ID); err != nil {
						return err
					}
				}
				return nil
			},
			Step: check.Step{
				Config: described,
				Check:  tokenWorks(t, p, teamTokenAddr, &second, &first),
			},
		},
		Replace: check.Step{
			// Every change replaces the token: the old one stops
			// working.
			Config: teamTokenConfig(p, `description = "ci-2"`),
			// Left out, the expiry is the platform's.
			Check: resource.ComposeTestCheckFunc(tokenWorks(t, p, teamTokenAddr, &third, &second), expiresByDefault(teamTokenAddr)),
		},
		NotTakenOver: check.Existing{
			Config: p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_team_token" "test" {
  team_id     = %q
  description = "ci"
}
`, existingTeam),
			ImportID: existing.ID,
			Said:     `A team token named "ci" already exists`,
			Server:   `Validation failed: Description has already been taken`,
		},
	}.Run(t)
}

// An empty description is a description: the token is one of the team's
// described tokens, not its legacy token, reads back as "", and plans no
// change; a second token of the team with it is refused, and not taken
// over.
func TestAccTeamToken_emptyDescription(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: teamTokenConfig(p, `description = ""`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(teamTokenAddr, check.Path("id"), idOf("at")),
					statecheck.ExpectKnownValue(teamTokenAddr, check.Path("description"), check.Str("")),
				},
			},
			{
				ResourceName:            teamTokenAddr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"token"},
			},
			{
				Config: teamTokenConfig(p, `description = ""`) + `
resource "stack_platform_team_token" "again" {
  team_id     = stack_platform_team.owners.id
  description = ""
  depends_on  = [stack_platform_team_token.test]
}
`,
				ExpectError: check.Wrapped(`already exists.*terraform import <resource address> at-.*Validation failed: Description has already been taken`),
			},
		},
	})
}

// Without a description, the token is the team's legacy token, whose ID
// is the team's; a change of force_regenerate replaces it.
func TestAccTeamToken_legacy(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	var first, second, third string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: teamTokenConfig(p, ""),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.CompareValuePairs(teamTokenAddr, check.Path("id"), "stack_platform_team.owners", check.Path("id"), compare.ValuesSame()),
					statecheck.ExpectKnownValue(teamTokenAddr, check.Path("description"), knownvalue.Null()),
					statecheck.ExpectKnownValue(teamTokenAddr, check.Path("token"), tokenSecret),
				},
				Check: tokenWorks(t, p, teamTokenAddr, &first, nil),
			},
			{
				ResourceName:            teamTokenAddr,
				ImportState:             true,
				ImportStateIdFunc:       func(s *terraform.State) (string, error) { return check.StateValue(s, teamTokenAddr, "id") },
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"token"},
			},
			{
				Config: teamTokenConfig(p, `force_regenerate = true`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(teamTokenAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				Check: tokenWorks(t, p, teamTokenAddr, &second, &first),
			},
			{
				// Staying true changes nothing; a change of the value
				// regenerates.
				Config:           teamTokenConfig(p, `force_regenerate = true`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config: teamTokenConfig(p, `force_regenerate = false`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(teamTokenAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				Check: tokenWorks(t, p, teamTokenAddr, &third, &second),
			},
		},
	})
}

// teamTokenPlanErrors are the plan-time errors of a team token.
func teamTokenPlanErrors(p *acctest.Platform) []check.PlanError {
	return []check.PlanError{
		{Config: teamTokenConfig(p, `
  description      = "ci"
  force_regenerate = true`), Want: check.Literal(`force_regenerate is for a team's legacy token, which has no description`)},
		{Config: teamTokenConfig(p, `expired_at = "tomorrow"`),
			Want: check.Wrapped(`Invalid RFC3339 String Value.*expired_at = "tomorrow".*Given Value: tomorrow`)},
		{Config: teamTokenConfig(p, `expired_at = "2020-01-31T18:00:00Z"`),
			Want: check.Literal(`expired_at must be a time still to come for the token to be created, got "2020-01-31T18:00:00Z", which has passed.`)},
	}
}

// A team or organization token that expired while in the state stays
// there, and the plan warns of it with its date and says how to renew it;
// it plans nothing by itself. The test harness drops warnings, so this
// runs Terraform itself; the emulator's state is rewritten to make the
// tokens expire, as a create refuses an expiry that has passed.
func TestAccTeamToken_expiredWarnsAtPlan(t *testing.T) {
	t.Parallel()
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, teamTokenConfig(p, `description = "ci"`)+`
resource "stack_platform_organization_token" "test" {
}
`)
	cli.MustRun(t, "apply", "-auto-approve")
	if diags, actions := cli.PlanJSON(t); len(actions) != 0 || len(acctest.Warnings(t, diags)) != 0 {
		t.Fatalf("the plan of tokens still valid planned %v, with diagnostics %v", actions, diags)
	}

	const expired = "2021-03-04T05:06:07Z"
	expireTokens(t, p, expired)
	diags, actions := cli.PlanJSON(t)
	if len(actions) != 0 {
		t.Errorf("planned %v, want nothing", actions)
	}
	want := "The token expired at " + expired + ", and the platform has refused it since. " +
		"To renew it, set `expired_at` to a time still to come, which replaces the token, " +
		"or replace it as it is, with `terraform apply -replace=<resource address>`."
	got := acctest.Warnings(t, diags)
	if len(got) != 2 {
		t.Fatalf("warnings %+v, want one for each token", got)
	}
	for _, w := range got {
		if w.Summary != "Token expired" || w.Detail != want {
			t.Errorf("warning %q: %q, want %q: %q", w.Summary, w.Detail, "Token expired", want)
		}
	}
}

// expireTokens makes every team and organization token of the emulator
// expire at the RFC 3339 time at.
func expireTokens(t *testing.T, p *acctest.Platform, at string) {
	t.Helper()
	data, err := p.Emulator.Platform().MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	var st map[string]any
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatal(err)
	}
	var tokens []map[string]any
	if err := json.Unmarshal(data, &struct {
		Tokens *[]map[string]any `json:"tokens"`
	}{&tokens}); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tok := range tokens {
		if tok["kind"] != "user" {
			tok["expired-at"] = at
			n++
		}
	}
	st["tokens"] = tokens
	if n != 2 {
		t.Fatalf("%d team and organization tokens in the emulator, want 2", n)
	}
	if data, err = json.Marshal(st); err == nil {
		err = p.Emulator.Platform().UnmarshalState(data)
	}
	if err != nil {
		t.Fatal(err)
	}
}
