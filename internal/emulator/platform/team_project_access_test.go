package platform_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

const teamProjectsPath = "/api/v2/team-projects"

func teamProjectPath(id string) string { return teamProjectsPath + "/" + id }

// teamProjectBody is a create document of team's access to prj.
func teamProjectBody(team, prj string, attrs map[string]any) map[string]any {
	return body("team-projects", attrs, map[string]any{"team": rel("teams", team), "project": rel("projects", prj)})
}

// createTeamProject gives team access to prj and returns the access's ID.
func (a *api) createTeamProject(team, prj string, attrs map[string]any) string {
	a.t.Helper()
	d := a.do(http.MethodPost, teamProjectsPath, teamProjectBody(team, prj, attrs)).data(a.t, http.StatusCreated)
	return wantID(a.t, d["id"], "tprj")
}

// permissions are the project-access and workspace-access of an answer.
type permissions struct {
	project, workspace map[string]any
}

func perms(settings, teams, variableSets, runs, mocks, states, variables string, create, locking, del, move, runTasks, overrides bool) permissions {
	return permissions{
		project: map[string]any{"settings": settings, "teams": teams, "variable-sets": variableSets},
		workspace: map[string]any{
			"runs": runs, "sentinel-mocks": mocks, "state-versions": states, "variables": variables,
			"create": create, "locking": locking, "delete": del, "move": move, "run-tasks": runTasks, "policy-overrides": overrides,
		},
	}
}

// The table of the permissions each level implies, and custom's defaults.
var impliedPermissions = map[string]permissions{
	"read":     perms("read", "none", "read", "read", "none", "read", "read", false, false, false, false, false, false),
	"write":    perms("read", "none", "read", "apply", "read", "write", "write", false, true, false, false, false, false),
	"maintain": perms("read", "none", "read", "apply", "read", "write", "write", true, true, true, false, true, true),
	"admin":    perms("delete", "manage", "write", "apply", "read", "write", "write", true, true, true, true, true, true),
	"custom":   perms("read", "none", "none", "read", "none", "none", "none", false, false, false, false, false, false),
}

func wantPermissions(t *testing.T, res map[string]any, want permissions) {
	t.Helper()
	wantAttrs(t, res, map[string]any{"project-access": want.project, "workspace-access": want.workspace})
}

func TestTeamProjectAccess_levelsImplyTheirPermissions(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	for _, level := range []string{"read", "write", "maintain", "admin", "custom"} {
		team := a.createTeam("acme", level)
		d := a.do(http.MethodPost, teamProjectsPath, teamProjectBody(team, prj, map[string]any{"access": level})).data(t, http.StatusCreated)
		id := wantID(t, d["id"], "tprj")
		if d["type"] != "team-projects" || attrs(t, d)["access"] != level {
			t.Errorf("%s: %v", level, d)
		}
		wantPermissions(t, d, impliedPermissions[level])
		if relID(t, d, "team", "teams") != team || relID(t, d, "project", "projects") != prj {
			t.Errorf("%s: relationships %v", level, d["relationships"])
		}
		a.wantStored(d, teamProjectPath(id))
	}
}

// Custom access takes the permissions given and the defaults of the
// others; an update keeps what it does not give. A fixed level has the
// permissions it implies, which a later custom access starts from.
func TestTeamProjectAccess_customPermissions(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	team := a.createTeam("acme", "devs")
	d := a.do(http.MethodPost, teamProjectsPath, teamProjectBody(team, prj, map[string]any{
		"access":           "custom",
		"project-access":   map[string]any{"settings": "update", "variable-sets": "write"},
		"workspace-access": map[string]any{"runs": "plan", "state-versions": "read-outputs", "locking": true, "policy-overrides": "true"},
	})).data(t, http.StatusCreated)
	id := wantID(t, d["id"], "tprj")
	want := perms("update", "none", "write", "plan", "none", "read-outputs", "none", false, true, false, false, false, true)
	wantPermissions(t, d, want)

	d = a.do(http.MethodPatch, teamProjectPath(id), body("team-projects", map[string]any{
		"workspace-access": map[string]any{"variables": "write", "move": true},
	}, nil)).data(t, http.StatusOK)
	want.workspace["variables"], want.workspace["move"] = "write", true
	wantAttrs(t, d, map[string]any{"access": "custom"})
	wantPermissions(t, d, want)

	d = a.do(http.MethodPatch, teamProjectPath(id), body("team-projects", map[string]any{"access": "maintain"}, nil)).data(t, http.StatusOK)
	wantPermissions(t, d, impliedPermissions["maintain"])
	d = a.do(http.MethodPatch, teamProjectPath(id), body("team-projects", map[string]any{"access": "custom", "project-access": map[string]any{"teams": "read"}}, nil)).data(t, http.StatusOK)
	want = impliedPermissions["maintain"]
	want.project = map[string]any{"settings": "read", "teams": "read", "variable-sets": "read"}
	wantPermissions(t, d, want)
	wantPermissions(t, a.get(teamProjectPath(id)).data(t, http.StatusOK), want)
}

// With a fixed level, the permissions are the level's: a request may
// repeat them, but not set others (422).
func TestTeamProjectAccess_fixedLevelRefusesOtherPermissions(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	devs, ops := a.createTeam("acme", "devs"), a.createTeam("acme", "ops")
	r := a.do(http.MethodPost, teamProjectsPath, teamProjectBody(devs, prj, map[string]any{
		"access": "read", "project-access": map[string]any{"settings": "delete"}, "workspace-access": map[string]any{"create": true},
	}))
	wantInvalid(t, r, "/data/attributes/project-access/settings", "project-access.settings can only be set when access is custom: access read implies read")
	wantInvalid(t, r, "/data/attributes/workspace-access/create", "workspace-access.create can only be set when access is custom: access read implies false")
	d := a.do(http.MethodPost, teamProjectsPath, teamProjectBody(devs, prj, map[string]any{
		"access": "admin", "project-access": impliedPermissions["admin"].project, "workspace-access": impliedPermissions["admin"].workspace,
	})).data(t, http.StatusCreated)
	wantPermissions(t, d, impliedPermissions["admin"])
	id := a.createTeamProject(ops, prj, map[string]any{"access": "custom", "workspace-access": map[string]any{"runs": "apply"}})
	wantInvalid(t, a.do(http.MethodPatch, teamProjectPath(id), body("team-projects", map[string]any{"access": "write", "workspace-access": map[string]any{"runs": "plan"}}, nil)),
		"/data/attributes/workspace-access/runs", "access write implies apply")
	wantAttrs(t, a.get(teamProjectPath(id)).data(t, http.StatusOK), map[string]any{"access": "custom"})
}

func TestTeamProjectAccess_validation(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	team := a.createTeam("acme", "devs")
	for _, c := range []struct {
		doc             map[string]any
		pointer, detail string
	}{
		{teamProjectBody(team, prj, map[string]any{}), "/data/attributes/access", "access is required"},
		{teamProjectBody(team, prj, map[string]any{"access": "owner"}), "/data/attributes/access", "must be read, write, maintain, admin or custom"},
		{body("team-projects", map[string]any{"access": "read"}, map[string]any{"project": rel("projects", prj)}), "/data/relationships/team/data", "relationship team is required"},
		{body("team-projects", map[string]any{"access": "read"}, map[string]any{"team": rel("teams", team), "project": rel("projects", "")}), "/data/relationships/project/data", "relationship project is required"},
		{teamProjectBody(team, prj, map[string]any{"access": "custom", "project-access": map[string]any{"settings": "write"}}), "/data/attributes/project-access/settings", "must be read, update, delete"},
		{teamProjectBody(team, prj, map[string]any{"access": "custom", "workspace-access": map[string]any{"state-versions": "all"}}), "/data/attributes/workspace-access/state-versions", "must be none, read-outputs, read, write"},
		{teamProjectBody(team, prj, map[string]any{"access": "custom", "workspace-access": map[string]any{"delete": "maybe"}}), "/data/attributes/workspace-access/delete", "must be true or false"},
		{teamProjectBody(team, prj, map[string]any{"access": "custom", "project-access": "all"}), "/data/attributes/project-access", "must be an object"},
	} {
		wantInvalid(t, a.do(http.MethodPost, teamProjectsPath, c.doc), c.pointer, c.detail)
	}
	// A team and a project of two organizations: 422; one that does not
	// exist: 404.
	otherPrj := a.createOrg("other")
	wantInvalid(t, a.do(http.MethodPost, teamProjectsPath, teamProjectBody(team, otherPrj, map[string]any{"access": "read"})),
		"/data/relationships/team/data", "not a team of the project's organization")
	wantNotFound(t, a.do(http.MethodPost, teamProjectsPath, teamProjectBody(team, "prj-1111111111111111", map[string]any{"access": "read"})))
	wantNotFound(t, a.do(http.MethodPost, teamProjectsPath, teamProjectBody("team-1111111111111111", prj, map[string]any{"access": "read"})))
	if list := a.get(teamProjectsPath + "?filter[project][id]=" + prj).list(t); len(list) != 0 {
		t.Fatalf("refused creates stored accesses: %v", ids(list))
	}
}

// A team has one access to a project: a second is 409. The team and the
// project are given on create only: an update's are ignored.
func TestTeamProjectAccess_onePerTeamAndProject(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	web := a.createProject("acme", "web")
	team := a.createTeam("acme", "devs")
	id := a.createTeamProject(team, prj, map[string]any{"access": "read"})
	wantConflict(t, a.do(http.MethodPost, teamProjectsPath, teamProjectBody(team, prj, map[string]any{"access": "admin"})), "already has access to project "+prj+": "+id)
	a.createTeamProject(team, web, map[string]any{"access": "admin"})
	d := a.do(http.MethodPatch, teamProjectPath(id), teamProjectBody(team, web, map[string]any{"access": "write"})).data(t, http.StatusOK)
	if relID(t, d, "project", "projects") != prj || attrs(t, d)["access"] != "write" {
		t.Errorf("update moved the access: %v", d)
	}
}

func TestTeamProjectAccess_listNeedsItsProject(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	web := a.createProject("acme", "web")
	var want []string
	for i := range 22 {
		team := a.createTeam("acme", fmt.Sprintf("t%02d", i))
		want = append(want, a.createTeamProject(team, prj, map[string]any{"access": "read"}))
		if i == 0 {
			a.createTeamProject(team, web, map[string]any{"access": "read"})
		}
	}
	r := a.get(teamProjectsPath + "?filter%5Bproject%5D%5Bid%5D=" + prj)
	if got := ids(r.list(t)); strings.Join(got, ",") != strings.Join(want[:20], ",") {
		t.Errorf("first page %v, want %v", got, want[:20])
	}
	if p := r.pagination(t); p["total-count"] != 22.0 || p["total-pages"] != 2.0 {
		t.Errorf("pagination %v", p)
	}
	if got := ids(a.get(teamProjectsPath + "?filter[project][id]=" + prj + "&page[number]=2").list(t)); strings.Join(got, ",") != strings.Join(want[20:], ",") {
		t.Errorf("second page %v", got)
	}
	if got := a.get(teamProjectsPath + "?filter[project][id]=" + web).list(t); len(got) != 1 {
		t.Errorf("web lists %v", ids(got))
	}
	r = a.get(teamProjectsPath)
	emutest.WantAPIError(t, r, http.StatusBadRequest, "bad request", "filter[project][id] is required")
	if !strings.Contains(r.Body, `"parameter":"filter[project][id]"`) {
		t.Errorf("400 %s does not name the parameter", r.Body)
	}
	wantNotFound(t, a.get(teamProjectsPath+"?filter[project][id]=prj-1111111111111111"))
	// The project counts its teams.
	wantAttrs(t, a.get(projectPath(prj)).data(t, http.StatusOK), map[string]any{"team-count": 22})
}

// The owners and a team that manages teams manage every project's team
// access; a team whose access lets it manage a project's teams (admin, or
// custom with teams "manage") manages that project's; others are
// answered 404, and see the accesses of the teams they see.
func TestTeamProjectAccess_whoManages(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	web := a.createProject("acme", "web")
	admin, custom, reader, other := a.createTeam("acme", "admin"), a.createTeam("acme", "custom"), a.createTeam("acme", "reader"), a.createTeam("acme", "other")
	visible := wantID(t, a.createTeamWith("acme", map[string]any{"name": "visible", "visibility": "organization"})["id"], "team")
	a.createTeamProject(admin, prj, map[string]any{"access": "admin"})
	a.createTeamProject(custom, prj, map[string]any{"access": "custom", "project-access": map[string]any{"teams": "manage"}})
	readerAccess := a.createTeamProject(reader, prj, map[string]any{"access": "maintain"})
	as := func(teamID string) *api {
		tok, _ := a.server.MintTeamToken("acme", teamID)
		return a.as(tok)
	}
	for _, c := range []*api{as(admin), as(custom)} {
		id := c.createTeamProject(visible, prj, map[string]any{"access": "read"})
		c.do(http.MethodPatch, teamProjectPath(id), body("team-projects", map[string]any{"access": "write"}, nil)).data(t, http.StatusOK)
		if got := c.get(teamProjectsPath + "?filter[project][id]=" + prj).list(t); len(got) != 4 {
			t.Errorf("a project admin lists %v", ids(got))
		}
		if r := c.do(http.MethodDelete, teamProjectPath(id), nil); r.Status != http.StatusNoContent {
			t.Fatalf("delete: %d %s", r.Status, r.Body)
		}
		// Not another project's.
		wantNotFound(t, c.do(http.MethodPost, teamProjectsPath, teamProjectBody(visible, web, map[string]any{"access": "read"})))
	}
	r := as(reader)
	for _, resp := range []response{
		r.do(http.MethodPost, teamProjectsPath, teamProjectBody(other, prj, map[string]any{"access": "read"})),
		r.do(http.MethodPatch, teamProjectPath(readerAccess), body("team-projects", map[string]any{"access": "admin"}, nil)),
		r.do(http.MethodDelete, teamProjectPath(readerAccess), nil),
	} {
		wantNotFound(t, resp)
	}
	r.get(teamProjectPath(readerAccess)).data(t, http.StatusOK)
	if got := ids(r.get(teamProjectsPath + "?filter[project][id]=" + prj).list(t)); strings.Join(got, ",") != readerAccess {
		t.Errorf("reader lists %v, want its own access only", got)
	}
	if perms := emutest.Object(t, attrs(t, r.get(projectPath(prj)).data(t, http.StatusOK))["permissions"]); perms["can-manage-teams"] != false {
		t.Errorf("reader's project permissions %v", perms)
	}
	if perms := emutest.Object(t, attrs(t, as(admin).get(projectPath(prj)).data(t, http.StatusOK))["permissions"]); perms["can-manage-teams"] != true {
		t.Errorf("admin's project permissions %v", perms)
	}
}

// A deleted project takes the teams' access to it.
func TestTeamProjectAccess_goesWithItsProject(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	web := a.createProject("acme", "web")
	id := a.createTeamProject(a.createTeam("acme", "devs"), web, map[string]any{"access": "read"})
	if r := a.do(http.MethodDelete, projectPath(web), nil); r.Status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	wantNotFound(t, a.get(teamProjectPath(id)))
}

func init() {
	addStateFixture("team-projects", func(a *api) roundTrip {
		team, prj := a.createTeam("acme", "state-project-team"), a.createProject("acme", "state-team-project")
		tp := a.createTeamProject(team, prj, map[string]any{"access": "custom", "project-access": map[string]any{"settings": "update"}})
		return roundTrip{paths: []string{teamProjectPath(tp), teamProjectsPath + "?filter[project][id]=" + prj}}
	})
}
