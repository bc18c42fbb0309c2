package platform

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

// Every call that names an object refuses an ID (or a name) it cannot
// send before sending anything, and says which: an empty one would
// address the collection above.
func TestClient_everyCallRefusesAnEmptyIDUnsent(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, ""))
	ctx := context.Background()
	type call = func() error
	discard := func(_ any, err error) error { return err }
	for want, calls := range map[string][]call{
		"organization name is empty": {
			func() error { return discard(c.Organizations.Read(ctx, "", OrganizationReadOptions{})) },
			func() error { return discard(c.Organizations.Update(ctx, "", OrganizationOptions{})) },
			func() error { return c.Organizations.Delete(ctx, "") },
			func() error { return discard(c.OrganizationTokens.Create(ctx, "", OrganizationTokenCreateOptions{})) },
			func() error { return discard(c.OrganizationTokens.Read(ctx, "")) },
			func() error { return c.OrganizationTokens.Delete(ctx, "") },
			func() error { return discard(c.AuditTrailTokens.Read(ctx, "")) },
			func() error { return discard(c.Projects.List(ctx, "", ProjectListOptions{})) },
			func() error { return discard(c.Projects.Create(ctx, "", ProjectOptions{})) },
			func() error { return discard(c.Workspaces.List(ctx, "", WorkspaceListOptions{})) },
			func() error { return discard(c.Workspaces.Create(ctx, "", WorkspaceOptions{})) },
			func() error { return discard(c.Workspaces.Read(ctx, "", "", WorkspaceReadOptions{})) },
			func() error { return discard(c.Teams.List(ctx, "", TeamListOptions{})) },
			func() error { return discard(c.Teams.Create(ctx, "", TeamOptions{})) },
			func() error { return discard(c.Teams.ReadByName(ctx, "", "x")) },
			func() error { return discard(c.TeamTokens.List(ctx, "", TeamTokenListOptions{})) },
			func() error { return discard(c.VariableSets.List(ctx, "", VariableSetListOptions{})) },
			func() error { return discard(c.VariableSets.Create(ctx, "", VariableSetOptions{})) },
			func() error { return discard(c.AgentPools.List(ctx, "", AgentPoolListOptions{})) },
			func() error { return discard(c.AgentPools.ReadByName(ctx, "", "x")) },
			func() error { return discard(c.AgentPools.Create(ctx, "", AgentPoolOptions{})) },
			func() error { return discard(c.SSHKeys.List(ctx, "")) },
			func() error { return discard(c.SSHKeys.Create(ctx, "", SSHKeyOptions{})) },
			func() error {
				return discard(c.OrganizationMemberships.List(ctx, "", OrganizationMembershipListOptions{}))
			},
			func() error {
				return discard(c.OrganizationMemberships.Create(ctx, "", OrganizationMembershipCreateOptions{}))
			},
			func() error { return discard(c.OrganizationMemberships.ReadByEmail(ctx, "", "x")) },
			func() error { return discard(c.OrganizationMemberships.ReadByUsername(ctx, "", "x")) },
			func() error { return discard(c.OAuthClients.Create(ctx, "", OAuthClientOptions{})) },
			func() error { return discard(c.OAuthClients.List(ctx, "")) },
		},
		"project ID is empty": {
			func() error { return discard(c.Projects.Read(ctx, "", ProjectReadOptions{})) },
			func() error { return discard(c.Projects.Update(ctx, "", ProjectOptions{})) },
			func() error { return c.Projects.Delete(ctx, "") },
			func() error { return discard(c.Projects.ListTagBindings(ctx, "")) },
			func() error { return discard(c.Projects.ListEffectiveTagBindings(ctx, "")) },
			func() error { return c.Projects.AddTagBindings(ctx, "", nil) },
			func() error { return discard(c.TeamProjectAccesses.List(ctx, "")) },
			func() error { return discard(c.VariableSets.ListForProject(ctx, "", VariableSetListOptions{})) },
		},
		"workspace name is empty": {
			func() error { return discard(c.Workspaces.Read(ctx, "acme", "", WorkspaceReadOptions{})) },
		},
		"workspace ID is empty": {
			func() error { return discard(c.Workspaces.ReadByID(ctx, "", WorkspaceReadOptions{})) },
			func() error { return discard(c.Workspaces.Update(ctx, "", WorkspaceOptions{})) },
			func() error { return c.Workspaces.Delete(ctx, "") },
			func() error { return c.Workspaces.SafeDelete(ctx, "") },
			func() error { return discard(c.Workspaces.ListRemoteStateConsumers(ctx, "")) },
			func() error { return c.Workspaces.AddRemoteStateConsumers(ctx, "", nil) },
			func() error { return c.Workspaces.UpdateRemoteStateConsumers(ctx, "", nil) },
			func() error { return c.Workspaces.RemoveRemoteStateConsumers(ctx, "", nil) },
			func() error { return discard(c.Workspaces.ListTags(ctx, "")) },
			func() error { return c.Workspaces.AddTags(ctx, "", nil) },
			func() error { return c.Workspaces.RemoveTags(ctx, "", nil) },
			func() error { return discard(c.Workspaces.ListTagBindings(ctx, "")) },
			func() error { return discard(c.Workspaces.ListEffectiveTagBindings(ctx, "")) },
			func() error { return c.Workspaces.AddTagBindings(ctx, "", nil) },
			func() error { return discard(c.Workspaces.AssignSSHKey(ctx, "", "sshkey-1")) },
			func() error { return discard(c.Workspaces.UnassignSSHKey(ctx, "")) },
			func() error { return discard(c.VariableSets.ListForWorkspace(ctx, "", VariableSetListOptions{})) },
			func() error { return discard(c.TeamWorkspaces.List(ctx, "", TeamWorkspaceListOptions{})) },
			func() error { return discard(c.RunTriggers.Create(ctx, "", RunTriggerCreateOptions{})) },
			func() error { return discard(c.RunTriggers.List(ctx, "", RunTriggerInbound)) },
		},
		"team ID is empty": {
			func() error { return discard(c.Teams.Read(ctx, "")) },
			func() error { return discard(c.Teams.Update(ctx, "", TeamOptions{})) },
			func() error { return c.Teams.Delete(ctx, "") },
			func() error { return discard(c.TeamTokens.Create(ctx, "", TeamTokenCreateOptions{})) },
			func() error { return discard(c.TeamTokens.CreateLegacy(ctx, "", TeamLegacyTokenCreateOptions{})) },
			func() error { return discard(c.TeamTokens.ReadLegacy(ctx, "")) },
			func() error { return c.TeamTokens.DeleteLegacy(ctx, "") },
			func() error { return c.TeamMemberships.AddUsers(ctx, "", nil) },
			func() error { return c.TeamMemberships.RemoveUsers(ctx, "", nil) },
			func() error { return c.TeamMemberships.AddMemberships(ctx, "", nil) },
			func() error { return c.TeamMemberships.RemoveMemberships(ctx, "", nil) },
			func() error { return discard(c.TeamMemberships.ListUsers(ctx, "")) },
			func() error { return discard(c.TeamMemberships.MembershipIDs(ctx, "")) },
			func() error {
				return discard(c.TeamMemberships.ListMemberships(ctx, "", TeamMembershipListOptions{}))
			},
		},
		"team project access ID is empty": {
			func() error { return discard(c.TeamProjectAccesses.Read(ctx, "")) },
			func() error { return discard(c.TeamProjectAccesses.Update(ctx, "", TeamProjectAccessOptions{})) },
			func() error { return c.TeamProjectAccesses.Delete(ctx, "") },
		},
		"team workspace access ID is empty": {
			func() error { return discard(c.TeamWorkspaces.Read(ctx, "")) },
			func() error { return discard(c.TeamWorkspaces.Update(ctx, "", TeamWorkspaceOptions{})) },
			func() error { return c.TeamWorkspaces.Delete(ctx, "") },
		},
		"token ID is empty": {
			func() error { return discard(c.TeamTokens.Read(ctx, "")) },
			func() error { return c.TeamTokens.Delete(ctx, "") },
			func() error { return discard(c.AgentTokens.Read(ctx, "")) },
			func() error { return c.AgentTokens.Delete(ctx, "") },
		},
		"variable set ID is empty": {
			func() error { return discard(c.VariableSets.Read(ctx, "", VariableSetReadOptions{})) },
			func() error { return discard(c.VariableSets.Update(ctx, "", VariableSetOptions{})) },
			func() error { return c.VariableSets.Delete(ctx, "") },
			func() error { return c.VariableSets.ApplyToWorkspaces(ctx, "", nil) },
			func() error { return c.VariableSets.RemoveFromWorkspaces(ctx, "", nil) },
			func() error { return c.VariableSets.ApplyToProjects(ctx, "", nil) },
			func() error { return c.VariableSets.RemoveFromProjects(ctx, "", nil) },
		},
		"variable ID is empty": {
			func() error { return discard(c.Variables.Read(ctx, InWorkspace("ws-1"), "")) },
			func() error {
				return discard(c.Variables.Update(ctx, InVariableSet("varset-1"), "", VariableOptions{}))
			},
			func() error { return c.Variables.Delete(ctx, InWorkspace("ws-1"), "") },
		},
		"agent pool ID is empty": {
			func() error { return discard(c.AgentPools.Read(ctx, "")) },
			func() error { return discard(c.AgentPools.Update(ctx, "", AgentPoolOptions{})) },
			func() error { return c.AgentPools.Delete(ctx, "") },
			func() error { return discard(c.AgentTokens.Create(ctx, "", AgentTokenCreateOptions{})) },
			func() error { return discard(c.AgentTokens.List(ctx, "")) },
		},
		"SSH key ID is empty": {
			func() error { return discard(c.SSHKeys.Read(ctx, "")) },
			func() error { return discard(c.SSHKeys.Update(ctx, "", SSHKeyOptions{})) },
			func() error { return c.SSHKeys.Delete(ctx, "") },
		},
		"organization membership ID is empty": {
			func() error { return discard(c.OrganizationMemberships.Read(ctx, "")) },
			func() error { return c.OrganizationMemberships.Delete(ctx, "") },
		},
		"user ID is empty": {
			func() error { return discard(c.Users.Read(ctx, "")) },
		},
		"code-host app installation ID is empty": {
			func() error { return discard(c.CodehostAppInstallations.Read(ctx, "")) },
		},
		"run trigger ID is empty": {
			func() error { return discard(c.RunTriggers.Read(ctx, "")) },
			func() error { return c.RunTriggers.Delete(ctx, "") },
		},
		"notification configuration ID is empty": {
			func() error { return discard(c.NotificationConfigurations.Read(ctx, "")) },
			func() error {
				return discard(c.NotificationConfigurations.Update(ctx, "", NotificationConfigurationOptions{}))
			},
			func() error { return discard(c.NotificationConfigurations.Verify(ctx, "")) },
			func() error { return c.NotificationConfigurations.Delete(ctx, "") },
		},
		"workspaces ID is empty": {
			func() error {
				return discard(c.NotificationConfigurations.Create(ctx, NotificationSubscribableWorkspace, "", NotificationConfigurationOptions{}))
			},
			func() error {
				return discard(c.NotificationConfigurations.List(ctx, NotificationSubscribableWorkspace, ""))
			},
		},
		`notification configurations of "runs": must be workspaces, projects or teams`: {
			func() error { return discard(c.NotificationConfigurations.List(ctx, "runs", "run-1")) },
		},
		"OAuth client ID is empty": {
			func() error { return discard(c.OAuthClients.Read(ctx, "")) },
			func() error { return discard(c.OAuthClients.Update(ctx, "", OAuthClientOptions{})) },
			func() error { return c.OAuthClients.Delete(ctx, "") },
			func() error { return c.OAuthClients.AddProjects(ctx, "", nil) },
			func() error { return c.OAuthClients.RemoveProjects(ctx, "", nil) },
			func() error { return discard(c.OAuthTokens.ListByClient(ctx, "")) },
		},
		"OAuth token ID is empty": {
			func() error { return discard(c.OAuthTokens.Read(ctx, "")) },
			func() error { return discard(c.OAuthTokens.Update(ctx, "", OAuthTokenUpdateOptions{})) },
			func() error { return c.OAuthTokens.Delete(ctx, "") },
		},
	} {
		for i, call := range calls {
			if err := call(); err == nil || err.Error() != want {
				t.Errorf("%q, call %d: error %v", want, i, err)
			}
		}
	}
	if n := len(f.Requests()); n != 0 {
		t.Errorf("%d requests sent, want none: %v", n, f.Lines())
	}
}

// A write that the platform takes twice as once (adding to a relationship,
// replacing a relationship or a binding) is sent again after a lost answer
// (502); a create, an update or an action is not, as it may have been done.
func TestClient_onlyRepeatableWritesAreSentAgainAfterALostAnswer(t *testing.T) {
	ctx := context.Background()
	discard := func(_ any, err error) error { return err }
	for name, tc := range map[string]struct {
		call       func(c *Client) error
		repeatable bool
	}{
		"Organizations.Create": {func(c *Client) error { return discard(c.Organizations.Create(ctx, OrganizationOptions{})) }, false},
		"Organizations.Update": {func(c *Client) error { return discard(c.Organizations.Update(ctx, "acme", OrganizationOptions{})) }, false},
		"OrganizationTokens.Create": {func(c *Client) error {
			return discard(c.OrganizationTokens.Create(ctx, "acme", OrganizationTokenCreateOptions{}))
		}, false},
		"Projects.Create": {func(c *Client) error { return discard(c.Projects.Create(ctx, "acme", ProjectOptions{})) }, false},
		"Projects.Update": {func(c *Client) error { return discard(c.Projects.Update(ctx, "prj-1", ProjectOptions{})) }, false},
		"Projects.AddTagBindings": {func(c *Client) error {
			return c.Projects.AddTagBindings(ctx, "prj-1", []*TagBinding{{Key: "k", Value: "v"}})
		}, true},
		"Workspaces.Create":     {func(c *Client) error { return discard(c.Workspaces.Create(ctx, "acme", WorkspaceOptions{})) }, false},
		"Workspaces.Update":     {func(c *Client) error { return discard(c.Workspaces.Update(ctx, "ws-1", WorkspaceOptions{})) }, false},
		"Workspaces.SafeDelete": {func(c *Client) error { return c.Workspaces.SafeDelete(ctx, "ws-1") }, false},
		"Workspaces.AddRemoteStateConsumers": {func(c *Client) error {
			return c.Workspaces.AddRemoteStateConsumers(ctx, "ws-1", []string{"ws-2"})
		}, true},
		"Workspaces.UpdateRemoteStateConsumers": {func(c *Client) error {
			return c.Workspaces.UpdateRemoteStateConsumers(ctx, "ws-1", []string{"ws-2"})
		}, true},
		"Workspaces.AddTags": {func(c *Client) error { return c.Workspaces.AddTags(ctx, "ws-1", []string{"prod"}) }, true},
		"Workspaces.AddTagBindings": {func(c *Client) error {
			return c.Workspaces.AddTagBindings(ctx, "ws-1", []*TagBinding{{Key: "k", Value: "v"}})
		}, true},
		"Workspaces.AssignSSHKey":   {func(c *Client) error { return discard(c.Workspaces.AssignSSHKey(ctx, "ws-1", "sshkey-1")) }, true},
		"Workspaces.UnassignSSHKey": {func(c *Client) error { return discard(c.Workspaces.UnassignSSHKey(ctx, "ws-1")) }, true},
		"Teams.Create":              {func(c *Client) error { return discard(c.Teams.Create(ctx, "acme", TeamOptions{})) }, false},
		"Teams.Update":              {func(c *Client) error { return discard(c.Teams.Update(ctx, "team-1", TeamOptions{})) }, false},
		"TeamProjectAccesses.Create": {func(c *Client) error {
			return discard(c.TeamProjectAccesses.Create(ctx, TeamProjectAccessOptions{}))
		}, false},
		"TeamProjectAccesses.Update": {func(c *Client) error {
			return discard(c.TeamProjectAccesses.Update(ctx, "tprj-1", TeamProjectAccessOptions{}))
		}, false},
		"TeamTokens.Create": {func(c *Client) error { return discard(c.TeamTokens.Create(ctx, "team-1", TeamTokenCreateOptions{})) }, false},
		"TeamTokens.CreateLegacy": {func(c *Client) error {
			return discard(c.TeamTokens.CreateLegacy(ctx, "team-1", TeamLegacyTokenCreateOptions{}))
		}, false},
		"VariableSets.Create": {func(c *Client) error { return discard(c.VariableSets.Create(ctx, "acme", VariableSetOptions{})) }, false},
		"VariableSets.Update": {func(c *Client) error { return discard(c.VariableSets.Update(ctx, "varset-1", VariableSetOptions{})) }, false},
		"VariableSets.ApplyToWorkspaces": {func(c *Client) error {
			return c.VariableSets.ApplyToWorkspaces(ctx, "varset-1", []string{"ws-1"})
		}, true},
		"VariableSets.ApplyToProjects": {func(c *Client) error {
			return c.VariableSets.ApplyToProjects(ctx, "varset-1", []string{"prj-1"})
		}, true},
		"Variables.Create": {func(c *Client) error { return discard(c.Variables.Create(ctx, InWorkspace("ws-1"), VariableOptions{})) }, false},
		"Variables.Update": {func(c *Client) error {
			return discard(c.Variables.Update(ctx, InWorkspace("ws-1"), "var-1", VariableOptions{}))
		}, false},
		"AgentPools.Create": {func(c *Client) error { return discard(c.AgentPools.Create(ctx, "acme", AgentPoolOptions{})) }, false},
		"AgentPools.Update": {func(c *Client) error { return discard(c.AgentPools.Update(ctx, "apool-1", AgentPoolOptions{})) }, false},
		"SSHKeys.Create":    {func(c *Client) error { return discard(c.SSHKeys.Create(ctx, "acme", SSHKeyOptions{})) }, false},
		"SSHKeys.Update":    {func(c *Client) error { return discard(c.SSHKeys.Update(ctx, "sshkey-1", SSHKeyOptions{})) }, false},
		"TeamWorkspaces.Create": {func(c *Client) error {
			return discard(c.TeamWorkspaces.Create(ctx, TeamWorkspaceOptions{}))
		}, false},
		"TeamWorkspaces.Update": {func(c *Client) error {
			return discard(c.TeamWorkspaces.Update(ctx, "tws-1", TeamWorkspaceOptions{}))
		}, false},
		"OrganizationMemberships.Create": {func(c *Client) error {
			return discard(c.OrganizationMemberships.Create(ctx, "acme", OrganizationMembershipCreateOptions{}))
		}, false},
		"TeamMemberships.AddUsers": {func(c *Client) error { return c.TeamMemberships.AddUsers(ctx, "team-1", []string{"ana"}) }, true},
		"TeamMemberships.AddMemberships": {func(c *Client) error {
			return c.TeamMemberships.AddMemberships(ctx, "team-1", []string{"ou-1"})
		}, true},
		"RunTriggers.Create": {func(c *Client) error {
			return discard(c.RunTriggers.Create(ctx, "ws-1", RunTriggerCreateOptions{Sourceable: &Workspace{ID: "ws-2"}}))
		}, false},
		"AgentTokens.Create": {func(c *Client) error {
			return discard(c.AgentTokens.Create(ctx, "apool-1", AgentTokenCreateOptions{}))
		}, false},
		"NotificationConfigurations.Create": {func(c *Client) error {
			return discard(c.NotificationConfigurations.Create(ctx, NotificationSubscribableWorkspace, "ws-1", NotificationConfigurationOptions{}))
		}, false},
		"NotificationConfigurations.Update": {func(c *Client) error {
			return discard(c.NotificationConfigurations.Update(ctx, "nc-1", NotificationConfigurationOptions{}))
		}, false},
		"NotificationConfigurations.Verify": {func(c *Client) error {
			return discard(c.NotificationConfigurations.Verify(ctx, "nc-1"))
		}, false},
		"OAuthClients.Create": {func(c *Client) error { return discard(c.OAuthClients.Create(ctx, "acme", OAuthClientOptions{})) }, false},
		"OAuthClients.Update": {func(c *Client) error { return discard(c.OAuthClients.Update(ctx, "oc-1", OAuthClientOptions{})) }, false},
		"OAuthClients.AddProjects": {func(c *Client) error {
			return c.OAuthClients.AddProjects(ctx, "oc-1", []string{"prj-1"})
		}, true},
		"OAuthTokens.Update": {func(c *Client) error {
			return discard(c.OAuthTokens.Update(ctx, "ot-1", OAuthTokenUpdateOptions{}))
		}, false},
	} {
		c, f := fakePlatform(t, answerLostOnce())
		_ = tc.call(c)
		want := 1
		if tc.repeatable {
			want = 2
		}
		if got := f.Lines(); len(got) != want {
			t.Errorf("%s: sent %v, want %d requests", name, got, want)
		}
	}
}

// A lookup by name or email that the list does not answer is the list's
// 404, worded as the platform's, so that callers tell it by
// client.IsNotFound.
func TestClient_lookupsThatFindNothingAreThe404OfTheirList(t *testing.T) {
	c, _ := fakePlatform(t, reply(http.StatusOK, `{"data":[]}`))
	ctx := context.Background()
	discard := func(_ any, err error) error { return err }
	for want, call := range map[string]func() error{
		`GET /api/v2/organizations/a%20b/agent-pools: 404 Not Found: no agent pool named "x"`: func() error {
			return discard(c.AgentPools.ReadByName(ctx, "a b", "x"))
		},
		`GET /api/v2/organizations/a%20b/teams: 404 Not Found: no team named "x"`: func() error {
			return discard(c.Teams.ReadByName(ctx, "a b", "x"))
		},
		`GET /api/v2/organizations/a%20b/organization-memberships: 404 Not Found: no membership of "x@example.com"`: func() error {
			return discard(c.OrganizationMemberships.ReadByEmail(ctx, "a b", "x@example.com"))
		},
		`GET /api/v2/organizations/a%20b/organization-memberships: 404 Not Found: no membership of a user named "x"`: func() error {
			return discard(c.OrganizationMemberships.ReadByUsername(ctx, "a b", "x"))
		},
	} {
		err := call()
		if !client.IsNotFound(err) || !strings.HasPrefix(clienttest.ErrText(err), want+" (the platform answers 404 both for an object that does not exist") {
			t.Errorf("error %v, want %s", err, want)
		}
	}
}
