package platform

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
)

func TestRelationshipShapes(t *testing.T) {
	for got, want := range map[string]string{
		emutest.JSONText(t, toOne("projects", "prj-1")):                      `{"data":{"type":"projects","id":"prj-1"}}`,
		emutest.JSONText(t, toOne("agent-pools", "")):                        `{"data":null}`,
		emutest.JSONText(t, toMany(nil)):                                     `{"data":[]}`,
		emutest.JSONText(t, toMany([]ref{{"tags", "tag-1"}})):                `{"data":[{"type":"tags","id":"tag-1"}]}`,
		emutest.JSONText(t, related("/api/v2/workspaces/ws-1/tag-bindings")): `{"links":{"related":"/api/v2/workspaces/ws-1/tag-bindings"}}`,
		emutest.JSONText(t, stringOrNull("")):                                `null`,
		emutest.JSONText(t, stringOrNull("x")):                               `"x"`,
		emutest.JSONText(t, timeOrNull(nil)):                                 `null`,
	} {
		if got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
	at := time.Date(2025, 1, 31, 19, 0, 0, 5e6, time.FixedZone("CET", 3600))
	if got := emutest.JSONText(t, timeOrNull(&at)); got != `"2025-01-31T18:00:00.005Z"` {
		t.Errorf("time %s, want UTC with milliseconds", got)
	}
}

func sent(rep reply) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	rep.Send(w)
	return w
}

func TestReplies_statusesAndBodies(t *testing.T) {
	doc := document{Data: resource{Type: "things", ID: "1", Attributes: map[string]any{}}}
	for _, c := range []struct {
		rep    reply
		status int
		body   string
	}{
		{ok(doc), http.StatusOK, `{"data":{"type":"things","id":"1","attributes":{}}}`},
		{created(doc), http.StatusCreated, `{"data":{"type":"things","id":"1","attributes":{}}}`},
		{noContent(), http.StatusNoContent, ``},
		{notFound("workspace"), http.StatusNotFound,
			`{"errors":[{"status":"404","title":"not found","detail":"workspace not found, or the token may not see it"}]}`},
		{conflict("/data/attributes/name", "name %q is taken", "w"), http.StatusConflict,
			`{"errors":[{"status":"409","title":"conflict","detail":"name \"w\" is taken","source":{"pointer":"/data/attributes/name"}}]}`},
		{conflict("", "still in use"), http.StatusConflict,
			`{"errors":[{"status":"409","title":"conflict","detail":"still in use"}]}`},
		{badParameter("sort", "bad"), http.StatusBadRequest,
			`{"errors":[{"status":"400","title":"bad request","detail":"bad","source":{"parameter":"sort"}}]}`},
	} {
		w := sent(c.rep)
		if w.Code != c.status || w.Body.String() != c.body {
			t.Errorf("reply %+v sent %d %s, want %d %s", c.rep, w.Code, w.Body, c.status, c.body)
		}
		if wantType := map[bool]string{true: MediaType, false: ""}[c.body != ""]; w.Header().Get("Content-Type") != wantType {
			t.Errorf("reply %+v Content-Type %q, want %q", c.rep, w.Header().Get("Content-Type"), wantType)
		}
	}
}

// A handler that panics under the store's lock does not leave it locked.
func TestLocked_releasesTheLockOnPanic(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	func() {
		defer func() { _ = recover() }()
		s.locked(httptest.NewRecorder(), func() reply { panic("boom") })
	}()
	w := httptest.NewRecorder()
	s.locked(w, noContent)
	if w.Code != http.StatusNoContent {
		t.Fatalf("after a panic: %d", w.Code)
	}
}
