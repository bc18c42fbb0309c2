package platform_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

func init() { tfeTwinCases = append(tfeTwinCases, tfeConnectionTwins()...) }

// tfeNotifyURL stands for the URL of the incumbent's notification tests,
// which they read from the environment.
const tfeNotifyURL = "https://notifications.example.com/run-tasks"

// tfeGitHubToken stands for the code host's token of the incumbent's OAuth
// client tests, which they read from GITHUB_TOKEN.
const tfeGitHubToken = "ghp_token"

// tfeConnectionTwins are the twins of tfe_twins_connections.go, each of
// the incumbent's schema version 0.
func tfeConnectionTwins() []tfeTwin {
	return []tfeTwin{
		{
			// The code host's token, which the platform never answers,
			// comes from the incumbent's state; its "" for the name, the
			// key and the other secrets left out are null.
			from: "tfe_oauth_client", to: "stack_platform_oauth_client",
			moved: map[string]any{
				"id": "oc-XKFwG6ggfA9n7t1K", "organization": tfeOrgName, "service_provider": "github", "http_url": "https://github.com",
				"api_url": "https://api.github.com", "organization_scoped": true, "oauth_token_id": "ot-JQi5QXeyVvY7Zk5r", "oauth_token": tfeGitHubToken,
			},
			make: func(t *testing.T, c *platformclient.Client) map[string]string {
				t.Helper()
				tfeOrg(t, c)
				oc := tfeOAuthClient(t, c)
				return map[string]string{"oc-XKFwG6ggfA9n7t1K": oc.ID, "ot-JQi5QXeyVvY7Zk5r": oc.OAuthTokens[0].ID}
			},
			body: fmt.Sprintf(`organization        = %q
  service_provider    = "github"
  api_url             = "https://api.github.com"
  http_url            = "https://github.com"
  oauth_token         = %q
  organization_scoped = true`, tfeOrgName, tfeGitHubToken),
		},
		{
			// The incumbent's ID, <PROJECT ID>_<OAUTH CLIENT ID>, is
			// <OAUTH CLIENT ID>/<PROJECT ID> here.
			from: "tfe_project_oauth_client", to: "stack_platform_project_oauth_client",
			moved: map[string]any{
				"id": "oc-XKFwG6ggfA9n7t1K/prj-6p5RiCe5CRjBmsGt", "oauth_client_id": "oc-XKFwG6ggfA9n7t1K", "project_id": "prj-6p5RiCe5CRjBmsGt",
			},
			make: func(t *testing.T, c *platformclient.Client) map[string]string {
				t.Helper()
				tfeOrg(t, c)
				oc := tfeOAuthClient(t, c)
				prj, err := c.Projects.Create(context.Background(), tfeOrgName, platformclient.ProjectOptions{Name: check.Ptr("projecttest")})
				if err != nil {
					t.Fatal(err)
				}
				if err := c.OAuthClients.AddProjects(context.Background(), oc.ID, []string{prj.ID}); err != nil {
					t.Fatal(err)
				}
				return map[string]string{"oc-XKFwG6ggfA9n7t1K": oc.ID, "prj-6p5RiCe5CRjBmsGt": prj.ID}
			},
			body: `oauth_client_id = "oc-XKFwG6ggfA9n7t1K"
  project_id      = "prj-6p5RiCe5CRjBmsGt"`,
		},
		{
			// The key, which the platform never answers, comes from the
			// incumbent's state.
			from: "tfe_ssh_key", to: "stack_platform_ssh_key",
			moved: map[string]any{"id": "sshkey-GxrePWre1Ezug7aM", "organization": tfeOrgName, "name": "ssh-key-test", "key": "SSH-KEY-CONTENT"},
			make: func(t *testing.T, c *platformclient.Client) map[string]string {
				t.Helper()
				tfeOrg(t, c)
				key, err := c.SSHKeys.Create(context.Background(), tfeOrgName, platformclient.SSHKeyOptions{Name: check.Ptr("ssh-key-test"), Value: check.Ptr("SSH-KEY-CONTENT")})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{"sshkey-GxrePWre1Ezug7aM": key.ID}
			},
			body: fmt.Sprintf(`organization = %q
  name         = "ssh-key-test"
  key          = "SSH-KEY-CONTENT"`, tfeOrgName),
		},
		tfeNotificationTwin("tfe_notification_configuration", "nc-jdGvmz5bGHuWGGye", "workspace_id", "ws-3x2WZbEtHjp5Q8xD", nil,
			func(t *testing.T, c *platformclient.Client) (string, string) {
				tfeOrg(t, c)
				return platformclient.NotificationSubscribableWorkspace, tfeWorkspace(t, c, "workspace-test").ID
			}),
		tfeNotificationTwin("tfe_team_notification_configuration", "nc-3WxTX6aUXHpRk2yh", "team_id", "team-7RUnVGLDNi9kyP8Z", nil,
			func(t *testing.T, c *platformclient.Client) (string, string) {
				return platformclient.NotificationSubscribableTeam, tfeTeam(t, c).ID
			}),
		// The token, which the platform never answers, comes from the
		// incumbent's state.
		tfeNotificationTwin("tfe_project_notification_configuration", "nc-FqqYPcx8QHkQ4ZKm", "project_id", "prj-6p5RiCe5CRjBmsGt", check.Ptr("1234567890"),
			func(t *testing.T, c *platformclient.Client) (string, string) {
				tfeOrg(t, c)
				prj, err := c.Projects.Create(context.Background(), tfeOrgName, platformclient.ProjectOptions{Name: check.Ptr("projecttest")})
				if err != nil {
					t.Fatal(err)
				}
				return platformclient.NotificationSubscribableProject, prj.ID
			}),
		{
			from: "tfe_run_trigger", to: "stack_platform_run_trigger",
			moved: map[string]any{"id": "rt-5gjJbPr1wYMaG7Sn", "workspace_id": "ws-3x2WZbEtHjp5Q8xD", "sourceable_id": "ws-Bv8yKr3DmwnsjDsH"},
			make: func(t *testing.T, c *platformclient.Client) map[string]string {
				t.Helper()
				ctx := context.Background()
				tfeOrg(t, c)
				ws, src := tfeWorkspace(t, c, "workspace-test"), tfeWorkspace(t, c, "sourceable-test")
				rt, err := c.RunTriggers.Create(ctx, ws.ID, platformclient.RunTriggerCreateOptions{Sourceable: src})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{"rt-5gjJbPr1wYMaG7Sn": rt.ID, "ws-3x2WZbEtHjp5Q8xD": ws.ID, "ws-Bv8yKr3DmwnsjDsH": src.ID}
			},
			body: `workspace_id  = "ws-3x2WZbEtHjp5Q8xD"
  sourceable_id = "ws-Bv8yKr3DmwnsjDsH"`,
		},
		{
			// The incumbent's "" for the username of a person who has not
			// signed up is null.
			from: "tfe_organization_membership", to: "stack_platform_organization_membership",
			moved: map[string]any{"id": "ou-wLy2nA8hWvLfQhvC", "organization": tfeOrgName, "email": "example@hashicorp.com", "user_id": "user-Ck3jJdaA6p5Gq3bH"},
			make: func(t *testing.T, c *platformclient.Client) map[string]string {
				t.Helper()
				tfeOrg(t, c)
				ou := tfeMembership(t, c, "example@hashicorp.com")
				return map[string]string{"ou-wLy2nA8hWvLfQhvC": ou.ID, "user-Ck3jJdaA6p5Gq3bH": ou.User.ID}
			},
			body: fmt.Sprintf(`organization = %q
  email        = "example@hashicorp.com"`, tfeOrgName),
		},
		{
			from: "tfe_team_organization_member", to: "stack_platform_team_member",
			moved: map[string]any{
				"id": "team-7RUnVGLDNi9kyP8Z/ou-wLy2nA8hWvLfQhvC", "team_id": "team-7RUnVGLDNi9kyP8Z", "organization_membership_id": "ou-wLy2nA8hWvLfQhvC",
			},
			make: func(t *testing.T, c *platformclient.Client) map[string]string {
				t.Helper()
				team := tfeTeam(t, c)
				ou := tfeMembership(t, c, "foo@foobar.com")
				if err := c.TeamMemberships.AddMemberships(context.Background(), team.ID, []string{ou.ID}); err != nil {
					t.Fatal(err)
				}
				return map[string]string{"team-7RUnVGLDNi9kyP8Z": team.ID, "ou-wLy2nA8hWvLfQhvC": ou.ID}
			},
			body: `team_id                    = "team-7RUnVGLDNi9kyP8Z"
  organization_membership_id = "ou-wLy2nA8hWvLfQhvC"`,
		},
	}
}

// tfeOAuthClient makes the GitHub client of the incumbent's OAuth client
// tests, with a token.
func tfeOAuthClient(t *testing.T, c *platformclient.Client) *platformclient.OAuthClient {
	t.Helper()
	oc, err := c.OAuthClients.Create(context.Background(), tfeOrgName, platformclient.OAuthClientOptions{
		ServiceProvider: check.Ptr("github"), HTTPURL: check.Ptr("https://github.com"), APIURL: check.Ptr("https://api.github.com"),
		OAuthToken: check.Ptr(tfeGitHubToken), OrganizationScoped: check.Ptr(true),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(oc.OAuthTokens) != 1 {
		t.Fatalf("want the client's token, got %+v", oc.OAuthTokens)
	}
	return oc
}

// tfeNotificationTwin is the case of the incumbent's notification
// configuration typ, whose fixture's ID is id: the generic configuration
// of its tests, with the token if not nil, of the object that attr names,
// subject in the fixture, which subscribable makes and returns the kind
// and the ID of.
func tfeNotificationTwin(typ, id, attr, subject string, token *string, subscribable func(*testing.T, *platformclient.Client) (string, string)) tfeTwin {
	tw := tfeTwin{
		from: typ, to: "stack_platform_notification_configuration",
		moved: map[string]any{"id": id, attr: subject, "name": "notification_basic", "destination_type": "generic", "enabled": false, "url": tfeNotifyURL},
		make: func(t *testing.T, c *platformclient.Client) map[string]string {
			t.Helper()
			kind, subjectID := subscribable(t, c)
			nc, err := c.NotificationConfigurations.Create(context.Background(), kind, subjectID, platformclient.NotificationConfigurationOptions{
				DestinationType: check.Ptr("generic"), Name: check.Ptr("notification_basic"), URL: check.Ptr(tfeNotifyURL), Enabled: check.Ptr(false), Token: token,
			})
			if err != nil {
				t.Fatal(err)
			}
			return map[string]string{id: nc.ID, subject: subjectID}
		},
		body: fmt.Sprintf(`name             = "notification_basic"
  destination_type = "generic"
  url              = %q
  %-16s = %q`, tfeNotifyURL, attr, subject),
	}
	if token != nil {
		tw.moved["token"] = *token
		tw.body += fmt.Sprintf("\n  token            = %q", *token)
	}
	return tw
}

// tfeWorkspace makes a workspace of the incumbent's tests' organization.
func tfeWorkspace(t *testing.T, c *platformclient.Client, name string) *platformclient.Workspace {
	t.Helper()
	ws, err := c.Workspaces.Create(context.Background(), tfeOrgName, platformclient.WorkspaceOptions{Name: check.Ptr(name)})
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// tfeMembership invites email to the organization of the incumbent's
// tests.
func tfeMembership(t *testing.T, c *platformclient.Client, email string) *platformclient.OrganizationMembership {
	t.Helper()
	ou, err := c.OrganizationMemberships.Create(context.Background(), tfeOrgName, platformclient.OrganizationMembershipCreateOptions{Email: check.Ptr(email)})
	if err != nil {
		t.Fatal(err)
	}
	return ou
}

// tfeConnectionTwin is the case of tfeConnectionTwins moved from typ.
func tfeConnectionTwin(t *testing.T, typ string) tfeTwin {
	t.Helper()
	for _, tw := range tfeConnectionTwins() {
		if tw.from == typ {
			return tw
		}
	}
	t.Fatalf("no case of %s", typ)
	return tfeTwin{}
}

// An SSH key given through key_wo is stored by the incumbent with a null
// key and the version of the write-only key: the version moves, so that
// the plan does not send the key again.
func TestTFETwins_moveSSHKeyWriteOnly(t *testing.T) {
	tw := tfeConnectionTwin(t, "tfe_ssh_key")
	b := strings.NewReplacer(`"key": "SSH-KEY-CONTENT"`, `"key": null`, `"key_wo_version": null`, `"key_wo_version": 2`).Replace(string(tw.fixture(t, nil)))
	got, diags := acctest.Move(t, "registry.opentofu.org/hashicorp/tfe", tw.from, 0, []byte(b), tw.to)
	if len(diags) != 0 || got == nil || got["key"] != nil || got["key_wo_version"] != int64(2) || got["key_wo"] != nil {
		t.Errorf("want no key and its version 2, got %v %+v", got, diags)
	}
}

// A client without a token is stored by the incumbent with "" for the
// token's ID, which moves as null; a Bitbucket Data Center client's secret
// and key, which the platform never answers, come from its state.
func TestTFETwins_moveOAuthClientWithoutToken(t *testing.T) {
	tw := tfeConnectionTwin(t, "tfe_oauth_client")
	b := strings.NewReplacer(`"oauth_token": "`+tfeGitHubToken+`"`, `"oauth_token": ""`, `"oauth_token_id": "ot-JQi5QXeyVvY7Zk5r"`, `"oauth_token_id": ""`,
		`"secret": ""`, `"secret": "-----BEGIN RSA PRIVATE KEY-----"`, `"key": ""`, `"key": "consumer-key"`,
		`"service_provider": "github"`, `"service_provider": "bitbucket_data_center"`).Replace(string(tw.fixture(t, nil)))
	got, diags := acctest.Move(t, "registry.terraform.io/hashicorp/tfe", tw.from, 0, []byte(b), tw.to)
	if len(diags) != 0 || got == nil || got["oauth_token_id"] != nil || got["oauth_token"] != nil ||
		got["secret"] != "-----BEGIN RSA PRIVATE KEY-----" || got["key"] != "consumer-key" || got["name"] != nil {
		t.Errorf("want no token, the secret and the key, got %v %+v", got, diags)
	}
}

// A workspace's configuration whose token and URL were given write-only
// is stored by the incumbent with neither, and the versions it counted:
// both versions move, so that the plan does not send them again; its
// email recipients move as they are.
func TestTFETwins_moveNotificationConfigurationWriteOnly(t *testing.T) {
	tw := tfeConnectionTwin(t, "tfe_notification_configuration")
	b := strings.NewReplacer(`"url": "`+tfeNotifyURL+`"`, `"url": null`, `"url_wo_version": null`, `"url_wo_version": 1`,
		`"token_wo_version": null`, `"token_wo_version": 3`, `"email_user_ids": null`, `"email_user_ids": ["user-Ck3jJdaA6p5Gq3bH"]`).Replace(string(tw.fixture(t, nil)))
	got, diags := acctest.Move(t, "registry.terraform.io/hashicorp/tfe", tw.from, 0, []byte(b), tw.to)
	if len(diags) != 0 || got == nil || got["url"] != nil || got["token"] != nil || got["url_wo_version"] != int64(1) || got["token_wo_version"] != int64(3) ||
		fmt.Sprint(got["email_user_ids"]) != "[user-Ck3jJdaA6p5Gq3bH]" || got["team_id"] != nil || got["project_id"] != nil {
		t.Errorf("want the versions 1 and 3 without the URL and the token, got %v %+v", got, diags)
	}
}
