package platform_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func agentTokensPath(pool string) string { return agentPoolPath(pool) + "/authentication-tokens" }
func authTokenPath(id string) string     { return "/api/v2/authentication-tokens/" + id }

// createAgentToken creates a token of pool and returns its answer.
func (a *api) createAgentToken(pool, description string) map[string]any {
	a.t.Helper()
	// go-tfe sends the type agent-tokens; the API's documents say
	// authentication-tokens. Either is taken.
	return a.create(agentTokensPath(pool), "agent-tokens", map[string]any{"description": description}, nil)
}

// The secret is in the create's answer only; reads and lists answer null.
func TestAgentTokens_secretOnlyInTheCreate(t *testing.T) {
	a := newAPI(t, platform.Options{})
	newClock(a)
	a.createOrg("acme")
	pool := a.createPool("acme", "runners")
	d := a.createAgentToken(pool, "ci agents")
	id := wantID(t, d["id"], "at")
	if secret, _ := attrs(t, d)["token"].(string); !secretPattern.MatchString(secret) {
		t.Errorf("token %q is no secret of the API's shape", secret)
	}
	if d["type"] != "authentication-tokens" {
		t.Errorf("type %v", d["type"])
	}
	wantAttrs(t, d, map[string]any{"description": "ci agents", "created-at": "2025-06-01T12:00:00.000Z", "last-used-at": nil})
	if _, present := attrs(t, d)["expired-at"]; present {
		t.Errorf("an agent token has no expiry: %v", d)
	}
	if by := relID(t, d, "created-by", "users"); by == "" {
		t.Errorf("created-by %v", d["relationships"])
	}

	got := a.get(authTokenPath(id)).data(t, http.StatusOK)
	wantAttrs(t, got, map[string]any{"token": nil, "description": "ci agents"})
	delete(attrs(t, d), "token")
	delete(attrs(t, got), "token")
	if !emutest.EqualJSON(t, got, d) {
		t.Errorf("read %v\nwant the create's answer without its secret %v", got, d)
	}
	for _, item := range a.get(agentTokensPath(pool)).list(t) {
		wantAttrs(t, item, map[string]any{"token": nil})
	}
}

func TestAgentTokens_descriptionRequired(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	pool := a.createPool("acme", "runners")
	for _, attrs := range []map[string]any{nil, {"description": ""}, {"description": "  "}, {"description": nil}} {
		wantInvalid(t, a.do(http.MethodPost, agentTokensPath(pool), body("authentication-tokens", attrs, nil)), "/data/attributes/description", "description is required")
	}
	wantNotFound(t, a.do(http.MethodPost, agentTokensPath("apool-Missing123456789"), body("authentication-tokens", map[string]any{"description": "x"}, nil)))
	if got := a.get(agentTokensPath(pool)).list(t); len(got) != 0 {
		t.Errorf("refused creates stored %v", got)
	}
}

func TestAgentTokens_listSortedByCreation(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	pool, other := a.createPool("acme", "runners"), a.createPool("acme", "others")
	var want []string
	for _, d := range []string{"b", "a", "c"} {
		want = append(want, wantID(t, a.createAgentToken(pool, d)["id"], "at"))
		clk.advance(time.Second)
	}
	a.createAgentToken(other, "elsewhere")
	r := a.get(agentTokensPath(pool))
	if got := ids(r.list(t)); !slices.Equal(got, want) {
		t.Errorf("tokens %v, want %v", got, want)
	}
	if r.pagination(t)["total-count"] != float64(3) {
		t.Errorf("pagination %v", r.pagination(t))
	}
	if got := ids(a.get(agentTokensPath(pool) + "?sort=-created-at").list(t)); !slices.Equal(got, []string{want[2], want[1], want[0]}) {
		t.Errorf("tokens by -created-at %v", got)
	}
	if got := ids(a.get(agentTokensPath(pool) + "?page[size]=1&page[number]=2").list(t)); !slices.Equal(got, want[1:2]) {
		t.Errorf("page 2 %v", got)
	}
	emutest.WantAPIError(t, a.get(agentTokensPath(pool)+"?sort=description"), http.StatusBadRequest, "bad request", "sort parameter")
	wantNotFound(t, a.get(agentTokensPath("apool-Missing123456789")))
}

// A token is deleted by ID, as a team's is; a pool's delete takes its
// tokens; a team's tokens and a pool's do not mix.
func TestAgentTokens_deleteAndCascade(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	pool := a.createPool("acme", "runners")
	first := wantID(t, a.createAgentToken(pool, "one")["id"], "at")
	second := wantID(t, a.createAgentToken(pool, "two")["id"], "at")
	a.wantDeletes(authTokenPath(first))

	team := a.createTeam("acme", "devs")
	teamToken := wantID(t, a.create("/api/v2/teams/"+team+"/authentication-tokens", "authentication-tokens", map[string]any{"description": "ci"}, nil)["id"], "at")
	if got := ids(a.get(agentTokensPath(pool)).list(t)); !slices.Equal(got, []string{second}) {
		t.Errorf("pool tokens %v, want %v", got, []string{second})
	}
	if relID(t, a.get(authTokenPath(teamToken)).data(t, http.StatusOK), "team", "teams") != team {
		t.Error("the team token is not read as one")
	}

	emutest.WantAPIStatus(t, a.do(http.MethodDelete, agentPoolPath(pool), nil), http.StatusNoContent)
	wantNotFound(t, a.get(authTokenPath(second)))
}

// Who does not manage the organization's agent pools neither creates nor
// deletes their tokens.
func TestAgentTokens_onlyPoolManagers(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	pool := a.createPool("acme", "runners")
	id := wantID(t, a.createAgentToken(pool, "one")["id"], "at")
	secret, err := a.server.MintTeamToken("acme", a.createTeam("acme", "devs"))
	if err != nil {
		t.Fatal(err)
	}
	team := a.as(secret)
	team.get(authTokenPath(id)).data(t, http.StatusOK)
	wantNotFound(t, team.do(http.MethodPost, agentTokensPath(pool), body("authentication-tokens", map[string]any{"description": "x"}, nil)))
	wantNotFound(t, team.do(http.MethodDelete, authTokenPath(id), nil))
	a.get(authTokenPath(id)).data(t, http.StatusOK)
}

func init() {
	addStateFixture("agent-tokens", func(a *api) roundTrip {
		pool := a.createPool("acme", "state-agents")
		a.createAgentToken(pool, "agents")
		return roundTrip{paths: []string{agentTokensPath(pool)}}
	})
}
