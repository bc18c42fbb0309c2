package secrets_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const webhostAddr = "stack_secrets_sync_webhost_project_destination.test"

func webhostConfig(s *acctest.Secrets, name, projectID, body string) string {
	return s.ProviderConfig() + fmt.Sprintf(`
resource "stack_secrets_sync_webhost_project_destination" "test" {
  name       = %q
  project_id = %q
  %s
}
`, name, projectID, body)
}

func TestAccWebhostProjectDestination_lifecycle(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("wh")
	typ := secretsclient.TypeWebhostProject

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, s, typ, name),
		Steps: []resource.TestStep{
			{
				Config: webhostConfig(s, name, "prj-1", `
  access_token            = "token-1"
  deployment_environments = ["production"]`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(webhostAddr, attr("name"), str(name)),
					statecheck.ExpectKnownValue(webhostAddr, attr("project_id"), str("prj-1")),
					statecheck.ExpectKnownValue(webhostAddr, attr("team_id"), knownvalue.Null()),
					statecheck.ExpectKnownValue(webhostAddr, attr("deployment_environments"), knownvalue.ListExact([]knownvalue.Check{str("production")})),
					statecheck.ExpectKnownValue(webhostAddr, attr("granularity"), str("secret-key")),
					statecheck.ExpectKnownValue(webhostAddr, attr("secret_name_template"), knownvalue.StringRegexp(regexp.MustCompile(`.+`))),
					// The service shows the token obfuscated: state keeps it as configured.
					statecheck.ExpectKnownValue(webhostAddr, attr("access_token"), str("token-1")),
					statecheck.ExpectKnownValue(webhostAddr, attr("access_token_wo_version"), knownvalue.Null()),
				},
				Check: checkDestination(t, s, typ, name, func(d *secretsclient.Destination) error {
					return destDetailsAre(d, map[string]any{
						"project_id":              "prj-1",
						"team_id":                 "",
						"deployment_environments": []string{"production"},
						"access_token":            destObfuscated,
					}, "secret-key")
				}),
			},
			{
				Config: webhostConfig(s, name, "prj-1", `
  access_token            = "token-2"
  team_id                 = "team-1"
  deployment_environments = ["preview", "production"]
  granularity             = "secret-path"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(webhostAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(webhostAddr, attr("team_id"), str("team-1")),
					statecheck.ExpectKnownValue(webhostAddr, attr("deployment_environments"), knownvalue.ListExact([]knownvalue.Check{str("preview"), str("production")})),
					statecheck.ExpectKnownValue(webhostAddr, attr("access_token"), str("token-2")),
					statecheck.ExpectKnownValue(webhostAddr, attr("granularity"), str("secret-path")),
				},
				Check: checkDestination(t, s, typ, name, func(d *secretsclient.Destination) error {
					return destDetailsAre(d, map[string]any{
						"project_id":              "prj-1",
						"team_id":                 "team-1",
						"deployment_environments": []string{"preview", "production"},
					}, "secret-path")
				}),
			},
			{
				// A change made outside Terraform shows as drift and is reverted.
				PreConfig: func() {
					if _, _, err := s.Client(t).WriteDestination(context.Background(), name, secretsclient.WebhostProjectDestination{
						DestinationOptions:     secretsclient.DestinationOptions{Granularity: secretsclient.GranularitySecretPath},
						AccessToken:            "token-2",
						ProjectID:              "prj-1",
						TeamID:                 "team-elsewhere",
						DeploymentEnvironments: []string{"development"},
					}); err != nil {
						t.Fatal(err)
					}
				},
				Config: webhostConfig(s, name, "prj-1", `
  access_token            = "token-2"
  team_id                 = "team-1"
  deployment_environments = ["preview", "production"]
  granularity             = "secret-path"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(webhostAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(webhostAddr, attr("team_id"), str("team-1")),
					},
				},
				Check: checkDestination(t, s, typ, name, func(d *secretsclient.Destination) error {
					return destDetailsAre(d, map[string]any{
						"team_id":                 "team-1",
						"deployment_environments": []string{"preview", "production"},
					}, "secret-path")
				}),
			},
			{
				// The project is create-only.
				Config: webhostConfig(s, name, "prj-2", `
  access_token            = "token-2"
  deployment_environments = ["development"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(webhostAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(webhostAddr, attr("project_id"), str("prj-2")),
					statecheck.ExpectKnownValue(webhostAddr, attr("team_id"), knownvalue.Null()),
					statecheck.ExpectKnownValue(webhostAddr, attr("granularity"), str("secret-key")),
				},
				Check: checkDestination(t, s, typ, name, func(d *secretsclient.Destination) error {
					return destDetailsAre(d, map[string]any{
						"project_id":              "prj-2",
						"team_id":                 "",
						"deployment_environments": []string{"development"},
					}, "secret-key")
				}),
			},
			{
				ResourceName:                         webhostAddr,
				ImportState:                          true,
				ImportStateId:                        name,
				ImportStateVerify:                    true,
				ImportStateVerifyIdentifierAttribute: "name",
				// Obfuscated by the service, so an import cannot know it.
				ImportStateVerifyIgnore: []string{"access_token"},
			},
			{
				PreConfig: func() {
					if _, err := s.Client(t).DeleteDestination(context.Background(), typ, name, false); err != nil {
						t.Fatal(err)
					}
				},
				Config: webhostConfig(s, name, "prj-2", `
  access_token            = "token-2"
  deployment_environments = ["development"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(webhostAddr, plancheck.ResourceActionCreate)},
				},
				Check: checkDestination(t, s, typ, name, func(d *secretsclient.Destination) error {
					return destDetailsAre(d, map[string]any{"project_id": "prj-2", "access_token": destObfuscated}, "secret-key")
				}),
			},
		},
	})
}

// The token given write-only never enters the state; the service gets it
// on create and again each time its version changes. The emulator shows
// secrets obfuscated, so the test reads what it stores from its state file,
// which keeps them in clear.
func TestAccWebhostProjectDestination_writeOnlyToken(t *testing.T) {
	statePath := filepath.Join(t.TempDir(), "emulator.json")
	s := acctest.NewSecretsEmulator(t, emulator.Options{StatePath: statePath})
	name := tfacctest.RandomWithPrefix("wh-wo")
	typ := secretsclient.TypeWebhostProject
	config := func(token string, version int) string {
		return webhostConfig(s, name, "prj-wo", fmt.Sprintf(`
  access_token_wo         = %q
  access_token_wo_version = %d
  deployment_environments = ["production"]`, token, version))
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, s, typ, name),
		Steps: []resource.TestStep{
			{
				Config: config("wo-token-1", 1),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(webhostAddr, attr("access_token"), knownvalue.Null()),
					statecheck.ExpectKnownValue(webhostAddr, attr("access_token_wo"), knownvalue.Null()),
					statecheck.ExpectKnownValue(webhostAddr, attr("access_token_wo_version"), knownvalue.Int64Exact(1)),
				},
				Check: destStoredSecretIs(t, s, statePath, typ, name, "access_token", "wo-token-1"),
			},
			{
				// A new value under the same version is not sent.
				Config: config("wo-token-2", 1),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: destStoredSecretIs(t, s, statePath, typ, name, "access_token", "wo-token-1"),
			},
			{
				Config: config("wo-token-2", 2),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(webhostAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(webhostAddr, attr("access_token"), knownvalue.Null()),
					statecheck.ExpectKnownValue(webhostAddr, attr("access_token_wo"), knownvalue.Null()),
					statecheck.ExpectKnownValue(webhostAddr, attr("access_token_wo_version"), knownvalue.Int64Exact(2)),
				},
				Check: resource.ComposeAggregateTestCheckFunc(
					destStoredSecretIs(t, s, statePath, typ, name, "access_token", "wo-token-2"),
					destWrites(s, typ, 2),
				),
			},
		},
	})
}

func TestAccWebhostProjectDestination_validation(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{})
	name := tfacctest.RandomWithPrefix("wh-invalid")
	cases := []struct {
		body string
		want string
	}{
		{`deployment_environments = ["production"]`, `access_token or access_token_wo is required for a webhost-project destination.`},
		{`
  access_token            = "a"
  access_token_wo         = "b"
  deployment_environments = ["production"]`, `Attribute "access_token_wo" cannot be specified when "access_token" is specified`},
		{`
  access_token            = "a"
  access_token_wo_version = 1
  deployment_environments = ["production"]`, `Attribute "access_token_wo" must be specified when "access_token_wo_version" is specified`},
		{`
  access_token            = "a"
  deployment_environments = []`, `Attribute deployment_environments list must contain at least 1 elements, got: 0`},
		{`
  access_token            = "a"
  deployment_environments = ["production", "staging"]`, `Attribute deployment_environments[1] value must be one of: ["development" "preview" "production"], got: "staging"`},
		{`
  access_token            = "a"
  deployment_environments = ["production"]
  custom_tags             = { team = "web" }`, `An argument named "custom_tags" is not expected here.`},
		{`access_token = "a"`, `The argument "deployment_environments" is required, but no definition was found.`},
	}
	steps := make([]resource.TestStep, 0, len(cases)+1)
	for _, c := range cases {
		steps = append(steps, resource.TestStep{
			Config:      webhostConfig(s, name, "prj", c.body),
			PlanOnly:    true,
			ExpectError: destWrapped(c.want),
		})
	}
	steps = append(steps, resource.TestStep{
		Config:      webhostConfig(s, name, "", `access_token = "a"`+"\n"+`deployment_environments = ["production"]`),
		PlanOnly:    true,
		ExpectError: destWrapped(`Attribute project_id string length must be at least 1, got: 0`),
	})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps:                    steps,
	})
	destNoRequests(t, s)
}

// destObfuscated stands for any obfuscated secret in destDetailsAre.
const destObfuscated = "<obfuscated>"

// destDetailsAre checks connection details the server holds, and its
// granularity. A list is compared element by element; destObfuscated
// asks for a value of asterisks only.
func destDetailsAre(d *secretsclient.Destination, want map[string]any, granularity string) error {
	var problems []string
	for key, w := range want {
		got := d.ConnectionDetails[key]
		switch w := w.(type) {
		case []string:
			l, _ := got.([]any)
			gotStrings := make([]string, 0, len(l))
			for _, e := range l {
				gotStrings = append(gotStrings, fmt.Sprint(e))
			}
			if !slices.Equal(gotStrings, w) {
				problems = append(problems, fmt.Sprintf("%s is %v, want %v", key, got, w))
			}
		case map[string]string:
			m, _ := got.(map[string]any)
			ok := len(m) == len(w)
			for k, v := range w {
				ok = ok && m[k] == v
			}
			if !ok {
				problems = append(problems, fmt.Sprintf("%s is %v, want %v", key, got, w))
			}
		default:
			s, _ := got.(string)
			if w == destObfuscated {
				if s == "" || strings.Trim(s, "*") != "" {
					problems = append(problems, fmt.Sprintf("%s is %q, want it obfuscated", key, s))
				}
			} else if s != w {
				problems = append(problems, fmt.Sprintf("%s is %q, want %q", key, s, w))
			}
		}
	}
	if granularity != "" && d.Options.GranularityLevel != granularity {
		problems = append(problems, fmt.Sprintf("granularity is %q, want %q", d.Options.GranularityLevel, granularity))
	}
	if problems != nil {
		slices.Sort(problems)
		return fmt.Errorf("the service holds %s/%s with: %s", d.Type, d.Name, strings.Join(problems, "; "))
	}
	return nil
}

// destStoredSecretIs checks the value of a secret the emulator stores, which
// its API shows only obfuscated: Close writes the state file, which keeps
// secrets in clear, and the emulator goes on serving.
func destStoredSecretIs(t *testing.T, s *acctest.Secrets, statePath, typ, name, key, want string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		if err := s.Emulator.Close(); err != nil {
			return err
		}
		raw, err := os.ReadFile(statePath)
		if err != nil {
			return err
		}
		var file struct {
			Secrets struct {
				Namespaces map[string]struct {
					Destinations []struct {
						Type    string            `json:"type"`
						Name    string            `json:"name"`
						Strings map[string]string `json:"strings"`
					} `json:"destinations"`
				} `json:"namespaces"`
			} `json:"secrets"`
		}
		if err := json.Unmarshal(raw, &file); err != nil {
			return fmt.Errorf("the emulator's state file: %w", err)
		}
		for _, d := range file.Secrets.Namespaces[s.Namespace].Destinations {
			if d.Type == typ && d.Name == name {
				if got := d.Strings[key]; got != want {
					return fmt.Errorf("the emulator stores %s %q for %s/%s, want %q", key, got, typ, name, want)
				}
				return nil
			}
		}
		t.Logf("emulator state: %s", raw)
		return fmt.Errorf("the emulator's state file has no destination %s/%s", typ, name)
	}
}

// destWrites checks how many create/update requests of a type
// reached the emulator.
func destWrites(s *acctest.Secrets, typ string, want int64) resource.TestCheckFunc {
	return func(*terraform.State) error {
		if got := s.Emulator.Stats().Requests["POST /v1/sys/sync/destinations/"+typ+"/{name}"]; got != want {
			return fmt.Errorf("%d writes of %s destinations reached the emulator, want %d", got, typ, want)
		}
		return nil
	}
}

// destNoRequests checks, after a test of plan-time errors, that no request
// reached the emulator's API.
func destNoRequests(t *testing.T, s *acctest.Secrets) {
	t.Helper()
	if st := s.Emulator.Stats(); st.Total != 0 {
		t.Errorf("%d requests reached the emulator, want none: %v", st.Total, st.Requests)
	}
}

// destWrapped matches text in Terraform's output, which wraps long lines:
// any run of spaces may be a line break.
func destWrapped(text string) *regexp.Regexp {
	words := strings.Fields(text)
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	return regexp.MustCompile(strings.Join(words, `\s+`))
}
