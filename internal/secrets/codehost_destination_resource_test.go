package secrets_test

import (
	"cmp"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	"github.com/stackworks/terraform-provider-stack/internal/client"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const codehostAddr = "stack_secrets_sync_codehost_destination.test"

func codehostConfig(s *acctest.Secrets, name, body string) string {
	return resourceConfig(s, "codehost_destination", name, body)
}

func TestAccCodehostDestination_repository(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("ch")
	typ := secretsclient.TypeCodehost

	check.Lifecycle[*secretsclient.Client]{
		Service: s, Client: s.Client, Address: codehostAddr, IDAttribute: "name",
		CheckDestroy: destinationGone(t, s, typ, name),
		PlanErrors:   codehostPlanErrors(s),
		Create: check.Step{
			Config: codehostConfig(s, name, `
  access_token     = "token-1"
  repository_owner = "acme"
  repository_name  = "web"`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(codehostAddr, check.Path("name"), check.Str(name)),
				statecheck.ExpectKnownValue(codehostAddr, check.Path("secrets_location"), check.Str("repository")),
				statecheck.ExpectKnownValue(codehostAddr, check.Path("repository_owner"), check.Str("acme")),
				statecheck.ExpectKnownValue(codehostAddr, check.Path("repository_name"), check.Str("web")),
				statecheck.ExpectKnownValue(codehostAddr, check.Path("environment_name"), knownvalue.Null()),
				statecheck.ExpectKnownValue(codehostAddr, check.Path("app_name"), knownvalue.Null()),
				statecheck.ExpectKnownValue(codehostAddr, check.Path("installation_id"), knownvalue.Null()),
				statecheck.ExpectKnownValue(codehostAddr, check.Path("organization_name"), knownvalue.Null()),
				statecheck.ExpectKnownValue(codehostAddr, check.Path("selected_repository_names"), knownvalue.Null()),
				statecheck.ExpectKnownValue(codehostAddr, check.Path("granularity"), check.Str("secret-key")),
				statecheck.ExpectKnownValue(codehostAddr, check.Path("secret_name_template"), check.Str(defaultTemplateEnvVars)),
				// The service shows the token obfuscated: state keeps it as configured.
				statecheck.ExpectKnownValue(codehostAddr, check.Path("access_token"), check.Str("token-1")),
			},
			Check: destinationIs(t, s, typ, name, map[string]any{
				"secrets_location": "repository",
				"access_token":     destObfuscated,
				"repository_owner": "acme",
				"repository_name":  "web",
				"environment_name": "",
				"app_name":         "",
			}, "secret-key"),
		},
		Update: check.Step{
			Config: codehostConfig(s, name, `
  access_token     = "token-2"
  repository_owner = "acme"
  repository_name  = "web"
  environment_name = "production"`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(codehostAddr, check.Path("environment_name"), check.Str("production")),
				statecheck.ExpectKnownValue(codehostAddr, check.Path("access_token"), check.Str("token-2")),
			},
			Check: destinationIs(t, s, typ, name, map[string]any{"environment_name": "production", "repository_name": "web"}, "secret-key"),
		},
		Imports: []check.ImportID{
			{ID: func(string) string { return name }, Ignore: []string{"access_token"}},
		},
		OutOfBandDelete: check.Change[*secretsclient.Client]{
			Do: deletedElsewhere(typ, name),
			Step: check.Step{
				Config: codehostConfig(s, name, `
  access_token     = "token-2"
  repository_owner = "acme"
  repository_name  = "web"
  environment_name = "production"`),
				Check: destinationIs(t, s, typ, name, map[string]any{"repository_name": "web", "access_token": destObfuscated}, "secret-key"),
			},
		},
		Replace: check.Step{
			// The repository is create-only.
			Config: codehostConfig(s, name, `
  access_token     = "token-2"
  repository_owner = "acme"
  repository_name  = "api"
  environment_name = "production"`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(codehostAddr, check.Path("repository_name"), check.Str("api")),
			},
			Check: destinationIs(t, s, typ, name, map[string]any{"repository_owner": "acme", "repository_name": "api", "environment_name": "production"}, "secret-key"),
		},
	}.Run(t)
}

// A module passes "" (or []) for what it does not set, as the service
// takes them: the location's and the authentication's rules see them as
// unset, and the state keeps them as written.
func TestAccCodehostDestination_emptyValuesAreUnset(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("ch-empty")

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, s, secretsclient.TypeCodehost, name),
		Steps: []resource.TestStep{{
			Config: codehostConfig(s, name, `
  access_token              = "token-1"
  app_name                  = ""
  installation_id           = ""
  repository_owner          = "acme"
  repository_name           = "web"
  organization_name         = ""
  organization_visibility   = ""
  selected_repository_names = []`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(codehostAddr, check.Path("app_name"), check.Str("")),
				statecheck.ExpectKnownValue(codehostAddr, check.Path("installation_id"), check.Str("")),
				statecheck.ExpectKnownValue(codehostAddr, check.Path("organization_name"), check.Str("")),
				statecheck.ExpectKnownValue(codehostAddr, check.Path("organization_visibility"), check.Str("")),
				statecheck.ExpectKnownValue(codehostAddr, check.Path("selected_repository_names"), knownvalue.ListSizeExact(0)),
			},
			Check: checkDestination(t, s, secretsclient.TypeCodehost, name, func(d *secretsclient.Destination) error {
				return destDetailsAre(d, map[string]any{"secrets_location": "repository", "repository_owner": "acme", "repository_name": "web"}, "")
			}),
		}},
	})
}

func TestAccCodehostDestination_organization(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("ch-org")
	typ := secretsclient.TypeCodehost

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, s, typ, name),
		Steps: []resource.TestStep{
			{
				Config: codehostConfig(s, name, `
  secrets_location          = "organization"
  access_token              = "token-1"
  organization_name         = "acme"
  organization_visibility   = "selected"
  selected_repository_names = ["web", "api"]`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(codehostAddr, check.Path("secrets_location"), check.Str("organization")),
					statecheck.ExpectKnownValue(codehostAddr, check.Path("organization_name"), check.Str("acme")),
					statecheck.ExpectKnownValue(codehostAddr, check.Path("organization_visibility"), check.Str("selected")),
					statecheck.ExpectKnownValue(codehostAddr, check.Path("selected_repository_names"), check.StrList("web", "api")),
					statecheck.ExpectKnownValue(codehostAddr, check.Path("repository_owner"), knownvalue.Null()),
				},
				Check: destinationIs(t, s, typ, name, map[string]any{
					"secrets_location":          "organization",
					"organization_name":         "acme",
					"organization_visibility":   "selected",
					"selected_repository_names": []string{"web", "api"},
					"repository_owner":          "",
				}, "secret-key"),
			},
			{
				Config: codehostConfig(s, name, `
  secrets_location          = "organization"
  access_token              = "token-1"
  organization_name         = "acme-labs"
  organization_visibility   = "selected"
  selected_repository_names = ["docs"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(codehostAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(codehostAddr, check.Path("organization_name"), check.Str("acme-labs")),
					statecheck.ExpectKnownValue(codehostAddr, check.Path("selected_repository_names"), check.StrList("docs")),
				},
				Check: destinationIs(t, s, typ, name, map[string]any{"organization_name": "acme-labs", "selected_repository_names": []string{"docs"}}, ""),
			},
			{
				// The visibility is create-only.
				Config: codehostConfig(s, name, `
  secrets_location        = "organization"
  access_token            = "token-1"
  organization_name       = "acme-labs"
  organization_visibility = "all"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(codehostAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(codehostAddr, check.Path("organization_visibility"), check.Str("all")),
					statecheck.ExpectKnownValue(codehostAddr, check.Path("selected_repository_names"), knownvalue.Null()),
				},
				Check: destinationIs(t, s, typ, name, map[string]any{"organization_visibility": "all", "selected_repository_names": []string{}}, ""),
			},
			check.ImportByName(codehostAddr, name, "access_token"),
			{
				// So is the location: removing it returns to the default,
				// repository.
				Config: codehostConfig(s, name, `
  access_token     = "token-1"
  repository_owner = "acme"
  repository_name  = "web"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(codehostAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(codehostAddr, check.Path("secrets_location"), check.Str("repository")),
					statecheck.ExpectKnownValue(codehostAddr, check.Path("organization_name"), knownvalue.Null()),
				},
				Check: destinationIs(t, s, typ, name, map[string]any{"secrets_location": "repository", "organization_name": "", "repository_name": "web"}, ""),
			},
		},
	})
}

// A codehost destination may authenticate with a custom app configured in
// the service instead of a token; the service refuses an app it does not
// know.
func TestAccCodehostDestination_app(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("ch-app")
	appName := tfacctest.RandomWithPrefix("app")
	missingApp := tfacctest.RandomWithPrefix("no-such-app")
	typ := secretsclient.TypeCodehost
	withApp := func(app string) string {
		return codehostConfig(s, name, fmt.Sprintf(`
  app_name         = %q
  installation_id  = "4242"
  repository_owner = "acme"
  repository_name  = "web"`, app))
	}
	t.Cleanup(func() {
		// The app is created by the test, and may only be deleted once
		// no destination uses it.
		if _, err := s.Client(t).DeleteCodehostApp(context.Background(), appName); err != nil && !client.IsNotFound(err) {
			t.Errorf("deleting the test's codehost app: %v", err)
		}
	})

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, s, typ, name),
		Steps: []resource.TestStep{
			{
				Config:      withApp(missingApp),
				ExpectError: check.Literal(fmt.Sprintf(`POST %s/v1/sys/sync/destinations/codehost/%s: 400 Bad Request: invalid app_name %q: no codehost app of that name`, s.URL, name, missingApp)),
			},
			{
				PreConfig: func() {
					if _, _, err := s.Client(t).WriteCodehostApp(context.Background(), appName, "123456", newTestKey(t, false).pem); err != nil {
						t.Fatal(err)
					}
				},
				Config: withApp(appName),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(codehostAddr, check.Path("app_name"), check.Str(appName)),
					statecheck.ExpectKnownValue(codehostAddr, check.Path("installation_id"), check.Str("4242")),
					statecheck.ExpectKnownValue(codehostAddr, check.Path("access_token"), knownvalue.Null()),
				},
				Check: destinationIs(t, s, typ, name, map[string]any{"app_name": appName, "installation_id": "4242", "access_token": ""}, "secret-key"),
			},
			check.ImportByName(codehostAddr, name),
			{
				// From the app to a token, in place.
				Config: codehostConfig(s, name, `
  access_token     = "token-1"
  repository_owner = "acme"
  repository_name  = "web"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(codehostAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(codehostAddr, check.Path("app_name"), knownvalue.Null()),
					statecheck.ExpectKnownValue(codehostAddr, check.Path("installation_id"), knownvalue.Null()),
					statecheck.ExpectKnownValue(codehostAddr, check.Path("access_token"), check.Str("token-1")),
				},
				Check: destinationIs(t, s, typ, name, map[string]any{"app_name": "", "installation_id": "", "access_token": destObfuscated}, ""),
			},
		},
	})
}

// codehostPlanErrors are the plan-time errors of a codehost destination.
func codehostPlanErrors(s *acctest.Secrets) []check.PlanError {
	name := tfacctest.RandomWithPrefix("ch-invalid")
	config := func(body string) string { return codehostConfig(s, name, body) }
	errs := []check.PlanError{
		{Config: config(`repository_owner = "acme"`), Want: check.Literal(`A codehost destination needs access_token (or access_token_wo), or app_name with installation_id.`)},
		{Config: config(`
  access_token    = "t"
  app_name        = "app"
  installation_id = "1"`), Want: check.Literal(`A codehost destination authenticates with access_token (or access_token_wo), or with app_name and installation_id, not both`)},
		{Config: config(`
  access_token_wo = "t"
  app_name        = "app"`), Want: check.Literal(`A codehost destination authenticates with access_token (or access_token_wo), or with app_name and installation_id, not both`)},
		{Config: config(`app_name = "app"`), Want: check.Literal(`installation_id is required when app_name is set`)},
		{Config: config(`installation_id = "1"`), Want: check.Literal(`app_name is required when installation_id is set`)},
		// The service takes a positive number and answers it without
		// leading zeros, which state could not hold as written.
		{Config: config("app_name = \"app\"\n  installation_id = \"007\""), Want: check.Wrapped(`installation_id must be a positive whole number of at most 18 digits, without sign or leading zero, such as "4242", got: 007`)},
		{Config: config("app_name = \"app\"\n  installation_id = \"install-1\""), Want: check.Wrapped(`installation_id must be a positive whole number .*, got: install-1`)},
		{Config: config(`
  access_token     = "t"
  secrets_location = "enterprise"`), Want: check.Literal(`Attribute secrets_location value must be one of: ["repository" "organization"], got: "enterprise"`)},
		{Config: config(`
  app_name        = ""
  installation_id = "1"`), Want: check.Literal(`app_name is required when installation_id is set`)},
		{Config: config(`
  access_token = "t"
  custom_tags  = { team = "web" }`), Want: check.Literal(`An argument named "custom_tags" is not expected here.`)},
		{Config: config(`
  access_token            = "t"
  access_token_wo_version = 1`), Want: check.Literal(`Attribute "access_token_wo" must be specified when "access_token_wo_version" is specified`)},
	}
	// An argument of one location is refused in the other; without
	// secrets_location, the default applies: repository.
	for _, c := range []struct{ location, arg, its string }{
		{"organization", `repository_owner = "acme"`, "repository"},
		{"organization", `repository_name = "web"`, "repository"},
		{"organization", `environment_name = "prod"`, "repository"},
		{"", `organization_name = "acme"`, "organization"},
		{"repository", `organization_visibility = "all"`, "organization"},
		{"", `selected_repository_names = ["web"]`, "organization"},
	} {
		body, here := "access_token = \"t\"\n  "+c.arg, cmp.Or(c.location, "repository")
		if c.location != "" {
			body += fmt.Sprintf("\n  secrets_location = %q", c.location)
		}
		name, _, _ := strings.Cut(c.arg, " ")
		errs = append(errs, check.PlanError{Config: config(body), Want: check.Literal(
			fmt.Sprintf(`%s is only allowed when secrets_location is %q; here it is %q.`, name, c.its, here))})
	}
	return errs
}

// The token given write-only never enters the state (writeOnlySecret), and
// is what the service holds after every update, also one that reverts a
// change made outside Terraform, which shows as drift.
func TestAccCodehostDestination_writeOnlyTokenAndDrift(t *testing.T) {
	statePath := filepath.Join(t.TempDir(), "emulator.json")
	s := acctest.NewSecretsEmulator(t, emulator.Options{StatePath: statePath})
	name := tfacctest.RandomWithPrefix("ch-wo")
	typ := secretsclient.TypeCodehost
	config := func(token string, version int) string {
		return codehostConfig(s, name, fmt.Sprintf(`
  access_token_wo         = %q
  access_token_wo_version = %d
  repository_owner        = "acme"
  repository_name         = "web"
  environment_name        = "production"`, token, version))
	}
	token := writeOnlySecret{
		addr: codehostAddr, typ: typ, name: name, attr: "access_token", values: [2]string{"wo-token-1", "wo-token-2"},
		config: config, held: map[string]string{"environment_name": "production"},
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, s, typ, name),
		Steps: append(token.steps(t, s, statePath), resource.TestStep{
			PreConfig: check.OutOfBand(t, s.Client, func(ctx context.Context, c *secretsclient.Client) error {
				_, _, err := c.WriteDestination(ctx, name, secretsclient.CodehostDestination{
					AccessToken: "their-token", RepositoryOwner: "acme", RepositoryName: "web", EnvironmentName: "staging",
				})
				return err
			}),
			Config: config("wo-token-2", 2),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(codehostAddr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(codehostAddr, check.Path("environment_name"), check.Str("production")),
				},
			},
			Check: destStoredSecretsAre(t, s, statePath, typ, name, map[string]string{"access_token": "wo-token-2", "environment_name": "production"}),
		}),
	})
}
