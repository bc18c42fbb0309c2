package platform_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func teamPath(id string) string { return "/api/v2/teams/" + id }

// orgAccessFlags are the members of organization-access, each false
// unless set.
var orgAccessFlags = []string{
	"manage-policies", "manage-policy-overrides", "delegate-policy-overrides",
	"manage-workspaces", "manage-vcs-settings", "manage-providers", "manage-modules",
	"manage-run-tasks", "manage-projects", "read-workspaces", "read-projects",
	"manage-membership", "manage-teams", "manage-organization-access",
	"access-secret-teams", "manage-agent-pools",
}

// access is an organization-access object with the flags given true and
// every other false.
func access(trueFlags ...string) map[string]any {
	m := map[string]any{}
	for _, flag := range orgAccessFlags {
		m[flag] = false
	}
	for _, flag := range trueFlags {
		m[flag] = true
	}
	return m
}

// createTeamWith creates a team of org with attrs and returns its answer.
func (a *api) createTeamWith(org string, attrs map[string]any) map[string]any {
	a.t.Helper()
	return a.create(orgsPath+"/"+org+"/teams", "teams", attrs, nil)
}

func TestTeam_createAnswersEveryDefault(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	d := a.createTeamWith("acme", map[string]any{"name": "devs"})
	id := wantID(t, d["id"], "team")
	if d["type"] != "teams" {
		t.Errorf("type %v", d["type"])
	}
	wantAttrs(t, d, map[string]any{
		"name":                          "devs",
		"sso-team-id":                   nil,
		"visibility":                    "secret",
		"allow-member-token-management": true,
		"organization-access":           access(),
		"users-count":                   0,
		"is-unified":                    false,
		"scim-linked":                   false,
		"permissions": map[string]any{
			"can-update-membership": true, "can-destroy": true, "can-update-organization-access": true,
			"can-update-api-token": true, "can-update-visibility": true,
		},
	})
	if relID(t, d, "organization", "organizations") != "acme" || !emutest.EqualJSON(t, relData(t, d, "users"), []any{}) {
		t.Errorf("relationships %v", d["relationships"])
	}
	a.wantStored(d, teamPath(id))
}

func TestTeam_createTakesEveryAttribute(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	d := a.createTeamWith("acme", map[string]any{
		"name": "Ops_team-2", "sso-team-id": "cb265c8e", "visibility": "organization",
		"allow-member-token-management": false, "organization-access": access(orgAccessFlags...),
	})
	wantAttrs(t, d, map[string]any{
		"name": "Ops_team-2", "sso-team-id": "cb265c8e", "visibility": "organization",
		"allow-member-token-management": false, "organization-access": access(orgAccessFlags...),
	})
}

// The API's documents call allow-member-token-management
// allow-team-token-management on one page: both are taken.
func TestTeam_allowTeamTokenManagementIsTheSameAttribute(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := a.createTeam("acme", "devs")
	d := a.do(http.MethodPatch, teamPath(id), body("teams", map[string]any{"allow-team-token-management": false}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"allow-member-token-management": false})
	if _, present := attrs(t, d)["allow-team-token-management"]; present {
		t.Errorf("answered allow-team-token-management: %v", attrs(t, d))
	}
}

// Managing projects cascades to workspaces, and managing or reading
// includes reading: implied flags are true, and giving one false is 422.
func TestTeam_organizationAccessImplications(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	d := a.createTeamWith("acme", map[string]any{"name": "projects", "organization-access": map[string]any{"manage-projects": true}})
	wantAttrs(t, d, map[string]any{"organization-access": access("manage-projects", "manage-workspaces", "read-projects", "read-workspaces")})
	d = a.createTeamWith("acme", map[string]any{"name": "workspaces", "organization-access": map[string]any{"manage-workspaces": true}})
	wantAttrs(t, d, map[string]any{"organization-access": access("manage-workspaces", "read-workspaces")})
	id := wantID(t, d["id"], "team")
	d = a.createTeamWith("acme", map[string]any{"name": "readers", "organization-access": map[string]any{"read-projects": true}})
	wantAttrs(t, d, map[string]any{"organization-access": access("read-projects", "read-workspaces")})

	at := "/data/attributes/organization-access/"
	for _, c := range []struct {
		access          map[string]any
		pointer, detail string
	}{
		{map[string]any{"manage-projects": true, "manage-workspaces": false}, at + "manage-workspaces", "manage-workspaces cannot be false while manage-projects is true"},
		{map[string]any{"read-projects": true, "read-workspaces": false}, at + "read-workspaces", "read-workspaces cannot be false while read-projects is true"},
		{map[string]any{"manage-workspaces": true, "read-workspaces": "false"}, at + "read-workspaces", "read-workspaces cannot be false while manage-workspaces is true"},
	} {
		wantInvalid(t, a.do(http.MethodPost, orgsPath+"/acme/teams", body("teams", map[string]any{"name": "x", "organization-access": c.access}, nil)), c.pointer, c.detail)
	}
	// What a team has counts too: one that manages workspaces cannot stop
	// reading them, but can stop managing them and keep reading.
	wantInvalid(t, a.do(http.MethodPatch, teamPath(id), body("teams", map[string]any{"organization-access": map[string]any{"read-workspaces": false}}, nil)),
		at+"read-workspaces", "while manage-workspaces is true")
	d = a.do(http.MethodPatch, teamPath(id), body("teams", map[string]any{"organization-access": map[string]any{"manage-workspaces": false}}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"organization-access": access("read-workspaces")})
}

func TestTeam_validation(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.wantCreatesRefused(orgsPath+"/acme/teams", "teams", []refusedCreate{
		{map[string]any{}, nil, attrAt("name"), "name is required"},
		{map[string]any{"name": "dev.team"}, nil, attrAt("name"), "must be letters, numbers, spaces, - or _"},
		{map[string]any{"name": "  "}, nil, attrAt("name"), "must be letters, numbers, spaces, - or _"},
		{map[string]any{"name": ""}, nil, attrAt("name"), "must be letters, numbers, spaces, - or _"},
		{map[string]any{"name": "devs", "visibility": "public"}, nil, attrAt("visibility"), "must be secret or organization"},
		{map[string]any{"name": "devs", "organization-access": true}, nil, attrAt("organization-access"), "must be an object"},
		{map[string]any{"name": "devs", "organization-access": map[string]any{"manage-teams": "yes"}}, nil, attrAt("organization-access/manage-teams"), "must be true or false"},
		{map[string]any{"name": "devs", "allow-member-token-management": 3}, nil, attrAt("allow-member-token-management"), "must be true or false"},
	})
	if list := a.get(orgsPath + "/acme/teams").list(t); len(list) != 1 || attrs(t, list[0])["name"] != "owners" {
		t.Fatalf("refused creates stored teams: %v", ids(list))
	}
}

// Names are unique within an organization, in any case: 409.
func TestTeam_nameIsUniqueInItsOrganization(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	devs := a.createTeam("acme", "devs")
	for _, name := range []string{"devs", "DEVS"} {
		wantConflictAt(t, a.do(http.MethodPost, orgsPath+"/acme/teams", body("teams", map[string]any{"name": name}, nil)), attrAt("name"), fmt.Sprintf("name %q has already been taken by team %s", name, devs))
	}
	a.createTeamWith("other", map[string]any{"name": "devs"})
	ops := a.createTeam("acme", "ops")
	wantConflict(t, a.do(http.MethodPatch, teamPath(ops), body("teams", map[string]any{"name": "Devs"}, nil)), "already been taken by team "+devs)
	a.do(http.MethodPatch, teamPath(devs), body("teams", map[string]any{"name": "Devs"}, nil)).data(t, http.StatusOK)
}

func TestTeam_updateIsPartial(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := wantID(t, a.createTeamWith("acme", map[string]any{"name": "devs", "sso-team-id": "x", "organization-access": map[string]any{"manage-vcs-settings": true}})["id"], "team")
	d := a.do(http.MethodPatch, teamPath(id), body("teams", map[string]any{"visibility": "organization", "organization-access": map[string]any{"manage-modules": true}}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{
		"name": "devs", "sso-team-id": "x", "visibility": "organization", "allow-member-token-management": true,
		"organization-access": access("manage-vcs-settings", "manage-modules"),
	})
	d = a.do(http.MethodPatch, teamPath(id), body("teams", map[string]any{"sso-team-id": nil, "name": "developers"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"name": "developers", "sso-team-id": nil, "visibility": "organization"})
	wantInvalid(t, a.do(http.MethodPatch, teamPath(id), body("teams", map[string]any{"name": "dev", "visibility": "all"}, nil)), "/data/attributes/visibility", "must be secret or organization")
	wantAttrs(t, a.get(teamPath(id)).data(t, http.StatusOK), map[string]any{"name": "developers"})
	wantNotFound(t, a.do(http.MethodPatch, teamPath("team-1111111111111111"), body("teams", map[string]any{"name": "x"}, nil)))
}

func TestTeam_listFiltersAndPages(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	a.createTeam("other", "elsewhere")
	for i := range 23 {
		a.createTeam("acme", fmt.Sprintf("t%02d", i))
	}
	r := a.get(orgsPath + "/acme/teams")
	if list := r.list(t); len(list) != 20 || attrs(t, list[0])["name"] != "owners" || attrs(t, list[1])["name"] != "t00" {
		t.Errorf("first page: %d teams, first %v", len(list), attrs(t, list[0])["name"])
	}
	// The owners team counts.
	if p := r.pagination(t); p["total-count"] != 24.0 || p["total-pages"] != 2.0 {
		t.Errorf("pagination %v", p)
	}
	a.wantNames(orgsPath+"/acme/teams?", map[string]string{
		"filter[names]=t01,t03,nope":                   "t01,t03",
		"q=T2":                                         "t20,t21,t22",
		"q=2&filter[names]=t02,t05":                    "t02",
		"filter[names]=elsewhere":                      "",
		"page[size]=5&page[number]=5":                  "t19,t20,t21,t22",
		"include=users,organization_memberships&q=t22": "t22",
	})
	emutest.WantAPIError(t, a.get(orgsPath+"/acme/teams?include=projects"), http.StatusBadRequest, "bad request", "Invalid include parameter")
	wantNotFound(t, a.get(orgsPath+"/nope/teams"))
}

// Who sees and manages teams: the owners and a team with manage-teams see
// and manage every team; another team sees the teams visible to the
// organization, itself, and with access-secret-teams the secret ones; what
// it may not see or do is 404.
func TestTeam_visibility(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	secret := a.createTeam("acme", "secret")
	visible := wantID(t, a.createTeamWith("acme", map[string]any{"name": "visible", "visibility": "organization"})["id"], "team")
	plain := a.createTeam("acme", "plain")
	seer := wantID(t, a.createTeamWith("acme", map[string]any{"name": "seer", "organization-access": map[string]any{"access-secret-teams": true}})["id"], "team")
	manager := wantID(t, a.createTeamWith("acme", map[string]any{"name": "manager", "organization-access": map[string]any{"manage-teams": true}})["id"], "team")
	as := func(teamID string) *api {
		tok, err := a.server.MintTeamToken("acme", teamID)
		if err != nil {
			t.Fatal(err)
		}
		return a.as(tok)
	}
	orgToken, _ := a.server.MintOrganizationToken("acme")
	for who, c := range map[string]*api{"root": a, "organization token": a.as(orgToken), "manager": as(manager), "seer": as(seer)} {
		if got := c.names(orgsPath + "/acme/teams"); got != "manager,owners,plain,secret,seer,visible" {
			t.Errorf("%s lists %s", who, got)
		}
	}
	p := as(plain)
	if got := p.names(orgsPath + "/acme/teams"); got != "plain,visible" {
		t.Errorf("plain lists %s", got)
	}
	wantNotFound(t, p.get(teamPath(secret)))
	d := p.get(teamPath(visible)).data(t, http.StatusOK)
	if perms := emutest.Object(t, attrs(t, d)["permissions"]); perms["can-destroy"] != false || perms["can-update-visibility"] != false {
		t.Errorf("plain's permissions on a team: %v", perms)
	}
	// Only those who manage teams change them.
	for _, c := range []*api{p, as(seer)} {
		for _, r := range []response{
			c.do(http.MethodPost, orgsPath+"/acme/teams", body("teams", map[string]any{"name": "mine"}, nil)),
			c.do(http.MethodPatch, teamPath(visible), body("teams", map[string]any{"name": "mine"}, nil)),
			c.do(http.MethodPatch, teamPath(plain), body("teams", map[string]any{"name": "mine"}, nil)),
			c.do(http.MethodDelete, teamPath(visible), nil),
		} {
			wantNotFound(t, r)
		}
	}
	if perms := emutest.Object(t, attrs(t, a.as(orgToken).get(orgsPath+"/acme").data(t, http.StatusOK))["permissions"]); perms["can-create-team"] != true {
		t.Errorf("organization token's permissions %v", perms)
	}
	if perms := emutest.Object(t, attrs(t, p.get(orgsPath+"/acme").data(t, http.StatusOK))["permissions"]); perms["can-create-team"] != false {
		t.Errorf("plain's permissions on the organization %v", perms)
	}
	m := as(manager)
	if perms := emutest.Object(t, attrs(t, m.get(orgsPath+"/acme").data(t, http.StatusOK))["permissions"]); perms["can-create-team"] != true {
		t.Errorf("manager's permissions on the organization %v", perms)
	}
	made := wantID(t, m.createTeamWith("acme", map[string]any{"name": "made"})["id"], "team")
	m.do(http.MethodPatch, teamPath(secret), body("teams", map[string]any{"visibility": "organization"}, nil)).data(t, http.StatusOK)
	if r := m.do(http.MethodDelete, teamPath(made), nil); r.Status != http.StatusNoContent {
		t.Fatalf("manager deletes: %d %s", r.Status, r.Body)
	}
	// Another organization's teams are not found by anyone of acme.
	a.createOrg("other")
	elsewhere := a.createTeam("other", "elsewhere")
	wantNotFound(t, m.get(teamPath(elsewhere)))
	wantNotFound(t, m.get(orgsPath+"/other/teams"))
}

func TestTeam_deleteTakesItsTokensAndAccess(t *testing.T) {
	a := newAPI(t, platform.Options{})
	def := a.createOrg("acme")
	id := a.createTeam("acme", "devs")
	tok, _ := a.server.MintTeamToken("acme", id)
	described := a.create(teamPath(id)+"/authentication-tokens", "authentication-tokens", map[string]any{"description": "ci"}, nil)
	access := a.createTeamProject(id, def, map[string]any{"access": "read"})
	a.as(tok).get(orgsPath+"/acme").data(t, http.StatusOK)

	if r := a.do(http.MethodDelete, teamPath(id), nil); r.Status != http.StatusNoContent || r.Body != "" {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	wantNotFound(t, a.get(teamPath(id)))
	emutest.WantAPIStatus(t, a.as(tok).get(orgsPath+"/acme"), http.StatusUnauthorized)
	emutest.WantAPIStatus(t, a.as(secretOf(t, described)).get(orgsPath+"/acme"), http.StatusUnauthorized)
	wantNotFound(t, a.get("/api/v2/authentication-tokens/"+wantID(t, described["id"], "at")))
	wantNotFound(t, a.get(teamProjectPath(access)))
	wantNotFound(t, a.do(http.MethodDelete, teamPath(id), nil))
	// The name is free again.
	a.createTeam("acme", "devs")
}

// Deleting an organization takes its teams, their tokens and their access.
func TestTeam_goWithTheirOrganization(t *testing.T) {
	a := newAPI(t, platform.Options{})
	def := a.createOrg("acme")
	id := a.createTeam("acme", "devs")
	tok, _ := a.server.MintTeamToken("acme", id)
	access := a.createTeamProject(id, def, map[string]any{"access": "admin"})
	if r := a.do(http.MethodDelete, orgsPath+"/acme", nil); r.Status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	wantNotFound(t, a.get(teamPath(id)))
	wantNotFound(t, a.get(teamProjectPath(access)))
	emutest.WantAPIStatus(t, a.as(tok).get(orgsPath), http.StatusUnauthorized)
	a.createOrg("acme")
	a.createTeam("acme", "devs")
}

// Bodies may come chunked, without Content-Length.
func TestTeam_chunkedBodies(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	d := sendChunked(t, http.MethodPost, a.url+orgsPath+"/acme/teams", root, body("teams", map[string]any{"name": "devs"}, nil)).data(t, http.StatusCreated)
	id := wantID(t, d["id"], "team")
	orgToken, err := a.server.MintOrganizationToken("acme")
	if err != nil {
		t.Fatal(err)
	}
	d = sendChunked(t, http.MethodPatch, a.url+teamPath(id), orgToken, body("teams", map[string]any{"visibility": "organization"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"name": "devs", "visibility": "organization"})
}

// MintTeamToken takes a team of the organization, by ID.
func TestTeam_mintTeamTokenNeedsTheTeam(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	elsewhere := a.createTeam("other", "devs")
	for _, teamID := range []string{"team-TTTTTTTTTTTTTTTT", elsewhere} {
		if _, err := a.server.MintTeamToken("acme", teamID); err == nil || !strings.Contains(err.Error(), "no such team in organization \"acme\"") {
			t.Errorf("MintTeamToken(acme, %s): %v", teamID, err)
		}
	}
}

// Teams, their access to projects and their tokens, and the organization
// token, come back from the state file as they were answered, tokens
// working.
func TestTeam_stateRoundTrip(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	team := wantID(t, a.createTeamWith("acme", map[string]any{
		"name": "devs", "sso-team-id": "sso", "visibility": "organization", "allow-member-token-management": false,
		"organization-access": map[string]any{"manage-projects": true, "manage-teams": true},
	})["id"], "team")
	access := a.createTeamProject(team, prj, map[string]any{"access": "custom", "workspace-access": map[string]any{"runs": "plan", "move": true}})
	described := a.do(http.MethodPost, teamPath(team)+"/authentication-tokens", tokenBody("authentication-tokens", map[string]any{"description": "ci", "expired-at": "2999-01-01T00:00:00Z"})).data(t, http.StatusCreated)
	legacy := a.do(http.MethodPost, teamPath(team)+"/authentication-token", nil).data(t, http.StatusCreated)
	org := a.do(http.MethodPost, orgsPath+"/acme/authentication-token", nil).data(t, http.StatusCreated)

	paths := []string{
		teamPath(team), orgsPath + "/acme/teams", teamProjectPath(access), teamProjectsPath + "?filter[project][id]=" + prj,
		authenticationTokensPath + "/" + wantID(t, described["id"], "at"), teamPath(team) + "/authentication-token",
		orgsPath + "/acme/team-tokens", orgsPath + "/acme/authentication-token", projectPath(prj),
	}
	b, data := a.reload(paths...)
	for _, d := range []map[string]any{described, legacy, org} {
		b.as(secretOf(t, d)).get(orgsPath+"/acme").data(t, http.StatusOK)
	}
	b.wantState(data)
}

func init() {
	// Teams, of an organization in the file, with a name and a visibility,
	// each name once; a project access of a project of the team's
	// organization, at a level, with permissions of their values; a team
	// token of a team in the file, in its organization.
	const team = `{"id":"team-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","name":"devs","visibility":"secret"}`
	const token = `{"id":"at-AAAAAAAAAAAAAAAA","secret":"s","kind":"team","subject":"team-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA"}`
	perms := `{"project-access.settings":"read","project-access.teams":"none","project-access.variable-sets":"none","workspace-access.runs":"read","workspace-access.sentinel-mocks":"none","workspace-access.state-versions":"none","workspace-access.variables":"none","workspace-access.create":"false","workspace-access.locking":"false","workspace-access.delete":"false","workspace-access.move":"false","workspace-access.run-tasks":"false","workspace-access.policy-overrides":"false"}`
	projectAccess := func(prj, level, permissions string) string {
		return `{"id":"tprj-AAAAAAAAAAAAAAAA","team":"team-AAAAAAAAAAAAAAAA","project":"` + prj + `","access":"` + level + `","permissions":` + permissions + `}`
	}
	refuseStates(stateInOrgs("teams", team, "team-projects", projectAccess("prj-AAAAAAAAAAAAAAAA", "custom", perms), "tokens", token),
		stateInOrgs("teams", strings.Replace(team, `"devs"`, `"a.b"`, 1)),
		stateInOrgs("teams", strings.Replace(team, `"secret"`, `"hidden"`, 1)),
		stateInOrgs("teams", team+","+strings.Replace(team, "team-AAAA", "team-BBBB", 1)),
		stateInOrgs("teams", strings.Replace(team, "org-AAAA", "org-CCCC", 1)),
		stateInOrgs("teams", team, "team-projects", projectAccess("prj-BBBBBBBBBBBBBBBB", "custom", perms)),
		stateInOrgs("teams", team, "team-projects", projectAccess("prj-AAAAAAAAAAAAAAAA", "owner", perms)),
		stateInOrgs("teams", team, "team-projects", projectAccess("prj-AAAAAAAAAAAAAAAA", "admin", perms)),
		stateInOrgs("teams", team, "team-projects", projectAccess("prj-AAAAAAAAAAAAAAAA", "custom", strings.Replace(perms, `"read","workspace-access.sentinel`, `"all","workspace-access.sentinel`, 1))),
		stateInOrgs("tokens", token),
		stateInOrgs("teams", team, "tokens", strings.Replace(token, `"organization":"org-AAAAAAAAAAAAAAAA"`, `"organization":"org-BBBBBBBBBBBBBBBB"`, 1)),
	)
	addStateFixture("teams", func(a *api) roundTrip {
		team := wantID(a.t, a.createTeamWith("acme", map[string]any{
			"name": "state-team", "visibility": "organization", "organization-access": access("manage-workspaces", "read-workspaces"),
		})["id"], "team")
		return roundTrip{paths: []string{teamPath(team), orgsPath + "/acme/teams"}}
	})
}
