package platform_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func oauthClientsPath(org string) string { return orgsPath + "/" + org + "/oauth-clients" }
func oauthClientPath(id string) string   { return "/api/v2/oauth-clients/" + id }

// github is a GitHub client's create attributes, with a token.
func github(extra map[string]any) map[string]any {
	return merged(map[string]any{
		"service-provider": "github", "http-url": "https://github.com", "api-url": "https://api.github.com",
		"oauth-token-string": "ghp_secret",
	}, extra)
}

// createOAuthClient creates a client of org and returns its answer.
func (a *api) createOAuthClient(org string, attrs, rels map[string]any) map[string]any {
	a.t.Helper()
	return a.create(oauthClientsPath(org), "oauth-clients", attrs, rels)
}

// createOAuthToken creates a GitHub client of org and returns its OAuth
// token's ID, what a workspace's vcs-repo names.
func (a *api) createOAuthToken(org string) string {
	a.t.Helper()
	tokens := toManyIDs(a.t, a.createOAuthClient(org, github(nil), nil), "oauth-tokens", "oauth-tokens")
	if len(tokens) != 1 {
		a.t.Fatalf("OAuth tokens %v, want one", tokens)
	}
	return wantID(a.t, tokens[0], "ot")
}

// Secrets are taken and never answered; a token string makes the OAuth
// token.
func TestOAuthClients_createAnswersNoSecret(t *testing.T) {
	a := newAPI(t, platform.Options{})
	newClock(a)
	a.createOrg("acme")
	d := a.createOAuthClient("acme", github(map[string]any{"secret": "s3cret"}), nil)
	id := wantID(t, d["id"], "oc")
	wantAttrs(t, d, map[string]any{
		"name": nil, "service-provider": "github", "service-provider-display-name": "GitHub",
		"http-url": "https://github.com", "api-url": "https://api.github.com", "key": nil, "rsa-public-key": nil,
		"secret": nil, "organization-scoped": true, "created-at": "2025-06-01T12:00:00.000Z",
		"connect-path": "/auth/" + id + "?organization_id=" + wantID(t, attrs(t, a.get(orgsPath+"/acme").data(t, http.StatusOK))["external-id"], "org"),
	})
	if cb, _ := attrs(t, d)["callback-url"].(string); !strings.HasPrefix(cb, a.url+"/auth/"+id) {
		t.Errorf("callback-url %q", cb)
	}
	for _, secret := range []string{"ghp_secret", "s3cret"} {
		if r := a.get(oauthClientPath(id) + "?include=oauth-tokens"); strings.Contains(r.Body, secret) {
			t.Errorf("secret %q answered: %s", secret, r.Body)
		}
	}
	tokens := toManyIDs(t, d, "oauth-tokens", "oauth-tokens")
	if len(tokens) != 1 {
		t.Fatalf("OAuth tokens %v", tokens)
	}
	tok := a.get("/api/v2/oauth-tokens/"+tokens[0]).data(t, http.StatusOK)
	if relID(t, tok, "oauth-client", "oauth-clients") != id || strings.Contains(a.get("/api/v2/oauth-tokens/"+tokens[0]).Body, "ghp_secret") {
		t.Errorf("token %v", tok)
	}
	if got := ids(a.get(oauthClientPath(id) + "/oauth-tokens").list(t)); !slices.Equal(got, tokens) {
		t.Errorf("client's tokens %v, want %v", got, tokens)
	}
	if got := a.get(oauthClientPath(id)).data(t, http.StatusOK); !emutest.EqualJSON(t, got, d) {
		t.Errorf("read %v\nwant %v", got, d)
	}

	// Without a token string there is no token yet; a named Bitbucket
	// Data Center client answers its key and public key.
	d = a.createOAuthClient("acme", map[string]any{
		"service-provider": "bitbucket_data_center", "http-url": "https://bbdc.example.com", "api-url": "https://bbdc.example.com",
		"name": "bbdc", "key": "consumer", "secret": "private-pem", "rsa-public-key": "public-pem",
	}, nil)
	wantAttrs(t, d, map[string]any{"name": "bbdc", "key": "consumer", "rsa-public-key": "public-pem", "secret": nil, "service-provider-display-name": "Bitbucket Data Center"})
	if got := toManyIDs(t, d, "oauth-tokens", "oauth-tokens"); len(got) != 0 {
		t.Errorf("tokens %v without a token string", got)
	}
}

func TestOAuthClients_createRules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	post := func(attrs, rels map[string]any) response {
		return a.do(http.MethodPost, oauthClientsPath("acme"), body("oauth-clients", attrs, rels))
	}
	without := func(key string) map[string]any { m := github(nil); delete(m, key); return m }
	wantInvalid(t, post(without("service-provider"), nil), attrAt("service-provider"), "service-provider is required")
	wantInvalid(t, post(github(map[string]any{"service-provider": "sourceforge"}), nil), attrAt("service-provider"), `invalid service-provider "sourceforge"`)
	wantInvalid(t, post(without("http-url"), nil), attrAt("http-url"), "http-url is required")
	wantInvalid(t, post(github(map[string]any{"api-url": "api.github.com"}), nil), attrAt("api-url"), "an http or https URL")
	wantInvalid(t, post(github(map[string]any{"private-key": "pem"}), nil), attrAt("private-key"), "only taken by an ado_server client")
	wantInvalid(t, post(github(nil), map[string]any{"agent-pool": rel("agent-pools", "apool-Missing123456789")}),
		"/data/relationships/agent-pool/data", "the provided agent pool does not exist or you are not authorized to use it")
	wantInvalid(t, post(map[string]any{"service-provider": "bitbucket_data_center", "http-url": "https://b.example.com", "api-url": "https://b.example.com", "key": ""}, nil),
		attrAt("key"), "The Consumer Key for Bitbucket Data Center must be present")
	if got := a.get(oauthClientsPath("acme")).list(t); len(got) != 0 {
		t.Fatalf("refused creates stored %v", got)
	}
	// A project of another organization is left out, not refused.
	d := a.createOAuthClient("acme", github(nil), map[string]any{"projects": refs("projects", a.createProject("other", "theirs"))})
	if got := toManyIDs(t, d, "projects", "projects"); len(got) != 0 {
		t.Errorf("projects %v, want another organization's left out", got)
	}
	// An ado_server client takes a private key, never answered.
	d = a.createOAuthClient("acme", map[string]any{"service-provider": "ado_server", "http-url": "https://ado.example.com", "api-url": "https://ado.example.com", "private-key": "pem-text"}, nil)
	if _, present := attrs(t, d)["private-key"]; present {
		t.Errorf("private-key answered: %v", d)
	}
	// Who does not manage VCS settings cannot create one.
	secret, err := a.server.MintTeamToken("acme", a.createTeam("acme", "devs"))
	if err != nil {
		t.Fatal(err)
	}
	wantNotFound(t, a.as(secret).do(http.MethodPost, oauthClientsPath("acme"), body("oauth-clients", github(nil), nil)))
	a.as(secret).get(oauthClientPath(wantID(t, d["id"], "oc"))).data(t, http.StatusOK)
}

func TestOAuthClients_updateAndProjects(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	web, api := a.createProject("acme", "web"), a.createProject("acme", "api")
	pool := a.createPool("acme", "runners")
	d := a.createOAuthClient("acme", github(nil), map[string]any{"projects": refs("projects", web)})
	id := wantID(t, d["id"], "oc")
	token := toManyIDs(t, d, "oauth-tokens", "oauth-tokens")
	if got := toManyIDs(t, d, "projects", "projects"); !slices.Equal(got, []string{web}) {
		t.Errorf("projects %v", got)
	}

	d = a.do(http.MethodPatch, oauthClientPath(id), body("oauth-clients", map[string]any{"name": "gh", "organization-scoped": false, "oauth-token-string": "rotated"},
		map[string]any{"agent-pool": rel("agent-pools", pool)})).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"name": "gh", "organization-scoped": false})
	if relID(t, d, "agent-pool", "agent-pools") != pool {
		t.Errorf("agent-pool %v", d["relationships"])
	}
	// A new token string replaces the token's secret: the token stays.
	if got := toManyIDs(t, d, "oauth-tokens", "oauth-tokens"); !slices.Equal(got, token) {
		t.Errorf("tokens %v after a new token string, want %v", got, token)
	}
	for _, name := range []string{"service-provider", "http-url", "api-url", "private-key"} {
		wantInvalid(t, a.do(http.MethodPatch, oauthClientPath(id), body("oauth-clients", map[string]any{name: "x"}, nil)),
			"/data/attributes/"+name, name+" cannot be changed")
	}

	// Project attachments: added, each once, and removed.
	rp := oauthClientPath(id) + "/relationships/projects"
	emutest.WantAPIStatus(t, a.do(http.MethodPost, rp, refs("projects", web, api)), http.StatusNoContent)
	r := a.get(oauthClientPath(id) + "?include=projects")
	if got := toManyIDs(t, r.data(t, http.StatusOK), "projects", "projects"); !slices.Equal(got, []string{web, api}) {
		t.Errorf("projects %v", got)
	}
	if got := ids(r.included(t)); !slices.Equal(got, []string{web, api}) {
		t.Errorf("included %v", got)
	}
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, rp, refs("projects", web)), http.StatusNoContent)
	if got := toManyIDs(t, a.get(oauthClientPath(id)).data(t, http.StatusOK), "projects", "projects"); !slices.Equal(got, []string{api}) {
		t.Errorf("projects after a removal %v", got)
	}
	wantInvalid(t, a.do(http.MethodPost, rp, refs("projects")), "/data", "at least one project")
	wantInvalid(t, a.do(http.MethodPost, rp, refs("projects", "prj-Missing123456789")), "/data", "not a project of this organization")

	// A deleted project and pool leave the client.
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, "/api/v2/projects/"+api, nil), http.StatusNoContent)
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, agentPoolPath(pool), nil), http.StatusNoContent)
	d = a.get(oauthClientPath(id)).data(t, http.StatusOK)
	if len(toManyIDs(t, d, "projects", "projects")) != 0 || relID(t, d, "agent-pool", "agent-pools") != "" {
		t.Errorf("client after its project's and pool's deletes: %v", d["relationships"])
	}
}

func TestOAuthClients_listAndDelete(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	first := wantID(t, a.createOAuthClient("acme", github(nil), nil)["id"], "oc")
	second := a.createOAuthClient("acme", github(nil), nil)
	r := a.get(oauthClientsPath("acme") + "?include=oauth_tokens")
	id := wantID(t, second["id"], "oc")
	if got := ids(r.list(t)); !slices.Contains(got, first) || !slices.Contains(got, id) || len(got) != 2 {
		t.Errorf("list %v", got)
	}
	if got := r.included(t); len(got) != 2 || got[0]["type"] != "oauth-tokens" {
		t.Errorf("included %v", got)
	}
	emutest.WantAPIError(t, a.get(oauthClientsPath("acme")+"?include=workspaces"), http.StatusBadRequest, "bad request", "include parameter")

	token := toManyIDs(t, second, "oauth-tokens", "oauth-tokens")[0]
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, oauthClientPath(id), nil), http.StatusNoContent)
	wantNotFound(t, a.get(oauthClientPath(id)))
	wantNotFound(t, a.get("/api/v2/oauth-tokens/"+token))
	wantNotFound(t, a.do(http.MethodDelete, oauthClientPath(id), nil))
}

// A workspace's vcs-repo names a real OAuth token of its organization.
func TestOAuthClients_tokenConnectsAWorkspace(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	token := a.createOAuthToken("acme")
	d := a.createWorkspace("acme", map[string]any{"name": "web", "vcs-repo": map[string]any{"identifier": "octo/site", "oauth-token-id": token}}, nil)
	if repo := emutest.Object(t, attrs(t, d)["vcs-repo"]); repo["oauth-token-id"] != token || repo["service-provider"] != "github" || repo["repository-http-url"] != "https://github.com/octo/site" {
		t.Errorf("vcs-repo %v", repo)
	}
	// The code host is the token's client's.
	gitlab := a.createOAuthClient("acme", map[string]any{
		"service-provider": "gitlab_enterprise_edition", "http-url": "https://gitlab.example.com/", "api-url": "https://gitlab.example.com/api/v4",
		"oauth-token-string": "glpat",
	}, nil)
	d = a.createWorkspace("acme", map[string]any{"name": "api", "vcs-repo": map[string]any{
		"identifier": "octo/api", "oauth-token-id": toManyIDs(t, gitlab, "oauth-tokens", "oauth-tokens")[0],
	}}, nil)
	if repo := emutest.Object(t, attrs(t, d)["vcs-repo"]); repo["service-provider"] != "gitlab_enterprise_edition" || repo["repository-http-url"] != "https://gitlab.example.com/octo/api" {
		t.Errorf("vcs-repo through a GitLab client %v", repo)
	}
}

func init() {
	addStateFixture("oauth-clients", func(a *api) roundTrip {
		prj, pool := a.createProject("acme", "state-oauth"), a.createPool("acme", "state-oauth")
		oc := wantID(a.t, a.createOAuthClient("acme", github(map[string]any{"name": "state"}),
			map[string]any{"projects": refs("projects", prj), "agent-pool": rel("agent-pools", pool)})["id"], "oc")
		return roundTrip{paths: []string{oauthClientPath(oc), oauthClientsPath("acme") + "?include=oauth-tokens,projects"}}
	})
}
