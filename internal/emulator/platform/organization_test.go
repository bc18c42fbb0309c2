package platform_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

const orgsPath = "/api/v2/organizations"

func TestOrganization_createAnswersEveryDefault(t *testing.T) {
	a := newAPI(t, platform.Options{})
	before := time.Now().UTC().Add(-time.Second)
	d := a.create(orgsPath, "organizations", map[string]any{"name": "acme", "email": "ops@acme.example"}, nil)
	if d["type"] != "organizations" || d["id"] != "acme" {
		t.Fatalf("type %v id %v, want organizations and the name", d["type"], d["id"])
	}
	wantID(t, attrs(t, d)["external-id"], "org")
	wantAttrs(t, d, map[string]any{
		"name":                     "acme",
		"email":                    "ops@acme.example",
		"session-timeout":          nil,
		"session-remember":         nil,
		"collaborator-auth-policy": "password",
		"cost-estimation-enabled":  false,
		"send-passing-statuses-for-untriggered-speculative-plans": false,
		"aggregated-commit-status-enabled":                        true,
		"speculative-plan-management-enabled":                     true,
		"owners-team-saml-role-id":                                nil,
		"assessments-enforced":                                    false,
		"allow-force-delete-workspaces":                           false,
		"default-execution-mode":                                  "remote",
		"enforce-hyok":                                            false,
		"stacks-enabled":                                          false,
		"registry-monorepo-support-enabled":                       false,
		"user-tokens-enabled":                                     true,
		"max-ttl-enabled":                                         false,
		"is-unified":                                              false,
		"saml-enabled":                                            false,
		"trial-expires-at":                                        nil,
	})
	createdAt, _ := attrs(t, d)["created-at"].(string)
	created, err := time.Parse(time.RFC3339, createdAt)
	if err != nil || created.Before(before) || !strings.HasSuffix(createdAt, "Z") {
		t.Errorf("created-at %v: %v", attrs(t, d)["created-at"], err)
	}
	if relID(t, d, "default-agent-pool", "agent-pools") != "" {
		t.Error("a new organization has a default agent pool")
	}
	if links, _ := d["links"].(map[string]any); links["self"] != "/api/v2/organizations/acme" {
		t.Errorf("links %v", d["links"])
	}

	// Its default project is there, named as the API names it.
	prj := a.get("/api/v2/projects/"+relID(t, d, "default-project", "projects")).data(t, http.StatusOK)
	wantAttrs(t, prj, map[string]any{"name": "Default Project"})
	if relID(t, prj, "organization", "organizations") != "acme" {
		t.Errorf("default project's organization %v", relData(t, prj, "organization"))
	}

	// A read answers what the create did.
	if got := a.get(orgsPath+"/acme").data(t, http.StatusOK); !emutest.EqualJSON(t, got, d) {
		t.Errorf("read %v\nwant %v", got, d)
	}
}

func TestOrganization_createTakesEveryAttribute(t *testing.T) {
	a := newAPI(t, platform.Options{})
	set := map[string]any{
		"name": "acme", "email": "ops@acme.example",
		"session-timeout": 60, "session-remember": "120", // a string of digits too
		"collaborator-auth-policy":                                "two_factor_mandatory",
		"cost-estimation-enabled":                                 true,
		"send-passing-statuses-for-untriggered-speculative-plans": true,
		"aggregated-commit-status-enabled":                        false,
		"speculative-plan-management-enabled":                     "false", // a string too
		"owners-team-saml-role-id":                                "role",
		"assessments-enforced":                                    true,
		"allow-force-delete-workspaces":                           true,
		"default-execution-mode":                                  "local",
		"enforce-hyok":                                            true,
		"stacks-enabled":                                          true,
		"registry-monorepo-support-enabled":                       true,
		"user-tokens-enabled":                                     false,
		"max-ttl-enabled":                                         true,
		"no-such-attribute":                                       "ignored",
	}
	// data.type is not checked.
	d := a.create(orgsPath, "nonsense", set, nil)
	want := map[string]any{}
	for k, v := range set {
		want[k] = v
	}
	want["session-remember"] = 120
	want["speculative-plan-management-enabled"] = false
	delete(want, "no-such-attribute")
	wantAttrs(t, d, want)
	if _, present := attrs(t, d)["no-such-attribute"]; present {
		t.Error("an unknown attribute was kept")
	}
}

// Session settings left unset answer null, and null sets them back to
// that, so that a client that leaves them out sees no change.
func TestOrganization_sessionSettingsUnsetAnswerNull(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	wantAttrs(t, a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"session-timeout": 60}, nil)).data(t, http.StatusOK),
		map[string]any{"session-timeout": 60, "session-remember": nil})
	// An update that leaves them out keeps them.
	wantAttrs(t, a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"email": "x@acme.example"}, nil)).data(t, http.StatusOK),
		map[string]any{"session-timeout": 60, "session-remember": nil})
	wantAttrs(t, a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"session-timeout": nil}, nil)).data(t, http.StatusOK),
		map[string]any{"session-timeout": nil})
}

func TestOrganization_validation(t *testing.T) {
	a := newAPI(t, platform.Options{})
	valid := func(extra map[string]any) map[string]any {
		return merged(map[string]any{"name": "acme", "email": "ops@acme.example"}, extra)
	}
	a.wantCreatesRefused(orgsPath, "organizations", []refusedCreate{
		{map[string]any{"email": "a@b"}, nil, attrAt("name"), "name is required"},
		{map[string]any{"name": "acme"}, nil, attrAt("email"), "email is required"},
		{valid(map[string]any{"name": "a b"}), nil, attrAt("name"), `invalid name "a b": must be 1 to 40 letters, numbers, - or _`},
		{valid(map[string]any{"name": ""}), nil, attrAt("name"), `invalid name ""`},
		{valid(map[string]any{"name": strings.Repeat("a", 41)}), nil, attrAt("name"), "1 to 40"},
		{valid(map[string]any{"name": 7}), nil, attrAt("name"), "must be a string"},
		{valid(map[string]any{"email": "nobody"}), nil, attrAt("email"), `invalid email "nobody"`},
		{valid(map[string]any{"session-timeout": 0}), nil, attrAt("session-timeout"), "must be a positive number of minutes"},
		{valid(map[string]any{"session-remember": "soon"}), nil, attrAt("session-remember"), "must be an integer"},
		{valid(map[string]any{"collaborator-auth-policy": "sso"}), nil, attrAt("collaborator-auth-policy"), "must be password or two_factor_mandatory"},
		{valid(map[string]any{"cost-estimation-enabled": "maybe"}), nil, attrAt("cost-estimation-enabled"), "must be true or false"},
		{valid(map[string]any{"default-execution-mode": "cloud"}), nil, attrAt("default-execution-mode"), "must be remote, local or agent"},
		{valid(map[string]any{"default-execution-mode": "agent"}), nil, attrAt("default-agent-pool-id"), "default-agent-pool-id is required when default-execution-mode is agent"},
		{valid(map[string]any{"default-agent-pool-id": "apool-1111111111111111"}), nil, attrAt("default-agent-pool-id"), "can only be set when default-execution-mode is agent, not remote"},
		{valid(map[string]any{"default-execution-mode": "agent", "default-agent-pool-id": "pool-1"}), nil, attrAt("default-agent-pool-id"), "must be an agent pool ID"},
		{valid(map[string]any{"default-execution-mode": "local"}), map[string]any{"default-agent-pool": rel("agent-pools", "apool-1111111111111111")},
			"/data/relationships/default-agent-pool/data", "relationship default-agent-pool can only be set when default-execution-mode is agent"},
	})
	// One answer names every error.
	r := a.do(http.MethodPost, orgsPath, body("organizations", map[string]any{"session-timeout": -1}, nil))
	wantInvalid(t, r, attrAt("name"), "required")
	wantInvalid(t, r, attrAt("email"), "required")
	wantInvalid(t, r, attrAt("session-timeout"), "positive")
	// Nothing refused was stored.
	if list := a.get(orgsPath).list(t); len(list) != 0 {
		t.Fatalf("refused creates stored %v", ids(list))
	}
	// A body that is not a JSON:API document is 400.
	emutest.WantAPIError(t, a.do(http.MethodPost, orgsPath, "{"), http.StatusBadRequest, "bad request", "not a JSON:API document")
}

func TestOrganization_nameIsUniqueInAnyCase(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	for _, name := range []string{"acme", "ACME"} {
		wantConflictAt(t, a.do(http.MethodPost, orgsPath, body("organizations", map[string]any{"name": name, "email": "x@y"}, nil)), attrAt("name"), `name "`+name+`" has already been taken by organization "acme"`)
	}
}

// A name in a path is matched in any case, as the platform matches it; the
// answer names the organization as it is kept.
func TestOrganization_namesMatchInAnyCase(t *testing.T) {
	a := newAPI(t, platform.Options{})
	defaultProject := a.createOrg("acme")
	if d := a.get(orgsPath+"/ACME").data(t, http.StatusOK); d["id"] != "acme" || attrs(t, d)["name"] != "acme" {
		t.Errorf("GET /organizations/ACME answered id %v, name %v; want acme", d["id"], attrs(t, d)["name"])
	}
	if list := a.get(orgsPath + "/Acme/projects").list(t); len(list) != 1 || list[0]["id"] != defaultProject {
		t.Errorf("projects of Acme: %v, want the default project of acme", ids(list))
	}
	team := a.createTeam("aCmE", "devs")
	if d := a.get("/api/v2/teams/"+team).data(t, http.StatusOK); relID(t, d, "organization", "organizations") != "acme" {
		t.Errorf("team created under aCmE: organization %v, want acme", relData(t, d, "organization"))
	}
	d := a.do(http.MethodPatch, orgsPath+"/ACME", body("organizations", map[string]any{"email": "new@acme.example"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"name": "acme", "email": "new@acme.example"})
	wantNotFound(t, a.get(orgsPath+"/acme2"))
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, orgsPath+"/ACME", nil), http.StatusNoContent)
	wantNotFound(t, a.get(orgsPath+"/acme"))
}

// A name change changes the ID; what is in the organization stays with it.
func TestOrganization_renameChangesTheID(t *testing.T) {
	a := newAPI(t, platform.Options{})
	defaultProject := a.createOrg("acme")
	a.createOrg("other")
	external := attrs(t, a.get(orgsPath+"/acme").data(t, http.StatusOK))["external-id"]

	wantConflict(t, a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"name": "Other"}, nil)), "already been taken")
	d := a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"name": "acme-2"}, nil)).data(t, http.StatusOK)
	if d["id"] != "acme-2" || attrs(t, d)["external-id"] != external {
		t.Fatalf("renamed: id %v external-id %v, want acme-2 and %v", d["id"], attrs(t, d)["external-id"], external)
	}
	wantNotFound(t, a.get(orgsPath+"/acme"))
	a.get(orgsPath+"/acme-2").data(t, http.StatusOK)
	prj := a.get("/api/v2/projects/"+defaultProject).data(t, http.StatusOK)
	if relID(t, prj, "organization", "organizations") != "acme-2" {
		t.Errorf("project's organization after the rename: %v", relData(t, prj, "organization"))
	}
	if list := a.get(orgsPath + "/acme-2/projects").list(t); len(list) != 1 || list[0]["id"] != defaultProject {
		t.Errorf("projects after the rename: %v", ids(list))
	}
	// The old name is free again; a change of case only is a rename too.
	a.createOrg("acme")
	a.do(http.MethodPatch, orgsPath+"/acme-2", body("organizations", map[string]any{"name": "ACME-2"}, nil)).data(t, http.StatusOK)
}

// An update changes what it is given, and nothing else; PUT is PATCH.
func TestOrganization_updateIsPartial(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	d := a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"allow-force-delete-workspaces": true, "session-timeout": 30}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"allow-force-delete-workspaces": true, "session-timeout": 30, "session-remember": nil, "email": "acme@example.com", "aggregated-commit-status-enabled": true})
	d = a.do(http.MethodPut, orgsPath+"/acme", body("organizations", map[string]any{"email": "new@acme.example", "owners-team-saml-role-id": "r"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"allow-force-delete-workspaces": true, "email": "new@acme.example", "owners-team-saml-role-id": "r"})
	d = a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"owners-team-saml-role-id": nil}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"owners-team-saml-role-id": nil, "email": "new@acme.example"})
	// A refused update changes nothing, not even its valid members.
	wantInvalid(t, a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"email": "x@y", "session-timeout": 0}, nil)), "/data/attributes/session-timeout", "positive")
	wantAttrs(t, a.get(orgsPath+"/acme").data(t, http.StatusOK), map[string]any{"email": "new@acme.example", "session-timeout": 30})
	wantNotFound(t, a.do(http.MethodPatch, orgsPath+"/nope", body("organizations", map[string]any{"email": "x@y"}, nil)))
}

// The default settings: an execution mode, and in agent mode an agent pool,
// given as the relationship or as the attribute default-agent-pool-id.
func TestOrganization_defaultSettings(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	pool, pool2 := a.createPool("acme", "one"), a.createPool("acme", "two")
	d := a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"default-execution-mode": "agent"},
		map[string]any{"default-agent-pool": rel("agent-pools", pool)})).data(t, http.StatusOK)
	if attrs(t, d)["default-execution-mode"] != "agent" || relID(t, d, "default-agent-pool", "agent-pools") != pool {
		t.Fatalf("agent mode: %v %v", attrs(t, d)["default-execution-mode"], relData(t, d, "default-agent-pool"))
	}
	// The pool alone changes while the mode is agent.
	d = a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"default-agent-pool-id": pool2}, nil)).data(t, http.StatusOK)
	if relID(t, d, "default-agent-pool", "agent-pools") != pool2 {
		t.Fatalf("pool change: %v", relData(t, d, "default-agent-pool"))
	}
	// Clearing the pool in agent mode is refused.
	wantInvalid(t, a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", nil, map[string]any{"default-agent-pool": rel("agent-pools", "")})),
		"/data/relationships/default-agent-pool/data", "required when default-execution-mode is agent")
	// Another mode, without a pool, clears the pool.
	d = a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"default-execution-mode": "remote"}, nil)).data(t, http.StatusOK)
	if attrs(t, d)["default-execution-mode"] != "remote" || relID(t, d, "default-agent-pool", "agent-pools") != "" {
		t.Fatalf("back to remote: %v %v", attrs(t, d)["default-execution-mode"], relData(t, d, "default-agent-pool"))
	}
}

func TestOrganization_listSearchesAndPages(t *testing.T) {
	a := newAPI(t, platform.Options{})
	for i := range 25 {
		a.createOrg(fmt.Sprintf("org-%02d", i))
	}
	a.create(orgsPath, "organizations", map[string]any{"name": "zeta", "email": "boss@corp.example"}, nil)

	r := a.get(orgsPath + "?page[size]=10&page[number]=3")
	list := r.list(t)
	if got := strings.Join(ids(list), ","); got != "org-20,org-21,org-22,org-23,org-24,zeta" {
		t.Errorf("page 3 of 10: %s", got)
	}
	pagination := r.pagination(t)
	if pagination["total-count"] != 26.0 || pagination["total-pages"] != 3.0 || pagination["next-page"] != nil || pagination["prev-page"] != 2.0 {
		t.Errorf("pagination %v", pagination)
	}
	for query, want := range map[string]string{
		"q=ZETA":         "zeta",
		"q=corp.example": "zeta",
		"q[email]=corp":  "zeta",
		"q[name]=org-2":  "org-20,org-21,org-22,org-23,org-24",
		"q[name]=nobody": "",
	} {
		if got := strings.Join(ids(a.get(orgsPath+"?"+query).list(t)), ","); got != want {
			t.Errorf("%s: %s, want %s", query, got, want)
		}
	}
}

func TestOrganization_includes(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	for _, path := range []string{orgsPath + "/acme?include=default_project", orgsPath + "?include=default-project"} {
		inc := a.get(path).included(t)
		if len(inc) != 1 || inc[0]["id"] != prj || inc[0]["type"] != "projects" {
			t.Errorf("%s: included %v, want the default project", path, inc)
		}
	}
	// The entitlement set is included; the subscription is there once the
	// administrator set one (TestSubscription_planDecidesEntitlements).
	if inc := a.get(orgsPath + "/acme?include=entitlement_set,subscription").included(t); len(inc) != 1 || inc[0]["type"] != "entitlement-sets" {
		t.Errorf("included %v", inc)
	}
	emutest.WantAPIError(t, a.get(orgsPath+"/acme?include=workspaces"), http.StatusBadRequest, "bad request", "Invalid include parameter")
}

// Who sees what: a user its own organizations, a team or organization
// token its organization, the site administrator all; 404 alike for what
// does not exist and what the token may not see.
func TestOrganization_visibility(t *testing.T) {
	a := newAPI(t, platform.Options{})
	aliceToken, _ := a.server.MintUserToken("alice")
	bobToken, _ := a.server.MintUserToken("bob")
	alice, bob := a.as(aliceToken), a.as(bobToken)
	alice.createOrg("alices")
	a.createOrg("roots")

	if got := ids(alice.get(orgsPath).list(t)); strings.Join(got, ",") != "alices" {
		t.Errorf("alice lists %v", got)
	}
	if got := ids(a.get(orgsPath).list(t)); strings.Join(got, ",") != "alices,roots" {
		t.Errorf("the administrator lists %v", got)
	}
	for _, r := range []response{
		bob.get(orgsPath + "/alices"),
		bob.do(http.MethodPatch, orgsPath+"/alices", body("organizations", map[string]any{"email": "b@b"}, nil)),
		bob.do(http.MethodDelete, orgsPath+"/alices", nil),
		alice.get(orgsPath + "/roots"),
	} {
		wantNotFound(t, r)
	}
	if list := bob.get(orgsPath).list(t); len(list) != 0 {
		t.Errorf("bob lists %v", ids(list))
	}

	orgToken, err := a.server.MintOrganizationToken("alices")
	if err != nil {
		t.Fatal(err)
	}
	teamToken, err := a.server.MintTeamToken("alices", a.createTeam("alices", "devs"))
	if err != nil {
		t.Fatal(err)
	}
	org, team := a.as(orgToken), a.as(teamToken)
	for _, c := range []*api{org, team} {
		if got := ids(c.get(orgsPath).list(t)); strings.Join(got, ",") != "alices" {
			t.Errorf("token lists %v", got)
		}
		wantNotFound(t, c.get(orgsPath+"/roots"))
		// Only users create organizations.
		emutest.WantAPIError(t, c.do(http.MethodPost, orgsPath, body("organizations", map[string]any{"name": "x", "email": "x@y"}, nil)), http.StatusNotFound, "not found", "created with a user token")
	}
	// The organization token has the owners' rights; a team does not.
	org.do(http.MethodPatch, orgsPath+"/alices", body("organizations", map[string]any{"cost-estimation-enabled": true}, nil)).data(t, http.StatusOK)
	wantNotFound(t, team.do(http.MethodPatch, orgsPath+"/alices", body("organizations", map[string]any{"cost-estimation-enabled": false}, nil)))
	if perms, _ := attrs(t, team.get(orgsPath+"/alices").data(t, http.StatusOK))["permissions"].(map[string]any); perms["can-update"] != false || perms["can-create-workspace"] != true {
		t.Errorf("a team's permissions %v", perms)
	}

	// An organization has one organization token: a new one replaces it.
	again, _ := a.server.MintOrganizationToken("alices")
	emutest.WantAPIStatus(t, org.get(orgsPath+"/alices"), http.StatusUnauthorized)
	a.as(again).get(orgsPath+"/alices").data(t, http.StatusOK)
	team.get(orgsPath+"/alices").data(t, http.StatusOK)

	if _, err := a.server.MintOrganizationToken("nope"); err == nil {
		t.Error("MintOrganizationToken of a missing organization succeeded")
	}
	if _, err := a.server.MintTeamToken("alices", "owners"); err == nil {
		t.Error("MintTeamToken with a team name, not an ID, succeeded")
	}
}

func TestOrganization_expiredTokenIs401(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	tok, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "devs"))
	platform.ExpireToken(a.server, tok, clk.Now().Add(time.Minute))
	a.as(tok).get(orgsPath+"/acme").data(t, http.StatusOK)
	clk.advance(time.Minute)
	emutest.WantAPIError(t, a.as(tok).get(orgsPath+"/acme"), http.StatusUnauthorized, "unauthorized", "expired at")
}

func TestOrganization_deleteTakesEverythingInIt(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	other := a.createProject("acme", "other")
	orgToken, _ := a.server.MintOrganizationToken("acme")
	teamToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "devs"))
	wantNotFound(t, a.as(teamToken).do(http.MethodDelete, orgsPath+"/acme", nil))

	r := a.do(http.MethodDelete, orgsPath+"/acme", nil)
	if r.Status != http.StatusNoContent || r.Body != "" {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	wantNotFound(t, a.get(orgsPath+"/acme"))
	for _, id := range []string{prj, other} {
		wantNotFound(t, a.get("/api/v2/projects/"+id))
	}
	for _, tok := range []string{orgToken, teamToken} {
		emutest.WantAPIStatus(t, a.as(tok).get(orgsPath), http.StatusUnauthorized)
	}
	// The name is free again.
	a.createOrg("acme")
}

// The admin route mints organization and team tokens too.
func TestAdmin_mintsOrganizationAndTeamTokens(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	for _, mint := range []string{
		`{"type":"organization","organization":"acme"}`,
		`{"type":"team","organization":"acme","team":"` + a.createTeam("acme", "devs") + `"}`,
	} {
		r := postJSON(t, a.url+"/_emulator/platform/tokens", mint)
		tok, _ := emutest.JSON(t, r)["token"].(string)
		if r.Status != http.StatusOK || tok == "" {
			t.Fatalf("mint %s: %d %s", mint, r.Status, r.Body)
		}
		a.as(tok).get(orgsPath+"/acme").data(t, http.StatusOK)
	}
	for mint, want := range map[string]string{
		`{"type":"organization","organization":"nope"}`:                        `organization "nope": no such organization`,
		`{"type":"team","organization":"acme","team":"owners"}`:                `team ID "owners"`,
		`{"type":"team","organization":"nope","team":"team-TTTTTTTTTTTTTTTT"}`: "no such organization",
		`{"type":"team","organization":"acme","team":"team-TTTTTTTTTTTTTTTT"}`: `team "team-TTTTTTTTTTTTTTTT": no such team in organization "acme"`,
	} {
		if r := postJSON(t, a.url+"/_emulator/platform/tokens", mint); r.Status != http.StatusBadRequest || !strings.Contains(r.Body, want) {
			t.Errorf("mint %s: %d %q, want 400 with %q", mint, r.Status, r.Body, want)
		}
	}
}

// A new organization has its owners team: listed and counted with the
// others, with every organization permission; it cannot be deleted (403),
// renamed or lose a permission (422), and its tokens have the owners'
// rights.
func TestOrganization_ownersTeam(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	r := a.get(orgsPath + "/acme/teams?filter[names]=owners")
	list := r.list(t)
	if len(list) != 1 || r.pagination(t)["total-count"] != 1.0 {
		t.Fatalf("owners: %s", r.Body)
	}
	owners := wantID(t, list[0]["id"], "team")
	all := map[string]any{}
	for _, flag := range []string{
		"manage-policies", "manage-policy-overrides", "delegate-policy-overrides", "manage-workspaces",
		"manage-vcs-settings", "manage-providers", "manage-modules", "manage-run-tasks", "manage-projects",
		"read-workspaces", "read-projects", "manage-membership", "manage-teams",
		"manage-organization-access", "access-secret-teams", "manage-agent-pools",
	} {
		all[flag] = true
	}
	wantAttrs(t, list[0], map[string]any{"name": "owners", "visibility": "secret", "organization-access": all})
	if perms := emutest.Object(t, attrs(t, list[0])["permissions"]); perms["can-destroy"] != false {
		t.Errorf("owners permissions %v", perms)
	}
	a.createTeam("acme", "devs")
	if p := a.get(orgsPath + "/acme/teams").pagination(t); p["total-count"] != 2.0 {
		t.Errorf("pagination %v", p)
	}

	emutest.WantAPIError(t, a.do(http.MethodDelete, teamPath(owners), nil), http.StatusForbidden, "forbidden", "owners team of an organization cannot be deleted")
	wantInvalid(t, a.do(http.MethodPatch, teamPath(owners), body("teams", map[string]any{"name": "admins"}, nil)), "/data/attributes/name", "cannot be renamed")
	wantInvalid(t, a.do(http.MethodPatch, teamPath(owners), body("teams", map[string]any{"organization-access": map[string]any{"manage-teams": false}}, nil)),
		"/data/attributes/organization-access/manage-teams", "manage-teams cannot be false")
	wantAttrs(t, a.do(http.MethodPatch, teamPath(owners), body("teams", map[string]any{"visibility": "organization"}, nil)).data(t, http.StatusOK),
		map[string]any{"name": "owners", "visibility": "organization", "organization-access": all})
	wantConflict(t, a.do(http.MethodPost, orgsPath+"/acme/teams", body("teams", map[string]any{"name": "Owners"}, nil)), "already been taken by team "+owners)

	// The owners team's token changes and deletes the organization, which
	// another team's token may not.
	devsToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "ops"))
	wantNotFound(t, a.as(devsToken).do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"email": "x@example.com"}, nil)))
	created := a.do(http.MethodPost, teamPath(owners)+"/authentication-tokens", tokenBody("authentication-tokens", map[string]any{"description": "ci"})).data(t, http.StatusCreated)
	ownerToken := a.as(secretOf(t, created))
	d := ownerToken.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"email": "owners@example.com"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"email": "owners@example.com"})
	if perms := emutest.Object(t, attrs(t, d)["permissions"]); perms["can-destroy"] != true || perms["can-create-team"] != true {
		t.Errorf("the owners team's permissions %v", perms)
	}
	ownerToken.do(http.MethodPost, orgsPath+"/acme/authentication-token", nil).data(t, http.StatusCreated)
	emutest.WantAPIStatus(t, ownerToken.do(http.MethodDelete, orgsPath+"/acme", nil), http.StatusNoContent)
	wantNotFound(t, a.get(orgsPath+"/acme"))
	emutest.WantAPIStatus(t, ownerToken.get(orgsPath), http.StatusUnauthorized)
}

// user-tokens-enabled false refuses every user token, the site
// administrator's included, on the organization: 401 on its own paths,
// 404 for its objects by ID, and absent from lists; team and organization
// tokens carry on, and turning it back on lets user tokens in again.
func TestOrganization_userTokensDisabled(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	team := a.createTeam("acme", "devs")
	owners := wantID(t, a.get(orgsPath + "/acme/teams?filter[names]=owners").list(t)[0]["id"], "team")
	ownerToken, _ := a.server.MintTeamToken("acme", owners)
	teamToken, _ := a.server.MintTeamToken("acme", team)
	orgToken, _ := a.server.MintOrganizationToken("acme")
	o := a.as(ownerToken)

	d := o.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"user-tokens-enabled": false}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"user-tokens-enabled": false})
	emutest.WantAPIError(t, a.get(orgsPath+"/acme"), http.StatusUnauthorized, "unauthorized", "user tokens are disabled")
	emutest.WantAPIError(t, a.get(orgsPath+"/acme/teams"), http.StatusUnauthorized, "unauthorized", "user tokens are disabled")
	wantNotFound(t, a.get(teamPath(team)))
	if names := ids(a.get(orgsPath).list(t)); len(names) != 1 || names[0] != "other" {
		t.Errorf("the administrator lists %v", names)
	}
	// Who never saw it is still answered 404.
	alice, _ := a.server.MintUserToken("alice")
	wantNotFound(t, a.as(alice).get(orgsPath+"/acme"))
	for _, tok := range []string{ownerToken, teamToken, orgToken} {
		wantAttrs(t, a.as(tok).get(orgsPath+"/acme").data(t, http.StatusOK), map[string]any{"user-tokens-enabled": false})
	}

	o.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"user-tokens-enabled": true}, nil)).data(t, http.StatusOK)
	wantAttrs(t, a.get(orgsPath+"/acme").data(t, http.StatusOK), map[string]any{"user-tokens-enabled": true})
	a.get(teamPath(team)).data(t, http.StatusOK)
}

func init() {
	refuseStates(stateInOrg(),
		stateFile("organizations", `{"name":"a b","external-id":"org-AAAAAAAAAAAAAAAA"}`),
		stateFile("organizations", stateOrg),
		stateFile("organizations", stateOrg+","+stateOrg, "projects", stateProject),
		stateFile("organizations", strings.Replace(stateOrg, `"remote"`, `"cloud"`, 1), "projects", stateProject),
	)
	// Settings beyond the defaults, and an organization that a user owns,
	// which only that user's token sees.
	addStateFixture("organizations", func(a *api) roundTrip {
		pool := a.createPool("acme", "state-default")
		a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{
			"allow-force-delete-workspaces": true, "default-execution-mode": "agent", "default-agent-pool-id": pool,
		}, nil)).data(a.t, http.StatusOK)
		alice, err := a.server.MintUserToken("alice")
		if err != nil {
			a.t.Fatal(err)
		}
		a.as(alice).createOrg("alices")
		return roundTrip{
			paths: []string{orgsPath + "/acme", orgsPath},
			check: func(t *testing.T, b *api) {
				if got := ids(b.as(alice).get(orgsPath).list(t)); strings.Join(got, ",") != "alices" {
					t.Errorf("alice sees %v after a round trip", got)
				}
			},
		}
	})
}
