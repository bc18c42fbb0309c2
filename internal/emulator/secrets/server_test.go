package secrets_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

// route is one request per route of the API, valid once fixture has run.
type route struct {
	method, path string
	body         any
}

var routes = []route{
	{http.MethodGet, "/v1/sys/sync/config", nil},
	{http.MethodPatch, "/v1/sys/sync/config", map[string]any{"disabled": false}},
	{http.MethodDelete, "/v1/sys/sync/config", nil},
	{"LIST", "/v1/sys/sync/destinations", nil},
	{http.MethodGet, "/v1/sys/sync/destinations?list=true", nil},
	{"LIST", "/v1/sys/sync/destinations/cloudone-sm", nil},
	{http.MethodGet, "/v1/sys/sync/destinations/cloudone-sm?list=true", nil},
	{http.MethodGet, destPath("cloudone-sm", "d"), nil},
	{http.MethodPost, destPath("cloudone-sm", "d"), cloudOne()},
	{http.MethodPost, destPath("cloudtwo-kv", "d"), cloudTwo()},
	{http.MethodPost, destPath("cloudthree-sm", "d"), cloudThree()},
	{http.MethodPost, destPath("codehost", "d"), codehost()},
	{http.MethodPost, destPath("webhost-project", "d"), webhost()},
	{http.MethodPut, destPath("cloudone-sm", "d"), cloudOne()},
	{http.MethodPut, destPath("cloudtwo-kv", "d"), cloudTwo()},
	{http.MethodPut, destPath("cloudthree-sm", "d"), cloudThree()},
	{http.MethodPut, destPath("codehost", "d"), codehost()},
	{http.MethodPut, destPath("webhost-project", "d"), webhost()},
	{http.MethodGet, destPath("cloudone-sm", "d") + "/associations", nil},
	{http.MethodPost, destPath("cloudone-sm", "d") + "/associations/set", map[string]any{"mount": "secret", "secret_name": "s"}},
	{http.MethodPost, destPath("cloudone-sm", "d") + "/associations/remove", map[string]any{"mount": "secret", "secret_name": "s"}},
	{http.MethodPut, destPath("cloudone-sm", "d") + "/associations/set", map[string]any{"mount": "secret", "secret_name": "s"}},
	{http.MethodPut, destPath("cloudone-sm", "d") + "/associations/remove", map[string]any{"mount": "secret", "secret_name": "s"}},
	{"LIST", "/v1/sys/sync/associations", nil},
	{http.MethodGet, "/v1/sys/sync/associations?list=true", nil},
	{http.MethodGet, "/v1/sys/sync/associations/secret/s", nil},
	{http.MethodGet, "/v1/sys/sync/associations/destinations?mount=secret&secret_name=s", nil},
	{http.MethodPost, "/v1/sys/sync/codehost-apps/app", nil}, // body set by the tests that need it
	{http.MethodPut, "/v1/sys/sync/codehost-apps/app", nil},  // the same
	{http.MethodGet, "/v1/sys/sync/codehost-apps/app", nil},
	{http.MethodDelete, "/v1/sys/sync/codehost-apps/app", nil},
	{http.MethodDelete, destPath("webhost-project", "d"), nil},
}

func TestAuth_tokenRequiredOnEveryRoute(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	a.mustWrite("cloudone-sm", "d", cloudOne())
	for _, tok := range []struct{ name, token string }{{"none", ""}, {"unknown", "secrets-root"}} {
		for _, rt := range routes {
			t.Run(tok.name+" "+rt.method+" "+rt.path, func(t *testing.T) {
				wantBody(t, a.doAs(tok.token, "", rt.method, rt.path, rt.body), http.StatusForbidden, `{"errors":["permission denied"]}`)
			})
		}
	}
	// Nothing was changed by the refused requests.
	emutest.WantStatus(t, a.read("cloudone-sm", "d"), http.StatusOK)
	wantBody(t, a.read("webhost-project", "d"), http.StatusNotFound, notFoundBody)
}

func TestLicense_offRefusesEveryRoute(t *testing.T) {
	a := newAPI(t, secrets.Options{NoLicense: true})
	for _, rt := range routes {
		t.Run(rt.method+" "+rt.path, func(t *testing.T) {
			wantBody(t, a.do(rt.method, rt.path, rt.body), http.StatusBadRequest,
				`{"errors":["enterprise license required: secrets sync is an enterprise feature and this server's license does not include it"]}`)
		})
	}
	// The token is checked first.
	emutest.WantStatus(t, a.doAs("", "", http.MethodGet, "/v1/sys/sync/config", nil), http.StatusForbidden)
}

func TestNamespaces_configOnlyInRootOrAdmin(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	for _, ns := range []string{"", "admin", "/admin/", " admin", "root", "ROOT", "/Root/"} {
		d := a.in(ns).patchConfig(map[string]any{"queue_capacity": 5}).data(t)
		if d["queue_capacity"] != 5.0 {
			t.Fatalf("namespace %q: %v", ns, d)
		}
		emutest.WantStatus(t, a.in(ns).do(http.MethodGet, "/v1/sys/sync/config", nil), http.StatusOK)
	}
	for _, ns := range []string{"team", "admin/team", "root2", "root/team", "Admin"} {
		for _, method := range []string{http.MethodGet, http.MethodPatch, http.MethodDelete} {
			r := a.in(ns).do(method, "/v1/sys/sync/config", map[string]any{"queue_capacity": 9})
			wantBody(t, r, http.StatusBadRequest, `{"errors":["sys/sync/config is restricted to the root namespace and the administrative namespace \"admin\": not available in namespace \"`+ns+`\""]}`)
		}
	}
	// The config is one for the server: root sees what admin wrote.
	if d := a.do(http.MethodGet, "/v1/sys/sync/config", nil).data(t); d["queue_capacity"] != 5.0 {
		t.Fatalf("root config %v after refused writes", d)
	}
}

func TestNamespaces_separateData(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	team := a.in("team")
	team.mustWrite("cloudone-sm", "d", cloudOne())
	team.set("cloudone-sm", "d", "secret", "s").data(t)
	wantBody(t, a.read("cloudone-sm", "d"), http.StatusNotFound, notFoundBody)
	wantBody(t, a.in("other").read("cloudone-sm", "d"), http.StatusNotFound, notFoundBody)
	if d := a.do("LIST", "/v1/sys/sync/destinations", nil).data(t); d["total_destinations"] != 0.0 {
		t.Fatalf("root lists team's destination: %v", d)
	}
	if d := team.do("LIST", "/v1/sys/sync/destinations", nil).data(t); d["total_destinations"] != 1.0 {
		t.Fatalf("team list: %v", d)
	}
	if d := a.do("LIST", "/v1/sys/sync/associations", nil).data(t); d["total_associations"] != 0.0 {
		t.Fatalf("root lists team's associations: %v", d)
	}
	// Accessors differ by namespace, and the answers show the namespace's.
	rootAcc, _ := a.server.Accessor("", "secret")
	teamAcc, _ := a.server.Accessor("team", "secret")
	if rootAcc == teamAcc {
		t.Fatalf("same accessor %s in two namespaces", rootAcc)
	}
	d := team.do(http.MethodGet, destPath("cloudone-sm", "d")+"/associations", nil).data(t)
	if _, ok := obj(t, d["associated_secrets"], "associated_secrets")[teamAcc+"/s"]; !ok {
		t.Fatalf("associations %v lack %s/s", d, teamAcc)
	}
	// Trailing slashes name the same namespace.
	emutest.WantStatus(t, a.in("team/").read("cloudone-sm", "d"), http.StatusOK)
}

// "root", in any case, names the root namespace, on every route as on the
// config's: what one spelling writes, the others read.
func TestNamespaces_rootNamesTheRoot(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	a.in("root").mustWrite("cloudone-sm", "d", cloudOne())
	a.in("ROOT").set("cloudone-sm", "d", "secret", "s").data(t)
	app := a.in(" /Root/ ").do(http.MethodPost, "/v1/sys/sync/codehost-apps/app", appBody(t, "1"))
	emutest.WantStatus(t, app, http.StatusOK)

	rootAcc, _ := a.server.Accessor("", "secret")
	for _, acc := range []string{"root", "Root"} {
		if got, _ := a.server.Accessor(acc, "secret"); got != rootAcc {
			t.Errorf("Accessor(%q) = %s, want the root's %s", acc, got, rootAcc)
		}
	}
	for _, ns := range []string{"", "root", "rOOt"} {
		b := a.in(ns)
		emutest.WantStatus(t, b.read("cloudone-sm", "d"), http.StatusOK)
		emutest.WantStatus(t, b.do(http.MethodGet, "/v1/sys/sync/codehost-apps/app", nil), http.StatusOK)
		d := b.do(http.MethodGet, destPath("cloudone-sm", "d")+"/associations", nil).data(t)
		if _, ok := obj(t, d["associated_secrets"], "associated_secrets")[rootAcc+"/s"]; !ok {
			t.Fatalf("namespace %q: associations %v lack %s/s", ns, d, rootAcc)
		}
	}
	// A namespace under the root is named without it.
	wantBody(t, a.in("root/team").read("cloudone-sm", "d"), http.StatusNotFound, notFoundBody)
	wantBody(t, a.in("team").read("cloudone-sm", "d"), http.StatusNotFound, notFoundBody)
}

func TestEnvelope_everySuccessAnswer(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	ids := map[string]bool{}
	check := func(r response, mountType bool) {
		t.Helper()
		r.data(t)
		env := emutest.JSON(t, r)
		id, _ := env["request_id"].(string)
		if ids[id] {
			t.Fatalf("request_id %s seen twice", id)
		}
		ids[id] = true
		if env["warnings"] != nil {
			t.Errorf("warnings %v, want null", env["warnings"])
		}
		mt, has := env["mount_type"]
		if has != mountType || (has && mt != "system") {
			t.Errorf("%s: mount_type %#v present %v, want present %v", r.Body, mt, has, mountType)
		}
		for _, k := range []string{"request_id", "lease_id", "lease_duration", "renewable", "data", "wrap_info", "warnings", "auth"} {
			if _, ok := env[k]; !ok {
				t.Errorf("envelope lacks %s: %s", k, r.Body)
			}
		}
	}
	check(a.write("cloudone-sm", "d", cloudOne()), true)
	check(a.do(http.MethodPut, destPath("cloudone-sm", "d"), cloudOne()), true)
	check(a.read("cloudone-sm", "d"), true)
	check(a.do(http.MethodGet, "/v1/sys/sync/config", nil), true)
	check(a.patchConfig(map[string]any{}), true)
	check(a.set("cloudone-sm", "d", "secret", "s"), true)
	check(a.do(http.MethodGet, destPath("cloudone-sm", "d")+"/associations", nil), true)
	check(a.do(http.MethodGet, "/v1/sys/sync/associations/secret/s", nil), true)
	check(a.do(http.MethodGet, "/v1/sys/sync/associations/destinations?mount=secret&secret_name=s", nil), true)
	check(a.remove("d", "secret", "s"), true)
	check(a.do(http.MethodPost, "/v1/sys/sync/codehost-apps/app", appBody(t, "1")), true)
	check(a.do(http.MethodPut, "/v1/sys/sync/codehost-apps/app", appBody(t, "1")), true)
	check(a.do(http.MethodGet, "/v1/sys/sync/codehost-apps/app", nil), true)
	for _, p := range []string{"/v1/sys/sync/destinations", "/v1/sys/sync/destinations/cloudone-sm", "/v1/sys/sync/associations"} {
		check(a.do("LIST", p, nil), false)
		check(a.do(http.MethodGet, p+"?list=true", nil), false)
	}
	for _, p := range []string{destPath("cloudone-sm", "d"), "/v1/sys/sync/codehost-apps/app", "/v1/sys/sync/config"} {
		r := a.do(http.MethodDelete, p, nil)
		emutest.WantStatus(t, r, http.StatusNoContent)
		if r.Body != "" {
			t.Errorf("delete answered a body: %s", r.Body)
		}
	}
}

func TestWarnings_unknownParametersIgnoredAndNamed(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	r := a.write("cloudone-sm", "d", emutest.With(cloudOne(), "zeta", 1, "cloud", "x", "granularity_level", "secret-key"))
	d := r.data(t)
	w := list(t, emutest.JSON(t, r)["warnings"], "warnings")
	if len(w) != 1 || w[0] != "Endpoint ignored these unrecognized parameters: [cloud granularity_level zeta]" {
		t.Fatalf("warnings %v", w)
	}
	if obj(t, d["options"], "options")["granularity_level"] != "secret-path" {
		t.Fatalf("an ignored parameter took effect: %v", d)
	}
	if _, ok := obj(t, d["connection_details"], "connection_details")["cloud"]; ok {
		t.Fatal("a parameter of another type was stored")
	}
	r = a.patchConfig(map[string]any{"queue": 1})
	if w := list(t, emutest.JSON(t, r)["warnings"], "warnings"); len(w) != 1 || !strings.Contains(fmt.Sprint(w[0]), "[queue]") {
		t.Fatalf("config warnings %v", w)
	}
}

func TestList_methodAndGetEquivalent(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	a.mustWrite("cloudone-sm", "b", cloudOne())
	a.mustWrite("cloudone-sm", "a", cloudOne())
	a.mustWrite("webhost-project", "w", webhost())
	for _, p := range []string{"/v1/sys/sync/destinations", "/v1/sys/sync/destinations/cloudone-sm", "/v1/sys/sync/associations"} {
		byList := a.do("LIST", p, nil).data(t)
		for _, q := range []string{"?list=true", "?list=1", "?list=TRUE"} {
			if byGet := a.do(http.MethodGet, p+q, nil).data(t); !emutest.EqualJSON(t, byList, byGet) {
				t.Errorf("%s: LIST %v, GET%s %v", p, byList, q, byGet)
			}
		}
		for _, q := range []string{"", "?list=false", "?list=yes"} {
			r := a.do(http.MethodGet, p+q, nil)
			emutest.WantErrorList(t, r, http.StatusMethodNotAllowed, "unsupported operation")
			if got := r.Header.Get("Allow"); got != "GET, LIST" {
				t.Errorf("GET %s%s: Allow %q, want \"GET, LIST\"", p, q, got)
			}
		}
	}
}

func TestList_refuseListVariant(t *testing.T) {
	a := newAPI(t, secrets.Options{RefuseList: true})
	a.mustWrite("cloudone-sm", "d", cloudOne())
	for _, p := range []string{"/v1/sys/sync/destinations", "/v1/sys/sync/destinations/cloudone-sm", "/v1/sys/sync/associations"} {
		// Refused before the token is looked at, as an unknown method is.
		for _, tok := range []string{root, ""} {
			r := a.doAs(tok, "", "LIST", p, nil)
			wantBody(t, r, http.StatusMethodNotAllowed, `{"errors":["unsupported method LIST: list with GET and ?list=true"]}`)
			if r.Header.Get("Allow") != "GET" {
				t.Errorf("Allow %q, want GET", r.Header.Get("Allow"))
			}
		}
		a.do(http.MethodGet, p+"?list=true", nil).data(t)
	}
	if d := a.do(http.MethodGet, "/v1/sys/sync/destinations/cloudone-sm?list=true", nil).data(t); d["total_destinations"] != 1.0 {
		t.Fatalf("GET ?list=true: %v", d)
	}
}

func TestPaths_unknownTypeAndBadNames(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	msg := `{"errors":["invalid destination type \"aws-sm\": must be one of cloudone-sm, cloudtwo-kv, cloudthree-sm, codehost, webhost-project"]}`
	for _, rt := range []route{
		{"LIST", "/v1/sys/sync/destinations/aws-sm", nil},
		{http.MethodGet, "/v1/sys/sync/destinations/aws-sm?list=true", nil},
		{http.MethodPost, destPath("aws-sm", "d"), cloudOne()},
		{http.MethodGet, destPath("aws-sm", "d"), nil},
		{http.MethodDelete, destPath("aws-sm", "d"), nil},
		{http.MethodGet, destPath("aws-sm", "d") + "/associations", nil},
		{http.MethodPost, destPath("aws-sm", "d") + "/associations/set", map[string]any{"mount": "secret", "secret_name": "s"}},
		{http.MethodPost, destPath("aws-sm", "d") + "/associations/remove", map[string]any{"mount": "secret", "secret_name": "s"}},
	} {
		wantBody(t, a.do(rt.method, rt.path, rt.body), http.StatusBadRequest, msg)
	}
	for _, name := range []string{"a%20b", "-lead", ".dot", strings.Repeat("n", 129), "a%2Fb"} {
		emutest.WantErrorList(t, a.write("cloudone-sm", name, cloudOne()), http.StatusBadRequest, "invalid name", "letters, digits")
		emutest.WantErrorList(t, a.do(http.MethodPost, "/v1/sys/sync/codehost-apps/"+name, appBody(t, "1")), http.StatusBadRequest, "invalid name")
	}
	a.mustWrite("cloudone-sm", "A.b_c-9"+strings.Repeat("n", 121), cloudOne())
	emutest.WantErrorList(t, a.write("cloudone-sm", "d", map[string]any{"name": "other"}), http.StatusBadRequest, `invalid name "other": does not match "d" in the path`)
	a.mustWrite("cloudone-sm", "d", map[string]any{"name": "d"})
}

func TestBodies_malformed(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	for _, body := range []string{`{`, `[1]`, `"x"`, `{"region": 5}`} {
		emutest.WantErrorList(t, a.write("cloudone-sm", "d", body), http.StatusBadRequest, "invalid")
	}
	emutest.WantErrorList(t, a.write("cloudone-sm", "d", `{"region": 5}`), http.StatusBadRequest, "invalid region 5: must be a string")
	emutest.WantErrorList(t, a.write("cloudone-sm", "d", `{"disable_strict_networking": "yes"}`), http.StatusBadRequest, `invalid disable_strict_networking "yes": must be true or false`)
	emutest.WantErrorList(t, a.write("cloudone-sm", "d", `{"custom_tags": {"a": 1}}`), http.StatusBadRequest, "invalid custom_tags", "map of strings")
	emutest.WantErrorList(t, a.write("cloudone-sm", "d", `{"allowed_ipv4_addresses": "10.0.0.0/8"}`), http.StatusBadRequest, "invalid allowed_ipv4_addresses", "list of strings")
	emutest.WantErrorList(t, a.write("cloudone-sm", "d", strings.Repeat(" ", 1<<20+1)), http.StatusRequestEntityTooLarge)
	wantBody(t, a.read("cloudone-sm", "d"), http.StatusNotFound, notFoundBody)
	// An empty body and null are an empty object; null members are absent.
	a.mustWrite("cloudone-sm", "d", "")
	a.mustWrite("cloudone-sm", "d", "null")
	a.mustWrite("cloudone-sm", "d", `{"region": null, "custom_tags": null}`)
}

// Requests that no route takes are the API's too: the token and the license
// are checked first, and the answers are in the contract's error form, not
// the router's plain text: 404 "unsupported path" for a path the API does
// not have, unlike the 404 of a missing object, which has no message; 405
// for one it has under other methods.
const unsupportedPathBody = `{"errors":["1 error occurred:\n\t* unsupported path\n\n"]}`

func TestPaths_unroutedAnswersInTheErrorForm(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	for _, rt := range []route{
		{http.MethodGet, "/v1/sys/sync", nil},
		{http.MethodGet, "/v1/sys/sync/", nil},
		{http.MethodPost, "/v1/sys/sync/nothing", map[string]any{}},
		{http.MethodGet, destPath("cloudone-sm", "d") + "/more", nil},
		{http.MethodGet, "/v1/sys/sync/destinations/", nil},
		// Codehost apps are not listed: the spec has no such endpoint.
		{"LIST", "/v1/sys/sync/codehost-apps", nil},
		{http.MethodGet, "/v1/sys/sync/codehost-apps?list=true", nil},
	} {
		t.Run(rt.method+" "+rt.path, func(t *testing.T) {
			wantBody(t, a.do(rt.method, rt.path, rt.body), http.StatusNotFound, unsupportedPathBody)
			wantBody(t, a.doAs("wrong", "", rt.method, rt.path, rt.body), http.StatusForbidden, `{"errors":["permission denied"]}`)
		})
	}
	for _, tc := range []struct{ method, path, allow string }{
		{http.MethodPut, "/v1/sys/sync/config", "DELETE, GET, PATCH"},
		{http.MethodDelete, "/v1/sys/sync/destinations", "GET, LIST"},
		{http.MethodPatch, destPath("cloudone-sm", "d"), "DELETE, GET, POST, PUT"},
		{http.MethodPatch, destPath("nope", "d"), "DELETE, GET, POST, PUT"},
		{http.MethodGet, destPath("cloudone-sm", "d") + "/associations/set", "POST, PUT"},
		{http.MethodDelete, destPath("cloudone-sm", "d") + "/associations/remove", "POST, PUT"},
		{"LIST", "/v1/sys/sync/codehost-apps/app", "DELETE, GET, POST, PUT"},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			// The token first: a PUT with a wrong token is refused as
			// any request with it is.
			wantBody(t, a.doAs("wrong", "", tc.method, tc.path, nil), http.StatusForbidden, `{"errors":["permission denied"]}`)
			r := a.do(tc.method, tc.path, nil)
			wantBody(t, r, http.StatusMethodNotAllowed,
				`{"errors":["unsupported method `+tc.method+` on `+tc.path+`: this path takes `+tc.allow+`"]}`)
			if got := r.Header.Get("Allow"); got != tc.allow {
				t.Errorf("Allow %q, want %q", got, tc.allow)
			}
		})
	}
	// Then the license.
	b := newAPI(t, secrets.Options{NoLicense: true})
	for _, p := range []string{"/v1/sys/sync/nothing", "/v1/sys/sync/config"} {
		emutest.WantErrorList(t, b.do(http.MethodPut, p, nil), http.StatusBadRequest, "enterprise license required")
	}
}

// stalledWriter is a client that stops reading: its first Write reports on
// writing and then waits for release.
type stalledWriter struct {
	header  http.Header
	writing chan struct{}
	release chan struct{}
}

func (w *stalledWriter) Header() http.Header { return w.header }

func (w *stalledWriter) WriteHeader(int) {}

func (w *stalledWriter) Write(p []byte) (int, error) {
	close(w.writing)
	<-w.release
	return len(p), nil
}

// No answer is written while the store is locked: a client that reads its
// answer slowly must not hold up the requests of others.
func TestStore_slowClientHoldsUpNoOne(t *testing.T) {
	s, err := secrets.New(secrets.Options{Token: root, PurgeDelay: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	s.Register(mux)
	serve := func(w http.ResponseWriter, method, path string, body any) {
		var rd io.Reader = http.NoBody
		if body != nil {
			data, _ := json.Marshal(body)
			rd = bytes.NewReader(data)
		}
		r := httptest.NewRequest(method, path, rd)
		r.Header.Set(secrets.TokenHeader, root)
		mux.ServeHTTP(w, r)
	}
	fixture := httptest.NewRecorder()
	serve(fixture, http.MethodPost, destPath("cloudone-sm", "d"), cloudOne())
	serve(fixture, http.MethodPost, destPath("cloudone-sm", "d")+"/associations/set", map[string]any{"mount": "secret", "secret_name": "s"})
	serve(fixture, http.MethodPost, destPath("cloudone-sm", "p"), cloudOne())
	serve(fixture, http.MethodPost, destPath("cloudone-sm", "p")+"/associations/set", map[string]any{"mount": "secret", "secret_name": "s"})
	serve(fixture, http.MethodPost, "/v1/sys/sync/codehost-apps/app", appBody(t, "1"))

	for _, rt := range slices.Concat(routes, []route{
		{http.MethodPost, destPath("cloudone-sm", "p") + "/associations/set", map[string]any{"mount": "secret"}}, // 400
		{http.MethodGet, destPath("cloudone-sm", "none"), nil},                                                   // 404
		{http.MethodDelete, destPath("cloudone-sm", "p"), nil},                                                   // 409
		{http.MethodPost, destPath("cloudone-sm", "q") + "/associations/set", map[string]any{"mount": "secret", "secret_name": "s"}},
		{http.MethodGet, "/v1/sys/sync/nothing", nil}, // 404 of no route
	}) {
		t.Run(rt.method+" "+rt.path, func(t *testing.T) {
			if rt.path == "/v1/sys/sync/codehost-apps/app" && (rt.method == http.MethodPost || rt.method == http.MethodPut) {
				rt.body = appBody(t, "1")
			}
			slow := &stalledWriter{header: http.Header{}, writing: make(chan struct{}), release: make(chan struct{})}
			done := make(chan struct{})
			go func() {
				defer close(done)
				serve(slow, rt.method, rt.path, rt.body)
			}()
			defer func() { <-done }()
			defer close(slow.release)
			select {
			case <-slow.writing:
			case <-done:
				return // answered without a body: nothing to stall on
			case <-time.After(5 * time.Second):
				t.Fatal("the request never wrote its answer")
			}
			other := make(chan int, 1)
			go func() {
				w := httptest.NewRecorder()
				serve(w, http.MethodGet, destPath("cloudone-sm", "d"), nil)
				other <- w.Code
			}()
			select {
			case code := <-other:
				if code != http.StatusOK {
					t.Fatalf("the other request answered %d", code)
				}
			case <-time.After(2 * time.Second):
				t.Fatal("another request waits for a slow client's answer: the store stays locked while it is written")
			}
		})
	}
}

func TestMounts_defaultsAndAccessors(t *testing.T) {
	a := newAPI(t, secrets.Options{KVMounts: map[string]int{"team/kv": 2, "/old/": 1}})
	want := map[string]int{"secret": 2, "kv1": 1, "team/kv": 2, "old": 1}
	if got := a.server.Mounts(); !emutest.EqualJSON(t, got, want) {
		t.Fatalf("mounts %v, want %v", got, want)
	}
	seen := map[string]bool{}
	for m := range want {
		acc, ok := a.server.Accessor("", m)
		if !ok || !accessorPattern.MatchString(acc) || seen[acc] {
			t.Fatalf("accessor of %s: %q %v (seen %v)", m, acc, ok, seen)
		}
		seen[acc] = true
		again, _ := a.server.Accessor("/", m+"/")
		if again != acc {
			t.Fatalf("accessor of %s not stable: %s, %s", m, acc, again)
		}
	}
	if _, ok := a.server.Accessor("", "nope"); ok {
		t.Fatal("accessor of an unknown mount")
	}
	for _, bad := range []map[string]int{{"x": 3}, {"": 2}, {"a//b": 2}, {"a b": 2}} {
		if _, err := secrets.New(secrets.Options{KVMounts: bad}); err == nil {
			t.Errorf("New accepted mounts %v", bad)
		}
	}
	s, err := secrets.New(secrets.Options{KVMounts: map[string]int{"secret": 1}})
	if err != nil || s.Mounts()["secret"] != 1 {
		t.Fatalf("a default mount's version cannot be changed: %v %v", err, s.Mounts())
	}
}

func TestParseKVMounts(t *testing.T) {
	got, err := secrets.ParseKVMounts(" team/kv:2, old:1,,c:d:2")
	if err != nil || !emutest.EqualJSON(t, got, map[string]int{"team/kv": 2, "old": 1, "c:d": 2}) {
		t.Fatalf("ParseKVMounts = %v, %v", got, err)
	}
	if got, err := secrets.ParseKVMounts(""); err != nil || len(got) != 0 {
		t.Fatalf("empty: %v, %v", got, err)
	}
	for _, bad := range []string{"x", "x:3", "x:two"} {
		if _, err := secrets.ParseKVMounts(bad); err == nil {
			t.Errorf("ParseKVMounts(%q) succeeded", bad)
		}
	}
}

// PUT is POST on every path that writes with POST: destinations of every
// type (also the route of unknown types), associations and code-host apps.
// Each answers and stores what the POST would, under the same rules.
func TestWrites_putIsPost(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	for _, typ := range types {
		posted := a.mustWrite(typ, "d", minimal(typ))
		put := a.do(http.MethodPut, destPath(typ, "d"), minimal(typ)).data(t)
		if !emutest.EqualJSON(t, put, posted) {
			t.Fatalf("%s: PUT answered\n%v\nPOST answered\n%v", typ, put, posted)
		}
		put = a.do(http.MethodPut, destPath(typ, "created-by-put"), minimal(typ)).data(t)
		if got := a.read(typ, "created-by-put").data(t); !emutest.EqualJSON(t, got, put) {
			t.Fatalf("%s: read %v after a PUT that answered %v", typ, got, put)
		}
	}
	// The same rules: an update is refused a create-only change.
	emutest.WantErrorList(t, a.do(http.MethodPut, destPath("cloudtwo-kv", "d"), emutest.With(cloudTwo(), "tenant_id", "other")),
		http.StatusBadRequest, `tenant_id is create-only: it cannot be changed from "tid" to "other"`)
	emutest.WantErrorList(t, a.do(http.MethodPut, destPath("nope", "d"), nil), http.StatusBadRequest, `invalid destination type "nope"`)

	acc, _ := a.server.Accessor("", "secret")
	change := map[string]any{"mount": "secret", "secret_name": "s"}
	d := a.do(http.MethodPut, destPath("cloudone-sm", "d")+"/associations/set", change).data(t)
	if e := obj(t, obj(t, d["associated_secrets"], "associated_secrets")[acc+"/s"], "entry"); e["sync_status"] != secrets.StatusSynced {
		t.Fatalf("PUT set answered %v", d)
	}
	d = a.do(http.MethodPut, destPath("cloudone-sm", "d")+"/associations/remove", change).data(t)
	if e := obj(t, obj(t, d["associated_secrets"], "associated_secrets")[acc+"/s"], "entry"); e["sync_status"] != secrets.StatusUnsynced {
		t.Fatalf("PUT remove answered %v", d)
	}
	d = a.do(http.MethodGet, destPath("cloudone-sm", "d")+"/associations", nil).data(t)
	if n := len(obj(t, d["associated_secrets"], "associated_secrets")); n != 0 {
		t.Fatalf("%d associations left after a PUT remove: %v", n, d)
	}

	a.do(http.MethodPut, appsPath+"app", appBody(t, "42")).data(t)
	if d := a.do(http.MethodGet, appsPath+"app", nil).data(t); d["app_id"] != 42.0 || d["fingerprint"] != fingerprintRSA {
		t.Fatalf("app after PUT: %v", d)
	}
	emutest.WantErrorList(t, a.do(http.MethodPut, appsPath+"app", map[string]any{"app_id": "1"}), http.StatusBadRequest, "missing private_key")
}
