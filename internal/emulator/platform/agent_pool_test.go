package platform_test

import (
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func agentPoolPath(id string) string { return "/api/v2/agent-pools/" + id }

// createPool creates an agent pool of org named name and returns its ID.
func (a *api) createPool(org, name string) string {
	a.t.Helper()
	d := a.create(orgsPath+"/"+org+"/agent-pools", "agent-pools", map[string]any{"name": name}, nil)
	return wantID(a.t, d["id"], "apool")
}

// toManyIDs returns the IDs a to-many relationship names, after checking
// their type.
func toManyIDs(t *testing.T, res map[string]any, name, typ string) []string {
	t.Helper()
	list, ok := relData(t, res, name).([]any)
	if !ok {
		t.Fatalf("relationship %s of %v is not a list", name, res)
	}
	out := []string{}
	for _, item := range list {
		m := emutest.Object(t, item)
		if m["type"] != typ {
			t.Fatalf("relationship %s names %v, want type %s", name, m, typ)
		}
		id, _ := m["id"].(string)
		out = append(out, id)
	}
	return out
}

func wantIDs(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if got == nil {
		got = []string{}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func TestAgentPool_createAnswersEveryDefault(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	before := time.Now().UTC().Add(-time.Second)
	d := a.create(orgsPath+"/acme/agent-pools", "agent-pools", map[string]any{"name": "runners"}, nil)
	id := wantID(t, d["id"], "apool")
	if d["type"] != "agent-pools" {
		t.Errorf("type %v", d["type"])
	}
	wantAttrs(t, d, map[string]any{"name": "runners", "organization-scoped": true, "agent-count": 0})
	createdAt, _ := attrs(t, d)["created-at"].(string)
	created, err := time.Parse(time.RFC3339, createdAt)
	if err != nil || created.Before(before) {
		t.Errorf("created-at %v: %v", attrs(t, d)["created-at"], err)
	}
	if relID(t, d, "organization", "organizations") != "acme" {
		t.Errorf("organization %v", relData(t, d, "organization"))
	}
	for _, name := range []string{"workspaces", "allowed-workspaces", "excluded-workspaces"} {
		wantIDs(t, name, toManyIDs(t, d, name, "workspaces"))
	}
	wantIDs(t, "allowed-projects", toManyIDs(t, d, "allowed-projects", "projects"))
	// Stored: a read answers the same object, and the list has it.
	a.wantStored(d, agentPoolPath(id))
	wantIDs(t, "list", ids(a.get(orgsPath+"/acme/agent-pools").list(t)), id)
}

func TestAgentPool_createRefusals(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	foreign := a.workspaceID("other", "web")
	wantInvalid(t, a.do(http.MethodPost, orgsPath+"/acme/agent-pools", body("agent-pools", map[string]any{}, nil)), attrAt("name"), "Name can't be blank")
	wantInvalid(t, a.do(http.MethodPost, orgsPath+"/acme/agent-pools", body("agent-pools", map[string]any{"name": " "}, nil)), attrAt("name"), "Name can't be blank")
	wantInvalid(t, a.do(http.MethodPost, orgsPath+"/acme/agent-pools", body("agent-pools", map[string]any{"name": "p"},
		map[string]any{"allowed-workspaces": map[string]any{"data": []any{map[string]any{"type": "workspaces", "id": foreign}}}})),
		"/data/relationships/allowed-workspaces/data", "not a workspace of this organization")
	wantInvalid(t, a.do(http.MethodPost, orgsPath+"/acme/agent-pools", body("agent-pools", map[string]any{"name": "p"},
		map[string]any{"allowed-projects": map[string]any{"data": []any{map[string]any{"type": "projects", "id": "prj-AAAAAAAAAAAAAAAA"}}}})),
		"/data/relationships/allowed-projects/data", "not a project of this organization")
	if list := a.get(orgsPath + "/acme/agent-pools").list(t); len(list) != 0 {
		t.Fatalf("refused creates stored %v", ids(list))
	}
	// A name is unique within the organization, in any case; another
	// organization may have it.
	first := a.createPool("acme", "runners")
	wantConflict(t, a.do(http.MethodPost, orgsPath+"/acme/agent-pools", body("agent-pools", map[string]any{"name": "RUNNERS"}, nil)), "Name has already been taken")
	a.createPool("other", "runners")
	wantIDs(t, "list", ids(a.get(orgsPath+"/acme/agent-pools").list(t)), first)
	// Unknown organization: 404.
	wantNotFound(t, a.do(http.MethodPost, orgsPath+"/nope/agent-pools", body("agent-pools", map[string]any{"name": "p"}, nil)))
}

// Each relationship an update gives replaces the pool's list; what it
// leaves out stays.
func TestAgentPool_updateReplacesTheListsItGives(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws1, ws2, ws3 := a.workspaceID("acme", "one"), a.workspaceID("acme", "two"), a.workspaceID("acme", "three")
	prj := a.createProject("acme", "web")
	many := func(typ string, ids ...string) map[string]any {
		list := []any{}
		for _, id := range ids {
			list = append(list, map[string]any{"type": typ, "id": id})
		}
		return map[string]any{"data": list}
	}
	d := a.create(orgsPath+"/acme/agent-pools", "agent-pools", map[string]any{"name": "a-pool", "organization-scoped": false}, map[string]any{
		"allowed-workspaces": many("workspaces", ws1, ws1), "allowed-projects": many("projects", prj), "excluded-workspaces": many("workspaces", ws2),
	})
	id := wantID(t, d["id"], "apool")
	wantAttrs(t, d, map[string]any{"organization-scoped": false})
	wantIDs(t, "allowed-workspaces", toManyIDs(t, d, "allowed-workspaces", "workspaces"), ws1)

	d = a.do(http.MethodPatch, agentPoolPath(id), body("agent-pools", map[string]any{"name": "renamed"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"name": "renamed", "organization-scoped": false})
	wantIDs(t, "allowed-workspaces", toManyIDs(t, d, "allowed-workspaces", "workspaces"), ws1)
	wantIDs(t, "allowed-projects", toManyIDs(t, d, "allowed-projects", "projects"), prj)
	wantIDs(t, "excluded-workspaces", toManyIDs(t, d, "excluded-workspaces", "workspaces"), ws2)

	d = a.do(http.MethodPatch, agentPoolPath(id), body("agent-pools", map[string]any{"organization-scoped": true}, map[string]any{
		"allowed-workspaces": many("workspaces", ws3), "allowed-projects": many("projects"),
	})).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"name": "renamed", "organization-scoped": true})
	wantIDs(t, "allowed-workspaces", toManyIDs(t, d, "allowed-workspaces", "workspaces"), ws3)
	wantIDs(t, "allowed-projects", toManyIDs(t, d, "allowed-projects", "projects"))
	wantIDs(t, "excluded-workspaces", toManyIDs(t, d, "excluded-workspaces", "workspaces"), ws2)

	// A refused update changes nothing.
	other := a.createPool("acme", "other")
	wantConflict(t, a.do(http.MethodPatch, agentPoolPath(other), body("agent-pools", map[string]any{"name": "Renamed"}, nil)), "Name has already been taken")
	wantInvalid(t, a.do(http.MethodPatch, agentPoolPath(id), body("agent-pools", map[string]any{"name": "x"}, map[string]any{"excluded-workspaces": many("workspaces", "ws-AAAAAAAAAAAAAAAA")})),
		"/data/relationships/excluded-workspaces/data", "not a workspace of this organization")
	d = a.get(agentPoolPath(id)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"name": "renamed"})
	wantIDs(t, "excluded-workspaces", toManyIDs(t, d, "excluded-workspaces", "workspaces"), ws2)

	// A deleted workspace or project leaves every list.
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, workspacePath(ws3), nil), http.StatusNoContent)
	emutest.WantAPIStatus(t, a.do(http.MethodPatch, agentPoolPath(id), body("agent-pools", nil, map[string]any{"allowed-projects": many("projects", prj)})), http.StatusOK)
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, projectPath(prj), nil), http.StatusNoContent)
	d = a.get(agentPoolPath(id)).data(t, http.StatusOK)
	wantIDs(t, "allowed-workspaces", toManyIDs(t, d, "allowed-workspaces", "workspaces"))
	wantIDs(t, "allowed-projects", toManyIDs(t, d, "allowed-projects", "projects"))
}

func TestAgentPool_listFiltersSortsAndPages(t *testing.T) {
	a := newAPI(t, platform.Options{})
	c := newClock(a)
	a.createOrg("acme")
	a.createOrg("other")
	a.createPool("other", "elsewhere")
	ws1, ws2 := a.workspaceID("acme", "one"), a.workspaceID("acme", "two")
	prj1, prj2 := a.createProject("acme", "proj-one"), a.createProject("acme", "proj-two")
	scoped := a.createPool("acme", "scoped")
	c.advance(time.Minute)
	create := func(name, rel, typ, id string) string {
		d := a.create(orgsPath+"/acme/agent-pools", "agent-pools", map[string]any{"name": name, "organization-scoped": false}, map[string]any{rel: map[string]any{"data": []any{map[string]any{"type": typ, "id": id}}}})
		c.advance(time.Minute)
		return wantID(t, d["id"], "apool")
	}
	forWs1 := create("b-ws", "allowed-workspaces", "workspaces", ws1)
	forPrj2 := create("a-prj", "allowed-projects", "projects", prj2)
	excludesWs2 := create("c-excl", "excluded-workspaces", "workspaces", ws2)
	emutest.WantAPIStatus(t, a.do(http.MethodPatch, agentPoolPath(excludesWs2), body("agent-pools", map[string]any{"organization-scoped": true}, nil)), http.StatusOK)

	list := func(query string) []string {
		t.Helper()
		return ids(a.get(orgsPath + "/acme/agent-pools" + query).list(t))
	}
	// By name by default; sort by created-at either way.
	wantIDs(t, "default order", list(""), forPrj2, forWs1, excludesWs2, scoped)
	wantIDs(t, "sort=created-at", list("?sort=created-at"), scoped, forWs1, forPrj2, excludesWs2)
	wantIDs(t, "sort=-created-at", list("?sort=-created-at"), excludesWs2, forPrj2, forWs1, scoped)
	wantIDs(t, "sort=-name", list("?sort=-name"), scoped, excludesWs2, forWs1, forPrj2)
	emutest.WantAPIError(t, a.get(orgsPath+"/acme/agent-pools?sort=agents"), http.StatusBadRequest, "bad request", "Invalid sort parameter")
	// q: a case-insensitive substring of the name.
	wantIDs(t, "q=PRJ", list("?q=PRJ"), forPrj2)
	// The pools a workspace may use: organization-scoped ones that do not
	// exclude it, and those that allow it or its project.
	wantIDs(t, "ws1", list("?filter[allowed_workspaces][name]=one"), forWs1, excludesWs2, scoped)
	wantIDs(t, "ws2", list("?filter[allowed_workspaces][name]=two"), scoped)
	wantIDs(t, "no such workspace", list("?filter[allowed_workspaces][name]=nope"))
	wantIDs(t, "prj1", list("?filter[allowed_projects][name]=proj-one"), excludesWs2, scoped)
	wantIDs(t, "prj2", list("?filter[allowed_projects][name]=proj-two"), forPrj2, excludesWs2, scoped)
	_ = prj1
	// Pages.
	r := a.get(orgsPath + "/acme/agent-pools?page[number]=999&page[size]=100")
	if got := r.list(t); len(got) != 0 {
		t.Errorf("page 999: %v", ids(got))
	}
	if p := r.pagination(t); p["current-page"] != float64(999) || p["total-count"] != float64(4) {
		t.Errorf("pagination %v", p)
	}
}

func TestAgentPool_visibility(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	pool := a.createPool("acme", "runners")
	aliceToken, _ := a.server.MintUserToken("alice")
	alice := a.as(aliceToken)
	// Who does not see the organization: 404 for everything.
	wantNotFound(t, alice.get(agentPoolPath(pool)))
	wantNotFound(t, alice.get(orgsPath+"/acme/agent-pools"))
	wantNotFound(t, alice.do(http.MethodPost, orgsPath+"/acme/agent-pools", body("agent-pools", map[string]any{"name": "mine"}, nil)))
	wantNotFound(t, alice.do(http.MethodPatch, agentPoolPath(pool), body("agent-pools", map[string]any{"name": "mine"}, nil)))
	wantNotFound(t, alice.do(http.MethodDelete, agentPoolPath(pool), nil))

	// A team without manage-agent-pools sees the pools but cannot change
	// them: 404 to its writes.
	devsToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "devs"))
	devs := a.as(devsToken)
	devs.get(agentPoolPath(pool)).data(t, http.StatusOK)
	wantIDs(t, "the team's list", ids(devs.get(orgsPath+"/acme/agent-pools").list(t)), pool)
	wantNotFound(t, devs.do(http.MethodPost, orgsPath+"/acme/agent-pools", body("agent-pools", map[string]any{"name": "mine"}, nil)))
	wantNotFound(t, devs.do(http.MethodPatch, agentPoolPath(pool), body("agent-pools", map[string]any{"name": "mine"}, nil)))
	wantNotFound(t, devs.do(http.MethodDelete, agentPoolPath(pool), nil))
	wantAttrs(t, a.get(agentPoolPath(pool)).data(t, http.StatusOK), map[string]any{"name": "runners"})

	// A team with manage-agent-pools manages them.
	ops := a.create(orgsPath+"/acme/teams", "teams", map[string]any{"name": "ops", "organization-access": map[string]any{"manage-agent-pools": true}}, nil)
	opsToken, _ := a.server.MintTeamToken("acme", wantID(t, ops["id"], "team"))
	o := a.as(opsToken)
	mine := o.createPool("acme", "mine")
	o.do(http.MethodPatch, agentPoolPath(pool), body("agent-pools", map[string]any{"name": "renamed"}, nil)).data(t, http.StatusOK)
	emutest.WantAPIStatus(t, o.do(http.MethodDelete, agentPoolPath(mine), nil), http.StatusNoContent)
	wantNotFound(t, a.get(agentPoolPath(mine)))
	wantNotFound(t, a.do(http.MethodDelete, agentPoolPath(mine), nil))
}

// The organization's default pool, a project's and a workspace's must be a
// pool of their organization; the pool answers the workspaces that run on
// it.
func TestAgentPool_referencesAreReal(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	pool := a.createPool("acme", "runners")
	foreign := a.createPool("other", "theirs")
	const unknown = "apool-AAAAAAAAAAAAAAAA"
	prj := a.createProject("acme", "web")
	ws := a.workspaceID("acme", "app")
	for _, c := range []struct {
		path, typ, modeAttr, poolAttr string
	}{
		{orgsPath + "/acme", "organizations", "default-execution-mode", "default-agent-pool-id"},
		{projectPath(prj), "projects", "default-execution-mode", "default-agent-pool-id"},
		{workspacePath(ws), "workspaces", "execution-mode", "agent-pool-id"},
	} {
		for _, bad := range []string{unknown, foreign} {
			wantInvalid(t, a.do(http.MethodPatch, c.path, body(c.typ, map[string]any{c.modeAttr: "agent", c.poolAttr: bad}, nil)),
				"/data/attributes/"+c.poolAttr, "no agent pool of this organization has that ID")
		}
		wantAttrs(t, a.get(c.path).data(t, http.StatusOK), map[string]any{c.modeAttr: "remote"})
	}
	// The relationship form too, on a create.
	wantInvalid(t, a.do(http.MethodPost, orgsPath+"/acme/workspaces", body("workspaces", map[string]any{"name": "x", "execution-mode": "agent"},
		map[string]any{"agent-pool": rel("agent-pools", unknown)})), "/data/relationships/agent-pool/data", "no agent pool of this organization has that ID")

	// A real pool is taken, and the workspaces that run on it, their own
	// pool or inherited, are its workspaces.
	inherits := a.workspaceID("acme", "inherits")
	d := a.do(http.MethodPatch, workspacePath(ws), body("workspaces", map[string]any{"execution-mode": "agent", "agent-pool-id": pool}, nil)).data(t, http.StatusOK)
	if relID(t, d, "agent-pool", "agent-pools") != pool {
		t.Fatalf("agent-pool %v", relData(t, d, "agent-pool"))
	}
	wantIDs(t, "workspaces", toManyIDs(t, a.get(agentPoolPath(pool)).data(t, http.StatusOK), "workspaces", "workspaces"), ws)
	a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"default-execution-mode": "agent", "default-agent-pool-id": pool}, nil)).data(t, http.StatusOK)
	want := []string{ws, inherits}
	if strings.Compare(inherits, ws) < 0 {
		want = []string{inherits, ws}
	}
	r := a.get(agentPoolPath(pool) + "?include=workspaces")
	wantIDs(t, "workspaces", toManyIDs(t, r.data(t, http.StatusOK), "workspaces", "workspaces"), want...)
	wantIDs(t, "included", ids(r.included(t)), want...)
	emutest.WantAPIError(t, a.get(agentPoolPath(pool)+"?include=agents"), http.StatusBadRequest, "bad request", "Invalid include parameter")
}

// A pool something names as its own cannot be deleted (409); once nothing
// does, it can; an organization's delete takes its pools.
func TestAgentPool_deleteRefusedWhileInUse(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	pool := a.createPool("acme", "runners")
	prj := a.createProject("acme", "web")
	ws := a.workspaceID("acme", "app")
	agent := func(typ, modeAttr, poolAttr string) map[string]any {
		return body(typ, map[string]any{modeAttr: "agent", poolAttr: pool}, nil)
	}
	remote := func(typ, modeAttr string) map[string]any { return body(typ, map[string]any{modeAttr: "remote"}, nil) }
	for _, c := range []struct{ path, typ, modeAttr, poolAttr, why string }{
		{orgsPath + "/acme", "organizations", "default-execution-mode", "default-agent-pool-id", `default agent pool of organization "acme"`},
		{projectPath(prj), "projects", "default-execution-mode", "default-agent-pool-id", "default agent pool of project " + prj},
		{workspacePath(ws), "workspaces", "execution-mode", "agent-pool-id", "agent pool of workspace " + ws},
	} {
		emutest.WantAPIStatus(t, a.do(http.MethodPatch, c.path, agent(c.typ, c.modeAttr, c.poolAttr)), http.StatusOK)
		wantConflict(t, a.do(http.MethodDelete, agentPoolPath(pool), nil), c.why)
		emutest.WantAPIStatus(t, a.do(http.MethodPatch, c.path, remote(c.typ, c.modeAttr)), http.StatusOK)
	}
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, agentPoolPath(pool), nil), http.StatusNoContent)
	wantNotFound(t, a.get(agentPoolPath(pool)))

	kept := a.createPool("acme", "kept")
	emutest.WantAPIStatus(t, a.do(http.MethodPatch, orgsPath+"/acme", agent("organizations", "default-execution-mode", "default-agent-pool-id")), http.StatusUnprocessableEntity)
	emutest.WantAPIStatus(t, a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"default-execution-mode": "agent", "default-agent-pool-id": kept}, nil)), http.StatusOK)
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, orgsPath+"/acme", nil), http.StatusNoContent)
	a.createOrg("acme")
	wantNotFound(t, a.get(agentPoolPath(kept)))
	if list := a.get(orgsPath + "/acme/agent-pools").list(t); len(list) != 0 {
		t.Errorf("a new organization of the same name has pools %v", ids(list))
	}
}

// setting-overwrites that give both flags must give them equal: a pool
// belongs to its mode.
func TestAgentPool_settingOverwritesMustAgree(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	pool := a.createPool("acme", "runners")
	const detail = "If agent-pool and execution-mode are both included in setting-overwrites, their values must be the same."
	wantInvalid(t, a.do(http.MethodPost, orgsPath+"/acme/projects", body("projects", map[string]any{
		"name": "web", "default-execution-mode": "agent", "default-agent-pool-id": pool,
		"setting-overwrites": map[string]any{"default-execution-mode": true, "default-agent-pool": false},
	}, nil)), "/data/attributes/setting-overwrites", detail)
	wantInvalid(t, a.do(http.MethodPost, orgsPath+"/acme/workspaces", body("workspaces", map[string]any{
		"name": "web", "setting-overwrites": map[string]any{"execution-mode": false, "agent-pool": true},
	}, nil)), "/data/attributes/setting-overwrites", detail)
	if list := a.get(orgsPath + "/acme/workspaces").list(t); len(list) != 0 {
		t.Errorf("refused create stored %v", ids(list))
	}
}

func init() {
	// Agent pools: of an organization in the file, with a name; every
	// pool named is one of its organization's.
	const statePool = `{"id":"apool-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","name":"runners","organization-scoped":true}`
	refuseStates(stateInOrg("workspaces", stateWorkspace, "agent-pools", statePool),
		stateInOrg("agent-pools", strings.Replace(statePool, "org-AAAAAAAAAAAAAAAA", "org-BBBBBBBBBBBBBBBB", 1)),
		stateInOrg("agent-pools", strings.Replace(statePool, `"name":"runners"`, `"name":""`, 1)),
		stateInOrg("agent-pools", strings.Replace(statePool, `}`, `,"allowed-workspaces":["ws-BBBBBBBBBBBBBBBB"]}`, 1)),
		stateFile("organizations", strings.Replace(stateOrg, `"remote"`, `"agent","default-agent-pool":"apool-BBBBBBBBBBBBBBBB"`, 1), "projects", stateProject, "agent-pools", statePool),
		stateInOrg("workspaces", strings.Replace(stateWorkspace, `"execution":{}`, `"execution":{"mode":"agent","pool":"apool-BBBBBBBBBBBBBBBB","overwrite-mode":true,"overwrite-pool":true}`, 1), "agent-pools", statePool),
	)
	// A pool that allows one workspace and one project only.
	addStateFixture("agent-pools", func(a *api) roundTrip {
		pool := a.createPool("acme", "state-pool")
		ws, prj := a.workspaceID("acme", "state-pool-user"), a.createProject("acme", "state-pool-user")
		emutest.WantAPIStatus(a.t, a.do(http.MethodPatch, agentPoolPath(pool), body("agent-pools", map[string]any{"organization-scoped": false},
			map[string]any{"allowed-workspaces": refs("workspaces", ws), "allowed-projects": refs("projects", prj)})), http.StatusOK)
		return roundTrip{paths: []string{agentPoolPath(pool), orgsPath + "/acme/agent-pools"}}
	})
}
