package secrets_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const webhostAddr = "stack_secrets_sync_webhost_project_destination.test"

func webhostConfig(s *acctest.Secrets, name, projectID, body string) string {
	return resourceConfig(s, "webhost_project_destination", name, fmt.Sprintf(`project_id = %q
  %s`, projectID, body))
}

func TestAccWebhostProjectDestination_lifecycle(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("wh")
	typ := secretsclient.TypeWebhostProject
	updated := webhostConfig(s, name, "prj-1", `
  access_token            = "token-2"
  team_id                 = "team-1"
  deployment_environments = ["preview", "production"]
  granularity             = "secret-path"`)

	check.Lifecycle[*secretsclient.Client]{
		Service: s, Client: s.Client, Address: webhostAddr, IDAttribute: "name",
		CheckDestroy: destinationGone(t, s, typ, name),
		PlanErrors:   webhostPlanErrors(s, tfacctest.RandomWithPrefix("wh-invalid")),
		Create: check.Step{
			Config: webhostConfig(s, name, "prj-1", `
  access_token            = "token-1"
  deployment_environments = ["production"]`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(webhostAddr, check.Path("name"), check.Str(name)),
				statecheck.ExpectKnownValue(webhostAddr, check.Path("project_id"), check.Str("prj-1")),
				statecheck.ExpectKnownValue(webhostAddr, check.Path("team_id"), knownvalue.Null()),
				statecheck.ExpectKnownValue(webhostAddr, check.Path("deployment_environments"), check.StrList("production")),
				statecheck.ExpectKnownValue(webhostAddr, check.Path("granularity"), check.Str("secret-key")),
				statecheck.ExpectKnownValue(webhostAddr, check.Path("secret_name_template"), check.Str(defaultTemplateEnvVars)),
				// The service shows the token obfuscated: state keeps it as configured.
				statecheck.ExpectKnownValue(webhostAddr, check.Path("access_token"), check.Str("token-1")),
				statecheck.ExpectKnownValue(webhostAddr, check.Path("access_token_wo_version"), knownvalue.Null()),
			},
			Check: destinationIs(t, s, typ, name, map[string]any{
				"project_id":              "prj-1",
				"team_id":                 "",
				"deployment_environments": []string{"production"},
				"access_token":            destObfuscated,
			}, "secret-key"),
		},
		Update: check.Step{
			Config: updated,
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(webhostAddr, check.Path("team_id"), check.Str("team-1")),
				statecheck.ExpectKnownValue(webhostAddr, check.Path("deployment_environments"), check.StrList("preview", "production")),
				statecheck.ExpectKnownValue(webhostAddr, check.Path("access_token"), check.Str("token-2")),
				statecheck.ExpectKnownValue(webhostAddr, check.Path("granularity"), check.Str("secret-path")),
			},
			Check: destinationIs(t, s, typ, name, map[string]any{
				"project_id":              "prj-1",
				"team_id":                 "team-1",
				"deployment_environments": []string{"preview", "production"},
			}, "secret-path"),
		},
		Imports: []check.ImportID{{ID: func(string) string { return name }, Ignore: []string{"access_token"}}},
		// A change made outside Terraform shows as drift and is reverted.
		OutOfBandChange: check.Change[*secretsclient.Client]{
			Do: func(ctx context.Context, c *secretsclient.Client, _ string) error {
				_, _, err := c.WriteDestination(ctx, name, secretsclient.WebhostProjectDestination{
					DestinationOptions:     secretsclient.DestinationOptions{Granularity: secretsclient.GranularitySecretPath},
					AccessToken:            "token-2",
					ProjectID:              "prj-1",
					TeamID:                 "team-elsewhere",
					DeploymentEnvironments: []string{"development"},
				})
				return err
			},
			Step: check.Step{
				Config:     updated,
				PlanChecks: []plancheck.PlanCheck{plancheck.ExpectKnownValue(webhostAddr, check.Path("team_id"), check.Str("team-1"))},
				Check: destinationIs(t, s, typ, name, map[string]any{
					"team_id":                 "team-1",
					"deployment_environments": []string{"preview", "production"},
				}, "secret-path"),
			},
		},
		OutOfBandDelete: check.Change[*secretsclient.Client]{
			Do: deletedElsewhere(typ, name),
			Step: check.Step{
				Config: updated,
				Check:  destinationIs(t, s, typ, name, map[string]any{"project_id": "prj-1", "access_token": destObfuscated}, "secret-path"),
			},
		},
		// The project is create-only.
		Replace: check.Step{
			Config: webhostConfig(s, name, "prj-2", `
  access_token            = "token-2"
  deployment_environments = ["development"]`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(webhostAddr, check.Path("project_id"), check.Str("prj-2")),
				statecheck.ExpectKnownValue(webhostAddr, check.Path("team_id"), knownvalue.Null()),
				statecheck.ExpectKnownValue(webhostAddr, check.Path("granularity"), check.Str("secret-key")),
			},
			Check: destinationIs(t, s, typ, name, map[string]any{
				"project_id":              "prj-2",
				"team_id":                 "",
				"deployment_environments": []string{"development"},
			}, "secret-key"),
			Then: []resource.TestStep{check.ImportByName(webhostAddr, name, "access_token")},
		},
	}.Run(t)
}

// The token given write-only never enters the state; the service gets it
// on create and again each time its version changes (writeOnlySecret).
func TestAccWebhostProjectDestination_writeOnlyToken(t *testing.T) {
	statePath := filepath.Join(t.TempDir(), "emulator.json")
	s := acctest.NewSecretsEmulator(t, emulator.Options{StatePath: statePath})
	name := tfacctest.RandomWithPrefix("wh-wo")
	typ := secretsclient.TypeWebhostProject
	token := writeOnlySecret{
		addr: webhostAddr, typ: typ, name: name, attr: "access_token", values: [2]string{"wo-token-1", "wo-token-2"},
		config: func(token string, version int) string {
			return webhostConfig(s, name, "prj-wo", fmt.Sprintf(`
  access_token_wo         = %q
  access_token_wo_version = %d
  deployment_environments = ["production"]`, token, version))
		},
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, s, typ, name),
		Steps:                    token.steps(t, s, statePath),
	})
}

// webhostPlanErrors are the destination's plan-time errors, for a
// destination named name.
func webhostPlanErrors(s *acctest.Secrets, name string) []check.PlanError {
	config := func(body string) string { return webhostConfig(s, name, "prj", body) }
	return []check.PlanError{
		{Config: config(`deployment_environments = ["production"]`), Want: check.Literal(`access_token or access_token_wo is required for a webhost-project destination.`)},
		{Config: config(`
  access_token            = "a"
  access_token_wo         = "b"
  deployment_environments = ["production"]`), Want: check.Literal(`Attribute "access_token_wo" cannot be specified when "access_token" is specified`)},
		{Config: config(`
  access_token            = "a"
  access_token_wo_version = 1
  deployment_environments = ["production"]`), Want: check.Literal(`Attribute "access_token_wo" must be specified when "access_token_wo_version" is specified`)},
		{Config: config(`
  access_token            = "a"
  deployment_environments = []`), Want: check.Literal(`Attribute deployment_environments list must contain at least 1 elements, got: 0`)},
		{Config: config(`
  access_token            = "a"
  deployment_environments = ["production", "staging"]`), Want: check.Literal(`Attribute deployment_environments[1] value must be one of: ["development" "preview" "production"], got: "staging"`)},
		{Config: config(`
  access_token            = "a"
  deployment_environments = ["production"]
  custom_tags             = { team = "web" }`), Want: check.Literal(`An argument named "custom_tags" is not expected here.`)},
		{Config: config(`access_token = "a"`), Want: check.Literal(`The argument "deployment_environments" is required, but no definition was found.`)},
		{Config: webhostConfig(s, name, "", `access_token = "a"`+"\n"+`deployment_environments = ["production"]`), Want: check.Literal(`Attribute project_id string length must be at least 1, got: 0`)},
	}
}
