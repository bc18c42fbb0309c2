package platform_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func runTriggersPath(ws string) string { return "/api/v2/workspaces/" + ws + "/run-triggers" }
func runTriggerPath(id string) string  { return "/api/v2/run-triggers/" + id }

func runTriggerBody(source string) map[string]any {
	return body("run-triggers", nil, map[string]any{"sourceable": rel("workspaces", source)})
}

// createRunTrigger makes source's applies queue runs in ws and returns the
// trigger's ID.
func (a *api) createRunTrigger(ws, source string) string {
	a.t.Helper()
	d := a.do(http.MethodPost, runTriggersPath(ws), runTriggerBody(source)).data(a.t, http.StatusCreated)
	return wantID(a.t, d["id"], "rt")
}

func TestRunTriggers_createReadDelete(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws, src := a.workspaceID("acme", "app"), a.workspaceID("acme", "network")
	d := a.do(http.MethodPost, runTriggersPath(ws), runTriggerBody(src)).data(t, http.StatusCreated)
	id := wantID(t, d["id"], "rt")
	if d["type"] != "run-triggers" || relID(t, d, "workspace", "workspaces") != ws || relID(t, d, "sourceable", "workspaces") != src {
		t.Errorf("trigger %v", d)
	}
	wantAttrs(t, d, map[string]any{"workspace-name": "app", "sourceable-name": "network"})
	if attrs(t, d)["created-at"] == nil {
		t.Errorf("no created-at in %v", d)
	}
	if got := a.get(runTriggerPath(id)).data(t, http.StatusOK); !emutest.EqualJSON(t, got, d) {
		t.Errorf("read %v\nwant %v", got, d)
	}

	r := a.get(runTriggerPath(id) + "?include=sourceable,workspace")
	r.data(t, http.StatusOK)
	if got := ids(r.included(t)); !slices.Equal(got, []string{src, ws}) {
		t.Errorf("included %v, want the source then the workspace", got)
	}
	emutest.WantAPIError(t, a.get(runTriggerPath(id)+"?include=runs"), http.StatusBadRequest, "bad request", "include parameter")

	// There is no update.
	emutest.WantAPIError(t, a.do(http.MethodPatch, runTriggerPath(id), runTriggerBody(src)), http.StatusNotFound, "not found", "no such endpoint")
	a.wantDeletes(runTriggerPath(id))
}

func TestRunTriggers_createRules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	ws, src := a.workspaceID("acme", "app"), a.workspaceID("acme", "network")
	pointer := "/data/relationships/sourceable/data"

	wantInvalid(t, a.do(http.MethodPost, runTriggersPath(ws), body("run-triggers", nil, nil)), pointer, "sourceable is required")
	wantInvalid(t, a.do(http.MethodPost, runTriggersPath(ws), runTriggerBody("")), pointer, "sourceable is required")
	wantInvalid(t, a.do(http.MethodPost, runTriggersPath(ws), runTriggerBody(ws)), pointer, "cannot be the workspace itself")
	wantNotFound(t, a.do(http.MethodPost, runTriggersPath(ws), runTriggerBody("ws-Missing1234567890")))
	wantNotFound(t, a.do(http.MethodPost, runTriggersPath("ws-Missing1234567890"), runTriggerBody(src)))
	wantInvalid(t, a.do(http.MethodPost, runTriggersPath(ws), runTriggerBody(a.workspaceID("other", "elsewhere"))), pointer, "same organization")

	a.createRunTrigger(ws, src)
	wantInvalid(t, a.do(http.MethodPost, runTriggersPath(ws), runTriggerBody(src)), pointer, "has already been taken")

	// A source that another token may not see is not found for it.
	token, err := a.server.MintOrganizationToken("other")
	if err != nil {
		t.Fatal(err)
	}
	wantNotFound(t, a.as(token).do(http.MethodPost, runTriggersPath(ws), runTriggerBody(src)))
}

// A workspace has at most 20 sources; a source may trigger any number of
// workspaces.
func TestRunTriggers_twentySourcesAtMost(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "app")
	for i := range 20 {
		a.createRunTrigger(ws, a.workspaceID("acme", fmt.Sprintf("src-%d", i)))
	}
	last := a.workspaceID("acme", "src-20")
	wantInvalid(t, a.do(http.MethodPost, runTriggersPath(ws), runTriggerBody(last)), "/data/relationships/sourceable/data", "already has 20 source workspaces")
	a.createRunTrigger(a.workspaceID("acme", "other"), last)
}

func TestRunTriggers_listInboundAndOutbound(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	app, net, db := a.workspaceID("acme", "app"), a.workspaceID("acme", "network"), a.workspaceID("acme", "db")
	inNet := a.createRunTrigger(app, net)
	clk.advance(1)
	inDB := a.createRunTrigger(app, db)
	netToDB := a.createRunTrigger(db, net)

	if got := ids(a.get(runTriggersPath(app) + "?filter[run-trigger][type]=inbound").list(t)); !slices.Equal(got, []string{inNet, inDB}) {
		t.Errorf("inbound of app %v, want %v", got, []string{inNet, inDB})
	}
	if got := ids(a.get(runTriggersPath(app) + "?filter[run-trigger][type]=outbound").list(t)); len(got) != 0 {
		t.Errorf("outbound of app %v, want none", got)
	}
	if got := ids(a.get(runTriggersPath(net) + "?filter[run-trigger][type]=outbound").list(t)); !slices.Contains(got, inNet) || !slices.Contains(got, netToDB) || len(got) != 2 {
		t.Errorf("outbound of network %v", got)
	}

	// The direction is required.
	for _, q := range []string{"", "?filter[run-trigger][type]=", "?filter[run-trigger][type]=both"} {
		emutest.WantAPIError(t, a.get(runTriggersPath(app)+q), http.StatusBadRequest, "bad request", "filter[run-trigger][type] is required")
	}

	r := a.get(runTriggersPath(app) + "?filter[run-trigger][type]=inbound&include=sourceable&page[size]=1&page[number]=2")
	if got := ids(r.list(t)); !slices.Equal(got, []string{inDB}) {
		t.Errorf("page 2 %v", got)
	}
	if got := ids(r.included(t)); !slices.Equal(got, []string{db}) {
		t.Errorf("included %v, want the source of the page's trigger", got)
	}
	if pg := r.pagination(t); pg["total-count"] != float64(2) || pg["current-page"] != float64(2) {
		t.Errorf("pagination %v", pg)
	}
	r = a.get(runTriggersPath(app) + "?filter[run-trigger][type]=inbound&page[number]=999")
	if got := r.list(t); len(got) != 0 || r.pagination(t)["total-count"] != float64(2) {
		t.Errorf("page 999: %v, %v", got, r.pagination(t))
	}
	wantNotFound(t, a.get(runTriggersPath("ws-Missing1234567890")+"?filter[run-trigger][type]=inbound"))
}

// A workspace's delete deletes its triggers, inbound and outbound.
func TestRunTriggers_workspaceDeleteTakesItsTriggers(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	app, net, db := a.workspaceID("acme", "app"), a.workspaceID("acme", "network"), a.workspaceID("acme", "db")
	in := a.createRunTrigger(app, net)
	out := a.createRunTrigger(db, net)
	kept := a.createRunTrigger(app, db)
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, "/api/v2/workspaces/"+net, nil), http.StatusNoContent)
	wantNotFound(t, a.get(runTriggerPath(in)))
	wantNotFound(t, a.get(runTriggerPath(out)))
	a.get(runTriggerPath(kept)).data(t, http.StatusOK)
	if got := ids(a.get(runTriggersPath(app) + "?filter[run-trigger][type]=inbound").list(t)); !slices.Equal(got, []string{kept}) {
		t.Errorf("inbound of app %v, want %v", got, []string{kept})
	}
}

// Under the RunTriggerLock variant a create holds its organization's lock
// for that long, and another create in the organization meanwhile is 409
// with the platform's words; other organizations have their own lock.
func TestRunTriggers_creationLock(t *testing.T) {
	a := newAPI(t, platform.Options{RunTriggerLock: time.Second})
	clk := newClock(a)
	a.createOrg("acme")
	a.createOrg("other")
	app, network, web := a.workspaceID("acme", "app"), a.workspaceID("acme", "network"), a.workspaceID("acme", "web")
	a.createRunTrigger(app, network)
	clk.advance(999 * time.Millisecond)
	emutest.WantAPIError(t, a.do(http.MethodPost, runTriggersPath(web), runTriggerBody(network)), http.StatusConflict, "conflict",
		"Run Trigger creation locked by another user in your organization. Please try again")
	a.createRunTrigger(a.workspaceID("other", "app"), a.workspaceID("other", "network"))
	// The refused create took nothing and held nothing: a second later
	// the lock is free.
	if got := a.get(runTriggersPath(web) + "?filter[run-trigger][type]=inbound").list(t); len(got) != 0 {
		t.Fatalf("a refused create stored %v", got)
	}
	clk.advance(time.Millisecond)
	a.createRunTrigger(web, network)
	// Without the variant, creates follow one another freely.
	b := newAPI(t, platform.Options{})
	b.createOrg("acme")
	bApp, bNetwork, bWeb := b.workspaceID("acme", "app"), b.workspaceID("acme", "network"), b.workspaceID("acme", "web")
	b.createRunTrigger(bApp, bNetwork)
	b.createRunTrigger(bWeb, bNetwork)
}

func init() {
	addStateFixture("run-triggers", func(a *api) roundTrip {
		ws, source := a.workspaceID("acme", "state-triggered"), a.workspaceID("acme", "state-source")
		rt := a.createRunTrigger(ws, source)
		return roundTrip{paths: []string{
			runTriggerPath(rt), runTriggersPath(ws) + "?filter[run-trigger][type]=inbound", runTriggersPath(source) + "?filter[run-trigger][type]=outbound",
		}}
	})
}
