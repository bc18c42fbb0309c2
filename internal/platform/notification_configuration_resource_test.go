package platform_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const notificationAddr = "stack_platform_notification_configuration.test"

// notificationConfig is a workspace and a configuration of it, with body
// as its arguments but the workspace.
func notificationConfig(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_workspace" "app" {
  name = "app"
}

resource "stack_platform_notification_configuration" "test" {
  workspace_id = stack_platform_workspace.app.id
  %s
}
`, body)
}

// notificationLiteral is a configuration of literal arguments, for plan
// errors.
func notificationLiteral(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + `
resource "stack_platform_notification_configuration" "test" {
  name = "alerts"
  ` + body + `
}
`
}

// notificationIs checks the configuration the platform holds under the ID
// in the state.
func notificationIs(t *testing.T, p *acctest.Platform, addr string, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, addr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		nc, err := c.NotificationConfigurations.Read(ctx, id)
		if err != nil {
			return nil, err
		}
		var users []string
		for _, u := range nc.Users {
			users = append(users, u.ID)
		}
		return map[string]any{
			"name": nc.Name, "destination_type": nc.DestinationType, "enabled": nc.Enabled, "url": nc.URL,
			"triggers": nc.Triggers, "email_addresses": nc.EmailAddresses, "email_user_ids": users, "email_all_members": nc.EmailAllMembers,
		}, nil
	})
}

// deliveriesSignedWith checks that the configuration in the state signs
// its deliveries with key: it asks the platform to verify it, and checks
// the signature of the delivery the emulator recorded.
func deliveriesSignedWith(t *testing.T, p *acctest.Platform, key string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		id, err := check.StateValue(s, notificationAddr, "id")
		if err != nil {
			return err
		}
		if _, err := p.Client(t).NotificationConfigurations.Verify(context.Background(), id); err != nil {
			return err
		}
		var deliveries []struct {
			Headers map[string]string `json:"headers"`
			Body    string            `json:"body"`
		}
		if err := json.Unmarshal(p.Emulator.Platform().NotificationDeliveries(id), &deliveries); err != nil {
			return err
		}
		if len(deliveries) == 0 {
			return fmt.Errorf("no delivery of %s recorded", id)
		}
		last := deliveries[len(deliveries)-1]
		mac := hmac.New(sha512.New, []byte(key))
		mac.Write([]byte(last.Body))
		if got, want := last.Headers["X-TFE-Notification-Signature"], hex.EncodeToString(mac.Sum(nil)); got != want {
			return fmt.Errorf("the delivery is signed %q, want %q, the signature under the configured token", got, want)
		}
		return nil
	}
}

// The token's check reads what the emulator records of a verification.
func TestAccNotificationConfiguration_lifecycle(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	const ws = `workspace_id = "ws-6p5RiCe5CRjBmsGt"`
	generic := func(name, url, triggers string, enabled bool) string {
		return notificationConfig(p, fmt.Sprintf(`name = %q
  destination_type = "generic"
  url              = %q
  token            = "hmac-key"
  triggers         = %s
  enabled          = %t`, name, url, triggers, enabled))
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: notificationAddr, FreshID: true,
		PlanErrors: []check.PlanError{
			{Config: notificationLiteral(p, `destination_type = "email"`), Want: check.Literal(
				`Exactly one of workspace_id, team_id and project_id must be set: what the configuration tells of; got 0 ().`)},
			{Config: notificationLiteral(p, ws+"\n  team_id = \"team-6p5RiCe5CRjBmsGt\"\n  destination_type = \"email\""), Want: check.Literal(
				`Exactly one of workspace_id, team_id and project_id must be set: what the configuration tells of; got 2 (team_id, workspace_id).`)},
			{Config: notificationLiteral(p, ws+"\n  destination_type = \"pager\""), Want: check.Literal(`destination_type value must be one of:`)},
			{Config: notificationLiteral(p, ws+"\n  destination_type = \"slack\""), Want: check.Literal(
				`url or url_wo is required by a slack destination: the URL it posts to.`)},
			{Config: notificationLiteral(p, "team_id = \"team-6p5RiCe5CRjBmsGt\"\n  destination_type = \"email\"\n  triggers = [\"run:created\"]"), Want: check.Literal(
				`The trigger "run:created" is not one of a team's configuration, which takes team:change_request, change_request:created.`)},
			{Config: notificationLiteral(p, ws+"\n  destination_type = \"email\"\n  triggers = [\"run:exploded\"]"), Want: check.Literal(`must be one of:`)},
			{Config: notificationLiteral(p, ws+"\n  destination_type = \"email\"\n  email_all_members = true"), Want: check.Literal(
				`email_all_members is a team's configuration's only.`)},
			{Config: notificationLiteral(p, ws+"\n  destination_type = \"email\"\n  email_user_ids = [\"alice\"]"), Want: check.Literal(
				`must be the ID of a user: user- and 16 characters of the base58 alphabet, got "alice".`)},
		},
		ImportErrors: []check.ImportError{{ID: "ws-6p5RiCe5CRjBmsGt", Want: check.Literal(
			`The import ID of a notification configuration is its ID, nc- and 16 characters of the base58 alphabet; got "ws-6p5RiCe5CRjBmsGt".`)}},
		Create: check.Step{
			Config: generic("alerts", "https://hooks.example.com/a", `["run:errored", "run:needs_attention"]`, true),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(notificationAddr, check.Path("enabled"), knownvalue.Bool(true)),
				plancheck.ExpectKnownValue(notificationAddr, check.Path("email_addresses"), knownvalue.SetExact(nil)),
				plancheck.ExpectKnownValue(notificationAddr, check.Path("email_user_ids"), knownvalue.SetExact(nil)),
				plancheck.ExpectKnownValue(notificationAddr, check.Path("email_all_members"), knownvalue.Bool(false)),
			},
			StateChecks: stateIs(notificationAddr, map[string]knownvalue.Check{
				"id": idOf("nc"), "workspace_id": idOf("ws"), "team_id": knownvalue.Null(), "name": check.Str("alerts"),
				"destination_type": check.Str("generic"), "enabled": knownvalue.Bool(true), "url": check.Str("https://hooks.example.com/a"),
				"token":    check.Str("hmac-key"),
				"triggers": check.StrSet("run:errored", "run:needs_attention"),
			}),
			Check: resource.ComposeTestCheckFunc(notificationIs(t, p, notificationAddr, map[string]any{
				"name": "alerts", "destination_type": "generic", "enabled": true, "url": "https://hooks.example.com/a",
			}), deliveriesSignedWith(t, p, "hmac-key")),
		},
		Update: check.Step{
			Config: generic("alerts-2", "https://hooks.example.com/b", `["run:completed"]`, false),
			StateChecks: stateIs(notificationAddr, map[string]knownvalue.Check{
				"name": check.Str("alerts-2"), "url": check.Str("https://hooks.example.com/b"), "enabled": knownvalue.Bool(false),
				"triggers": check.StrSet("run:completed"),
			}),
			Check: notificationIs(t, p, notificationAddr, map[string]any{
				"name": "alerts-2", "enabled": false, "url": "https://hooks.example.com/b", "triggers": []string{"run:completed"},
			}),
		},
		// The platform never returns the token.
		Imports: []check.ImportID{{ID: func(id string) string { return id }, Ignore: []string{"token"}}},
		// A URL changed outside Terraform shows, and is set back.
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				_, err := c.NotificationConfigurations.Update(ctx, id, platformclient.NotificationConfigurationOptions{URL: check.Ptr("https://elsewhere.example.com/")})
				return err
			},
			Step: check.Step{
				Config: generic("alerts-2", "https://hooks.example.com/b", `["run:completed"]`, false),
				PlanChecks: []plancheck.PlanCheck{
					plancheck.ExpectKnownValue(notificationAddr, check.Path("url"), check.Str("https://hooks.example.com/b")),
				},
				Check: notificationIs(t, p, notificationAddr, map[string]any{"url": "https://hooks.example.com/b"}),
			},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.NotificationConfigurations.Delete(ctx, id)
			},
			Step: check.Step{
				Config: generic("alerts-2", "https://hooks.example.com/b", `["run:completed"]`, false),
				Check:  notificationIs(t, p, notificationAddr, map[string]any{"name": "alerts-2", "url": "https://hooks.example.com/b"}),
			},
		},
		Replace: check.Step{
			Config: notificationConfig(p, `name = "alerts-2"
  destination_type = "slack"
  url              = "https://hooks.slack.example.com/T1"`),
			StateChecks: stateIs(notificationAddr, map[string]knownvalue.Check{"destination_type": check.Str("slack"), "token": knownvalue.Null()}),
			Check:       notificationIs(t, p, notificationAddr, map[string]any{"destination_type": "slack", "url": "https://hooks.slack.example.com/T1"}),
		},
	}.Run(t)
}

// A team's email configuration sends to users by ID, to addresses and to
// every member; a project's posts to a URL given write-only, which the
// state never holds, and a new version of which is sent.
func TestAccNotificationConfiguration_emailOfATeamAndWriteOnlyURLOfAProject(t *testing.T) {
	// The member is added as the emulator does it.
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	_, userID, err := p.Emulator.Platform().AddMember(p.Organization, "erin", "erin@example.net")
	if err != nil {
		t.Fatal(err)
	}
	config := func(url string, version int) string {
		return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_team" "ops" {
  name = "ops"
}

resource "stack_platform_project" "web" {
  name = "web"
}

resource "stack_platform_notification_configuration" "team" {
  team_id           = stack_platform_team.ops.id
  name              = "change requests"
  destination_type  = "email"
  enabled           = true
  triggers          = ["team:change_request"]
  email_user_ids    = [%q]
  email_addresses   = ["oncall@example.net"]
  email_all_members = true
}

resource "stack_platform_notification_configuration" "project" {
  project_id       = stack_platform_project.web.id
  name             = "runs"
  destination_type = "microsoft-teams"
  url_wo           = %q
  url_wo_version   = %d
  triggers         = ["run:errored"]
}
`, userID, url, version)
	}
	const team, project = "stack_platform_notification_configuration.team", "stack_platform_notification_configuration.project"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config("https://teams.example.com/a", 1),
				ConfigStateChecks: append(stateIs(team, map[string]knownvalue.Check{
					"team_id": idOf("team"), "email_user_ids": check.StrSet(userID),
					"email_addresses":   check.StrSet("oncall@example.net"),
					"email_all_members": knownvalue.Bool(true), "url": knownvalue.Null(),
				}), stateIs(project, map[string]knownvalue.Check{
					"project_id": idOf("prj"), "url": knownvalue.Null(), "url_wo": knownvalue.Null(), "url_wo_version": knownvalue.Int64Exact(1),
				})...),
				Check: resource.ComposeTestCheckFunc(
					notificationIs(t, p, team, map[string]any{
						"destination_type": "email", "enabled": true, "email_user_ids": []string{userID},
						"email_addresses": []string{"oncall@example.net"}, "email_all_members": true, "triggers": []string{"team:change_request"},
					}),
					notificationIs(t, p, project, map[string]any{"destination_type": "microsoft-teams", "url": "https://teams.example.com/a"}),
				),
			},
			{
				// The same configuration plans nothing: the URL the
				// platform returns is not compared with a write-only one.
				Config:   config("https://teams.example.com/a", 1),
				PlanOnly: true,
			},
			{
				Config: config("https://teams.example.com/b", 2),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(project, plancheck.ResourceActionUpdate)},
				},
				Check: notificationIs(t, p, project, map[string]any{"url": "https://teams.example.com/b"}),
			},
		},
	})
}
