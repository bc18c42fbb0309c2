package platform_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const oauthClientAddr = "stack_platform_oauth_client.test"

func oauthClientConfig(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_oauth_client" "test" {
  service_provider = "github"
  http_url         = "https://github.com"
  %s
}
`, body)
}

// oauthClientIs checks the client the platform holds under the ID in the
// state.
func oauthClientIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, oauthClientAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		oc, err := c.OAuthClients.Read(ctx, id)
		if err != nil {
			return nil, err
		}
		name := ""
		if oc.Name != nil {
			name = *oc.Name
		}
		return map[string]any{
			"organization": oc.Organization.Name, "name": name, "api_url": oc.APIURL, "key": oc.Key,
			"organization_scoped": oc.OrganizationScoped, "tokens": len(oc.OAuthTokens),
		}, nil
	})
}

func TestAccOAuthClient_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	full := func(name, scoped, token string) string {
		return oauthClientConfig(p, fmt.Sprintf(`api_url = "https://api.github.com"
  name                = %q
  key                 = "client-id"
  secret              = "client-secret"
  oauth_token         = %q
  organization_scoped = %s`, name, token, scoped))
	}
	var tokenID string
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: oauthClientAddr, FreshID: true,
		PlanErrors: []check.PlanError{
			{Config: oauthClientConfig(p, `api_url = "https://api.github.com"
  private_key = "pem"`), Want: check.Literal(`private_key and private_key_wo are only taken with service_provider = "ado_server", not "github".`)},
			{Config: oauthClientConfig(p, `api_url = "https://api.github.com"
  secret = "a"
  secret_wo = "b"
  secret_wo_version = 1`), Want: check.Wrapped(`Attribute "secret_wo" cannot be specified when "secret" is specified`)},
			{Config: oauthClientConfig(p, `api_url = "https://api.github.com"
  oauth_token_wo = "b"`), Want: check.Wrapped(`Attribute "oauth_token_wo_version" must be specified when "oauth_token_wo" is specified`)},
			{Config: oauthClientConfig(p, `api_url = "https://api.github.com"
  agent_pool_id = "runners"`), Want: check.Literal(`agent_pool_id must be the ID of an agent pool: apool- and 16 characters of the base58 alphabet, got "runners".`)},
		},
		ImportErrors: []check.ImportError{{ID: p.Organization + "/github", Want: check.Literal(
			`The import ID of an OAuth client is its ID, oc- and 16 characters of the base58 alphabet; got "` + p.Organization + `/github".`)}},
		Create: check.Step{
			Config: full("github.com", "true", "ghp_first"),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(oauthClientAddr, check.Path("organization"), check.Str(p.Organization)),
				plancheck.ExpectKnownValue(oauthClientAddr, check.Path("organization_scoped"), knownvalue.Bool(true)),
			},
			StateChecks: stateIs(oauthClientAddr, map[string]knownvalue.Check{
				"id": idOf("oc"), "organization": check.Str(p.Organization), "service_provider": check.Str("github"),
				"name": check.Str("github.com"), "http_url": check.Str("https://github.com"), "api_url": check.Str("https://api.github.com"),
				"key": check.Str("client-id"), "secret": check.Str("client-secret"), "oauth_token": check.Str("ghp_first"),
				"organization_scoped": knownvalue.Bool(true), "agent_pool_id": knownvalue.Null(), "oauth_token_id": idOf("ot"),
				"callback_url": knownvalue.StringRegexp(regexp.MustCompile(`^https?://.+/auth/oc-\w+/callback$`)),
				"created_at":   knownvalue.NotNull(), "rsa_public_key": knownvalue.Null(), "private_key": knownvalue.Null(),
			}),
			Check: resource.ComposeTestCheckFunc(
				oauthClientIs(t, p, map[string]any{
					"organization": p.Organization, "name": "github.com", "api_url": "https://api.github.com", "key": "client-id",
					"organization_scoped": true, "tokens": 1,
				}),
				check.Kept(oauthClientAddr, "oauth_token_id", &tokenID),
			),
		},
		// A rename, another scope and a new token string: in place, and
		// the OAuth token keeps its ID.
		Update: check.Step{
			Config: full("github", "false", "ghp_second"),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(oauthClientAddr, check.Path("oauth_token_id"), knownvalue.NotNull()),
			},
			StateChecks: stateIs(oauthClientAddr, map[string]knownvalue.Check{
				"name": check.Str("github"), "organization_scoped": knownvalue.Bool(false), "oauth_token": check.Str("ghp_second"),
			}),
			Check: resource.ComposeTestCheckFunc(
				oauthClientIs(t, p, map[string]any{
					"organization": p.Organization, "name": "github", "api_url": "https://api.github.com", "key": "client-id",
					"organization_scoped": false, "tokens": 1,
				}),
				check.Kept(oauthClientAddr, "oauth_token_id", &tokenID),
			),
		},
		// The platform never answers the secrets: an import has none.
		Imports: []check.ImportID{{ID: func(id string) string { return id }, Ignore: []string{"secret", "oauth_token"}}},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				_, err := c.OAuthClients.Update(ctx, id, platformclient.OAuthClientOptions{Name: check.Ptr("renamed"), OrganizationScoped: check.Ptr(true)})
				return err
			},
			Step: check.Step{
				Config: full("github", "false", "ghp_second"),
				Check: oauthClientIs(t, p, map[string]any{
					"organization": p.Organization, "name": "github", "api_url": "https://api.github.com", "key": "client-id",
					"organization_scoped": false, "tokens": 1,
				}),
			},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.OAuthClients.Delete(ctx, id)
			},
			Step: check.Step{
				Config: full("github", "false", "ghp_second"),
				Check: oauthClientIs(t, p, map[string]any{
					"organization": p.Organization, "name": "github", "api_url": "https://api.github.com", "key": "client-id",
					"organization_scoped": false, "tokens": 1,
				}),
			},
		},
		// The platform sets the code host's addresses once.
		Replace: check.Step{
			Config: oauthClientConfig(p, `api_url = "https://api.github.example"
  name                = "github"
  key                 = "client-id"
  secret              = "client-secret"
  oauth_token         = "ghp_second"
  organization_scoped = false`),
			StateChecks: stateIs(oauthClientAddr, map[string]knownvalue.Check{"api_url": check.Str("https://api.github.example")}),
			Check: oauthClientIs(t, p, map[string]any{
				"organization": p.Organization, "name": "github", "api_url": "https://api.github.example", "key": "client-id",
				"organization_scoped": false, "tokens": 1,
			}),
		},
	}.Run(t)
}

// A workspace's vcs_repo names the client's OAuth token: the apply goes
// through in one run, and the next plan is empty.
func TestAccOAuthClient_workspaceNamesItsToken(t *testing.T) {
	p := acctest.NewPlatform(t)
	config := p.ProviderConfig() + `
resource "stack_platform_oauth_client" "github" {
  service_provider = "github"
  http_url         = "https://github.com"
  api_url          = "https://api.github.com"
  oauth_token_wo         = "ghp_token"
  oauth_token_wo_version = 1
}

resource "stack_platform_workspace" "web" {
  name = "web"
  vcs_repo = {
    identifier     = "acme/web"
    oauth_token_id = stack_platform_oauth_client.github.oauth_token_id
  }
}
`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: stateIs("stack_platform_oauth_client.github", map[string]knownvalue.Check{
					"oauth_token": knownvalue.Null(), "oauth_token_wo_version": knownvalue.Int64Exact(1), "oauth_token_id": idOf("ot"),
				}),
				Check: resource.ComposeTestCheckFunc(
					resource.TestCheckResourceAttrPair("stack_platform_workspace.web", "vcs_repo.oauth_token_id",
						"stack_platform_oauth_client.github", "oauth_token_id"),
					func(s *terraform.State) error {
						id, err := check.StateValue(s, "stack_platform_workspace.web", "id")
						if err != nil {
							return err
						}
						ws, err := p.Client(t).Workspaces.ReadByID(context.Background(), id, platformclient.WorkspaceReadOptions{})
						if err != nil {
							return err
						}
						token, _ := check.StateValue(s, "stack_platform_oauth_client.github", "oauth_token_id")
						if ws.VCSRepo == nil || ws.VCSRepo.OAuthTokenID != token {
							return fmt.Errorf("the workspace's vcs-repo is %+v, want the OAuth token %s", ws.VCSRepo, token)
						}
						return nil
					},
				),
			},
			{Config: config, PlanOnly: true},
		},
	})
}

// The platform never answers the secrets: one changed outside Terraform
// cannot be seen, and the next plan is empty; a new value in the
// configuration is sent in place.
func TestAccOAuthClient_secretChangedOutOfBandIsNotSeen(t *testing.T) {
	p := acctest.NewPlatform(t)
	config := func(secret string) string {
		return oauthClientConfig(p, fmt.Sprintf(`api_url = "https://api.github.com"
  secret  = %q`, secret))
	}
	var id string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config("first"), Check: check.IDKept(oauthClientAddr, &id)},
			{
				PreConfig: func() {
					if _, err := p.Client(t).OAuthClients.Update(context.Background(), id, platformclient.OAuthClientOptions{Secret: check.Ptr("changed")}); err != nil {
						t.Fatal(err)
					}
				},
				Config: config("first"), PlanOnly: true,
			},
			{
				Config: config("second"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(oauthClientAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: stateIs(oauthClientAddr, map[string]knownvalue.Check{"secret": check.Str("second")}),
				Check:             check.IDKept(oauthClientAddr, &id),
			},
		},
	})
}

// An agent pool is given to the client in place; removing it replaces the
// client, as an update can give the client another pool but not none.
func TestAccOAuthClient_agentPool(t *testing.T) {
	p := acctest.NewPlatform(t)
	config := func(body string) string {
		return oauthClientConfig(p, `api_url = "https://api.github.com"
  `+body) + `
resource "stack_platform_agent_pool" "runners" {
  name = "runners"
}
`
	}
	action := func(a plancheck.ResourceActionType) resource.ConfigPlanChecks {
		return resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(oauthClientAddr, a)}}
	}
	poolIsOnServer := func(want bool) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			id, err := check.StateValue(s, oauthClientAddr, "id")
			if err != nil {
				return err
			}
			oc, err := p.Client(t).OAuthClients.Read(context.Background(), id)
			if err != nil {
				return err
			}
			return check.Differences(map[string]any{"pool": oc.AgentPool != nil && oc.AgentPool.ID != ""}, map[string]any{"pool": want})
		}
	}
	var id string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config(""), Check: resource.ComposeTestCheckFunc(check.IDKept(oauthClientAddr, &id), poolIsOnServer(false))},
			{
				Config: config(`agent_pool_id = stack_platform_agent_pool.runners.id`), ConfigPlanChecks: action(plancheck.ResourceActionUpdate),
				Check: resource.ComposeTestCheckFunc(check.IDKept(oauthClientAddr, &id), poolIsOnServer(true),
					resource.TestCheckResourceAttrPair(oauthClientAddr, "agent_pool_id", "stack_platform_agent_pool.runners", "id")),
			},
			{
				Config: config(""), ConfigPlanChecks: action(plancheck.ResourceActionDestroyBeforeCreate),
				ConfigStateChecks: stateIs(oauthClientAddr, map[string]knownvalue.Check{"agent_pool_id": knownvalue.Null()}),
				Check:             poolIsOnServer(false),
			},
		},
	})
}

// After an import, which has no secrets, the configured ones go to the
// state in place: the private key, which a create alone sends, does not
// replace the client.
func TestAccOAuthClient_importThenPlanKeepsTheClient(t *testing.T) {
	p := acctest.NewPlatform(t)
	oc, err := p.Client(t).OAuthClients.Create(context.Background(), p.Organization, platformclient.OAuthClientOptions{
		ServiceProvider: check.Ptr("ado_server"), HTTPURL: check.Ptr("https://ado.acme.example"), APIURL: check.Ptr("https://ado.acme.example"),
		PrivateKey: check.Ptr("pem"), Secret: check.Ptr("s"),
	})
	if err != nil {
		t.Fatal(err)
	}
	config := p.ProviderConfig() + `
resource "stack_platform_oauth_client" "test" {
  service_provider = "ado_server"
  http_url         = "https://ado.acme.example"
  api_url          = "https://ado.acme.example"
  private_key      = "pem"
  secret           = "s"
}
`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config, ResourceName: oauthClientAddr, ImportState: true, ImportStateId: oc.ID, ImportStatePersist: true,
				ImportStateCheck: func(s []*terraform.InstanceState) error {
					if len(s) != 1 || s[0].Attributes["private_key"] != "" || s[0].Attributes["secret"] != "" || s[0].Attributes["organization"] != p.Organization {
						return fmt.Errorf("imported %v, want the client without its secrets", s)
					}
					return nil
				},
			},
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(oauthClientAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: stateIs(oauthClientAddr, map[string]knownvalue.Check{
					"id": check.Str(oc.ID), "private_key": check.Str("pem"), "secret": check.Str("s"),
				}),
			},
			{Config: config, PlanOnly: true},
		},
	})
}

// The code hosts the platform takes are its to say: an unknown one is
// planned, and the platform's refusal reaches the user with its words.
func TestAccOAuthClient_unknownCodeHostIsTheServersToRefuse(t *testing.T) {
	p := acctest.NewPlatform(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfig() + `
resource "stack_platform_oauth_client" "test" {
  service_provider = "sourceforge"
  http_url         = "https://sourceforge.net"
  api_url          = "https://api.sourceforge.net"
}
`,
			ExpectError: check.Wrapped(`invalid service-provider "sourceforge"`),
		}},
	})
}
