package platform_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func TestNew_refusesUnknownEdition(t *testing.T) {
	if _, err := platform.New(platform.Options{Edition: "cloud"}); err == nil || !strings.Contains(err.Error(), `"cloud"`) {
		t.Fatalf("New with edition cloud: %v, want an error naming it", err)
	}
}

func TestPing_headersOfEachEdition(t *testing.T) {
	for _, c := range []struct {
		edition   string
		appName   string
		tfe, tfeN string
	}{
		{"", platform.HostedAppName, "", ""},
		{platform.EditionHosted, platform.HostedAppName, "", ""},
		{platform.EditionSelfHosted, platform.SelfHostedAppName, platform.SelfHostedVersion, platform.SelfHostedNumericVersion},
	} {
		a := newAPI(t, platform.Options{Edition: c.edition, RateLimit: 30})
		// Clients ping with their token, or before they have one.
		for _, token := range []string{root, ""} {
			r := a.as(token).get("/api/v2/ping")
			if r.Status != http.StatusNoContent || r.Body != "" {
				t.Fatalf("edition %q token %q: ping %d %q, want 204 without a body", c.edition, token, r.Status, r.Body)
			}
			for h, want := range map[string]string{
				"TFP-API-Version":       platform.APIVersion,
				"TFP-AppName":           c.appName,
				"X-RateLimit-Limit":     "30",
				"X-TFE-Version":         c.tfe,
				"X-TFE-Current-Version": c.tfeN,
			} {
				if got := r.Header.Get(h); got != want {
					t.Errorf("edition %q: ping %s = %q, want %q", c.edition, h, got, want)
				}
			}
		}
		// The headers are on every answer, not only the ping's.
		if r := a.get("/api/v2/nothing"); r.Header.Get("TFP-AppName") != c.appName || r.Header.Get("X-TFE-Version") != c.tfe {
			t.Errorf("edition %q: a 404's headers %v", c.edition, r.Header)
		}
	}
	if platform.HostedAppName != "HCP Terraform" {
		t.Errorf("HostedAppName %q: clients compare TFP-AppName with exactly HCP Terraform", platform.HostedAppName)
	}
}

func TestPing_unknownTokenIs401(t *testing.T) {
	a := newAPI(t, platform.Options{})
	emutest.WantAPIError(t, a.as("nope").get("/api/v2/ping"), http.StatusUnauthorized, "unauthorized", "invalid token")
}

func TestDiscovery_givesTheAPIBase(t *testing.T) {
	a := newAPI(t, platform.Options{})
	r := a.as("").get(platform.DiscoveryPath)
	if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("discovery: %d %q %s", r.Status, r.Header.Get("Content-Type"), r.Body)
	}
	base := a.url + "/api/v2/"
	want := map[string]any{"tfe.v2": base, "tfe.v2.1": base, "tfe.v2.2": base, "state.v2": base}
	if got := emutest.JSON(t, r); !emutest.EqualJSON(t, got, want) {
		t.Fatalf("discovery document %v, want %v", got, want)
	}
}

func TestAuth_missingOrUnknownTokenIs401(t *testing.T) {
	a := newAPI(t, platform.Options{})
	for _, c := range []struct {
		header, detail string
	}{
		{"", "missing token"},
		{"Bearer", "missing token"},
		{"Basic " + root, "missing token"},
		{"Bearer nope", "invalid token"},
		{"Bearer " + root + "x", "invalid token"},
	} {
		req, _ := http.NewRequest(http.MethodGet, a.url+"/api/v2/organizations", nil)
		if c.header != "" {
			req.Header.Set("Authorization", c.header)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		emutest.WantAPIError(t, response{Status: resp.StatusCode, Header: resp.Header, Body: string(body)}, http.StatusUnauthorized, "unauthorized", c.detail)
	}
	// The scheme is case-insensitive.
	req, _ := http.NewRequest(http.MethodGet, a.url+"/api/v2/nothing", nil)
	req.Header.Set("Authorization", "bearer "+root)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("lower-case bearer: %d, want past the token check to 404", resp.StatusCode)
	}
}

func TestUnrouted_is404InTheAPIsForm(t *testing.T) {
	a := newAPI(t, platform.Options{})
	for _, c := range []struct{ method, path string }{
		{http.MethodGet, "/api/v2/nothing"},
		{http.MethodGet, "/api/v2"},
		{http.MethodGet, "/api/v2/"},
		{http.MethodPut, "/api/v2/ping"},
	} {
		emutest.WantAPIError(t, a.do(c.method, c.path, nil), http.StatusNotFound, "not found", "no such endpoint")
	}
	// After the token check, as every endpoint.
	emutest.WantAPIStatus(t, a.as("").get("/api/v2/nothing"), http.StatusUnauthorized)
}

func TestMintUserToken(t *testing.T) {
	a := newAPI(t, platform.Options{})
	tok, err := a.server.MintUserToken("alice")
	if err != nil {
		t.Fatal(err)
	}
	if parts := strings.Split(tok, "."); len(parts) != 3 || parts[1] != "atlasv1" {
		t.Errorf("token %q, want the API's shape xxx.atlasv1.yyy", tok)
	}
	emutest.WantAPIStatus(t, a.as(tok).get("/api/v2/nothing"), http.StatusNotFound)
	for _, bad := range []string{"", "a b", strings.Repeat("a", 41)} {
		if _, err := a.server.MintUserToken(bad); err == nil {
			t.Errorf("MintUserToken(%q) succeeded", bad)
		}
	}
}

func TestAdmin_mintsTokens(t *testing.T) {
	a := newAPI(t, platform.Options{})
	post := func(body string) (int, string) {
		t.Helper()
		r := postJSON(t, a.url+"/_emulator/platform/tokens", body)
		return r.Status, r.Body
	}
	status, body := post(`{"type":"user","username":"alice"}`)
	var v struct{ Token string }
	if err := json.Unmarshal([]byte(body), &v); status != http.StatusOK || err != nil || v.Token == "" {
		t.Fatalf("mint: %d %s", status, body)
	}
	emutest.WantAPIStatus(t, a.as(v.Token).get("/api/v2/nothing"), http.StatusNotFound)
	for body, want := range map[string]string{
		`{"type":"root"}`:                    `invalid type "root"`,
		`{"type":"user","username":"a b"}`:   `username "a b"`,
		`{`:                                  "invalid request body",
		`{"type":"user","username":"x","x"}`: "invalid request body",
	} {
		if status, got := post(body); status != http.StatusBadRequest || !strings.Contains(got, want) {
			t.Errorf("mint %s: %d %q, want 400 with %q", body, status, got, want)
		}
	}
}

// The limit is per user: every token of one user spends one bucket, which
// holds a second's worth of requests and refills at the limit; other users
// have their own.
func TestRateLimit_perUser(t *testing.T) {
	a := newAPI(t, platform.Options{RateLimit: 3})
	clk := newClock(a)
	alice1, _ := a.server.MintUserToken("alice")
	alice2, _ := a.server.MintUserToken("alice")
	bob, _ := a.server.MintUserToken("bob")

	for i, tok := range []string{alice1, alice2, alice1} {
		if r := a.as(tok).get("/api/v2/ping"); r.Status != http.StatusNoContent {
			t.Fatalf("request %d: %d", i, r.Status)
		}
	}
	r := a.as(alice2).get("/api/v2/ping")
	if r.Status != http.StatusTooManyRequests {
		t.Fatalf("4th request of alice in a second: %d, want 429", r.Status)
	}
	if r.Body != `{"errors":[{"detail":"You have exceeded the API's rate limit.","status":429,"title":"Too many requests"}]}` {
		t.Errorf("429 body %s, want the documented one", r.Body)
	}
	// One request comes back after a third of a second, rounded up to the
	// millisecond.
	if r.Header.Get("X-RateLimit-Limit") != "3" || r.Header.Get("X-RateLimit-Reset") != "0.334" {
		t.Errorf("429 headers: limit %q reset %q, want 3 and 0.334", r.Header.Get("X-RateLimit-Limit"), r.Header.Get("X-RateLimit-Reset"))
	}
	if r.Header.Get("Content-Type") != platform.MediaType {
		t.Errorf("429 Content-Type %q", r.Header.Get("Content-Type"))
	}
	if r := a.as(bob).get("/api/v2/ping"); r.Status != http.StatusNoContent {
		t.Fatalf("bob is limited by alice's requests: %d", r.Status)
	}
	clk.advance(200 * time.Millisecond)
	if r := a.as(alice1).get("/api/v2/ping"); r.Status != http.StatusTooManyRequests || r.Header.Get("X-RateLimit-Reset") != "0.134" {
		t.Fatalf("after 200ms: %d reset %q, want 429 and 0.134", r.Status, r.Header.Get("X-RateLimit-Reset"))
	}
	clk.advance(134 * time.Millisecond)
	if r := a.as(alice1).get("/api/v2/ping"); r.Status != http.StatusNoContent {
		t.Fatalf("after the reset: %d, want 204", r.Status)
	}
	// A long pause refills a second's worth, no more.
	clk.advance(time.Hour)
	for i := range 3 {
		if r := a.as(alice1).get("/api/v2/ping"); r.Status != http.StatusNoContent {
			t.Fatalf("request %d after an hour: %d", i, r.Status)
		}
	}
	emutest.WantAPIStatus(t, a.as(alice1).get("/api/v2/ping"), http.StatusTooManyRequests)
	if got := a.server.RateLimited(); got != 3 {
		t.Errorf("RateLimited() = %d, want 3", got)
	}
}

// Requests without a valid token are limited by their address, before the
// token is refused.
func TestRateLimit_withoutTokenByAddress(t *testing.T) {
	a := newAPI(t, platform.Options{RateLimit: 2})
	newClock(a)
	emutest.WantAPIStatus(t, a.as("").get("/api/v2/ping"), http.StatusNoContent)
	emutest.WantAPIStatus(t, a.as("bad").get("/api/v2/nothing"), http.StatusUnauthorized)
	emutest.WantAPIStatus(t, a.as("").get("/api/v2/nothing"), http.StatusTooManyRequests)
	emutest.WantAPIStatus(t, a.as("bad").get("/api/v2/ping"), http.StatusTooManyRequests)
	// A valid token has its own bucket.
	emutest.WantAPIStatus(t, a.get("/api/v2/ping"), http.StatusNoContent)
}

func TestRateLimit_offSendsNoLimit(t *testing.T) {
	a := newAPI(t, platform.Options{RateLimit: -1})
	newClock(a)
	for range 50 {
		r := a.get("/api/v2/ping")
		if r.Status != http.StatusNoContent {
			t.Fatalf("status %d with the limit off", r.Status)
		}
		if _, present := r.Header["X-Ratelimit-Limit"]; present {
			t.Fatalf("X-RateLimit-Limit %q with the limit off", r.Header.Get("X-RateLimit-Limit"))
		}
	}
}

func TestReset_emptiesTokensAndBuckets(t *testing.T) {
	a := newAPI(t, platform.Options{RateLimit: 1})
	newClock(a)
	alice, _ := a.server.MintUserToken("alice")
	emutest.WantAPIStatus(t, a.get("/api/v2/ping"), http.StatusNoContent)
	emutest.WantAPIStatus(t, a.get("/api/v2/ping"), http.StatusTooManyRequests)
	a.server.Reset()
	emutest.WantAPIStatus(t, a.get("/api/v2/ping"), http.StatusNoContent)
	emutest.WantAPIStatus(t, a.as(alice).get("/api/v2/ping"), http.StatusUnauthorized)
	if got := a.server.RateLimited(); got != 0 {
		t.Errorf("RateLimited() after Reset = %d", got)
	}
}

// Faults the emulator injects are answered in the API's form; a 429 is the
// documented one, its reset the Retry-After the emulator chose.
func TestWriteError_faultsInTheAPIsForm(t *testing.T) {
	s, err := platform.New(platform.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	w.Header().Set("Retry-After", "2")
	s.WriteError(w, http.StatusTooManyRequests, "rate limit exceeded")
	if w.Code != http.StatusTooManyRequests || !strings.Contains(w.Body.String(), `"status":429`) ||
		w.Header().Get("X-RateLimit-Reset") != "2" || w.Header().Get("X-RateLimit-Limit") != "30" {
		t.Errorf("injected 429: %d %v %s", w.Code, w.Header(), w.Body)
	}
	w = httptest.NewRecorder()
	s.WriteError(w, http.StatusServiceUnavailable, "service unavailable")
	r := response{Status: w.Code, Header: w.Header(), Body: w.Body.String()}
	emutest.WantAPIError(t, r, http.StatusServiceUnavailable, "service unavailable", "service unavailable")
}

func TestState_roundTripOfTokens(t *testing.T) {
	a := newAPI(t, platform.Options{})
	alice, _ := a.server.MintUserToken("alice")
	b, data := a.reload()
	emutest.WantAPIStatus(t, b.as(alice).get("/api/v2/nothing"), http.StatusNotFound)
	b.wantState(data)
	for _, bad := range []string{
		`{`,
		`{"users":[{"id":"u1","username":"x"}]}`,
		`{"tokens":[{"id":"at-1111111111111111","secret":"s","kind":"user","subject":"user-1111111111111111"}]}`,
		`{"tokens":[{"id":"at-1111111111111111","secret":"s","kind":"robot"}]}`,
		`{"tokens":[null]}`,
	} {
		if err := b.server.UnmarshalState([]byte(bad)); err == nil {
			t.Errorf("UnmarshalState(%s) succeeded", bad)
		}
	}
	// A refused file leaves the store as it was.
	emutest.WantAPIStatus(t, b.as(alice).get("/api/v2/nothing"), http.StatusNotFound)
}
