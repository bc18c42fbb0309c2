package platform_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// Everything a request can store comes back from the state file as it was
// answered, tokens working.
func TestState_roundTripOfEveryObject(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	pool := a.createPool("acme", "runners")
	a.createAgentToken(pool, "agents")
	a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{
		"allow-force-delete-workspaces": true, "default-execution-mode": "agent", "default-agent-pool-id": pool,
	}, nil)).data(t, http.StatusOK)
	prj := a.createProject("acme", "web")
	a.do(http.MethodPatch, projectPath(prj), body("projects", map[string]any{"description": "d", "default-execution-mode": "local"},
		map[string]any{"tag-bindings": bindings("env", "prod")})).data(t, http.StatusOK)
	orgToken, _ := a.server.MintOrganizationToken("acme")
	teamToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "devs"))
	aliceToken, _ := a.server.MintUserToken("alice")
	a.as(aliceToken).createOrg("alices")
	consumer := a.workspaceID("acme", "consumer")
	ws := wantID(t, a.createWorkspace("acme", map[string]any{
		"name": "web", "auto-destroy-at": "2030-01-01T00:00:00Z", "execution-mode": "remote", "trigger-prefixes": []string{"modules"},
		"vcs-repo": map[string]any{"identifier": "octo/site", "oauth-token-id": a.createOAuthToken("acme"), "branch": "main"},
	}, map[string]any{
		"project":      rel("projects", prj),
		"tags":         map[string]any{"data": []any{map[string]any{"type": "tags", "attributes": map[string]any{"name": "prod"}}}},
		"tag-bindings": bindings("tier", "1"),
	})["id"], "ws")
	wantStatus(t, a.do(http.MethodPost, workspacePath(ws)+"/relationships/remote-state-consumers",
		map[string]any{"data": []any{map[string]any{"type": "workspaces", "id": consumer}}}), http.StatusNoContent)
	wantStatus(t, a.do(http.MethodPatch, agentPoolPath(pool), body("agent-pools", map[string]any{"organization-scoped": false},
		map[string]any{"allowed-workspaces": map[string]any{"data": []any{map[string]any{"type": "workspaces", "id": ws}}}})), http.StatusOK)
	rt := a.createRunTrigger(ws, consumer)
	nc := wantID(t, a.createNotification("workspaces", ws, webhook("ops", "run:errored"), nil)["id"], "nc")
	wantStatus(t, a.do(http.MethodPost, notificationPath(nc)+"/actions/verify", nil), http.StatusOK)
	_ = a.server.SetResourceCount(ws, 4)
	_ = a.server.SetPerformance(ws, platform.Performance{RunsCount: 3})

	paths := []string{
		orgsPath + "/acme", projectPath(prj), projectPath(prj) + "/tag-bindings", orgsPath + "/acme/projects", orgsPath,
		workspacePath(ws), workspacePath(ws) + "/relationships/tags", workspacePath(ws) + "/relationships/remote-state-consumers",
		workspacePath(ws) + "/effective-tag-bindings", orgsPath + "/acme/workspaces",
		agentPoolPath(pool), orgsPath + "/acme/agent-pools", agentTokensPath(pool),
		runTriggerPath(rt), runTriggersPath(ws) + "?filter[run-trigger][type]=inbound",
		notificationPath(nc), notificationsPath("workspaces", ws), oauthClientsPath("acme") + "?include=oauth-tokens",
	}
	var before []string
	for _, p := range paths {
		before = append(before, a.get(p).Body)
	}
	data, err := a.server.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	b := newAPI(t, platform.Options{})
	if err := b.server.UnmarshalState(data); err != nil {
		t.Fatal(err)
	}
	for i, p := range paths {
		after := b.get(p).Body
		// Lists link to their own server.
		after = strings.ReplaceAll(after, b.url, a.url)
		if after != before[i] {
			t.Errorf("%s after a round trip:\n%s\nwant\n%s", p, after, before[i])
		}
	}
	for _, tok := range []string{orgToken, teamToken} {
		b.as(tok).get(orgsPath+"/acme").data(t, http.StatusOK)
	}
	if got := ids(b.as(aliceToken).get(orgsPath).list(t)); strings.Join(got, ",") != "alices" {
		t.Errorf("alice sees %v after a round trip", got)
	}
	again, err := b.server.MarshalState()
	if err != nil || string(again) != string(data) {
		t.Errorf("state after a round trip differs (%v)", err)
	}
}

func TestState_refusesWhatNoRequestStores(t *testing.T) {
	const org = `{"name":"acme","external-id":"org-AAAAAAAAAAAAAAAA","default-execution-mode":"remote","default-project":"prj-AAAAAAAAAAAAAAAA","owners":[]}`
	const prj = `{"id":"prj-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","name":"Default Project"}`
	const ws = `{"id":"ws-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","project":"prj-AAAAAAAAAAAAAAAA","name":"web","tags":[],"remote-state-consumers":[],"execution":{}}`
	const pool = `{"id":"apool-AAAAAAAAAAAAAAAA","organization":"org-BBBBBBBBBBBBBBBB","name":"runners","organization-scoped":true}`
	goodPool := strings.Replace(pool, "org-BBBBBBBBBBBBBBBB", "org-AAAAAAAAAAAAAAAA", 1)
	s, _ := platform.New(platform.Options{})
	if err := s.UnmarshalState([]byte(`{"organizations":[` + org + `],"projects":[` + prj + `],"workspaces":[` + ws + `],"agent-pools":[` + goodPool + `]}`)); err != nil {
		t.Fatalf("a valid file: %v", err)
	}
	for _, bad := range []string{
		`{"organizations":[{"name":"a b","external-id":"org-AAAAAAAAAAAAAAAA"}]}`,
		`{"organizations":[` + org + `]}`,
		`{"organizations":[` + org + `,` + org + `],"projects":[` + prj + `]}`,
		`{"organizations":[` + strings.Replace(org, `"remote"`, `"cloud"`, 1) + `],"projects":[` + prj + `]}`,
		`{"projects":[` + prj + `]}`,
		`{"organizations":[` + org + `],"projects":[` + prj + `],"tokens":[{"id":"at-AAAAAAAAAAAAAAAA","secret":"s","kind":"organization","subject":"org-BBBBBBBBBBBBBBBB","organization":"org-BBBBBBBBBBBBBBBB"}]}`,
		`{"organizations":[` + org + `],"projects":[` + prj + `],"tokens":[{"id":"at-AAAAAAAAAAAAAAAA","secret":"s","kind":"team","subject":"owners","organization":"org-AAAAAAAAAAAAAAAA"}]}`,
		`{"organizations":[` + org + `],"projects":[` + prj + `],"workspaces":[` + strings.Replace(ws, `"prj-AAAAAAAAAAAAAAAA"`, `"prj-BBBBBBBBBBBBBBBB"`, 1) + `]}`,
		`{"organizations":[` + org + `],"projects":[` + prj + `],"workspaces":[` + strings.Replace(ws, `"tags":[]`, `"tags":["tag-AAAAAAAAAAAAAAAA"]`, 1) + `]}`,
		`{"organizations":[` + org + `],"projects":[` + prj + `],"workspaces":[` + strings.Replace(ws, `"remote-state-consumers":[]`, `"remote-state-consumers":["ws-BBBBBBBBBBBBBBBB"]`, 1) + `]}`,
		`{"organizations":[` + org + `],"projects":[` + prj + `],"workspaces":[` + strings.Replace(ws, `"name":"web"`, `"name":"a b"`, 1) + `]}`,
		`{"organizations":[` + org + `],"projects":[` + prj + `],"tags":[{"id":"tag-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","name":"Upper"}]}`,
		`{"organizations":[` + org + `],"projects":[` + strings.Replace(prj, `}`, `,"tag-bindings":[{"id":"x","key":"k"}]}`, 1) + `]}`,
		`{"organizations":[` + org + `],"projects":[` + prj + `],"workspaces":[` + strings.Replace(ws, `"tags":[]`, `"tags":[],"tag-bindings":[{"id":"tb-AAAAAAAAAAAAAAAA","key":""}]`, 1) + `]}`,
		`{"organizations":[` + org + `],"projects":[` + prj + `],"workspaces":[` + strings.Replace(ws, `"tags":[]`, `"tags":[],"vcs-repo":{"identifier":"o/r"}`, 1) + `]}`,
		// Agent pools: of an organization in the file, with a name; every
		// pool named is one of its organization's.
		`{"organizations":[` + org + `],"projects":[` + prj + `],"agent-pools":[` + pool + `]}`,
		`{"organizations":[` + org + `],"projects":[` + prj + `],"agent-pools":[` + strings.Replace(pool, `"name":"runners"`, `"name":""`, 1) + `]}`,
		`{"organizations":[` + org + `],"projects":[` + prj + `],"agent-pools":[` + strings.Replace(pool, `}`, `,"allowed-workspaces":["ws-BBBBBBBBBBBBBBBB"]}`, 1) + `]}`,
		`{"organizations":[` + strings.Replace(org, `"remote"`, `"agent","default-agent-pool":"apool-BBBBBBBBBBBBBBBB"`, 1) + `],"projects":[` + prj + `],"agent-pools":[` + goodPool + `]}`,
		`{"organizations":[` + org + `],"projects":[` + prj + `],"workspaces":[` + strings.Replace(ws, `"execution":{}`, `"execution":{"mode":"agent","pool":"apool-BBBBBBBBBBBBBBBB","overwrite-mode":true,"overwrite-pool":true}`, 1) + `],"agent-pools":[` + goodPool + `]}`,
	} {
		if err := s.UnmarshalState([]byte(bad)); err == nil {
			t.Errorf("UnmarshalState(%s) succeeded", bad)
		}
	}
}

// An organization's delete takes everything in it, in every table: what
// is left in the state file is another organization's.
func TestState_organizationDeleteLeavesNothingOfIt(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("other")
	// A person is the platform's, not an organization's: alice stays.
	if _, err := a.server.MintUserToken("alice"); err != nil {
		t.Fatal(err)
	}
	before, err := a.server.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	a.createOrg("acme")
	prj := a.createProject("acme", "web")
	team := a.createTeam("acme", "devs")
	ws := a.workspaceID("acme", "app")
	a.createRunTrigger(ws, a.workspaceID("acme", "network"))
	pool := a.createPool("acme", "runners")
	a.createAgentToken(pool, "agents")
	a.createOAuthClient("acme", github(nil), map[string]any{"projects": refs("projects", prj), "agent-pool": rel("agent-pools", pool)})
	for kind, id := range map[string]string{"workspaces": ws, "projects": prj, "teams": team} {
		nc := wantID(t, a.createNotification(kind, id, webhook(kind), nil)["id"], "nc")
		wantStatus(t, a.do(http.MethodPost, notificationPath(nc)+"/actions/verify", nil), http.StatusOK)
	}
	wantStatus(t, a.do(http.MethodPatch, agentPoolPath(pool), body("agent-pools", map[string]any{"organization-scoped": false},
		map[string]any{"allowed-workspaces": refs("workspaces", ws), "allowed-projects": refs("projects", prj)})), http.StatusOK)
	a.createSSHKey("acme", "deploy", "ssh-ed25519 AAAA")
	a.createTeamProject(team, prj, map[string]any{"access": "read"})
	a.createTeamWorkspace(team, ws, map[string]any{"access": "read"})
	vs := wantID(t, a.createVarset("acme", map[string]any{"name": "shared"}, map[string]any{"workspaces": refs("workspaces", ws)})["id"], "varset")
	a.createVariable(varsetVarsPath(vs), map[string]any{"key": "k", "value": "v", "category": "env"})
	a.createVariable(workspaceVarsPath(ws), map[string]any{"key": "k", "value": "v", "category": "env"})
	invited := a.invite("acme", "ivan@example.com", team)
	if _, _, err := a.server.AddMember("acme", "alice", ""); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, a.do(http.MethodPost, teamUsersPath(team), usernames("alice")), http.StatusNoContent)
	wantStatus(t, a.do(http.MethodPost, teamMembershipsPath(team), refs("organization-memberships", invited)), http.StatusNoContent)
	if _, err := a.server.MintOrganizationToken("acme"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.server.MintTeamToken("acme", team); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, a.do(http.MethodDelete, orgsPath+"/acme", nil), http.StatusNoContent)
	after, err := a.server.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	if string(after) != string(before) {
		t.Errorf("state after the delete:\n%s\nwant\n%s", after, before)
	}
}
