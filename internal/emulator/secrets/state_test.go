package secrets_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

func TestState_roundTrip(t *testing.T) {
	a := newAPI(t, secrets.Options{KVMounts: map[string]int{"team/kv": 2}})
	a.patchConfig(map[string]any{"queue_capacity": 10}).data(t)
	a.do(http.MethodPost, appsPath+"app", appBody(t, "77")).data(t)
	a.mustWrite("cloudone-sm", "d", map[string]any{"access_key_id": "AKIA", "secret_access_key": "s", "custom_tags": map[string]string{"a": "b"}, "allowed_ports": []int{443}})
	a.mustWrite("codehost", "c", map[string]any{"app_name": "app", "installation_id": "1", "secrets_location": "organization", "selected_repository_names": []string{"r"}})
	a.set("cloudone-sm", "d", "team/kv", "x/y").data(t)
	team := a.in("team")
	team.mustWrite("webhost-project", "w", webhost())
	team.set("webhost-project", "w", "secret", "s").data(t)
	a.patchConfig(map[string]any{"disabled": true}).data(t)
	a.set("cloudone-sm", "d", "secret", "pending").data(t)

	reads := func(a *api) []string {
		var out []string
		for _, r := range []response{
			a.do(http.MethodGet, "/v1/sys/sync/config", nil),
			a.read("cloudone-sm", "d"), a.read("codehost", "c"), a.in("team").read("webhost-project", "w"),
			a.do(http.MethodGet, destPath("cloudone-sm", "d")+"/associations", nil),
			a.in("team").do("LIST", "/v1/sys/sync/associations", nil),
			a.do("LIST", "/v1/sys/sync/associations", nil),
			a.do(http.MethodGet, appsPath+"app", nil),
		} {
			env := emutest.JSON(t, r)
			out = append(out, fmt.Sprint(env["data"]))
		}
		return out
	}
	before := reads(a)
	saved, err := a.server.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(saved), "AKIA") || !strings.Contains(string(saved), "BEGIN RSA PRIVATE KEY") {
		t.Fatalf("the state file must keep secrets in clear: %s", saved)
	}

	b := newAPI(t, secrets.Options{KVMounts: map[string]int{"team/kv": 2}})
	if err := b.server.UnmarshalState(saved); err != nil {
		t.Fatal(err)
	}
	if after := reads(b); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatalf("after reload\n%v\nwant\n%v", after, before)
	}
	// The loaded store behaves: the app is still referenced, and re-enabling
	// sync drains the loaded queue.
	emutest.WantStatus(t, b.do(http.MethodDelete, appsPath+"app", nil), http.StatusConflict)
	b.patchConfig(map[string]any{"disabled": false}).data(t)
	acc, _ := b.server.Accessor("", "secret")
	d := b.do(http.MethodGet, destPath("cloudone-sm", "d")+"/associations", nil).data(t)
	if obj(t, obj(t, d["associated_secrets"], "as")[acc+"/pending"], "pending")["sync_status"] != "SYNCED" {
		t.Fatalf("after re-enabling: %v", d)
	}

	for _, bad := range []string{`{`, `{"namespaces":{"":{"destinations":[{"type":"nope","name":"d"}]}}}`, `{"namespaces":{"":{"apps":[{"name":""}]}}}`, `{"namespaces":{"x":null}}`} {
		if err := b.server.UnmarshalState([]byte(bad)); err == nil {
			t.Errorf("UnmarshalState(%s) succeeded", bad)
		}
	}
	// An empty object is an empty store with the default config.
	if err := b.server.UnmarshalState([]byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	if d := b.do(http.MethodGet, "/v1/sys/sync/config", nil).data(t); d["queue_capacity"] != 1e6 {
		t.Fatalf("config %v", d)
	}
}

func TestState_purgeUnderWayStartsAgainOnLoad(t *testing.T) {
	const delay = 200 * time.Millisecond
	a := newAPI(t, secrets.Options{PurgeDelay: time.Hour})
	a.mustWrite("cloudone-sm", "d", nil)
	a.set("cloudone-sm", "d", "secret", "s").data(t)
	emutest.WantStatus(t, a.do(http.MethodDelete, destPath("cloudone-sm", "d")+"?purge=true", nil), http.StatusNoContent)
	saved, err := a.server.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	b := newAPI(t, secrets.Options{PurgeDelay: delay})
	if err := b.server.UnmarshalState(saved); err != nil {
		t.Fatal(err)
	}
	if _, ok := b.read("cloudone-sm", "d").data(t)["purge_initiated_at"]; !ok {
		t.Fatal("loaded destination lost its purge")
	}
	eventually(t, 5*delay, "loaded purge completes", func() bool { return b.read("cloudone-sm", "d").Status == http.StatusNotFound })
}

func TestReset_emptiesEverythingAndDropsPurges(t *testing.T) {
	const delay = 100 * time.Millisecond
	a := newAPI(t, secrets.Options{PurgeDelay: delay})
	a.patchConfig(map[string]any{"disabled": true, "queue_capacity": 3}).data(t)
	a.do(http.MethodPost, appsPath+"app", appBody(t, "1")).data(t)
	a.mustWrite("cloudone-sm", "d", nil)
	a.set("cloudone-sm", "d", "secret", "s").data(t)
	emutest.WantStatus(t, a.do(http.MethodDelete, destPath("cloudone-sm", "d")+"?purge=true", nil), http.StatusNoContent)
	a.server.Reset()

	if d := a.do(http.MethodGet, "/v1/sys/sync/config", nil).data(t); !emutest.EqualJSON(t, d, map[string]any{"disabled": false, "queue_capacity": 1000000}) {
		t.Fatalf("config after reset %v", d)
	}
	wantBody(t, a.read("cloudone-sm", "d"), http.StatusNotFound, notFoundBody)
	wantBody(t, a.do(http.MethodGet, appsPath+"app", nil), http.StatusNotFound, notFoundBody)
	// A destination made after the reset is not taken by the old purge.
	a.mustWrite("cloudone-sm", "d", nil)
	time.Sleep(2 * delay)
	emutest.WantStatus(t, a.read("cloudone-sm", "d"), http.StatusOK)
	if saved, err := a.server.MarshalState(); err != nil || !strings.Contains(string(saved), `"name": "d"`) {
		t.Fatalf("state after reset: %s, %v", saved, err)
	}
}

// TestConcurrency drives every kind of request at once; run with -race.
func TestConcurrency(t *testing.T) {
	a := newAPI(t, secrets.Options{PurgeDelay: 10 * time.Millisecond})
	a.do(http.MethodPost, appsPath+"app", appBody(t, "1")).data(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			name := fmt.Sprintf("d%d", i)
			for j := range 10 {
				secret := fmt.Sprintf("s%d", j)
				if r := a.write("cloudone-sm", name, nil); r.Status != http.StatusOK && r.Status != http.StatusConflict {
					t.Errorf("write: %d %s", r.Status, r.Body)
					return
				}
				a.set("cloudone-sm", name, "secret", secret)
				a.do("LIST", "/v1/sys/sync/associations", nil)
				a.do(http.MethodGet, "/v1/sys/sync/associations/secret/"+secret, nil)
				a.patchConfig(map[string]any{"disabled": j%2 == 0})
				if j == 5 {
					a.do(http.MethodDelete, destPath("cloudone-sm", name)+"?purge=true", nil)
				}
				a.read("cloudone-sm", name)
			}
		})
	}
	wg.Wait()
	if _, err := a.server.MarshalState(); err != nil {
		t.Fatal(err)
	}
}

// A state file is read by people's own tools and edited by hand: an
// association that the API could never have stored is refused on load,
// with the store left as it was, rather than loaded to fail (or panic) in
// a later request.
func TestState_refusesBadAssociations(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	a.mustWrite("cloudone-sm", "kept", nil)
	acc, _ := a.server.Accessor("", "secret")
	teamAcc, _ := a.server.Accessor("team", "secret")
	kv1Acc, _ := a.server.Accessor("", "kv1")
	good := fmt.Sprintf(`{"mount":"secret","accessor":%q,"secret_name":"s","sync_status":"SYNCED","updated_at":"2024-05-01T10:00:00Z"}`, acc)
	state := func(ns, key, association string) string {
		return fmt.Sprintf(`{"config":{"disabled":true,"queue_capacity":5},"namespaces":{%q:{"destinations":[`+
			`{"type":"cloudone-sm","name":"d","options":{"granularity":"secret-path"},"associations":{%q:%s}}],"apps":[]}}}`, ns, key, association)
	}
	if err := a.server.UnmarshalState([]byte(state("", acc+"/s", good))); err != nil {
		t.Fatalf("a good association is refused: %v", err)
	}
	a.mustWrite("cloudone-sm", "kept", nil)
	for name, bad := range map[string]string{
		"null":              state("", acc+"/s", `null`),
		"unknown mount":     state("", acc+"/s", strings.Replace(good, `"mount":"secret"`, `"mount":"gone"`, 1)),
		"KV version 1":      state("", kv1Acc+"/s", fmt.Sprintf(`{"mount":"kv1","accessor":%q,"secret_name":"s","sync_status":"SYNCED"}`, kv1Acc)),
		"unknown status":    state("", acc+"/s", strings.Replace(good, "SYNCED", "DONE", 1)),
		"UNSYNCED stored":   state("", acc+"/s", strings.Replace(good, "SYNCED", "UNSYNCED", 1)),
		"key not its own":   state("", acc+"/other", good),
		"key without slash": state("", "s", good),
		"wrong accessor":    state("", acc+"/s", strings.Replace(good, acc, "kv_00000000", 1)),
		"other namespace":   state("team", acc+"/s", good),
		"bad secret name":   state("", acc+"/a//b", strings.Replace(good, `"secret_name":"s"`, `"secret_name":"a//b"`, 1)),
		"namespace unclean": state("/team/", teamAcc+"/s", good),
		"duplicate destination": `{"namespaces":{"":{"destinations":[{"type":"cloudone-sm","name":"d","options":{}},` +
			`{"type":"cloudone-sm","name":"d","options":{}}]}}}`,
		"duplicate app":                 `{"namespaces":{"":{"apps":[{"name":"a"},{"name":"a"}]}}}`,
		"PENDING while sync is enabled": strings.Replace(state("", acc+"/s", strings.Replace(good, "SYNCED", "PENDING", 1)), `"disabled":true`, `"disabled":false`, 1),
		"unknown granularity":           strings.Replace(state("", acc+"/s", good), "secret-path", "bogus", 1),
		"codehost app missing": `{"namespaces":{"":{"destinations":[{"type":"codehost","name":"c","options":{"granularity":"secret-key"},` +
			`"strings":{"app_name":"app","installation_id":"1","secrets_location":"repository"}}]}}}`,
		"installation_id not an integer": `{"namespaces":{"":{"apps":[{"name":"app"}],"destinations":[{"type":"codehost","name":"c","options":{"granularity":"secret-key"},` +
			`"strings":{"app_name":"app","installation_id":"inst-1","secrets_location":"repository"}}]}}}`,
		"namespace named root": state("root", acc+"/s", good),
		"codehost refused by a write": `{"namespaces":{"":{"destinations":[{"type":"codehost","name":"c","options":{"granularity":"secret-key"},` +
			`"strings":{"secrets_location":"repository"}}]}}}`,
	} {
		t.Run(name, func(t *testing.T) {
			if err := a.server.UnmarshalState([]byte(bad)); err == nil {
				t.Fatalf("UnmarshalState(%s) succeeded", bad)
			}
			// The store is the one before the refused load, and serves.
			emutest.WantStatus(t, a.read("cloudone-sm", "kept"), http.StatusOK)
			emutest.WantStatus(t, a.patchConfig(map[string]any{"disabled": false}), http.StatusOK)
		})
	}
}
