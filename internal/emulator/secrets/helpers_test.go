package secrets_test

import (
	"net/http"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

const root = "root-token"

type api struct {
	t      *testing.T
	url    string
	server *secrets.Server
	// ns is the X-Secrets-Namespace of requests made with do; "" sends none.
	ns string
}

func newAPI(t *testing.T, opts secrets.Options) *api {
	t.Helper()
	if opts.Token == "" {
		opts.Token = root
	}
	s, err := secrets.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return &api{t: t, url: emutest.Serve(t, func(mux *http.ServeMux) { s.Register(mux) }), server: s}
}

// in returns a copy of a that sends its requests in namespace ns.
func (a *api) in(ns string) *api {
	c := *a
	c.ns = ns
	return &c
}

type response emutest.Response

// data checks a 200 answer's envelope and returns its data.
func (r response) data(t *testing.T) map[string]any {
	t.Helper()
	if r.Status != http.StatusOK {
		t.Fatalf("status %d, want 200; body %s", r.Status, r.Body)
	}
	env := emutest.JSON(t, r)
	checkEnvelope(t, env)
	d, ok := env["data"].(map[string]any)
	if !ok {
		t.Fatalf("data is %#v", env["data"])
	}
	return d
}

var uuidPattern = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// checkEnvelope checks the members every success answer has.
func checkEnvelope(t *testing.T, env map[string]any) {
	t.Helper()
	id, _ := env["request_id"].(string)
	if !uuidPattern.MatchString(id) {
		t.Errorf("request_id %#v, want a UUID", env["request_id"])
	}
	for k, want := range map[string]any{"lease_id": "", "lease_duration": 0.0, "renewable": false} {
		if v, ok := env[k]; !ok || v != want {
			t.Errorf("%s = %#v, want %#v", k, v, want)
		}
	}
	for _, k := range []string{"wrap_info", "auth"} {
		if v, ok := env[k]; !ok || v != nil {
			t.Errorf("%s = %#v (present %v), want null", k, v, ok)
		}
	}
	if _, ok := env["warnings"]; !ok {
		t.Error("warnings absent, want null or a list")
	}
	if mt, ok := env["mount_type"]; ok && mt != "system" {
		t.Errorf("mount_type %#v, want system", mt)
	}
}

func (a *api) doAs(token, ns, method, path string, body any) response {
	a.t.Helper()
	return response(emutest.Do(a.t, method, a.url+path, map[string]string{secrets.TokenHeader: token, secrets.NamespaceHeader: ns}, body))
}

func (a *api) do(method, path string, body any) response {
	a.t.Helper()
	return a.doAs(root, a.ns, method, path, body)
}

func destPath(typ, name string) string { return "/v1/sys/sync/destinations/" + typ + "/" + name }

func (a *api) write(typ, name string, body any) response {
	a.t.Helper()
	return a.do(http.MethodPost, destPath(typ, name), body)
}

// mustWrite creates or updates a destination and returns the answer's data.
func (a *api) mustWrite(typ, name string, body any) map[string]any {
	a.t.Helper()
	return a.write(typ, name, body).data(a.t)
}

func (a *api) read(typ, name string) response {
	a.t.Helper()
	return a.do(http.MethodGet, destPath(typ, name), nil)
}

func (a *api) set(typ, name, mount, secret string) response {
	a.t.Helper()
	return a.do(http.MethodPost, destPath(typ, name)+"/associations/set", map[string]any{"mount": mount, "secret_name": secret})
}

// remove removes an association of cloudone-sm destination name.
func (a *api) remove(name, mount, secret string) response {
	a.t.Helper()
	return a.do(http.MethodPost, destPath("cloudone-sm", name)+"/associations/remove", map[string]any{"mount": mount, "secret_name": secret})
}

func (a *api) patchConfig(body any) response {
	a.t.Helper()
	return a.do(http.MethodPatch, "/v1/sys/sync/config", body)
}

// wantBody checks an answer's status and its exact body.
func wantBody(t *testing.T, r response, status int, body string) {
	t.Helper()
	emutest.WantStatus(t, r, status)
	if r.Body != body {
		t.Fatalf("body %s, want %s", r.Body, body)
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q, want application/json", ct)
	}
}

const notFoundBody = `{"errors":[]}`

// The rules that end the message of a value of the wrong kind.
const (
	notInteger = `must be an integer: a number without a decimal point or an exponent, or a string of digits`
	notBoolean = `must be true or false, or a string of them such as "true"`
)

// Minimal valid bodies, one per type.
func cloudOne() map[string]any { return map[string]any{} }

func cloudTwo() map[string]any {
	return map[string]any{"key_vault_uri": "https://vault.example.net", "client_id": "cid", "client_secret": "csecret", "tenant_id": "tid"}
}

func cloudThree() map[string]any {
	return map[string]any{"credentials": `{"type":"service_account"}`}
}

func codehost() map[string]any {
	return map[string]any{"access_token": "ghp_token", "repository_owner": "me", "repository_name": "repo"}
}

func webhost() map[string]any {
	return map[string]any{"access_token": "wh_token", "project_id": "prj_1", "deployment_environments": []string{"production"}}
}

// minimal returns a valid body for typ.
func minimal(typ string) map[string]any {
	switch typ {
	case "cloudone-sm":
		return cloudOne()
	case "cloudtwo-kv":
		return cloudTwo()
	case "cloudthree-sm":
		return cloudThree()
	case "codehost":
		return codehost()
	case "webhost-project":
		return webhost()
	}
	panic(typ)
}

var types = []string{"cloudone-sm", "cloudtwo-kv", "cloudthree-sm", "codehost", "webhost-project"}

func obj(t *testing.T, v any, what string) map[string]any {
	t.Helper()
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("%s is %#v, want an object", what, v)
	}
	return m
}

func list(t *testing.T, v any, what string) []any {
	t.Helper()
	l, ok := v.([]any)
	if !ok {
		t.Fatalf("%s is %#v, want a list", what, v)
	}
	return l
}

// parseTime parses an updated_at or purge_initiated_at, which must carry a
// numeric offset.
func parseTime(t *testing.T, v any) time.Time {
	t.Helper()
	s, _ := v.(string)
	if !regexp.MustCompile(`[+-]\d\d:\d\d$`).MatchString(s) {
		t.Fatalf("time %#v lacks a numeric offset", v)
	}
	tm, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatalf("time %#v: %v", v, err)
	}
	return tm
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// eventually polls cond every 10ms until it holds or timeout passes.
func eventually(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, timeout)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
