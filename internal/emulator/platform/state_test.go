package platform_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// stateFixture stores, in organization acme (which the round trip creates
// first, as the site administrator), objects of one table of the state
// file, and returns what a round trip of the file must keep of them.
type stateFixture func(a *api) roundTrip

// roundTrip is what a round trip of the state file must keep.
type roundTrip struct {
	// paths are read as the site administrator before and after: their
	// answers must be the same.
	paths []string
	// check, when set, checks on the server that loaded the file what the
	// paths cannot show, such as a token that still works.
	check func(t *testing.T, b *api)
}

// stateFixtures are the fixtures of the tables, by their key in the state
// file.
var stateFixtures = map[string]stateFixture{}

// addStateFixture registers the fixture of the table the state file keeps
// under key: each noun's test file registers its table's from its init.
func addStateFixture(key string, f stateFixture) {
	if stateFixtures[key] != nil {
		panic("two state fixtures of table " + key)
	}
	stateFixtures[key] = f
}

// Everything a request can store comes back from the state file as it was
// answered, tokens working: every table's fixture stores objects of it, and
// a table without a fixture fails.
func TestState_roundTripOfEveryObject(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	keys := platform.TableKeys()
	var trips []roundTrip
	for _, key := range keys {
		fixture := stateFixtures[key]
		if fixture == nil {
			t.Errorf("table %s has no state fixture: register one with addStateFixture in its noun's test file", key)
			continue
		}
		trips = append(trips, fixture(a))
	}
	for key := range stateFixtures {
		if !slices.Contains(keys, key) {
			t.Errorf("state fixture of %s, which is no table's key", key)
		}
	}
	var paths, before []string
	for _, trip := range trips {
		for _, p := range trip.paths {
			paths = append(paths, p)
			before = append(before, a.get(p).Body)
		}
	}
	data, err := a.server.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	var saved map[string][]json.RawMessage
	if err := json.Unmarshal(data, &saved); err != nil {
		t.Fatal(err)
	}
	for _, key := range keys {
		if stateFixtures[key] != nil && len(saved[key]) == 0 {
			t.Errorf("the state fixture of %s stores nothing in its table", key)
		}
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
	for _, trip := range trips {
		if trip.check != nil {
			trip.check(t, b)
		}
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
		emutest.WantAPIStatus(t, a.do(http.MethodPost, notificationPath(nc)+"/actions/verify", nil), http.StatusOK)
	}
	emutest.WantAPIStatus(t, a.do(http.MethodPatch, agentPoolPath(pool), body("agent-pools", map[string]any{"organization-scoped": false},
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
	emutest.WantAPIStatus(t, a.do(http.MethodPost, teamUsersPath(team), usernames("alice")), http.StatusNoContent)
	emutest.WantAPIStatus(t, a.do(http.MethodPost, teamMembershipsPath(team), refs("organization-memberships", invited)), http.StatusNoContent)
	if _, err := a.server.MintOrganizationToken("acme"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.server.MintTeamToken("acme", team); err != nil {
		t.Fatal(err)
	}
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, orgsPath+"/acme", nil), http.StatusNoContent)
	after, err := a.server.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	if string(after) != string(before) {
		t.Errorf("state after the delete:\n%s\nwant\n%s", after, before)
	}
}
