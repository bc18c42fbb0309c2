package emulator_test

import (
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

const (
	createPath = "/v1/acl/auth-method"
	listPath   = "/v1/acl/auth-methods"
)

func start(t *testing.T, opts emulator.Options) (*emulator.Emulator, string) {
	t.Helper()
	e, err := emulator.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(e)
	t.Cleanup(ts.Close)
	return e, ts.URL
}

type response emutest.Response

func do(t *testing.T, method, url, token, body string) response {
	t.Helper()
	return response(emutest.Do(t, method, url, map[string]string{"X-Scheduler-Token": token}, body))
}

func method(name string) string {
	return `{"Name":"` + name + `","Type":"OIDC","TokenLocality":"local","MaxTokenTTL":"5m",
		"Config":{"OIDCDiscoveryURL":"https://idp","OIDCClientID":"id","OIDCClientSecret":"secret",
		"AllowedRedirectURIs":["http://localhost/cb"]}}`
}

func statsOverHTTP(t *testing.T, url string) emulator.Stats {
	t.Helper()
	r := do(t, http.MethodGet, url+"/_emulator/stats", "", "")
	emutest.WantStatus(t, r, http.StatusOK)
	var s emulator.Stats
	if err := json.Unmarshal([]byte(r.Body), &s); err != nil {
		t.Fatalf("stats %q: %v", r.Body, err)
	}
	return s
}

func TestNew_defaultTokens(t *testing.T) {
	_, url := start(t, emulator.Options{})
	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath, "scheduler-root", method("m")), http.StatusOK)
	emutest.WantStatus(t, do(t, http.MethodGet, url+createPath+"/m", "secrets-root", ""), http.StatusForbidden)

	_, url = start(t, emulator.Options{Scheduler: scheduler.Options{ManagementToken: "mine"}})
	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath, "scheduler-root", method("m")), http.StatusForbidden)
	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath, "mine", method("m")), http.StatusOK)
}

func TestNew_refusesBadOptions(t *testing.T) {
	for _, o := range []emulator.Options{{FailRate: 1.5}, {FailRate: -0.1}, {Scheduler: scheduler.Options{ReplicaLag: -time.Second}}, {Latency: -time.Second}} {
		if _, err := emulator.New(o); err == nil {
			t.Errorf("New(%+v) succeeded", o)
		}
	}
}

func TestStats_countsMatchedAPIRequests(t *testing.T) {
	e, url := start(t, emulator.Options{})
	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath, "scheduler-root", method("m")), http.StatusOK)
	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath, "scheduler-root", method("m")), http.StatusConflict)
	for range 3 {
		emutest.WantStatus(t, do(t, http.MethodGet, url+createPath+"/m", "scheduler-root", ""), http.StatusOK)
	}
	emutest.WantStatus(t, do(t, http.MethodGet, url+createPath+"/other", "", ""), http.StatusForbidden)
	emutest.WantStatus(t, do(t, http.MethodGet, url+listPath, "", ""), http.StatusOK)
	// The mux redirects an unclean path; only the request that follows
	// the redirect is counted.
	emutest.WantStatus(t, do(t, http.MethodGet, url+"/v1/acl//auth-methods", "", ""), http.StatusOK)
	emutest.WantStatus(t, do(t, http.MethodDelete, url+createPath+"/m", "scheduler-root", ""), http.StatusOK)
	// Neither unknown routes nor the emulator's own are counted.
	emutest.WantStatus(t, do(t, http.MethodGet, url+"/v1/nothing", "", ""), http.StatusNotFound)
	emutest.WantStatus(t, do(t, http.MethodPut, url+listPath, "", ""), http.StatusMethodNotAllowed)
	statsOverHTTP(t, url)

	want := emulator.Stats{Total: 9, Requests: map[string]int64{
		"POST /v1/acl/auth-method":          2,
		"GET /v1/acl/auth-method/{name}":    4,
		"GET /v1/acl/auth-methods":          2,
		"DELETE /v1/acl/auth-method/{name}": 1,
	}}
	if got := e.Stats(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Stats() = %+v, want %+v", got, want)
	}
	if got := statsOverHTTP(t, url); !reflect.DeepEqual(got, want) {
		t.Fatalf("GET /_emulator/stats = %+v, want %+v", got, want)
	}
	r := do(t, http.MethodGet, url+"/_emulator/stats", "", "")
	if !strings.Contains(r.Body, `"total":9`) || !strings.Contains(r.Body, `"faults":0`) || !strings.Contains(r.Body, `"requests":{`) {
		t.Errorf("stats JSON %s lacks the documented keys", r.Body)
	}
}

// The route list is what the APIs registered: requests to every listed
// path, by every method, are counted only under listed routes (a GET route
// counts HEAD too, a route of any method every method), and every listed
// route is counted; and the routes a client knows are there.
func TestRoutes_listEveryRouteStatsCounts(t *testing.T) {
	e, url := start(t, emulator.Options{Platform: platform.Options{RateLimit: -1}})
	r := do(t, http.MethodGet, url+"/_emulator/routes", "", "")
	emutest.WantStatus(t, r, http.StatusOK)
	var listed struct{ Routes []emulator.Route }
	if err := json.Unmarshal([]byte(r.Body), &listed); err != nil {
		t.Fatalf("routes %q: %v", r.Body, err)
	}
	if !reflect.DeepEqual(listed.Routes, e.Routes()) {
		t.Fatalf("GET /_emulator/routes = %+v, want Routes() %+v", listed.Routes, e.Routes())
	}

	wildcard := regexp.MustCompile(`\{[^}]*\}`)
	methods := []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "LIST", "PURGE"}
	for _, route := range listed.Routes {
		for _, m := range methods {
			do(t, m, url+wildcard.ReplaceAllString(route.Pattern, "x"), "", "")
		}
	}
	counted := e.Stats().Requests
	takes := func(route emulator.Route, method string) bool {
		return slices.Contains(route.Methods, method) || slices.Contains(route.Methods, "*") ||
			method == http.MethodHead && slices.Contains(route.Methods, http.MethodGet)
	}
	for key := range counted {
		method, pattern, _ := strings.Cut(key, " ")
		if !slices.ContainsFunc(listed.Routes, func(r emulator.Route) bool { return r.Pattern == pattern && takes(r, method) }) {
			t.Errorf("%s is counted but not listed", key)
		}
	}
	for _, route := range listed.Routes {
		for _, m := range route.Methods {
			if m != "*" && counted[m+" "+route.Pattern] == 0 {
				t.Errorf("listed route %s %s is not what its requests are counted under", m, route.Pattern)
			}
		}
	}

	for _, known := range []emulator.Route{
		{Service: "scheduler", Methods: []string{"POST", "PUT", "GET", "DELETE"}, Pattern: "/v1/acl/auth-method/{name}"},
		{Service: "secrets", Methods: []string{"GET", "PATCH", "DELETE"}, Pattern: "/v1/sys/sync/config"},
		{Service: "secrets", Methods: []string{"*"}, Pattern: "/v1/sys/sync/"},
		{Service: "platform", Methods: []string{"GET"}, Pattern: "/api/v2/ping"},
		{Service: "platform", Methods: []string{"GET"}, Pattern: "/.well-known/terraform.json"},
		{Service: "platform", Methods: []string{"POST", "DELETE"}, Pattern: "/api/v2/varsets/{id}/relationships/workspaces"},
		{Service: "platform", Methods: []string{"GET", "PATCH", "PUT", "DELETE"}, Pattern: "/api/v2/organizations/{org}"},
		{Service: "platform", Methods: []string{"*"}, Pattern: "/api/v2"},
	} {
		if !slices.ContainsFunc(listed.Routes, func(r emulator.Route) bool { return reflect.DeepEqual(r, known) }) {
			t.Errorf("route %+v is not listed", known)
		}
	}
}

func TestReset_emptiesDataAndCounts(t *testing.T) {
	e, url := start(t, emulator.Options{})
	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath, "scheduler-root", method("m")), http.StatusOK)
	minted := e.MintSchedulerToken(true)

	emutest.WantStatus(t, do(t, http.MethodPost, url+"/_emulator/reset", "", ""), http.StatusNoContent)
	if got := e.Stats(); got.Total != 0 || got.Faults != 0 || len(got.Requests) != 0 {
		t.Fatalf("stats after reset = %+v", got)
	}
	if r := do(t, http.MethodGet, url+listPath, "", ""); strings.TrimSpace(r.Body) != "[]" {
		t.Fatalf("list after reset = %s", r.Body)
	}
	emutest.WantStatus(t, do(t, http.MethodGet, url+createPath+"/m", minted, ""), http.StatusForbidden)
	emutest.WantStatus(t, do(t, http.MethodGet, url+createPath+"/m", "scheduler-root", ""), http.StatusNotFound)

	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath, "scheduler-root", method("m")), http.StatusOK)
	e.Reset()
	if got := e.Stats(); got.Total != 0 {
		t.Fatalf("stats after Reset() = %+v", got)
	}
	emutest.WantStatus(t, do(t, http.MethodGet, url+createPath+"/m", "scheduler-root", ""), http.StatusNotFound)
}

func TestTokensEndpoint(t *testing.T) {
	_, url := start(t, emulator.Options{})
	mint := func(kind string) string {
		t.Helper()
		r := do(t, http.MethodPost, url+"/_emulator/scheduler/tokens", "", `{"Type":"`+kind+`"}`)
		emutest.WantStatus(t, r, http.StatusOK)
		var v struct{ SecretID string }
		if err := json.Unmarshal([]byte(r.Body), &v); err != nil || v.SecretID == "" {
			t.Fatalf("mint answer %q: %v", r.Body, err)
		}
		return v.SecretID
	}
	mgmt, client := mint("management"), mint("client")
	if mgmt == client {
		t.Fatal("two mints gave the same secret")
	}
	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath, mgmt, method("m")), http.StatusOK)
	r := do(t, http.MethodGet, url+createPath+"/m", client, "")
	emutest.WantStatus(t, r, http.StatusForbidden)
	if r.Body != "Permission denied" {
		t.Errorf("body %q", r.Body)
	}
	emutest.WantStatus(t, do(t, http.MethodGet, url+listPath, client, ""), http.StatusOK)

	emutest.WantStatus(t, do(t, http.MethodPost, url+"/_emulator/scheduler/tokens", "", `{"Type":"root"}`), http.StatusBadRequest)
	emutest.WantStatus(t, do(t, http.MethodPost, url+"/_emulator/scheduler/tokens", "", `{`), http.StatusBadRequest)
}

func TestFaults_answeredBeforeAnythingIsApplied(t *testing.T) {
	e, url := start(t, emulator.Options{FailRate: 1, Seed: 42})
	seen := map[int]bool{}
	for range 20 {
		r := do(t, http.MethodPost, url+createPath, "scheduler-root", method("m"))
		seen[r.Status] = true
		switch r.Status {
		case http.StatusTooManyRequests:
			if r.Body != "rate limit exceeded" {
				t.Errorf("429 body %q", r.Body)
			}
		case http.StatusServiceUnavailable:
			if r.Body != "service unavailable" {
				t.Errorf("503 body %q", r.Body)
			}
		default:
			t.Fatalf("status %d with fail rate 1", r.Status)
		}
		if got := r.Header.Get("Retry-After"); got != "1" {
			t.Fatalf("Retry-After %q, want 1", got)
		}
	}
	if !seen[http.StatusTooManyRequests] || !seen[http.StatusServiceUnavailable] {
		t.Errorf("statuses seen %v, want both 429 and 503", seen)
	}
	// The emulator's own routes are never faulted.
	if got := statsOverHTTP(t, url); got.Total != 20 || got.Faults != 20 || got.Requests["POST /v1/acl/auth-method"] != 20 {
		t.Fatalf("stats %+v, want 20 faulted creates", got)
	}

	e.SetFailRate(0)
	if r := do(t, http.MethodGet, url+listPath, "", ""); strings.TrimSpace(r.Body) != "[]" {
		t.Fatalf("faulted creates stored something: %s", r.Body)
	}
	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath, "scheduler-root", method("m")), http.StatusOK)
}

// FailNext faults exactly the next requests of one route, whatever the
// fail rate, so that a test can count on a retry of that operation.
func TestFaults_failNextIsExact(t *testing.T) {
	e, url := start(t, emulator.Options{})
	e.FailNext("POST /v1/acl/auth-method", 2)
	for i := range 2 {
		r := do(t, http.MethodPost, url+createPath, "scheduler-root", method("m"))
		if r.Status != http.StatusTooManyRequests && r.Status != http.StatusServiceUnavailable || r.Header.Get("Retry-After") != "1" {
			t.Fatalf("create %d: %d %q (Retry-After %q), want an injected fault", i, r.Status, r.Body, r.Header.Get("Retry-After"))
		}
		// Other routes are not faulted meanwhile.
		emutest.WantStatus(t, do(t, http.MethodGet, url+listPath, "", ""), http.StatusOK)
	}
	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath, "scheduler-root", method("m")), http.StatusOK)
	if s := e.Stats(); s.Faults != 2 || s.Requests["POST /v1/acl/auth-method"] != 3 {
		t.Errorf("stats %+v, want 2 faults in 3 creates", s)
	}
}

func TestFaults_shareAndRetryAfter(t *testing.T) {
	e, url := start(t, emulator.Options{FailRate: 0.5, Seed: 7, RetryAfter: 2500 * time.Millisecond})
	for range 200 {
		r := do(t, http.MethodGet, url+listPath, "", "")
		if r.Status != http.StatusOK && r.Header.Get("Retry-After") != "3" {
			t.Fatalf("Retry-After %q, want 3 (rounded up)", r.Header.Get("Retry-After"))
		}
	}
	if s := e.Stats(); s.Faults < 60 || s.Faults > 140 {
		t.Errorf("%d faults in 200 requests at rate 0.5", s.Faults)
	}

	_, url = start(t, emulator.Options{FailRate: 1, RetryAfter: -1})
	if got := do(t, http.MethodGet, url+listPath, "", "").Header.Get("Retry-After"); got != "0" {
		t.Errorf("Retry-After %q, want 0", got)
	}
}

func TestFaults_sameSeedSameSequence(t *testing.T) {
	run := func() []int {
		_, url := start(t, emulator.Options{FailRate: 0.5, Seed: 99})
		var out []int
		for range 30 {
			out = append(out, do(t, http.MethodGet, url+listPath, "", "").Status)
		}
		return out
	}
	if a, b := run(), run(); !reflect.DeepEqual(a, b) {
		t.Fatalf("seeded runs differ:\n%v\n%v", a, b)
	}
}

func TestLatency(t *testing.T) {
	const latency = 200 * time.Millisecond
	_, url := start(t, emulator.Options{Latency: latency})
	start := time.Now()
	emutest.WantStatus(t, do(t, http.MethodGet, url+listPath, "", ""), http.StatusOK)
	if took := time.Since(start); took < latency {
		t.Errorf("API request took %v, want at least %v", took, latency)
	}
	start = time.Now()
	statsOverHTTP(t, url)
	if took := time.Since(start); took >= latency {
		t.Errorf("stats took %v: the emulator's routes must not be delayed", took)
	}
}

func TestVariants_throughOptions(t *testing.T) {
	_, url := start(t, emulator.Options{Scheduler: scheduler.Options{UpsertOnCreate: true, RedactSecrets: true, DeleteMissing500: true}})
	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath, "scheduler-root", method("m")), http.StatusOK)
	r := do(t, http.MethodPost, url+createPath, "scheduler-root", method("m"))
	emutest.WantStatus(t, r, http.StatusOK)
	if !strings.Contains(r.Body, `"OIDCClientSecret":"redacted"`) {
		t.Errorf("secret not redacted: %s", r.Body)
	}
	r = do(t, http.MethodDelete, url+createPath+"/gone", "scheduler-root", "")
	emutest.WantStatus(t, r, http.StatusInternalServerError)
	if r.Body != `auth method "gone" not found` {
		t.Errorf("500 body %q", r.Body)
	}
}

func TestVariants_omitSecretsThroughOptions(t *testing.T) {
	_, url := start(t, emulator.Options{Scheduler: scheduler.Options{OmitSecrets: true}})
	r := do(t, http.MethodPost, url+createPath, "scheduler-root", method("m"))
	emutest.WantStatus(t, r, http.StatusOK)
	if strings.Contains(r.Body, "OIDCClientSecret") {
		t.Errorf("secret not omitted: %s", r.Body)
	}
}

func TestStateFile_roundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	e, url := start(t, emulator.Options{StatePath: path})
	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath, "scheduler-root", method("m")), http.StatusOK)
	client := e.MintSchedulerToken(false)
	mgmt := e.MintSchedulerToken(true)
	before := do(t, http.MethodGet, url+createPath+"/m", "scheduler-root", "")
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}

	_, url = start(t, emulator.Options{StatePath: path})
	after := do(t, http.MethodGet, url+createPath+"/m", mgmt, "")
	emutest.WantStatus(t, after, http.StatusOK)
	if after.Body != before.Body {
		t.Errorf("after reload %s, want %s", after.Body, before.Body)
	}
	emutest.WantStatus(t, do(t, http.MethodGet, url+createPath+"/m", client, ""), http.StatusForbidden)
	r := do(t, http.MethodPost, url+createPath, "scheduler-root", method("n"))
	if !strings.Contains(r.Body, `"CreateIndex":3`) {
		t.Errorf("index did not go on after reload: %s", r.Body)
	}
}

func TestStateFile_missingOrBad(t *testing.T) {
	dir := t.TempDir()
	e, err := emulator.New(emulator.Options{StatePath: filepath.Join(dir, "new.json")})
	if err != nil {
		t.Fatalf("a missing state file must start empty: %v", err)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := emulator.New(emulator.Options{StatePath: filepath.Join(dir, "new.json")}); err != nil {
		t.Fatalf("an empty saved state does not load: %v", err)
	}

	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("{nope"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := emulator.New(emulator.Options{StatePath: bad}); err == nil {
		t.Fatal("a corrupt state file loaded")
	}

}

// A path whose directory is missing, or is not a directory, is refused at
// start, by an error that names it, rather than at the first change.
func TestStateFile_unwritablePathRefusedAtStart(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for path, problem := range map[string]string{
		filepath.Join(dir, "no", "such", "dir.json"): "cannot write it",
		filepath.Join(file, "state.json"):            "cannot read it",
	} {
		_, err := emulator.New(emulator.Options{StatePath: path})
		if err == nil {
			t.Errorf("New accepted the state file %s", path)
			continue
		}
		if want := "state file " + path + ": " + problem + ": "; !strings.HasPrefix(err.Error(), want) {
			t.Errorf("error %q, want it to start with %q", err, want)
		}
	}
}

// Every change is on disk once it is answered, without Close: an emulator
// started from the file then serves it.
func TestStateFile_writtenAfterEveryChange(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	e, url := start(t, emulator.Options{StatePath: path})
	reload := func() string {
		t.Helper()
		_, reloaded := start(t, emulator.Options{StatePath: path})
		return reloaded
	}

	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath, "scheduler-root", method("m")), http.StatusOK)
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(data), `"Name": "m"`) {
		t.Fatalf("state file after a create: %s %v", data, err)
	}
	want := do(t, http.MethodGet, url+createPath+"/m", "scheduler-root", "")
	got := do(t, http.MethodGet, reload()+createPath+"/m", "scheduler-root", "")
	emutest.WantStatus(t, got, http.StatusOK)
	if got.Body != want.Body {
		t.Errorf("reloaded %s, want %s", got.Body, want.Body)
	}

	minted := e.MintSchedulerToken(true)
	emutest.WantStatus(t, do(t, http.MethodGet, reload()+createPath+"/m", minted, ""), http.StatusOK)

	emutest.WantStatus(t, do(t, http.MethodDelete, url+createPath+"/m", "scheduler-root", ""), http.StatusOK)
	emutest.WantStatus(t, do(t, http.MethodGet, reload()+createPath+"/m", "scheduler-root", ""), http.StatusNotFound)

	emutest.WantStatus(t, doSecrets(t, http.MethodPost, url+destinations+"/cloudone-sm/d", `{"region":"r"}`), http.StatusOK)
	emutest.WantStatus(t, doSecrets(t, http.MethodGet, reload()+destinations+"/cloudone-sm/d", ""), http.StatusOK)

	emutest.WantStatus(t, do(t, http.MethodPost, url+"/_emulator/reset", "", ""), http.StatusNoContent)
	url = reload()
	emutest.WantStatus(t, doSecrets(t, http.MethodGet, url+destinations+"/cloudone-sm/d", ""), http.StatusNotFound)
	emutest.WantStatus(t, do(t, http.MethodGet, url+createPath+"/m", minted, ""), http.StatusForbidden)
}

// A request that changes nothing leaves the file as it was.
func TestStateFile_refusedWriteNotSaved(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	_, url := start(t, emulator.Options{StatePath: path})
	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath, "scheduler-root", method("m")), http.StatusOK)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath, "scheduler-root", method("m")), http.StatusConflict)
	emutest.WantStatus(t, do(t, http.MethodGet, url+createPath+"/m", "scheduler-root", ""), http.StatusOK)
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a refused create or a read wrote the state file: %v", err)
	}
	emutest.WantStatus(t, do(t, http.MethodPost, url+createPath+"/m", "scheduler-root", method("m")), http.StatusOK)
	after, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(after), `"ModifyIndex": 3`) || string(after) == string(before) {
		t.Fatalf("state file after an update: %s %v", after, err)
	}
}

// A write whose change cannot be saved is not answered as a success.
func TestStateFile_unsavedChangeAnswered500(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gone")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "state.json")
	_, url := start(t, emulator.Options{StatePath: path})
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	r := do(t, http.MethodPost, url+createPath, "scheduler-root", method("m"))
	emutest.WantStatus(t, r, http.StatusInternalServerError)
	if want := "the change was made but not saved: state file " + path + ": cannot write it: "; !strings.HasPrefix(r.Body, want) {
		t.Errorf("body %q, want it to start with %q", r.Body, want)
	}
	if ct := r.Header.Get("Content-Type"); ct != "text/plain; charset=utf-8" {
		t.Errorf("Content-Type %q, want the scheduler's plain text", ct)
	}
	r = doSecrets(t, http.MethodPost, url+destinations+"/cloudone-sm/d", `{"region":"r"}`)
	emutest.WantStatus(t, r, http.StatusInternalServerError)
	if !strings.HasPrefix(r.Body, `{"errors":["the change was made but not saved: state file `) {
		t.Errorf("secrets body %s, want the secrets API's error form", r.Body)
	}
}

func doSecrets(t *testing.T, method, url, body string) response {
	t.Helper()
	return response(emutest.Do(t, method, url, map[string]string{"X-Secrets-Token": "secrets-root"}, body))
}

const destinations = "/v1/sys/sync/destinations"

func TestSecrets_servedAndCountedByRoute(t *testing.T) {
	e, url := start(t, emulator.Options{})
	emutest.WantStatus(t, doSecrets(t, http.MethodPost, url+destinations+"/cloudone-sm/d", `{}`), http.StatusOK)
	emutest.WantStatus(t, doSecrets(t, http.MethodPost, url+destinations+"/cloudone-sm/d/associations/set", `{"mount":"secret","secret_name":"a/b"}`), http.StatusOK)
	emutest.WantStatus(t, doSecrets(t, "LIST", url+destinations, ""), http.StatusOK)
	emutest.WantStatus(t, doSecrets(t, http.MethodGet, url+destinations+"?list=true", ""), http.StatusOK)
	emutest.WantStatus(t, doSecrets(t, "LIST", url+"/v1/sys/sync/associations", ""), http.StatusOK)
	emutest.WantStatus(t, doSecrets(t, http.MethodGet, url+"/v1/sys/sync/associations/secret/a/b", ""), http.StatusOK)
	emutest.WantStatus(t, doSecrets(t, http.MethodGet, url+destinations+"/cloudone-sm/d", ""), http.StatusOK)
	emutest.WantStatus(t, doSecrets(t, http.MethodGet, url+destinations+"/cloudone-sm/gone", ""), http.StatusNotFound)
	emutest.WantStatus(t, do(t, http.MethodGet, url+destinations+"/cloudone-sm/d", "scheduler-root", ""), http.StatusForbidden)
	want := map[string]int64{
		"POST /v1/sys/sync/destinations/cloudone-sm/{name}":             1,
		"POST /v1/sys/sync/destinations/{type}/{name}/associations/set": 1,
		"LIST /v1/sys/sync/destinations":                                1,
		"GET /v1/sys/sync/destinations":                                 1,
		"LIST /v1/sys/sync/associations":                                1,
		"GET /v1/sys/sync/associations/{path...}":                       1,
		"GET /v1/sys/sync/destinations/{type}/{name}":                   3,
	}
	if got := e.Stats(); got.Total != 9 || !reflect.DeepEqual(got.Requests, want) {
		t.Fatalf("Stats() = %+v, want total 9 and %v", got, want)
	}
	acc, ok := e.SecretsAccessor("", "secret")
	if !ok || !strings.Contains(doSecrets(t, http.MethodGet, url+destinations+"/cloudone-sm/d/associations", "").Body, `"`+acc+`/a/b"`) {
		t.Fatalf("SecretsAccessor = %q, %v: not the associations' key", acc, ok)
	}
}

func TestSecrets_optionsReachTheAPI(t *testing.T) {
	e, url := start(t, emulator.Options{Secrets: secrets.Options{
		Token:      "mine",
		RefuseList: true,
		KVMounts:   map[string]int{"team/kv": 2},
		PurgeDelay: 50 * time.Millisecond,
	}})
	emutest.WantStatus(t, doSecrets(t, http.MethodGet, url+"/v1/sys/sync/config", ""), http.StatusForbidden)
	r := do(t, "LIST", url+destinations, "", "")
	emutest.WantStatus(t, r, http.StatusMethodNotAllowed)
	// A refused LIST is counted: a client's fallback shows in the stats.
	if got := e.Stats().Requests["LIST /v1/sys/sync/destinations"]; got != 1 {
		t.Fatalf("refused LIST counted %d times", got)
	}
	if _, ok := e.SecretsAccessor("", "team/kv"); !ok {
		t.Fatal("Secrets.KVMounts not applied")
	}

	_, url = start(t, emulator.Options{Secrets: secrets.Options{NoLicense: true}})
	r = doSecrets(t, http.MethodGet, url+"/v1/sys/sync/config", "")
	emutest.WantStatus(t, r, http.StatusBadRequest)
	if !strings.Contains(r.Body, "license required") {
		t.Fatalf("body %s", r.Body)
	}

	if _, err := emulator.New(emulator.Options{Secrets: secrets.Options{KVMounts: map[string]int{"x": 3}}}); err == nil {
		t.Fatal("New accepted a KV mount of version 3")
	}
}

// A purge completes after its request has been answered and saved: the
// state file loses the destination then, without another request.
func TestSecrets_purgeCompletionSaved(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	_, url := start(t, emulator.Options{StatePath: path, Secrets: secrets.Options{PurgeDelay: 300 * time.Millisecond}})
	emutest.WantStatus(t, doSecrets(t, http.MethodPost, url+destinations+"/cloudone-sm/d", `{"region":"r"}`), http.StatusOK)
	emutest.WantStatus(t, doSecrets(t, http.MethodPost, url+destinations+"/cloudone-sm/d/associations/set", `{"mount":"secret","secret_name":"s"}`), http.StatusOK)
	emutest.WantStatus(t, doSecrets(t, http.MethodDelete, url+destinations+"/cloudone-sm/d?purge=true", ""), http.StatusNoContent)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), `"cloudone-sm"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("state file still has the purged destination: %s", data)
		}
	}
}

func TestSecrets_stateFileAndReset(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	e, url := start(t, emulator.Options{StatePath: path})
	emutest.WantStatus(t, doSecrets(t, http.MethodPost, url+destinations+"/cloudone-sm/d", `{"region":"r"}`), http.StatusOK)
	emutest.WantStatus(t, doSecrets(t, http.MethodPost, url+destinations+"/cloudone-sm/d/associations/set", `{"mount":"secret","secret_name":"s"}`), http.StatusOK)
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(data), `"secrets"`) {
		t.Fatalf("state file lacks the secrets part: %s %v", data, err)
	}

	_, url = start(t, emulator.Options{StatePath: path})
	r := doSecrets(t, http.MethodGet, url+destinations+"/cloudone-sm/d/associations", "")
	emutest.WantStatus(t, r, http.StatusOK)
	if !strings.Contains(r.Body, `"sync_status":"SYNCED"`) {
		t.Fatalf("associations after reload: %s", r.Body)
	}
	emutest.WantStatus(t, do(t, http.MethodPost, url+"/_emulator/reset", "", ""), http.StatusNoContent)
	emutest.WantStatus(t, doSecrets(t, http.MethodGet, url+destinations+"/cloudone-sm/d", ""), http.StatusNotFound)
}

// Injected faults speak each API's error form: plain text for the
// scheduler (TestFaults_answeredBeforeAnythingIsApplied), {"errors":[...]}
// for the secrets service, with Retry-After on both.
func TestFaults_secretsAnswerInTheirErrorForm(t *testing.T) {
	_, url := start(t, emulator.Options{FailRate: 1, Seed: 3})
	seen := map[int]bool{}
	for range 20 {
		r := doSecrets(t, http.MethodGet, url+"/v1/sys/sync/config", "")
		seen[r.Status] = true
		want := map[int]string{
			http.StatusTooManyRequests:    `{"errors":["rate limit exceeded"]}`,
			http.StatusServiceUnavailable: `{"errors":["service unavailable"]}`,
		}[r.Status]
		if want == "" || r.Body != want || r.Header.Get("Content-Type") != "application/json" {
			t.Fatalf("fault %d %q (%s), want %q as application/json", r.Status, r.Body, r.Header.Get("Content-Type"), want)
		}
		if got := r.Header.Get("Retry-After"); got != "1" {
			t.Fatalf("Retry-After %q, want 1", got)
		}
	}
	if !seen[http.StatusTooManyRequests] || !seen[http.StatusServiceUnavailable] {
		t.Errorf("statuses seen %v, want both 429 and 503", seen)
	}
}

// Under /v1/sys/sync/ the secrets API answers every request itself, after
// its token and license checks: no redirect for a path with "..", "//" or
// ".", and no plain-text 404 or 405 from the router. Such requests are
// counted under the API's catch-all route; the scheduler's unknown routes
// are still the router's, and not counted.
func TestSecrets_unroutedPathsAreTheAPIs(t *testing.T) {
	e, url := start(t, emulator.Options{})
	emutest.WantStatus(t, doSecrets(t, http.MethodPost, url+destinations+"/cloudone-sm/d", `{}`), http.StatusOK)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	send := func(method, path, token string) response {
		t.Helper()
		req, err := http.NewRequest(method, url+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.URL.Opaque = path // sent as written, not cleaned by the client
		if token != "" {
			req.Header.Set("X-Secrets-Token", token)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return response{Status: resp.StatusCode, Header: resp.Header, Body: string(data)}
	}
	check := func(r response, status int, body string) {
		t.Helper()
		if r.Status != status || r.Body != body || r.Header.Get("Content-Type") != "application/json" || r.Header.Get("Location") != "" {
			t.Fatalf("%d %q (Content-Type %q, Location %q), want %d %s as application/json",
				r.Status, r.Body, r.Header.Get("Content-Type"), r.Header.Get("Location"), status, body)
		}
	}
	for _, p := range []string{
		"/v1/sys/sync/destinations/cloudone-sm/../cloudone-sm/d",
		"/v1/sys/sync/destinations//cloudone-sm/d",
		"/v1/sys/sync/destinations/cloudone-sm/./d",
		"/v1/sys/sync//config",
		"/v1/sys/sync/../sync/config",
		"/v1/sys/sync/nothing",
	} {
		check(send(http.MethodGet, p, "wrong"), http.StatusForbidden, `{"errors":["permission denied"]}`)
		check(send(http.MethodGet, p, "secrets-root"), http.StatusNotFound, `{"errors":["1 error occurred:\n\t* unsupported path\n\n"]}`)
	}
	check(send(http.MethodPut, "/v1/sys/sync/config", "wrong"), http.StatusForbidden, `{"errors":["permission denied"]}`)
	r := send(http.MethodPut, "/v1/sys/sync/config", "secrets-root")
	check(r, http.StatusMethodNotAllowed, `{"errors":["unsupported method PUT on /v1/sys/sync/config: this path takes DELETE, GET, PATCH"]}`)
	emutest.WantStatus(t, do(t, http.MethodGet, url+"/v1/nothing", "", ""), http.StatusNotFound)
	emutest.WantStatus(t, do(t, http.MethodPut, url+listPath, "", ""), http.StatusMethodNotAllowed)

	want := map[string]int64{
		"POST /v1/sys/sync/destinations/cloudone-sm/{name}": 1,
		"GET /v1/sys/sync/": 12,
		"PUT /v1/sys/sync/": 2,
	}
	if got := e.Stats(); got.Total != 15 || !reflect.DeepEqual(got.Requests, want) {
		t.Fatalf("Stats() = %+v, want total 15 and %v", got, want)
	}
}

func getPlatform(t *testing.T, url, token string) response {
	t.Helper()
	return response(emutest.Do(t, http.MethodGet, url, map[string]string{"Authorization": "Bearer " + token}, nil))
}

func TestPlatform_servedAndCountedByRoute(t *testing.T) {
	e, url := start(t, emulator.Options{})
	r := getPlatform(t, url+"/api/v2/ping", "platform-root")
	emutest.WantStatus(t, r, http.StatusNoContent)
	if r.Header.Get("X-RateLimit-Limit") != "30" || r.Header.Get("TFP-AppName") != platform.HostedAppName {
		t.Errorf("ping headers %v, want the default limit and the hosted edition", r.Header)
	}
	emutest.WantStatus(t, do(t, http.MethodGet, url+platform.DiscoveryPath, "", ""), http.StatusOK)
	emutest.WantStatus(t, getPlatform(t, url+"/api/v2/nothing", "platform-root"), http.StatusNotFound)
	emutest.WantStatus(t, getPlatform(t, url+"/api/v2/nothing", "secrets-root"), http.StatusUnauthorized)
	// A path that is not clean is the API's 404, not the mux's redirect.
	r = getPlatform(t, url+"/api/v2//ping", "platform-root")
	emutest.WantStatus(t, r, http.StatusNotFound)
	if !strings.Contains(r.Body, `"title":"not found"`) {
		t.Errorf("unclean path body %s, want the API's error form", r.Body)
	}
	want := map[string]int64{
		"GET /api/v2/ping":              1,
		"GET " + platform.DiscoveryPath: 1,
		"GET /api/v2/":                  3,
	}
	if got := e.Stats(); got.Total != 5 || !reflect.DeepEqual(got.Requests, want) {
		t.Fatalf("Stats() = %+v, want total 5 and %v", got, want)
	}
	// Another method on the discovery path is the mux's, uncounted.
	emutest.WantStatus(t, do(t, http.MethodPost, url+platform.DiscoveryPath, "", ""), http.StatusMethodNotAllowed)
	if got := e.Stats().Total; got != 5 {
		t.Errorf("total %d after a POST of the discovery document", got)
	}
}

// The paths under an API's root prefixes (the platform's upload links)
// are the API's, counted by route; one that no route takes is the mux's
// 404, uncounted.
func TestPlatform_servesUnderItsRootPrefixes(t *testing.T) {
	e, url := start(t, emulator.Options{})
	emutest.WantStatus(t, do(t, http.MethodPut, url+"/_archivist/v1/object/provpltfrm-AAAAAAAAAAAAAAAA/binary", "", "bytes"), http.StatusNotFound)
	emutest.WantStatus(t, do(t, http.MethodGet, url+"/_archivist/nothing", "", ""), http.StatusNotFound)
	want := map[string]int64{"PUT /_archivist/v1/object/{id}/binary": 1}
	if got := e.Stats(); got.Total != 1 || !reflect.DeepEqual(got.Requests, want) {
		t.Fatalf("Stats() = %+v, want total 1 and %v", got, want)
	}
}

func TestPlatform_optionsReachTheAPI(t *testing.T) {
	_, url := start(t, emulator.Options{Platform: platform.Options{Token: "mine", RateLimit: 7, Edition: platform.EditionSelfHosted}})
	emutest.WantStatus(t, getPlatform(t, url+"/api/v2/nothing", "platform-root"), http.StatusUnauthorized)
	r := getPlatform(t, url+"/api/v2/ping", "mine")
	emutest.WantStatus(t, r, http.StatusNoContent)
	if r.Header.Get("X-RateLimit-Limit") != "7" || r.Header.Get("X-TFE-Version") != platform.SelfHostedVersion {
		t.Errorf("ping headers %v", r.Header)
	}
	if _, err := emulator.New(emulator.Options{Platform: platform.Options{Edition: "cloud"}}); err == nil {
		t.Error("New took edition cloud")
	}
}

func TestFaults_platformAnswersInItsErrorForm(t *testing.T) {
	_, url := start(t, emulator.Options{FailRate: 1, Seed: 3, RetryAfter: 2 * time.Second})
	seen := map[int]bool{}
	for range 20 {
		r := getPlatform(t, url+"/api/v2/ping", "platform-root")
		seen[r.Status] = true
		switch r.Status {
		case http.StatusTooManyRequests:
			if r.Body != `{"errors":[{"detail":"You have exceeded the API's rate limit.","status":429,"title":"Too many requests"}]}` ||
				r.Header.Get("X-RateLimit-Reset") != "2" || r.Header.Get("X-RateLimit-Limit") != "30" || r.Header.Get("Retry-After") != "2" {
				t.Fatalf("injected 429: %v %s", r.Header, r.Body)
			}
		case http.StatusServiceUnavailable:
			if r.Body != `{"errors":[{"status":"503","title":"service unavailable","detail":"service unavailable"}]}` {
				t.Fatalf("injected 503: %s", r.Body)
			}
		default:
			t.Fatalf("status %d with fail rate 1", r.Status)
		}
		if r.Header.Get("Content-Type") != platform.MediaType {
			t.Fatalf("Content-Type %q", r.Header.Get("Content-Type"))
		}
	}
	if !seen[http.StatusTooManyRequests] || !seen[http.StatusServiceUnavailable] {
		t.Errorf("statuses seen %v, want both 429 and 503", seen)
	}
}

func TestPlatform_tokensSavedAndMintedOverHTTP(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	e, url := start(t, emulator.Options{StatePath: path})
	alice, err := e.Platform().MintUserToken("alice")
	if err != nil {
		t.Fatal(err)
	}
	// Minting is a change the state file has at once.
	if data, err := os.ReadFile(path); err != nil || !strings.Contains(string(data), alice) {
		t.Fatalf("state file after a mint: %s %v", data, err)
	}
	r := do(t, http.MethodPost, url+"/_emulator/platform/tokens", "", `{"type":"user","username":"bob"}`)
	emutest.WantStatus(t, r, http.StatusOK)
	var v struct{ Token string }
	if err := json.Unmarshal([]byte(r.Body), &v); err != nil || v.Token == "" {
		t.Fatalf("mint over HTTP: %s %v", r.Body, err)
	}
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), v.Token) {
		t.Fatalf("state file lacks the token minted over HTTP: %s", data)
	}

	_, url = start(t, emulator.Options{StatePath: path})
	for _, tok := range []string{alice, v.Token} {
		emutest.WantStatus(t, getPlatform(t, url+"/api/v2/nothing", tok), http.StatusNotFound)
	}
	do(t, http.MethodPost, url+"/_emulator/reset", "", "")
	emutest.WantStatus(t, getPlatform(t, url+"/api/v2/nothing", alice), http.StatusUnauthorized)
}
