package platform_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

const teamWorkspacesPath = "/api/v2/team-workspaces"

func teamWorkspacePath(id string) string { return teamWorkspacesPath + "/" + id }

// teamWorkspaceBody is a create document of team's access to ws.
func teamWorkspaceBody(team, ws string, attrs map[string]any) map[string]any {
	return body("team-workspaces", attrs, map[string]any{"team": rel("teams", team), "workspace": rel("workspaces", ws)})
}

// createTeamWorkspace gives team access to ws and returns the access's ID.
func (a *api) createTeamWorkspace(team, ws string, attrs map[string]any) string {
	a.t.Helper()
	d := a.do(http.MethodPost, teamWorkspacesPath, teamWorkspaceBody(team, ws, attrs)).data(a.t, http.StatusOK)
	return wantID(a.t, d["id"], "tws")
}

func wsPerms(runs, variables, states, mocks string, locking, runTasks, overrides bool) map[string]any {
	return map[string]any{
		"runs": runs, "variables": variables, "state-versions": states, "sentinel-mocks": mocks,
		"workspace-locking": locking, "run-tasks": runTasks, "policy-overrides": overrides,
	}
}

// The table of the permissions each level implies, and custom's defaults.
var impliedWorkspacePermissions = map[string]map[string]any{
	"read":   wsPerms("read", "read", "read", "none", false, false, false),
	"plan":   wsPerms("plan", "read", "read", "none", false, false, false),
	"write":  wsPerms("apply", "write", "write", "read", true, false, false),
	"admin":  wsPerms("apply", "write", "write", "read", true, true, true),
	"custom": wsPerms("read", "none", "none", "none", false, false, false),
}

func TestTeamWorkspaceAccess_levelsImplyTheirPermissions(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	for _, level := range []string{"read", "plan", "write", "admin", "custom"} {
		team := a.createTeam("acme", level)
		// The API's documents give 200 for this create.
		d := a.do(http.MethodPost, teamWorkspacesPath, teamWorkspaceBody(team, ws, map[string]any{"access": level})).data(t, http.StatusOK)
		id := wantID(t, d["id"], "tws")
		if d["type"] != "team-workspaces" || attrs(t, d)["access"] != level {
			t.Errorf("%s: %v", level, d)
		}
		wantAttrs(t, d, impliedWorkspacePermissions[level])
		if relID(t, d, "team", "teams") != team || relID(t, d, "workspace", "workspaces") != ws {
			t.Errorf("%s: relationships %v", level, d["relationships"])
		}
		a.wantStored(d, teamWorkspacePath(id))
	}
}

// Custom access takes the permissions given over custom's defaults; an
// update to custom starts from what the level implied, and a fixed level
// brings its own back.
func TestTeamWorkspaceAccess_customPermissions(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	id := a.createTeamWorkspace(a.createTeam("acme", "devs"), ws, map[string]any{
		"access": "custom", "runs": "plan", "workspace-locking": true, "policy-overrides": true,
	})
	wantAttrs(t, a.get(teamWorkspacePath(id)).data(t, http.StatusOK), wsPerms("plan", "none", "none", "none", true, false, true))

	d := a.do(http.MethodPatch, teamWorkspacePath(id), body("team-workspaces", map[string]any{"state-versions": "read-outputs"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"access": "custom"})
	wantAttrs(t, d, wsPerms("plan", "none", "read-outputs", "none", true, false, true))

	a.do(http.MethodPatch, teamWorkspacePath(id), body("team-workspaces", map[string]any{"access": "admin"}, nil)).data(t, http.StatusOK)
	d = a.do(http.MethodPatch, teamWorkspacePath(id), body("team-workspaces", map[string]any{"access": "custom", "run-tasks": false}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, wsPerms("apply", "write", "write", "read", true, false, true))
	d = a.do(http.MethodPatch, teamWorkspacePath(id), body("team-workspaces", map[string]any{"access": "read"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, impliedWorkspacePermissions["read"])
	wantAttrs(t, a.get(teamWorkspacePath(id)).data(t, http.StatusOK), impliedWorkspacePermissions["read"])
}

func TestTeamWorkspaceAccess_fixedLevelsRefuseOtherPermissions(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	team := a.createTeam("acme", "devs")
	r := a.do(http.MethodPost, teamWorkspacesPath, teamWorkspaceBody(team, ws, map[string]any{"access": "read", "runs": "apply"}))
	wantInvalid(t, r, "/data/attributes/runs", "Runs is read-only when access level is 'read'; use the 'custom' access level to set this attribute.")
	// Clients join the title and the detail into their error.
	emutest.WantAPIError(t, r, http.StatusUnprocessableEntity, "invalid attribute", "Runs is read-only when access level is 'read'")
	wantInvalid(t, a.do(http.MethodPost, teamWorkspacesPath, teamWorkspaceBody(team, ws, map[string]any{"access": "write", "workspace-locking": false})),
		"/data/attributes/workspace-locking", "Workspace locking is read-only when access level is 'write'")
	wantInvalid(t, a.do(http.MethodPost, teamWorkspacesPath, teamWorkspaceBody(team, ws, map[string]any{"access": "custom", "variables": "all"})),
		"/data/attributes/variables", `invalid variables "all": must be none, read, write`)
	wantInvalid(t, a.do(http.MethodPost, teamWorkspacesPath, teamWorkspaceBody(team, ws, map[string]any{"access": "owner"})),
		"/data/attributes/access", `invalid access "owner"`)
	if got := a.get(teamWorkspacesPath + "?filter[workspace][id]=" + ws).list(t); len(got) != 0 {
		t.Fatalf("refused creates stored %v", got)
	}

	// The permissions a level implies may be repeated.
	id := a.createTeamWorkspace(team, ws, map[string]any{"access": "read", "runs": "read", "sentinel-mocks": "none"})
	wantInvalid(t, a.do(http.MethodPatch, teamWorkspacePath(id), body("team-workspaces", map[string]any{"variables": "write"}, nil)),
		"/data/attributes/variables", "Variables is read-only when access level is 'read'")
	wantAttrs(t, a.get(teamWorkspacePath(id)).data(t, http.StatusOK), impliedWorkspacePermissions["read"])
}

func TestTeamWorkspaceAccess_createRules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	ws := a.workspaceID("acme", "web")
	team := a.createTeam("acme", "devs")
	create := func(team, ws string, attrs map[string]any) response {
		return a.do(http.MethodPost, teamWorkspacesPath, teamWorkspaceBody(team, ws, attrs))
	}
	wantInvalid(t, create(team, ws, nil), "/data/attributes/access", "access is required")
	wantInvalid(t, create("", ws, map[string]any{"access": "read"}), "/data/relationships/team/data", "relationship team is required")
	wantInvalid(t, create(team, "", map[string]any{"access": "read"}), "/data/relationships/workspace/data", "relationship workspace is required")
	wantInvalid(t, create(a.createTeam("other", "strangers"), ws, map[string]any{"access": "read"}),
		"/data/relationships/team/data", "is not a team of the workspace's organization")
	wantNotFound(t, create(team, "ws-AAAAAAAAAAAAAAAA", map[string]any{"access": "read"}))
	wantNotFound(t, create("team-AAAAAAAAAAAAAAAA", ws, map[string]any{"access": "read"}))

	first := a.createTeamWorkspace(team, ws, map[string]any{"access": "admin"})
	wantInvalid(t, create(team, ws, map[string]any{"access": "read"}), "/data/relationships/team/data", "Team has already been taken")
	if got := ids(a.get(teamWorkspacesPath + "?filter[workspace][id]=" + ws).list(t)); len(got) != 1 || got[0] != first {
		t.Errorf("accesses %v, want only %s", got, first)
	}

	// The team and the workspace are the create's: an update's are ignored.
	other := a.workspaceID("acme", "api")
	d := a.do(http.MethodPatch, teamWorkspacePath(first), body("team-workspaces", map[string]any{"access": "write"},
		map[string]any{"workspace": rel("workspaces", other)})).data(t, http.StatusOK)
	if relID(t, d, "workspace", "workspaces") != ws || attrs(t, d)["access"] != "write" {
		t.Errorf("update %v", d)
	}

	wantNotFound(t, a.get(teamWorkspacePath("nonexisting")))
	wantNotFound(t, a.do(http.MethodPatch, teamWorkspacePath("tws-AAAAAAAAAAAAAAAA"), body("team-workspaces", map[string]any{"access": "read"}, nil)))
	a.wantDeletes(teamWorkspacePath(first))
}

func TestTeamWorkspaceAccess_listByWorkspace(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	other := a.workspaceID("acme", "api")
	zeta, alpha := a.createTeam("acme", "zeta"), a.createTeam("acme", "Alpha")
	z := a.createTeamWorkspace(zeta, ws, map[string]any{"access": "read"})
	al := a.createTeamWorkspace(alpha, ws, map[string]any{"access": "write"})
	a.createTeamWorkspace(alpha, other, map[string]any{"access": "admin"})

	emutest.WantAPIError(t, a.get(teamWorkspacesPath), http.StatusBadRequest, "bad request", "filter[workspace][id] is required")
	wantNotFound(t, a.get(teamWorkspacesPath+"?filter[workspace][id]=ws-AAAAAAAAAAAAAAAA"))

	all := a.get(teamWorkspacesPath + "?filter[workspace][id]=" + ws)
	if got := strings.Join(ids(all.list(t)), ","); got != al+","+z {
		t.Errorf("list %s, want by team name %s,%s", got, al, z)
	}
	if _, paged := emutest.JSON(t, all)["meta"]; paged {
		t.Errorf("a list without page[] is paged: %s", all.Body)
	}
	paged := a.get(teamWorkspacesPath + "?filter[workspace][id]=" + ws + "&page[size]=1&page[number]=2")
	if got := ids(paged.list(t)); len(got) != 1 || got[0] != z {
		t.Errorf("page 2 of 1: %v", got)
	}
	if p := paged.pagination(t); p["total-count"] != float64(2) || p["current-page"] != float64(2) {
		t.Errorf("pagination %v", p)
	}
	if got := ids(a.get(teamWorkspacesPath + "?filter[workspace][id]=" + ws + "&filter[team][id]=" + zeta).list(t)); len(got) != 1 || got[0] != z {
		t.Errorf("filter[team][id]: %v", got)
	}
}

// Those who manage teams manage their access to workspaces; another team
// sees the accesses of the teams it sees, and changes none.
func TestTeamWorkspaceAccess_whoSeesAndManages(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	devs := a.createTeam("acme", "devs")
	id := a.createTeamWorkspace(devs, ws, map[string]any{"access": "read"})
	secret := a.createTeamWorkspace(a.createTeam("acme", "hidden"), ws, map[string]any{"access": "read"})

	devsToken, _ := a.server.MintTeamToken("acme", devs)
	as := a.as(devsToken)
	as.get(teamWorkspacePath(id)).data(t, http.StatusOK)
	wantNotFound(t, as.get(teamWorkspacePath(secret)))
	if got := ids(as.get(teamWorkspacesPath + "?filter[workspace][id]=" + ws).list(t)); len(got) != 1 || got[0] != id {
		t.Errorf("a team lists %v", got)
	}
	wantNotFound(t, as.do(http.MethodPatch, teamWorkspacePath(id), body("team-workspaces", map[string]any{"access": "admin"}, nil)))
	wantNotFound(t, as.do(http.MethodDelete, teamWorkspacePath(id), nil))
	wantNotFound(t, as.do(http.MethodPost, teamWorkspacesPath, teamWorkspaceBody(a.createTeam("acme", "more"), ws, map[string]any{"access": "read"})))
	wantAttrs(t, a.get(teamWorkspacePath(id)).data(t, http.StatusOK), map[string]any{"access": "read"})

	bob, _ := a.server.MintUserToken("bob")
	wantNotFound(t, a.as(bob).get(teamWorkspacePath(id)))
	wantNotFound(t, a.as(bob).get(teamWorkspacesPath+"?filter[workspace][id]="+ws))

	managers := a.createTeam("acme", "managers")
	a.do(http.MethodPatch, "/api/v2/teams/"+managers, body("teams", map[string]any{"organization-access": map[string]any{"manage-teams": true}}, nil)).data(t, http.StatusOK)
	managersToken, _ := a.server.MintTeamToken("acme", managers)
	m := a.as(managersToken)
	m.get(teamWorkspacePath(secret)).data(t, http.StatusOK)
	m.do(http.MethodPatch, teamWorkspacePath(id), body("team-workspaces", map[string]any{"access": "plan"}, nil)).data(t, http.StatusOK)
	m.createTeamWorkspace(managers, ws, map[string]any{"access": "admin"})
	emutest.WantAPIStatus(t, m.do(http.MethodDelete, teamWorkspacePath(id), nil), http.StatusNoContent)
}

func TestTeamWorkspaceAccess_goesWithItsTeamAndWorkspace(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	other := a.workspaceID("acme", "api")
	devs, ops := a.createTeam("acme", "devs"), a.createTeam("acme", "ops")
	ofDevs := a.createTeamWorkspace(devs, other, map[string]any{"access": "read"})
	ofWorkspace := a.createTeamWorkspace(ops, ws, map[string]any{"access": "read"})
	kept := a.createTeamWorkspace(ops, other, map[string]any{"access": "read"})

	emutest.WantAPIStatus(t, a.do(http.MethodDelete, "/api/v2/teams/"+devs, nil), http.StatusNoContent)
	wantNotFound(t, a.get(teamWorkspacePath(ofDevs)))
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, workspacePath(ws), nil), http.StatusNoContent)
	wantNotFound(t, a.get(teamWorkspacePath(ofWorkspace)))
	a.get(teamWorkspacePath(kept)).data(t, http.StatusOK)

	emutest.WantAPIStatus(t, a.do(http.MethodDelete, orgsPath+"/acme", nil), http.StatusNoContent)
	wantNotFound(t, a.get(teamWorkspacePath(kept)))
}

// A team with access to a workspace locks it with its token and unlocks
// its own lock; a user's unlock is refused with the words clients match.
func TestTeamWorkspaceAccess_teamTokenLocksAndUnlocks(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	devs := a.createTeam("acme", "devs")
	a.createTeamWorkspace(devs, ws, map[string]any{"access": "admin"})
	token, _ := a.server.MintTeamToken("acme", devs)
	team := a.as(token)

	d := team.do(http.MethodPost, workspacePath(ws)+"/actions/lock", map[string]any{}).data(t, http.StatusOK)
	if attrs(t, d)["locked"] != true || relID(t, d, "locked-by", "teams") != devs {
		t.Fatalf("lock answer %v", d)
	}
	wantConflict(t, a.do(http.MethodPost, workspacePath(ws)+"/actions/unlock", nil), `is locked by Team "devs"`)
	d = team.do(http.MethodPost, workspacePath(ws)+"/actions/unlock", nil).data(t, http.StatusOK)
	if attrs(t, d)["locked"] != false {
		t.Errorf("unlock answer %v", d)
	}
}

func TestTeamWorkspaceAccess_stateKeepsAccesses(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	id := a.createTeamWorkspace(a.createTeam("acme", "devs"), ws, map[string]any{"access": "custom", "runs": "plan", "run-tasks": true})
	_, data := a.reload(teamWorkspacePath(id))

	for name, breakIt := range map[string]func(st map[string]any){
		"an unknown workspace": func(st map[string]any) { first(t, st, "team-workspaces")["workspace"] = "ws-AAAAAAAAAAAAAAAA" },
		"an unknown access":    func(st map[string]any) { first(t, st, "team-workspaces")["access"] = "owner" },
		"a bad permission": func(st map[string]any) {
			emutest.Object(t, first(t, st, "team-workspaces")["permissions"])["runs"] = "all"
		},
		"a fixed level's other permissions": func(st map[string]any) { first(t, st, "team-workspaces")["access"] = "read" },
		"a second access of the pair": func(st map[string]any) {
			l, _ := st["team-workspaces"].([]any)
			twin := map[string]any{}
			for k, v := range emutest.Object(t, l[0]) {
				twin[k] = v
			}
			twin["id"] = "tws-AAAAAAAAAAAAAAAA"
			st["team-workspaces"] = append(l, twin)
		},
	} {
		if err := newAPI(t, platform.Options{}).server.UnmarshalState(changedState(t, data, breakIt)); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}

func init() {
	addStateFixture("team-workspaces", func(a *api) roundTrip {
		team, ws := a.createTeam("acme", "state-workspace-team"), a.workspaceID("acme", "state-team-workspace")
		tw := a.createTeamWorkspace(team, ws, map[string]any{"access": "custom", "runs": "plan"})
		return roundTrip{paths: []string{teamWorkspacePath(tw), teamWorkspacesPath + "?filter[workspace][id]=" + ws}}
	})
}
