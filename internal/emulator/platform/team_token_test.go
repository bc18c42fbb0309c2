package platform_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

const authenticationTokensPath = "/api/v2/authentication-tokens"

// secretPattern is the shape of the API's token secrets.
var secretPattern = regexp.MustCompile(`^[1-9A-HJ-NP-Za-km-z]{14}\.atlasv1\.[1-9A-HJ-NP-Za-km-z]{67}$`)

// tokenBody is a token create document of type typ.
func tokenBody(typ string, attrs map[string]any) map[string]any {
	return body(typ, attrs, nil)
}

// secretOf returns the token secret of a create answer.
func secretOf(t *testing.T, d map[string]any) string {
	t.Helper()
	s, _ := attrs(t, d)["token"].(string)
	if !secretPattern.MatchString(s) {
		t.Fatalf("token %q is not a token secret", s)
	}
	return s
}

func TestTeamToken_createAnswersTheSecretOnce(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	team := a.createTeam("acme", "devs")
	expiry := clk.Now().Add(time.Hour)
	d := a.do(http.MethodPost, teamPath(team)+"/authentication-tokens", tokenBody("authentication-tokens", map[string]any{
		"description": "ci", "expired-at": expiry.Format(time.RFC3339),
	})).data(t, http.StatusCreated)
	id := wantID(t, d["id"], "at")
	secret := secretOf(t, d)
	if d["type"] != "authentication-tokens" {
		t.Errorf("type %v", d["type"])
	}
	wantAttrs(t, d, map[string]any{
		"description": "ci", "expired-at": "2025-06-01T13:00:00.000Z", "created-at": "2025-06-01T12:00:00.000Z", "last-used-at": nil,
	})
	if relID(t, d, "team", "teams") != team || relID(t, d, "created-by", "users") != "user-Emu1atorRootUser" {
		t.Errorf("relationships %v", d["relationships"])
	}
	read := a.get(authenticationTokensPath+"/"+id).data(t, http.StatusOK)
	wantAttrs(t, read, map[string]any{"token": nil, "description": "ci", "expired-at": "2025-06-01T13:00:00.000Z"})
	if !emutest.EqualJSON(t, read["relationships"], d["relationships"]) {
		t.Errorf("read relationships %v, want %v", read["relationships"], d["relationships"])
	}
	// The secret acts for the team until it expires.
	tok := a.as(secret)
	tok.get(orgsPath+"/acme").data(t, http.StatusOK)
	tok.createProject("acme", "by-team")
	clk.advance(time.Hour)
	emutest.WantAPIError(t, tok.get(orgsPath+"/acme"), http.StatusUnauthorized, "unauthorized", "expired at 2025-06-01T13:00:00.000Z")
}

// Clients send a token create's data.type as authentication-token,
// authentication-tokens or nothing: none is refused.
func TestTeamToken_dataTypeIsNotChecked(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	team := a.createTeam("acme", "devs")
	for i, typ := range []string{"authentication-token", "authentication-tokens", ""} {
		d := a.do(http.MethodPost, teamPath(team)+"/authentication-tokens", tokenBody(typ, map[string]any{"description": fmt.Sprint("token ", i)})).data(t, http.StatusCreated)
		a.as(secretOf(t, d)).get(orgsPath+"/acme").data(t, http.StatusOK)
		d = a.do(http.MethodPost, teamPath(team)+"/authentication-token", tokenBody(typ, nil)).data(t, http.StatusCreated)
		a.as(secretOf(t, d)).get(orgsPath+"/acme").data(t, http.StatusOK)
		d = a.do(http.MethodPost, orgsPath+"/acme/authentication-token", tokenBody(typ, map[string]any{"expired-at": nil})).data(t, http.StatusCreated)
		a.as(secretOf(t, d)).get(orgsPath+"/acme").data(t, http.StatusOK)
	}
}

func TestTeamToken_descriptionIsRequiredAndUniqueInItsTeam(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	devs, ops := a.createTeam("acme", "devs"), a.createTeam("acme", "ops")
	path := teamPath(devs) + "/authentication-tokens"
	for _, c := range []struct {
		attrs           map[string]any
		pointer, detail string
	}{
		{map[string]any{}, "/data/attributes/description", "description is required"},
		{map[string]any{"description": nil}, "/data/attributes/description", "description is required"},
		{map[string]any{"description": "ci", "expired-at": "tomorrow"}, "/data/attributes/expired-at", "must be an ISO 8601 timestamp"},
		{map[string]any{"description": "ci", "expired-at": clk.Now().Format(time.RFC3339)}, "/data/attributes/expired-at", "must be in the future"},
	} {
		wantInvalid(t, a.do(http.MethodPost, path, tokenBody("authentication-tokens", c.attrs)), c.pointer, c.detail)
	}
	// Without expired-at (null or absent) the server sets one, two years
	// after the token's creation.
	first := a.do(http.MethodPost, path, tokenBody("authentication-tokens", map[string]any{"description": "ci", "expired-at": nil})).data(t, http.StatusCreated)
	wantAttrs(t, first, map[string]any{"created-at": "2025-06-01T12:00:00.000Z", "expired-at": "2027-06-01T12:00:00.000Z"})
	r := a.do(http.MethodPost, path, tokenBody("authentication-tokens", map[string]any{"description": "ci"}))
	wantErrorAt(t, r, http.StatusUnprocessableEntity, "invalid attributes", "/data/attributes/description", "Validation failed: Description has already been taken")
	a.do(http.MethodPost, teamPath(ops)+"/authentication-tokens", tokenBody("authentication-tokens", map[string]any{"description": "ci"})).data(t, http.StatusCreated)
	// An empty description, or one of blanks, is a description: once in
	// a team, as any other; the legacy token, which has none, takes none
	// of them.
	for _, d := range []string{"", "  "} {
		empty := a.do(http.MethodPost, path, tokenBody("authentication-tokens", map[string]any{"description": d})).data(t, http.StatusCreated)
		wantAttrs(t, empty, map[string]any{"description": d})
		wantAttrs(t, a.get("/api/v2/authentication-tokens/"+wantID(t, empty["id"], "at")).data(t, http.StatusOK), map[string]any{"description": d})
		wantErrorAt(t, a.do(http.MethodPost, path, tokenBody("authentication-tokens", map[string]any{"description": d})),
			http.StatusUnprocessableEntity, "invalid attributes", "/data/attributes/description", "Validation failed: Description has already been taken")
	}
	wantNotFound(t, a.get(teamPath(devs)+"/authentication-token"))
	legacy := a.do(http.MethodPost, teamPath(devs)+"/authentication-token", tokenBody("authentication-token", nil)).data(t, http.StatusCreated)
	wantAttrs(t, legacy, map[string]any{"description": nil})
	if got := len(a.get(orgsPath + "/acme/team-tokens?q=devs").list(t)); got != 4 {
		t.Errorf("devs has %d tokens, want ci, the empty one, the blank one and the legacy one", got)
	}
	wantNotFound(t, a.do(http.MethodPost, teamPath("team-1111111111111111")+"/authentication-tokens", tokenBody("authentication-tokens", map[string]any{"description": "x"})))
}

// A team has one legacy token, without description: each new one replaces
// it, and leaves the described tokens be.
func TestTeamToken_legacyTokenIsReplaced(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	team := a.createTeam("acme", "devs")
	legacy := teamPath(team) + "/authentication-token"
	wantNotFound(t, a.get(legacy))
	described := secretOf(t, a.do(http.MethodPost, teamPath(team)+"/authentication-tokens", tokenBody("authentication-tokens", map[string]any{"description": "ci"})).data(t, http.StatusCreated))
	first := a.do(http.MethodPost, legacy, tokenBody("authentication-token", nil)).data(t, http.StatusCreated)
	wantAttrs(t, first, map[string]any{"description": nil})
	wantDefaultExpiry(t, first)
	second := a.do(http.MethodPost, legacy, tokenBody("authentication-token", map[string]any{"description": "ignored"})).data(t, http.StatusCreated)
	wantAttrs(t, second, map[string]any{"description": nil})
	emutest.WantAPIStatus(t, a.as(secretOf(t, first)).get(orgsPath+"/acme"), http.StatusUnauthorized)
	a.as(secretOf(t, second)).get(orgsPath+"/acme").data(t, http.StatusOK)
	a.as(described).get(orgsPath+"/acme").data(t, http.StatusOK)

	d := a.get(legacy).data(t, http.StatusOK)
	if d["id"] != second["id"] || relID(t, d, "team", "teams") != team {
		t.Errorf("legacy token %v, want %v", d, second["id"])
	}
	wantAttrs(t, d, map[string]any{"token": nil, "description": nil})
	// Its ID reads it too.
	a.get(authenticationTokensPath+"/"+wantID(t, second["id"], "at")).data(t, http.StatusOK)

	if r := a.do(http.MethodDelete, legacy, nil); r.Status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	emutest.WantAPIStatus(t, a.as(secretOf(t, second)).get(orgsPath+"/acme"), http.StatusUnauthorized)
	a.as(described).get(orgsPath+"/acme").data(t, http.StatusOK)
	wantNotFound(t, a.get(legacy))
	wantNotFound(t, a.do(http.MethodDelete, legacy, nil))

	// MintTeamToken gives the legacy token too.
	minted, _ := a.server.MintTeamToken("acme", team)
	again, _ := a.server.MintTeamToken("acme", team)
	emutest.WantAPIStatus(t, a.as(minted).get(orgsPath+"/acme"), http.StatusUnauthorized)
	d = a.get(legacy).data(t, http.StatusOK)
	if relID(t, d, "created-by", "users") != "" {
		t.Errorf("a minted token's created-by: %v", d["relationships"])
	}
	a.as(again).get(orgsPath+"/acme").data(t, http.StatusOK)
}

func TestTeamToken_deleteByID(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	team := a.createTeam("acme", "devs")
	d := a.do(http.MethodPost, teamPath(team)+"/authentication-tokens", tokenBody("authentication-tokens", map[string]any{"description": "ci"})).data(t, http.StatusCreated)
	path := authenticationTokensPath + "/" + wantID(t, d["id"], "at")
	if r := a.do(http.MethodDelete, path, nil); r.Status != http.StatusNoContent || r.Body != "" {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	emutest.WantAPIStatus(t, a.as(secretOf(t, d)).get(orgsPath+"/acme"), http.StatusUnauthorized)
	wantNotFound(t, a.get(path))
	wantNotFound(t, a.do(http.MethodDelete, path, nil))
	// The description is free again.
	a.do(http.MethodPost, teamPath(team)+"/authentication-tokens", tokenBody("authentication-tokens", map[string]any{"description": "ci"})).data(t, http.StatusCreated)
	// The organization token is not a team token.
	org := a.do(http.MethodPost, orgsPath+"/acme/authentication-token", nil).data(t, http.StatusCreated)
	wantNotFound(t, a.get(authenticationTokensPath+"/"+wantID(t, org["id"], "at")))
}

func TestTeamToken_listOfTheOrganization(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	a.createOrg("other")
	alpha, beta := a.createTeam("acme", "alpha"), a.createTeam("acme", "beta")
	if _, err := a.server.MintTeamToken("other", a.createTeam("other", "elsewhere")); err != nil {
		t.Fatal(err)
	}
	create := func(team, description string, expiresIn time.Duration) string {
		attrs := map[string]any{"description": description}
		if expiresIn > 0 {
			attrs["expired-at"] = clk.Now().Add(expiresIn).Format(time.RFC3339)
		}
		d := a.do(http.MethodPost, teamPath(team)+"/authentication-tokens", tokenBody("authentication-tokens", attrs)).data(t, http.StatusCreated)
		clk.advance(time.Second)
		return wantID(t, d["id"], "at")
	}
	never := create(alpha, "never", 0)
	late := create(beta, "late", 3*time.Hour)
	soon := create(alpha, "soon", time.Hour)
	mid := create(beta, "mid", 2*time.Hour)
	listed := func(query string) string {
		list := a.get(orgsPath + "/acme/team-tokens?" + query).list(t)
		for _, tok := range list {
			if attrs(t, tok)["token"] != nil {
				t.Errorf("a listed token has its secret: %v", tok)
			}
		}
		return strings.Join(ids(list), ",")
	}
	for query, want := range map[string]string{
		"":                            strings.Join([]string{soon, mid, late, never}, ","),
		"sort=-expired-at":            strings.Join([]string{never, late, mid, soon}, ","),
		"sort=team-name":              strings.Join([]string{never, soon, late, mid}, ","),
		"sort=-team-name":             strings.Join([]string{mid, late, soon, never}, ","),
		"q=ALP":                       strings.Join([]string{soon, never}, ","),
		"page[size]=3&page[number]=2": never,
	} {
		if got := listed(query); got != want {
			t.Errorf("%s: %s, want %s", query, got, want)
		}
	}
	emutest.WantAPIError(t, a.get(orgsPath+"/acme/team-tokens?sort=description"), http.StatusBadRequest, "bad request", "Invalid sort parameter")
	wantNotFound(t, a.get(orgsPath+"/nope/team-tokens"))
	// A team that does not see the secret teams does not see their tokens.
	plain := a.createTeam("acme", "plain")
	tok, _ := a.server.MintTeamToken("acme", plain)
	if got := a.as(tok).get(orgsPath + "/acme/team-tokens").list(t); len(got) != 1 || relID(t, got[0], "team", "teams") != plain {
		t.Errorf("plain lists %v", ids(got))
	}
	wantNotFound(t, a.as(tok).get(authenticationTokensPath+"/"+soon))
}

// The owners and a team with manage-teams manage teams' tokens; another
// team may not, not even its own (404).
func TestTeamToken_whoManages(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	devs := wantID(t, a.createTeamWith("acme", map[string]any{"name": "devs", "visibility": "organization"})["id"], "team")
	manager := wantID(t, a.createTeamWith("acme", map[string]any{"name": "manager", "organization-access": map[string]any{"manage-teams": true}})["id"], "team")
	devsToken, _ := a.server.MintTeamToken("acme", devs)
	managerToken, _ := a.server.MintTeamToken("acme", manager)
	orgToken, _ := a.server.MintOrganizationToken("acme")
	ci := a.do(http.MethodPost, teamPath(devs)+"/authentication-tokens", tokenBody("authentication-tokens", map[string]any{"description": "ci"})).data(t, http.StatusCreated)

	d := a.as(devsToken)
	for _, r := range []response{
		d.do(http.MethodPost, teamPath(devs)+"/authentication-tokens", tokenBody("authentication-tokens", map[string]any{"description": "mine"})),
		d.do(http.MethodPost, teamPath(devs)+"/authentication-token", nil),
		d.do(http.MethodDelete, teamPath(devs)+"/authentication-token", nil),
		d.do(http.MethodDelete, authenticationTokensPath+"/"+wantID(t, ci["id"], "at"), nil),
	} {
		wantNotFound(t, r)
	}
	d.get(authenticationTokensPath+"/"+wantID(t, ci["id"], "at")).data(t, http.StatusOK)
	d.get(teamPath(devs)+"/authentication-token").data(t, http.StatusOK)

	byManager := a.as(managerToken).do(http.MethodPost, teamPath(devs)+"/authentication-tokens", tokenBody("authentication-tokens", map[string]any{"description": "by manager"})).data(t, http.StatusCreated)
	if relID(t, byManager, "created-by", "teams") != manager {
		t.Errorf("created-by %v", byManager["relationships"])
	}
	byOrg := a.as(orgToken).do(http.MethodPost, teamPath(devs)+"/authentication-tokens", tokenBody("authentication-tokens", map[string]any{"description": "by org"})).data(t, http.StatusCreated)
	if relID(t, byOrg, "created-by", "organizations") != "acme" {
		t.Errorf("created-by %v", byOrg["relationships"])
	}
	if r := a.as(managerToken).do(http.MethodDelete, authenticationTokensPath+"/"+wantID(t, ci["id"], "at"), nil); r.Status != http.StatusNoContent {
		t.Fatalf("manager deletes: %d %s", r.Status, r.Body)
	}
}

// The token and access endpoints have no includes: an include is 400, an
// empty one is none.
func TestTeamToken_endpointsHaveNoIncludes(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	team := a.createTeam("acme", "devs")
	tok := a.do(http.MethodPost, teamPath(team)+"/authentication-token", nil).data(t, http.StatusCreated)
	a.do(http.MethodPost, orgsPath+"/acme/authentication-token", nil).data(t, http.StatusCreated)
	access := a.createTeamProject(team, prj, map[string]any{"access": "read"})
	for _, path := range []string{
		authenticationTokensPath + "/" + wantID(t, tok["id"], "at"), teamPath(team) + "/authentication-token",
		orgsPath + "/acme/team-tokens", orgsPath + "/acme/authentication-token",
		teamProjectPath(access), teamProjectsPath + "?filter[project][id]=" + prj,
	} {
		sep := "?"
		if strings.Contains(path, "?") {
			sep = "&"
		}
		emutest.WantAPIStatus(t, a.get(path+sep+"include="), http.StatusOK)
		emutest.WantAPIError(t, a.get(path+sep+"include=team"), http.StatusBadRequest, "bad request", "Invalid include parameter")
	}
}

// wantDefaultExpiry checks that a token's expired-at is the default one:
// two years after its created-at.
func wantDefaultExpiry(t *testing.T, tok map[string]any) {
	t.Helper()
	a := attrs(t, tok)
	created, err := time.Parse(time.RFC3339, fmt.Sprint(a["created-at"]))
	if err != nil {
		t.Fatalf("created-at %v: %v", a["created-at"], err)
	}
	if want := created.AddDate(2, 0, 0).Format("2006-01-02T15:04:05.000Z"); a["expired-at"] != want {
		t.Errorf("expired-at %v, want %s: two years after created-at", a["expired-at"], want)
	}
}
