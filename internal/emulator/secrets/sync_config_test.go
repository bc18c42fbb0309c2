package secrets_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

func TestConfig_defaultsAndMergingPatch(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	d := a.do(http.MethodGet, "/v1/sys/sync/config", nil).data(t)
	if !emutest.EqualJSON(t, d, map[string]any{"disabled": false, "queue_capacity": 1000000}) {
		t.Fatalf("default config %v", d)
	}
	d = a.patchConfig(map[string]any{"disabled": true}).data(t)
	if !emutest.EqualJSON(t, d, map[string]any{"disabled": true, "queue_capacity": 1000000}) {
		t.Fatalf("after disabled=true: %v", d)
	}
	d = a.patchConfig(map[string]any{"queue_capacity": 42}).data(t)
	if !emutest.EqualJSON(t, d, map[string]any{"disabled": true, "queue_capacity": 42}) {
		t.Fatalf("after queue_capacity=42: %v", d)
	}
	d = a.patchConfig(nil).data(t)
	if !emutest.EqualJSON(t, d, map[string]any{"disabled": true, "queue_capacity": 42}) {
		t.Fatalf("an empty patch changed the config: %v", d)
	}
	d = a.patchConfig(map[string]any{"disabled": false, "queue_capacity": 7}).data(t)
	if !emutest.EqualJSON(t, d, map[string]any{"disabled": false, "queue_capacity": 7}) {
		t.Fatalf("after both: %v", d)
	}
	if got := a.do(http.MethodGet, "/v1/sys/sync/config", nil).data(t); !emutest.EqualJSON(t, got, d) {
		t.Fatalf("read %v, want %v", got, d)
	}
}

func TestConfig_validation(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	for body, want := range map[string]string{
		`{"queue_capacity": 0}`:     `invalid queue_capacity 0: must be a positive integer`,
		`{"queue_capacity": -5}`:    `invalid queue_capacity -5: must be a positive integer`,
		`{"queue_capacity": "-5"}`:  `invalid queue_capacity -5: must be a positive integer`,
		`{"queue_capacity": 1.5}`:   `invalid queue_capacity 1.5: ` + notInteger,
		`{"queue_capacity": "ten"}`: `invalid queue_capacity "ten": ` + notInteger,
		`{"queue_capacity": ""}`:    `invalid queue_capacity "": ` + notInteger,
		`{"queue_capacity": true}`:  `invalid queue_capacity true: ` + notInteger,
		// Whole numbers in other spellings are refused too, as Go servers
		// that decode into an integer do (see the package doc).
		`{"queue_capacity": 1000.0}`:              `invalid queue_capacity 1000.0: ` + notInteger,
		`{"queue_capacity": 1e3}`:                 `invalid queue_capacity 1e3: ` + notInteger,
		`{"queue_capacity": "1e3"}`:               `invalid queue_capacity "1e3": ` + notInteger,
		`{"disabled": "yes"}`:                     `invalid disabled "yes": ` + notBoolean,
		`{"disabled": 1}`:                         `invalid disabled 1: ` + notBoolean,
		`{"disabled": ""}`:                        `invalid disabled "": ` + notBoolean,
		`{"disabled": true, "queue_capacity": 0}`: `invalid queue_capacity 0: must be a positive integer`,
	} {
		wantBody(t, a.patchConfig(body), http.StatusBadRequest, `{"errors":[`+emutest.JSONText(t, want)+`]}`)
	}
	// Refused patches apply nothing, not even their valid members.
	if d := a.do(http.MethodGet, "/v1/sys/sync/config", nil).data(t); !emutest.EqualJSON(t, d, map[string]any{"disabled": false, "queue_capacity": 1000000}) {
		t.Fatalf("config after refused patches: %v", d)
	}
}

func TestConfig_disabledQueuesAsPendingUntilReenabled(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	a.mustWrite("cloudone-sm", "d", cloudOne())
	a.set("cloudone-sm", "d", "secret", "synced").data(t)
	a.patchConfig(map[string]any{"disabled": true}).data(t)

	acc, _ := a.server.Accessor("", "secret")
	entry := func(d map[string]any, secret string) map[string]any {
		t.Helper()
		return obj(t, obj(t, d["associated_secrets"], "associated_secrets")[acc+"/"+secret], acc+"/"+secret)
	}
	d := a.set("cloudone-sm", "d", "secret", "queued").data(t)
	if entry(d, "queued")["sync_status"] != "PENDING" {
		t.Fatalf("set while disabled: %v", d)
	}
	if entry(d, "synced")["sync_status"] != "SYNCED" {
		t.Fatalf("an earlier association changed: %v", d)
	}
	pendingAt := parseTime(t, entry(d, "queued")["updated_at"])
	byQuery := a.do(http.MethodGet, "/v1/sys/sync/associations/destinations?mount=secret&secret_name=queued", nil).data(t)
	if obj(t, obj(t, byQuery["associated_destinations"], "associated_destinations")["cloudone-sm/d"], "entry")["sync_status"] != "PENDING" {
		t.Fatalf("read by secret: %v", byQuery)
	}

	time.Sleep(5 * time.Millisecond)
	a.patchConfig(map[string]any{"disabled": false}).data(t)
	d = a.do(http.MethodGet, destPath("cloudone-sm", "d")+"/associations", nil).data(t)
	if e := entry(d, "queued"); e["sync_status"] != "SYNCED" || !parseTime(t, e["updated_at"]).After(pendingAt) {
		t.Fatalf("after re-enabling: %v", e)
	}
}

func TestConfig_queueCapacityLimitsPendingOperations(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	a.mustWrite("cloudone-sm", "d", cloudOne())
	a.set("cloudone-sm", "d", "secret", "s0").data(t)
	a.patchConfig(map[string]any{"disabled": true, "queue_capacity": 2}).data(t)
	a.set("cloudone-sm", "d", "secret", "s1").data(t)
	a.set("cloudone-sm", "d", "secret", "s2").data(t)
	// Setting a queued association again adds nothing to the queue.
	a.set("cloudone-sm", "d", "secret", "s2").data(t)
	wantBody(t, a.set("cloudone-sm", "d", "secret", "s3"), http.StatusConflict,
		`{"errors":["sync queue is full: 2 pending operations, queue_capacity is 2; enable sync to drain it"]}`)
	// A refresh of a synced association queues too.
	emutest.WantStatus(t, a.set("cloudone-sm", "d", "secret", "s0"), http.StatusConflict)
	a.patchConfig(map[string]any{"queue_capacity": 3}).data(t)
	a.set("cloudone-sm", "d", "secret", "s3").data(t)
	a.patchConfig(map[string]any{"disabled": false}).data(t)
	a.set("cloudone-sm", "d", "secret", "s4").data(t)
}

// Booleans and integers are taken as strings too, as real servers decode
// them: "true", "1", "F" are booleans, "1000" is an integer.
func TestConfig_stringsOfBooleansAndIntegers(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	for _, c := range []struct {
		body string
		want map[string]any
	}{
		{`{"disabled": "true", "queue_capacity": "1000"}`, map[string]any{"disabled": true, "queue_capacity": 1000}},
		{`{"disabled": "0"}`, map[string]any{"disabled": false, "queue_capacity": 1000}},
		{`{"disabled": "T", "queue_capacity": "007"}`, map[string]any{"disabled": true, "queue_capacity": 7}},
		{`{"disabled": "False", "queue_capacity": 12}`, map[string]any{"disabled": false, "queue_capacity": 12}},
	} {
		if d := a.patchConfig(c.body).data(t); !emutest.EqualJSON(t, d, c.want) {
			t.Fatalf("PATCH %s answered %v, want %v", c.body, d, c.want)
		}
		if d := a.do(http.MethodGet, "/v1/sys/sync/config", nil).data(t); !emutest.EqualJSON(t, d, c.want) {
			t.Fatalf("after PATCH %s: read %v, want %v", c.body, d, c.want)
		}
	}
}

// DELETE resets the config to its defaults and answers 204 without a body,
// as every delete. Sync is enabled again, so the queue runs.
func TestConfig_deleteResetsToDefaults(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	a.mustWrite("cloudone-sm", "d", cloudOne())
	a.patchConfig(map[string]any{"disabled": true, "queue_capacity": 5}).data(t)
	a.set("cloudone-sm", "d", "secret", "queued").data(t)

	r := a.do(http.MethodDelete, "/v1/sys/sync/config", nil)
	emutest.WantStatus(t, r, http.StatusNoContent)
	if r.Body != "" {
		t.Fatalf("DELETE answered a body: %s", r.Body)
	}
	if d := a.do(http.MethodGet, "/v1/sys/sync/config", nil).data(t); !emutest.EqualJSON(t, d, map[string]any{"disabled": false, "queue_capacity": 1000000}) {
		t.Fatalf("config after DELETE: %v", d)
	}
	acc, _ := a.server.Accessor("", "secret")
	d := a.do(http.MethodGet, destPath("cloudone-sm", "d")+"/associations", nil).data(t)
	if e := obj(t, obj(t, d["associated_secrets"], "associated_secrets")[acc+"/queued"], "entry"); e["sync_status"] != secrets.StatusSynced {
		t.Fatalf("the queued association after DELETE: %v", e)
	}
	// A reset of the defaults changes nothing; the admin namespace may too.
	emutest.WantStatus(t, a.in("admin").do(http.MethodDelete, "/v1/sys/sync/config", nil), http.StatusNoContent)
	if d := a.do(http.MethodGet, "/v1/sys/sync/config", nil).data(t); !emutest.EqualJSON(t, d, map[string]any{"disabled": false, "queue_capacity": 1000000}) {
		t.Fatalf("config after a second DELETE: %v", d)
	}
}
