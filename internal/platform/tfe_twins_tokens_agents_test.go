package platform_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// tokenAgentTwin is one of hashicorp/tfe's tokens, agent pools, pool
// lists, variable set assignments and settings, as tfeTwin, whose
// fixture is of the incumbent's schema version schema, made on the server
// by setup, which may set the organization's plan.
type tokenAgentTwin struct {
	tfeTwin
	schema int64
	setup  func(t *testing.T, p *acctest.Platform) map[string]string
}

// The fixtures' IDs of the objects the twins name.
const (
	tfePoolID   = "apool-Ex7gEnhRuJXzmaGS"
	tfeWsID     = "ws-3x2WZbEtHjp5Q8xD"
	tfeWs2ID    = "ws-9ZkTu4JwAqFs6mCe"
	tfeProjID   = "prj-6p5RiCe5CRjBmsGt"
	tfeVarsetID = "varset-ZKXtWahrkxB6y2ZP"
	tfeTeamID   = "team-7RUnVGLDNi9kyP8Z"
)

func tokenAgentTwins() []tokenAgentTwin {
	orgToken := func(from, to, secret string, calls func(*platformclient.Client) *platformclient.OrganizationTokens, plan string) tokenAgentTwin {
		return tokenAgentTwin{
			tfeTwin: tfeTwin{
				from: from, to: to,
				moved: map[string]any{"id": tfeOrgName, "organization": tfeOrgName, "token": secret},
				body:  fmt.Sprintf("organization = %q", tfeOrgName),
			},
			setup: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				tfeOrg(t, c)
				if plan != "" {
					onPlan(t, p, tfeOrgName, plan)
				}
				if _, err := calls(c).Create(context.Background(), tfeOrgName, platformclient.OrganizationTokenCreateOptions{}); err != nil {
					t.Fatal(err)
				}
				return nil
			},
		}
	}
	return []tokenAgentTwin{
		{
			// The team's legacy token, whose ID is the team's: its secret
			// comes from the incumbent's state.
			tfeTwin: tfeTwin{
				from: "tfe_team_token", to: "stack_platform_team_token",
				moved: map[string]any{"id": tfeTeamID, "team_id": tfeTeamID,
					"token": "Xn4vTq8sKd2WpL.atlasv1.fR7hYc3mZbQ9uGe5NwJx1AoVtKs6PiDl8HyEuCg2MrBqTn4WzXa0FjSv"},
				body: fmt.Sprintf("team_id = %q", tfeTeamID),
			},
			setup: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				team := tfeTeam(t, c)
				if _, err := c.TeamTokens.CreateLegacy(context.Background(), team.ID, platformclient.TeamLegacyTokenCreateOptions{}); err != nil {
					t.Fatal(err)
				}
				return map[string]string{tfeTeamID: team.ID}
			},
		},
		orgToken("tfe_organization_token", "stack_platform_organization_token",
			"Vb6kRm2QeTy9Hs.atlasv1.pD3wLx8NcZf5Ju1GaKq7EoYr4MtSi0BvWnHd6XlCg9PzUe2RjAkFs",
			func(c *platformclient.Client) *platformclient.OrganizationTokens { return c.OrganizationTokens }, ""),
		orgToken("tfe_audit_trail_token", "stack_platform_audit_trail_token",
			"Lw3pHz7YcNd1Rk.atlasv1.tG5mQb9XsVe2Jf8KaUo4WyCi6PnDr0ZlEh3TxMg7BqSv1FjAk5Nu",
			func(c *platformclient.Client) *platformclient.OrganizationTokens { return c.AuditTrailTokens }, "Business"),
		{
			tfeTwin: tfeTwin{
				from: "tfe_agent_pool", to: "stack_platform_agent_pool",
				moved: map[string]any{"id": tfePoolID, "organization": tfeOrgName, "name": "agent-pool-test", "organization_scoped": true},
				body: fmt.Sprintf(`organization = %q
  name         = "agent-pool-test"`, tfeOrgName),
			},
			setup: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				return map[string]string{tfePoolID: tfePool(t, p.Client(t)).ID}
			},
		},
		{
			// Its secret comes from the incumbent's state; its created_at
			// from the refresh.
			tfeTwin: tfeTwin{
				from: "tfe_agent_token", to: "stack_platform_agent_token",
				moved: map[string]any{"id": "at-Kq2WzYd8RhTnVb5P", "agent_pool_id": tfePoolID, "description": "agent-token-test",
					"token": "Jd8sWn2KvPq5Xc.atlasv1.yR4hTb7MzLe1Gu9NaFk3CoVs6QiXp0DwEj2HmUr8BtZl5SgAy7Kx"},
				body: fmt.Sprintf(`agent_pool_id = %q
  description   = "agent-token-test"`, tfePoolID),
			},
			setup: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				pool := tfePool(t, c)
				tok, err := c.AgentTokens.Create(context.Background(), pool.ID, platformclient.AgentTokenCreateOptions{Description: check.Ptr("agent-token-test")})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{tfePoolID: pool.ID, "at-Kq2WzYd8RhTnVb5P": tok.ID}
			},
		},
		tfePoolListTwin("tfe_agent_pool_allowed_workspaces", "allowed_workspace_ids", []string{tfeWsID, tfeWs2ID},
			func(ws []*platformclient.Workspace, _ *platformclient.Project) platformclient.AgentPoolOptions {
				return platformclient.AgentPoolOptions{AllowedWorkspaces: ws}
			}),
		tfePoolListTwin("tfe_agent_pool_allowed_projects", "allowed_project_ids", []string{tfeProjID},
			func(_ []*platformclient.Workspace, prj *platformclient.Project) platformclient.AgentPoolOptions {
				return platformclient.AgentPoolOptions{AllowedProjects: []*platformclient.Project{prj}}
			}),
		tfePoolListTwin("tfe_agent_pool_excluded_workspaces", "excluded_workspace_ids", []string{tfeWsID, tfeWs2ID},
			func(ws []*platformclient.Workspace, _ *platformclient.Project) platformclient.AgentPoolOptions {
				return platformclient.AgentPoolOptions{ExcludedWorkspaces: ws}
			}),
		tfeAssignmentTwin("tfe_workspace_variable_set", "workspace_id", tfeWsID),
		tfeAssignmentTwin("tfe_project_variable_set", "project_id", tfeProjID),
		{
			// The incumbent's description, auto_apply, assessments_enabled
			// and tags are the workspace's here, which keeps them.
			tfeTwin: tfeTwin{
				from: "tfe_workspace_settings", to: "stack_platform_workspace_settings",
				moved: map[string]any{"id": tfeWsID, "workspace_id": tfeWsID, "execution_mode": "remote", "global_remote_state": false,
					"remote_state_consumer_ids": []any{tfeWs2ID}},
				body: fmt.Sprintf(`workspace_id              = %q
  global_remote_state       = false
  remote_state_consumer_ids = [%q]`, tfeWsID, tfeWs2ID),
			},
			schema: 1,
			setup: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				tfeOrg(t, c)
				ws, _, m := tfeMembers(t, c)
				if err := c.Workspaces.AddRemoteStateConsumers(context.Background(), ws[0].ID, []string{ws[1].ID}); err != nil {
					t.Fatal(err)
				}
				return m
			},
		},
		{
			tfeTwin: tfeTwin{
				from: "tfe_project_settings", to: "stack_platform_project_settings",
				moved: map[string]any{"id": tfeProjID, "project_id": tfeProjID, "default_execution_mode": "agent", "default_agent_pool_id": tfePoolID,
					"overwrites": map[string]any{"default_execution_mode": true, "default_agent_pool_id": true}},
				body: fmt.Sprintf(`project_id             = %q
  default_execution_mode = "agent"
  default_agent_pool_id  = %q`, tfeProjID, tfePoolID),
			},
			schema: 1,
			setup: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				pool := tfePool(t, c)
				prj, err := c.Projects.Create(context.Background(), tfeOrgName, platformclient.ProjectOptions{Name: check.Ptr("projecttest"),
					DefaultExecutionMode: check.Ptr("agent"), DefaultAgentPoolID: platformclient.Value(pool.ID)})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{tfePoolID: pool.ID, tfeProjID: prj.ID}
			},
		},
		{
			tfeTwin: tfeTwin{
				from: "tfe_organization_default_settings", to: "stack_platform_organization_default_settings",
				moved: map[string]any{"organization": tfeOrgName, "default_execution_mode": "agent", "default_agent_pool_id": tfePoolID},
				body: fmt.Sprintf(`organization           = %q
  default_execution_mode = "agent"
  default_agent_pool_id  = %q`, tfeOrgName, tfePoolID),
			},
			setup: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				pool := tfePool(t, c)
				if _, err := c.Organizations.Update(context.Background(), tfeOrgName, platformclient.OrganizationOptions{
					DefaultExecutionMode: check.Ptr("agent"), DefaultAgentPoolID: platformclient.Value(pool.ID)}); err != nil {
					t.Fatal(err)
				}
				return map[string]string{tfePoolID: pool.ID}
			},
		},
	}
}

// tfePool makes the pool of the incumbent's acceptance tests.
func tfePool(t *testing.T, c *platformclient.Client) *platformclient.AgentPool {
	t.Helper()
	tfeOrg(t, c)
	pool, err := c.AgentPools.Create(context.Background(), tfeOrgName, platformclient.AgentPoolOptions{Name: check.Ptr("agent-pool-test")})
	if err != nil {
		t.Fatal(err)
	}
	return pool
}

// tfeMembers makes the incumbent's tests' two workspaces and a project in
// their organization, and the IDs they replace.
func tfeMembers(t *testing.T, c *platformclient.Client) ([]*platformclient.Workspace, *platformclient.Project, map[string]string) {
	t.Helper()
	ctx := context.Background()
	var ws []*platformclient.Workspace
	for _, name := range []string{"foobar", "test-workspace"} {
		w, err := c.Workspaces.Create(ctx, tfeOrgName, platformclient.WorkspaceOptions{Name: check.Ptr(name)})
		if err != nil {
			t.Fatal(err)
		}
		ws = append(ws, w)
	}
	prj, err := c.Projects.Create(ctx, tfeOrgName, platformclient.ProjectOptions{Name: check.Ptr("projecttest")})
	if err != nil {
		t.Fatal(err)
	}
	return ws, prj, map[string]string{tfeWsID: ws[0].ID, tfeWs2ID: ws[1].ID, tfeProjID: prj.ID}
}

// tfePoolListTwin is the twin from of a pool's list attr, which holds
// ids, made on the server by the pool's options opts.
func tfePoolListTwin(from, attr string, ids []string, opts func([]*platformclient.Workspace, *platformclient.Project) platformclient.AgentPoolOptions) tokenAgentTwin {
	list := make([]any, len(ids))
	for i, id := range ids {
		list[i] = id
	}
	return tokenAgentTwin{
		tfeTwin: tfeTwin{
			from: from, to: strings.Replace(from, "tfe_", "stack_platform_", 1),
			moved: map[string]any{"id": tfePoolID, "agent_pool_id": tfePoolID, attr: list},
			body: fmt.Sprintf(`agent_pool_id = %q
  %s = ["%s"]`, tfePoolID, attr, strings.Join(ids, `", "`)),
		},
		setup: func(t *testing.T, p *acctest.Platform) map[string]string {
			t.Helper()
			c := p.Client(t)
			tfeOrg(t, c)
			ws, prj, m := tfeMembers(t, c)
			o := opts(ws, prj)
			o.Name, o.OrganizationScoped = check.Ptr("agent-pool-updated"), check.Ptr(false)
			pool, err := c.AgentPools.Create(context.Background(), tfeOrgName, o)
			if err != nil {
				t.Fatal(err)
			}
			m[tfePoolID] = pool.ID
			return m
		},
	}
}

// tfeAssignmentTwin is the twin from of a variable set's assignment to
// the member attr, whose ID the incumbent writes member first: it moves
// as the set's ID first.
func tfeAssignmentTwin(from, attr, member string) tokenAgentTwin {
	return tokenAgentTwin{
		tfeTwin: tfeTwin{
			from: from, to: "stack_platform_variable_set_assignment",
			moved: map[string]any{"id": tfeVarsetID + "_" + member, "variable_set_id": tfeVarsetID, attr: member},
			body: fmt.Sprintf(`variable_set_id = %q
  %s = %q`, tfeVarsetID, attr, member),
		},
		setup: func(t *testing.T, p *acctest.Platform) map[string]string {
			t.Helper()
			ctx, c := context.Background(), p.Client(t)
			tfeOrg(t, c)
			_, _, m := tfeMembers(t, c)
			set, err := c.VariableSets.Create(ctx, tfeOrgName, platformclient.VariableSetOptions{Name: check.Ptr("variable_set_test")})
			if err != nil {
				t.Fatal(err)
			}
			if attr == "workspace_id" {
				err = c.VariableSets.ApplyToWorkspaces(ctx, set.ID, []string{m[member]})
			} else {
				err = c.VariableSets.ApplyToProjects(ctx, set.ID, []string{m[member]})
			}
			if err != nil {
				t.Fatal(err)
			}
			m[tfeVarsetID] = set.ID
			return m
		},
	}
}

func TestTFETwinsTokensAgents_move(t *testing.T) {
	for _, tw := range tokenAgentTwins() {
		for _, host := range []string{"registry.terraform.io", "registry.opentofu.org"} {
			got, diags := acctest.Move(t, host+"/hashicorp/tfe", tw.from, tw.schema, tw.fixture(t, nil), tw.to)
			for k, v := range got {
				if v == nil {
					delete(got, k)
				}
			}
			if !reflect.DeepEqual(got, tw.moved) || len(diags) != 0 {
				t.Errorf("%s from %s: want %v\n got %v %+v", tw.from, host, tw.moved, got, diags)
			}
		}
		_, diags := acctest.Move(t, "registry.terraform.io/hashicorp/tfe", tw.from, tw.schema+1, tw.fixture(t, nil), tw.to)
		want := fmt.Sprintf("The state of %s is of schema version %d, which this provider does not know: it moves versions %d of hashicorp/tfe.", tw.from, tw.schema+1, tw.schema)
		if len(diags) != 1 || !strings.HasPrefix(diags[0].Detail, want) {
			t.Errorf("%s: want %q, got %+v", tw.from, want, diags)
		}
		if _, diags := acctest.Move(t, "registry.terraform.io/example/tfe", tw.from, tw.schema, tw.fixture(t, nil), tw.to); len(diags) != 1 || diags[0].Summary != "Unable to Move Resource State" {
			t.Errorf("%s of example/tfe: want no mover to take it, got %+v", tw.from, diags)
		}
	}
}

// A team token with a description has the token's ID, which moves as it
// is, with the description and the expiry the incumbent's state holds.
func TestTFETwinsTokensAgents_moveTeamTokenWithDescription(t *testing.T) {
	tw := tokenAgentTwins()[0]
	b := strings.NewReplacer(`"description": null`, `"description": "ci"`, `"expired_at": null`, `"expired_at": "2027-01-01T00:00:00Z"`,
		`"id": "team-7RUnVGLDNi9kyP8Z"`, `"id": "at-Vc3nQe8JsWd2Kx5T"`).Replace(string(tw.fixture(t, nil)))
	got, diags := acctest.Move(t, "registry.terraform.io/hashicorp/tfe", tw.from, 0, []byte(b), tw.to)
	if len(diags) != 0 || got["id"] != "at-Vc3nQe8JsWd2Kx5T" || got["description"] != "ci" || got["expired_at"] != "2027-01-01T00:00:00Z" || got["team_id"] != tfeTeamID {
		t.Errorf("want the token's ID, description and expiry, got %v %+v", got, diags)
	}
}

// An assignment whose state names no set is refused, with its ID.
func TestTFETwinsTokensAgents_moveAssignmentWithoutSet(t *testing.T) {
	tw := tokenAgentTwins()[8]
	b := strings.Replace(string(tw.fixture(t, nil)), `"variable_set_id": "varset-ZKXtWahrkxB6y2ZP"`, `"variable_set_id": ""`, 1)
	got, diags := acctest.Move(t, "registry.terraform.io/hashicorp/tfe", tw.from, 0, []byte(b), tw.to)
	want := `the state of tfe_workspace_variable_set names no variable_set_id or no workspace_id (its ID is "ws-3x2WZbEtHjp5Q8xD_varset-ZKXtWahrkxB6y2ZP"): refresh it with the incumbent provider first, then move it`
	if got != nil || len(diags) != 1 || diags[0].Detail != want {
		t.Errorf("want %q, got %v %+v", want, got, diags)
	}
}

// TestAccTFETwinsTokensAgents_moved moves each of the incumbent's tokens,
// agent pools, pool lists and assignments, as its acceptance tests leave
// them, and plans nothing else with the same values here.
func TestAccTFETwinsTokensAgents_moved(t *testing.T) {
	for _, tw := range tokenAgentTwins() {
		t.Run(tw.from, func(t *testing.T) {
			p := acctest.NewPlatformEmulator(t, emulator.Options{})
			tw.movesThenPlansEmpty(t, p, tw.schema, tw.setup(t, p))
		})
	}
}

// Workspace settings that let the project's workspaces read the state
// move with a warning naming project_remote_state, which this provider
// does not manage; the workspace's attributes the incumbent stores with
// them are left to the workspace, without a warning; a state of version
// 0 is refused.
func TestTFETwinsTokensAgents_moveWorkspaceSettingsOfTheProject(t *testing.T) {
	tw := tokenAgentTwins()[10]
	b := strings.NewReplacer(`"project_remote_state": false`, `"project_remote_state": true`, `"auto_apply": false`, `"auto_apply": true`,
		`"description": ""`, `"description": "My favorite workspace!"`).Replace(string(tw.fixture(t, nil)))
	got, diags := acctest.Move(t, "registry.opentofu.org/hashicorp/tfe", tw.from, 1, []byte(b), tw.to)
	if got == nil || got["workspace_id"] != tfeWsID || got["execution_mode"] != "remote" {
		t.Errorf("want the settings moved, got %v", got)
	}
	if len(diags) != 1 || !strings.Contains(diags[0].Detail, "The state of tfe_workspace_settings sets project_remote_state, which this provider does not manage") {
		t.Errorf("want one warning naming project_remote_state alone, got %+v", diags)
	}
	if got, diags := acctest.Move(t, "registry.terraform.io/hashicorp/tfe", tw.from, 0, tw.fixture(t, nil), tw.to); got != nil || len(diags) != 1 ||
		!strings.HasPrefix(diags[0].Detail, "The state of tfe_workspace_settings is of schema version 0, which this provider does not know: it moves versions 1 of hashicorp/tfe.") {
		t.Errorf("version 0: want it refused, got %v %+v", got, diags)
	}
}
