package platform_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const orgAddr = "stack_platform_organization.test"

func orgConfig(p *acctest.Platform, name, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_organization" "test" {
  name  = %q
  email = "ops@%s.example"
  %s
}
`, name, name, body)
}

func readOrg(name string) func(ctx context.Context, c *platformclient.Client) (*platformclient.Organization, error) {
	return func(ctx context.Context, c *platformclient.Client) (*platformclient.Organization, error) {
		return c.Organizations.Read(ctx, name, platformclient.OrganizationReadOptions{})
	}
}

func orgGone(t *testing.T, p *acctest.Platform, name string) resource.TestCheckFunc {
	return check.Gone(t, p.Client, "organization "+name, func(ctx context.Context, c *platformclient.Client) error {
		_, err := readOrg(name)(ctx, c)
		return err
	})
}

// orgSettingsAre checks settings of the organization the platform holds,
// by attribute name.
func orgSettingsAre(t *testing.T, p *acctest.Platform, name string, want map[string]any) resource.TestCheckFunc {
	return check.OnServer(t, p.Client, readOrg(name), func(o *platformclient.Organization) error {
		deref := func(b *bool) any {
			if b == nil {
				return nil
			}
			return *b
		}
		minutes := func(n *int) any {
			if n == nil {
				return nil
			}
			return *n
		}
		return check.Differences(map[string]any{
			"email":                    o.Email,
			"session_timeout":          minutes(o.SessionTimeout),
			"session_remember":         minutes(o.SessionRemember),
			"collaborator_auth_policy": o.CollaboratorAuthPolicy,
			"owners_team_saml_role_id": o.OwnersTeamSAMLRoleID,
			"cost_estimation_enabled":  o.CostEstimationEnabled,
			"send_passing_statuses_for_untriggered_speculative_plans": o.SendPassingStatusesForUntriggeredSpeculativePlans,
			"aggregated_commit_status_enabled":                        o.AggregatedCommitStatusEnabled,
			"speculative_plan_management_enabled":                     o.SpeculativePlanManagementEnabled,
			"assessments_enforced":                                    o.AssessmentsEnforced,
			"allow_force_delete_workspaces":                           o.AllowForceDeleteWorkspaces,
			"user_tokens_enabled":                                     deref(o.UserTokensEnabled),
			"enforce_hyok":                                            deref(o.EnforceHYOK),
			"stacks_enabled":                                          deref(o.StacksEnabled),
			"registry_monorepo_support_enabled":                       deref(o.RegistryMonorepoSupportEnabled),
			"max_ttl_enabled":                                         deref(o.MaxTTLEnabled),
			"default_execution_mode":                                  o.DefaultExecutionMode,
		}, want)
	})
}

// allSettings sets every setting away from the platform's default.
const allSettings = `
  session_timeout          = 60
  session_remember         = 1440
  collaborator_auth_policy = "two_factor_mandatory"
  owners_team_saml_role_id = "owners"
  cost_estimation_enabled  = true
  send_passing_statuses_for_untriggered_speculative_plans = true
  aggregated_commit_status_enabled    = false
  speculative_plan_management_enabled = false
  assessments_enforced                = true
  allow_force_delete_workspaces       = true
  user_tokens_enabled                 = true
  enforce_hyok                        = true
  stacks_enabled                      = true
  registry_monorepo_support_enabled   = true
  max_ttl_enabled                     = true
`

// The platform's defaults, as the state shows them when the configuration
// sets nothing.
var orgDefaults = map[string]knownvalue.Check{
	"session_timeout":          knownvalue.Null(),
	"session_remember":         knownvalue.Null(),
	"collaborator_auth_policy": check.Str("password"),
	"owners_team_saml_role_id": knownvalue.Null(),
	"cost_estimation_enabled":  knownvalue.Bool(false),
	"send_passing_statuses_for_untriggered_speculative_plans": knownvalue.Bool(false),
	"aggregated_commit_status_enabled":                        knownvalue.Bool(true),
	"speculative_plan_management_enabled":                     knownvalue.Bool(true),
	"assessments_enforced":                                    knownvalue.Bool(false),
	"allow_force_delete_workspaces":                           knownvalue.Bool(false),
	"user_tokens_enabled":                                     knownvalue.Bool(true),
	"enforce_hyok":                                            knownvalue.Bool(false),
	"stacks_enabled":                                          knownvalue.Bool(false),
	"registry_monorepo_support_enabled":                       knownvalue.Bool(false),
	"max_ttl_enabled":                                         knownvalue.Bool(false),
}

func TestAccOrganization_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	name := tfacctest.RandomWithPrefix("org")
	renamed := name + "-b"
	var externalID, defaultProject string
	keepIDs := func(s *terraform.State) error {
		var err error
		if externalID, err = check.StateValue(s, orgAddr, "external_id"); err != nil {
			return err
		}
		defaultProject, err = check.StateValue(s, orgAddr, "default_project_id")
		return err
	}
	sameIDs := func(s *terraform.State) error {
		for attr, want := range map[string]string{"external_id": externalID, "default_project_id": defaultProject} {
			got, err := check.StateValue(s, orgAddr, attr)
			if err != nil {
				return err
			}
			if got != want {
				return fmt.Errorf("%s is %s, want %s: the rename made another organization", attr, got, want)
			}
		}
		return nil
	}

	taken := strings.ToUpper(p.Organization)
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: orgAddr,
		// The ID is the name, which a rename changes; external_id stays.
		IDAttribute: "external_id", FreshID: true, ImportIdentifier: "name",
		// A create of a name that is taken, in any case, is refused, and
		// the error says how to import the organization.
		NotTakenOver: check.Existing{
			Config: orgConfig(p, taken, ""), ImportID: taken,
			Said:   `Organization already exists.*An organization named "` + regexp.QuoteMeta(taken) + `" already exists`,
			Server: `409 Conflict: name "` + regexp.QuoteMeta(taken) + `" has already been taken`,
		},
		CheckDestroy: resource.ComposeTestCheckFunc(orgGone(t, p, name), orgGone(t, p, renamed)),
		PlanErrors: []check.PlanError{
			{Config: orgConfig(p, "has space", ""), Want: check.Literal(`Attribute name must have 1 to 40 characters: letters, digits, '-' and '_', got: has space`)},
			{Config: orgConfig(p, strings.Repeat("a", 41), ""), Want: check.Wrapped(`Attribute name must have 1 to 40 characters`)},
			{Config: p.ProviderConfig() + `
resource "stack_platform_organization" "test" {
  name  = "acme"
  email = "not an address"
}
`, Want: check.Literal(`Attribute email must be an email address, got: not an address`)},
			{Config: orgConfig(p, "acme", `session_timeout = 0`), Want: check.Literal(`Attribute session_timeout value must be at least 1, got: 0`)},
			{Config: orgConfig(p, "acme", `session_remember = -1`), Want: check.Literal(`Attribute session_remember value must be at least 1, got: -1`)},
			{Config: orgConfig(p, "acme", `collaborator_auth_policy = "sso"`), Want: check.Wrapped(`Attribute collaborator_auth_policy value must be one of: \["password" "two_factor_mandatory"\], got: "sso"`)},
			{Config: orgConfig(p, "acme", `owners_team_saml_role_id = ""`), Want: check.Literal(`Attribute owners_team_saml_role_id string length must be at least 1, got: 0`)},
		},
		Create: check.Step{
			// Only the required attributes: the state shows the platform's
			// defaults.
			Config: orgConfig(p, name, ""),
			StateChecks: append(stateIs(orgAddr, orgDefaults),
				statecheck.ExpectKnownValue(orgAddr, check.Path("id"), check.Str(name)),
				statecheck.ExpectKnownValue(orgAddr, check.Path("name"), check.Str(name)),
				statecheck.ExpectKnownValue(orgAddr, check.Path("email"), check.Str("ops@"+name+".example")),
				statecheck.ExpectKnownValue(orgAddr, check.Path("external_id"), idOf("org")),
				statecheck.ExpectKnownValue(orgAddr, check.Path("default_project_id"), idOf("prj")),
			),
			Check: keepIDs,
		},
		// Every setting changes in place.
		Update: check.Step{
			Config: orgConfig(p, name, allSettings),
			StateChecks: stateIs(orgAddr, map[string]knownvalue.Check{
				"session_timeout": knownvalue.Int64Exact(60), "session_remember": knownvalue.Int64Exact(1440),
				"collaborator_auth_policy": check.Str("two_factor_mandatory"), "owners_team_saml_role_id": check.Str("owners"),
				"cost_estimation_enabled": knownvalue.Bool(true), "max_ttl_enabled": knownvalue.Bool(true),
			}),
			Check: resource.ComposeTestCheckFunc(sameIDs, orgSettingsAre(t, p, name, map[string]any{
				"session_timeout": 60, "session_remember": 1440, "collaborator_auth_policy": "two_factor_mandatory",
				"owners_team_saml_role_id": "owners", "cost_estimation_enabled": true,
				"send_passing_statuses_for_untriggered_speculative_plans": true, "aggregated_commit_status_enabled": false,
				"speculative_plan_management_enabled": false, "assessments_enforced": true, "allow_force_delete_workspaces": true,
				"user_tokens_enabled": true, "enforce_hyok": true, "stacks_enabled": true,
				"registry_monorepo_support_enabled": true, "max_ttl_enabled": true,
			})),
			Then: []resource.TestStep{
				check.ImportByName(orgAddr, name),
				{
					// Settings left out keep their values: no change, and
					// the role stays cleared only when the configuration
					// says so.
					Config: orgConfig(p, name, `owners_team_saml_role_id = "owners"`),
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
					},
				},
				{
					// The role left out is cleared.
					Config: orgConfig(p, name, ""),
					ConfigStateChecks: []statecheck.StateCheck{
						statecheck.ExpectKnownValue(orgAddr, check.Path("owners_team_saml_role_id"), knownvalue.Null()),
						statecheck.ExpectKnownValue(orgAddr, check.Path("session_timeout"), knownvalue.Int64Exact(60)),
					},
					Check: orgSettingsAre(t, p, name, map[string]any{"owners_team_saml_role_id": "", "session_timeout": 60}),
				},
				{
					// A rename is an update, which changes the ID but not
					// the organization.
					Config: orgConfig(p, renamed, ""),
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PreApply: []plancheck.PlanCheck{
							plancheck.ExpectResourceAction(orgAddr, plancheck.ResourceActionUpdate),
							plancheck.ExpectKnownValue(orgAddr, check.Path("id"), check.Str(renamed)),
						},
					},
					ConfigStateChecks: []statecheck.StateCheck{
						statecheck.ExpectKnownValue(orgAddr, check.Path("id"), check.Str(renamed)),
						statecheck.ExpectKnownValue(orgAddr, check.Path("name"), check.Str(renamed)),
						statecheck.ExpectKnownValue(orgAddr, check.Path("email"), check.Str("ops@"+renamed+".example")),
					},
					Check: resource.ComposeTestCheckFunc(sameIDs, orgGone(t, p, name),
						orgSettingsAre(t, p, renamed, map[string]any{"email": "ops@" + renamed + ".example", "max_ttl_enabled": true})),
				},
			},
		},
		Imports: []check.ImportID{{ID: func(string) string { return renamed }}},
		// A setting the configuration sets, changed outside Terraform, is
		// set back.
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, _ string) error {
				_, err := c.Organizations.Update(ctx, renamed, platformclient.OrganizationOptions{Email: check.Ptr("other@example.com")})
				return err
			},
			Step: check.Step{
				Config: orgConfig(p, renamed, ""),
				Check:  orgSettingsAre(t, p, renamed, map[string]any{"email": "ops@" + renamed + ".example"}),
			},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, _ string) error {
				return c.Organizations.Delete(ctx, renamed)
			},
			Step: check.Step{
				Config:      orgConfig(p, renamed, ""),
				StateChecks: stateIs(orgAddr, orgDefaults),
				Check:       orgSettingsAre(t, p, renamed, map[string]any{"session_timeout": nil, "max_ttl_enabled": false}),
			},
		},
	}.Run(t)
}

// An organization that never set its session settings answers them null,
// as the real platform does: an existing one imported by a configuration
// that leaves them out plans them null, and the next plan is empty; a
// setting set and then left out is kept, not set back to null.
func TestAccOrganization_sessionSettingsLeftOutPlanNoChange(t *testing.T) {
	p := acctest.NewPlatform(t)
	name := p.NewOrganization(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: orgConfig(p, name, "") + fmt.Sprintf(`
import {
  to = stack_platform_organization.test
  id = %q
}
`, name),
				// The configuration's email is another than the
				// organization's, which the import updates; the session
				// settings it leaves as they are.
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectKnownValue(orgAddr, check.Path("session_timeout"), knownvalue.Null()),
					plancheck.ExpectKnownValue(orgAddr, check.Path("session_remember"), knownvalue.Null()),
				}},
				ConfigStateChecks: stateIs(orgAddr, map[string]knownvalue.Check{"session_timeout": knownvalue.Null(), "session_remember": knownvalue.Null()}),
			},
			{
				Config:            orgConfig(p, name, "session_timeout = 60"),
				ConfigStateChecks: stateIs(orgAddr, map[string]knownvalue.Check{"session_timeout": knownvalue.Int64Exact(60), "session_remember": knownvalue.Null()}),
			},
			{
				Config:           orgConfig(p, name, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check:            orgSettingsAre(t, p, name, map[string]any{"session_timeout": 60, "session_remember": nil}),
			},
		},
	})
}
