package secrets_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

var accessorPattern = regexp.MustCompile(`^kv_[0-9a-f]{8}$`)

func TestAssociations_setAndRead(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	a.mustWrite("cloudone-sm", "d", nil)
	acc, _ := a.server.Accessor("", "secret")
	before := time.Now()
	d := a.set("cloudone-sm", "d", "secret", "app/db").data(t)
	if d["store_name"] != "d" || d["store_type"] != "cloudone-sm" {
		t.Fatalf("set answer %v", d)
	}
	secretsMap := obj(t, d["associated_secrets"], "associated_secrets")
	e := obj(t, secretsMap[acc+"/app/db"], "entry")
	if len(secretsMap) != 1 || e["accessor"] != acc || e["secret_name"] != "app/db" || e["sync_status"] != "SYNCED" || len(e) != 4 {
		t.Fatalf("set answer %v", d)
	}
	first := parseTime(t, e["updated_at"])
	if first.Before(before.Add(-time.Second)) {
		t.Fatalf("updated_at %v before the request", first)
	}
	if got := a.do(http.MethodGet, destPath("cloudone-sm", "d")+"/associations", nil).data(t); !emutest.EqualJSON(t, got, d) {
		t.Fatalf("read %v, want %v", got, d)
	}

	// Setting it again refreshes it, without a duplicate.
	time.Sleep(5 * time.Millisecond)
	d = a.set("cloudone-sm", "d", "/secret/", "app/db").data(t)
	secretsMap = obj(t, d["associated_secrets"], "associated_secrets")
	if len(secretsMap) != 1 {
		t.Fatalf("duplicate after a second set: %v", d)
	}
	if again := parseTime(t, obj(t, secretsMap[acc+"/app/db"], "entry")["updated_at"]); !again.After(first) {
		t.Fatalf("updated_at %v not refreshed from %v", again, first)
	}
	if l := a.do("LIST", "/v1/sys/sync/associations", nil).data(t); l["total_associations"] != 1.0 {
		t.Fatalf("list after two sets: %v", l)
	}
}

func TestAssociations_secretNeedNotExistAndSlashesWork(t *testing.T) {
	a := newAPI(t, secrets.Options{KVMounts: map[string]int{"team/kv": 2, "team": 2}})
	a.mustWrite("codehost", "d", codehost())
	acc, _ := a.server.Accessor("", "team/kv")
	d := a.set("codehost", "d", "team/kv", "deep/nested/name").data(t)
	if obj(t, d["associated_secrets"], "associated_secrets")[acc+"/deep/nested/name"] == nil {
		t.Fatalf("set with slashes: %v", d)
	}
	entry := map[string]any{"codehost/d": map[string]any{"type": "codehost", "name": "d", "sync_status": "SYNCED"}}
	check := func(r response) map[string]any {
		t.Helper()
		got := obj(t, r.data(t)["associated_destinations"], "associated_destinations")
		for k, v := range got {
			delete(obj(t, v, k), "updated_at")
		}
		return got
	}
	q := "/v1/sys/sync/associations/destinations?" + url.Values{"mount": {"team/kv"}, "secret_name": {"deep/nested/name"}}.Encode()
	if got := check(a.do(http.MethodGet, q, nil)); !emutest.EqualJSON(t, got, entry) {
		t.Fatalf("query form %v", got)
	}
	// Path form: the longest mount the path starts with wins.
	if got := check(a.do(http.MethodGet, "/v1/sys/sync/associations/team/kv/deep/nested/name", nil)); !emutest.EqualJSON(t, got, entry) {
		t.Fatalf("path form %v", got)
	}
	// Mount "team" with secret "kv/deep/nested/name" needs the query form.
	a.set("codehost", "d", "team", "kv/deep/nested/name").data(t)
	q = "/v1/sys/sync/associations/destinations?" + url.Values{"mount": {"team"}, "secret_name": {"kv/deep/nested/name"}}.Encode()
	if got := check(a.do(http.MethodGet, q, nil)); !emutest.EqualJSON(t, got, entry) {
		t.Fatalf("query form, short mount %v", got)
	}
	// Nothing associated: an empty answer, not a 404.
	if got := check(a.do(http.MethodGet, "/v1/sys/sync/associations/secret/none", nil)); len(got) != 0 {
		t.Fatalf("unassociated secret: %v", got)
	}
}

func TestAssociations_readBySecretErrors(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	base := "/v1/sys/sync/associations/destinations"
	for q, want := range map[string]string{
		"?secret_name=s":                 "missing mount: required query parameter, the name of a KV mount",
		"?mount=secret":                  "missing secret_name: required query parameter, the name of a secret of the mount",
		"?mount=nope&secret_name=s":      `invalid mount "nope": no KV mount of that name`,
		"?mount=secret&secret_name=a//b": `invalid secret_name "a//b": path segments must not be empty, "." or ".."`,
	} {
		wantBody(t, a.do(http.MethodGet, base+q, nil), http.StatusBadRequest, `{"errors":[`+emutest.JSONText(t, want)+`]}`)
	}
	wantBody(t, a.do(http.MethodGet, "/v1/sys/sync/associations/nope/s", nil), http.StatusBadRequest,
		`{"errors":["invalid path \"nope/s\": it must start with a KV mount and go on with a secret name; mount and secret_name can also be query parameters of sys/sync/associations/destinations"]}`)
	emutest.WantErrorList(t, a.do(http.MethodGet, "/v1/sys/sync/associations/secret/", nil), http.StatusBadRequest, `invalid path "secret/"`)
	// A version 1 mount can be asked about; nothing is associated with it.
	if d := a.do(http.MethodGet, "/v1/sys/sync/associations/kv1/s", nil).data(t); len(obj(t, d["associated_destinations"], "ad")) != 0 {
		t.Fatalf("kv1: %v", d)
	}
}

func TestAssociations_setRules(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	a.mustWrite("cloudone-sm", "d", nil)
	set := func(body any) response {
		return a.do(http.MethodPost, destPath("cloudone-sm", "d")+"/associations/set", body)
	}
	for body, want := range map[string]string{
		`{"secret_name":"s"}`:                       "missing mount: required, the name of a KV version 2 mount",
		`{"mount":"secret"}`:                        "missing secret_name: required, the name of a secret of the mount",
		`{"mount":"secret","secret_name":""}`:       "missing secret_name: required, the name of a secret of the mount",
		`{"mount":"kv1","secret_name":"s"}`:         `invalid mount "kv1": a KV version 1 mount; associations support only KV version 2 secrets`,
		`{"mount":"nope","secret_name":"s"}`:        `invalid mount "nope": no KV mount of that name`,
		`{"mount":"secret","secret_name":"/s"}`:     `invalid secret_name "/s": path segments must not be empty, "." or ".."`,
		`{"mount":"secret","secret_name":"a/../b"}`: `invalid secret_name "a/../b"`,
		`{"mount":5,"secret_name":"s"}`:             "invalid mount 5: must be a string",
	} {
		emutest.WantErrorList(t, set(body), http.StatusBadRequest, want)
	}
	// The destination must exist: 404 after the body checks.
	wantBody(t, a.set("cloudone-sm", "missing", "secret", "s"), http.StatusNotFound, notFoundBody)
	wantBody(t, a.remove("missing", "secret", "s"), http.StatusNotFound, notFoundBody)
	wantBody(t, a.do(http.MethodGet, destPath("cloudone-sm", "missing")+"/associations", nil), http.StatusNotFound, notFoundBody)
	if l := a.do("LIST", "/v1/sys/sync/associations", nil).data(t); l["total_associations"] != 0.0 {
		t.Fatalf("refused sets stored %v", l)
	}
}

func TestAssociations_remove(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	a.mustWrite("cloudone-sm", "d", nil)
	acc, _ := a.server.Accessor("", "secret")
	a.set("cloudone-sm", "d", "secret", "keep").data(t)
	a.set("cloudone-sm", "d", "secret", "go").data(t)

	d := a.remove("d", "secret", "go").data(t)
	m := obj(t, d["associated_secrets"], "associated_secrets")
	if obj(t, m[acc+"/go"], "go")["sync_status"] != "UNSYNCED" || obj(t, m[acc+"/keep"], "keep")["sync_status"] != "SYNCED" || len(m) != 2 {
		t.Fatalf("remove answer %v", d)
	}
	parseTime(t, obj(t, m[acc+"/go"], "go")["updated_at"])
	d = a.do(http.MethodGet, destPath("cloudone-sm", "d")+"/associations", nil).data(t)
	if m := obj(t, d["associated_secrets"], "as"); len(m) != 1 || m[acc+"/keep"] == nil {
		t.Fatalf("after remove: %v", d)
	}
	// Removing an absent association succeeds, also on a version 1 mount
	// and while sync is disabled.
	a.patchConfig(map[string]any{"disabled": true}).data(t)
	for _, mount := range []string{"secret", "kv1"} {
		d = a.remove("d", mount, "never").data(t)
		acc1, _ := a.server.Accessor("", mount)
		if obj(t, obj(t, d["associated_secrets"], "as")[acc1+"/never"], "never")["sync_status"] != "UNSYNCED" {
			t.Fatalf("remove of an absent association: %v", d)
		}
	}
	d = a.remove("d", "secret", "keep").data(t)
	if obj(t, obj(t, d["associated_secrets"], "as")[acc+"/keep"], "keep")["sync_status"] != "UNSYNCED" {
		t.Fatalf("remove while disabled: %v", d)
	}
	if l := a.do("LIST", "/v1/sys/sync/associations", nil).data(t); l["total_associations"] != 0.0 {
		t.Fatalf("remove while disabled was queued: %v", l)
	}
	emutest.WantErrorList(t, a.remove("d", "nope", "s"), http.StatusBadRequest, `invalid mount "nope"`)
}

func TestAssociations_listTotals(t *testing.T) {
	a := newAPI(t, secrets.Options{KVMounts: map[string]int{"team/kv": 2}})
	empty := a.do("LIST", "/v1/sys/sync/associations", nil).data(t)
	if !emutest.EqualJSON(t, empty, map[string]any{"key_info": map[string]any{}, "keys": []any{}, "total_associations": 0, "total_secrets": 0}) {
		t.Fatalf("empty list %v", empty)
	}
	a.mustWrite("cloudone-sm", "d1", nil)
	a.mustWrite("webhost-project", "d2", webhost())
	a.set("cloudone-sm", "d1", "secret", "shared").data(t)
	a.set("webhost-project", "d2", "secret", "shared").data(t)
	a.set("cloudone-sm", "d1", "team/kv", "a/b").data(t)

	l := a.do("LIST", "/v1/sys/sync/associations", nil).data(t)
	if l["total_associations"] != 3.0 || l["total_secrets"] != 2.0 {
		t.Fatalf("totals %v", l)
	}
	if !emutest.EqualJSON(t, l["keys"], []string{"secret/shared", "team/kv/a/b"}) {
		t.Fatalf("keys %v", l["keys"])
	}
	info := obj(t, l["key_info"], "key_info")
	shared := list(t, info["secret/shared"], "secret/shared")
	acc, _ := a.server.Accessor("", "secret")
	if len(shared) != 2 {
		t.Fatalf("secret/shared: %v", shared)
	}
	for i, want := range []struct{ typ, name string }{{"cloudone-sm", "d1"}, {"webhost-project", "d2"}} {
		o := obj(t, shared[i], "object")
		if o["mount"] != "secret" || o["secret_path"] != "shared" || o["accessor"] != acc || o["type"] != want.typ || o["name"] != want.name || o["sync_status"] != "SYNCED" {
			t.Fatalf("object %d: %v", i, o)
		}
	}
	if o := obj(t, list(t, info["team/kv/a/b"], "team/kv/a/b")[0], "o"); o["mount"] != "team/kv" || o["secret_path"] != "a/b" {
		t.Fatalf("team/kv/a/b: %v", o)
	}
}

// Rule 5: total_secrets counts secrets, (mount, secret name) pairs, not the
// key_info keys: mount "team" with secret "kv/x" and mount "team/kv" with
// secret "x" share the key "team/kv/x" and are still two secrets.
func TestAssociations_totalSecretsCountsMountSecretPairs(t *testing.T) {
	mounts, err := secrets.ParseKVMounts("team/kv:2,team:2")
	if err != nil {
		t.Fatal(err)
	}
	a := newAPI(t, secrets.Options{KVMounts: mounts})
	a.mustWrite("cloudone-sm", "d1", nil)
	a.mustWrite("cloudone-sm", "d2", nil)
	a.set("cloudone-sm", "d1", "team/kv", "x").data(t)
	a.set("cloudone-sm", "d1", "team", "kv/x").data(t)
	a.set("cloudone-sm", "d2", "team", "kv/x").data(t)

	l := a.do("LIST", "/v1/sys/sync/associations", nil).data(t)
	if l["total_associations"] != 3.0 || l["total_secrets"] != 2.0 {
		t.Fatalf("total_associations %v, total_secrets %v; want 3 and 2", l["total_associations"], l["total_secrets"])
	}
	if !emutest.EqualJSON(t, l["keys"], []string{"team/kv/x"}) {
		t.Fatalf("keys %v", l["keys"])
	}
	// The objects under the shared key still tell the two secrets apart.
	var got []string
	for _, o := range list(t, obj(t, l["key_info"], "key_info")["team/kv/x"], "team/kv/x") {
		o := obj(t, o, "object")
		got = append(got, fmt.Sprint(o["mount"], " ", o["secret_path"], " ", o["name"]))
	}
	if want := []string{"team/kv x d1", "team kv/x d1", "team kv/x d2"}; !slices.Equal(sorted(got), sorted(want)) {
		t.Fatalf("key_info objects %q, want %q", got, want)
	}
}

func sorted(s []string) []string { return slices.Sorted(slices.Values(s)) }
