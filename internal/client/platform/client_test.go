package platform

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

const testToken = "platform-root-token"

// steppingClock is a clock whose Sleep moves it on at once: requests made
// one after the other are paced in its time, without waiting.
type steppingClock struct {
	mu  sync.Mutex
	now time.Time
}

func newSteppingClock() *steppingClock {
	return &steppingClock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
}

func (c *steppingClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *steppingClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	return nil
}

// withClock runs the client's pacing on clk, with jitter as its jitter.
func withClock(clk clock, jitter func(time.Duration) time.Duration) Option {
	return func(o *options) {
		o.clock = clk
		o.jitter = jitter
	}
}

func noJitter(time.Duration) time.Duration { return 0 }

// newTransport is the platform's transport for url, as the provider
// builds it from the descriptor, with fast retries.
func newTransport(t *testing.T, url string) *client.Client {
	t.Helper()
	cfg := Service.Config(url, testToken, nil)
	// The probe has tests of its own; these servers answer one route.
	cfg.Probe = nil
	cfg.MaxRetries = 4
	cfg.RetryWaitMin = time.Millisecond
	cfg.RetryWaitMax = 2 * time.Millisecond
	c, err := client.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// fakePlatform answers every request with handler, behind a client whose
// rate limit is given (no GET /ping) and whose pacing runs on a stepping
// clock, so that tests of the objects' calls see only their own requests.
func fakePlatform(t *testing.T, handler http.HandlerFunc) (*Client, *clienttest.Server) {
	t.Helper()
	srv := clienttest.NewServer(t, handler)
	c := NewClient(newTransport(t, srv.URL), WithOrganization("acme"), WithRateLimit(1000), withClock(newSteppingClock(), noJitter))
	return c, srv
}

// reply answers with status and body, a JSON:API document.
func reply(status int, body string) http.HandlerFunc {
	return clienttest.Reply(status, MediaType, body)
}

// answerLostOnce answers the first request 502, as a proxy does whose
// server's answer was lost, and the others 204.
func answerLostOnce() http.HandlerFunc {
	var n atomic.Int32
	return func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			reply(http.StatusBadGateway, "")(w, r)
			return
		}
		reply(http.StatusNoContent, "")(w, r)
	}
}

// assertRequest checks a request's method, path, query and body (JSON,
// "" for none), and that it carried the token and the JSON:API media type.
func assertRequest(t *testing.T, r clienttest.Request, method, path, query, body string) {
	t.Helper()
	if r.Method != method || r.Path != path {
		t.Errorf("request %s %s, want %s %s", r.Method, r.Path, method, path)
	}
	if r.Query != query {
		t.Errorf("query %q, want %q", r.Query, query)
	}
	auth, accept, contentType := r.Header.Get("Authorization"), r.Header.Get("Accept"), r.Header.Get("Content-Type")
	if auth != "Bearer "+testToken || accept != MediaType {
		t.Errorf("Authorization %q, Accept %q; want the bearer token and %s", auth, accept, MediaType)
	}
	if body == "" {
		if r.Body != "" || contentType != "" {
			t.Errorf("body %q (Content-Type %q), want none", r.Body, contentType)
		}
		return
	}
	if contentType != MediaType {
		t.Errorf("Content-Type %q, want %s", contentType, MediaType)
	}
	clienttest.AssertJSON(t, r.Body, body)
}

func ptr[T any](v T) *T { return &v }

func TestClient_organizationDefault(t *testing.T) {
	c, _ := fakePlatform(t, reply(http.StatusOK, ""))
	if got := c.Organization(); got != "acme" {
		t.Errorf("Organization() = %q, want acme", got)
	}
	var none *Client
	if got := none.Organization(); got != "" {
		t.Errorf("a nil client's Organization() = %q, want empty", got)
	}
}

func TestClient_emptyPathSegmentsAreRefusedUnsent(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, ""))
	ctx := context.Background()
	for _, tc := range []struct {
		call func() error
		want string
	}{
		{func() error { _, err := c.Workspaces.ReadByID(ctx, "", WorkspaceReadOptions{}); return err }, "workspace ID is empty"},
		{func() error { _, err := c.Workspaces.Read(ctx, "", "ws", WorkspaceReadOptions{}); return err }, "organization name is empty"},
		{func() error { _, err := c.Workspaces.Read(ctx, "acme", "..", WorkspaceReadOptions{}); return err }, `workspace name ".." cannot be sent in a URL path`},
		{func() error { return c.Projects.Delete(ctx, "") }, "project ID is empty"},
		{func() error { _, err := c.Variables.List(ctx, VariableParent{}); return err }, "a variable needs a workspace or a variable set, and has neither"},
		{func() error {
			_, err := c.Variables.List(ctx, VariableParent{WorkspaceID: "ws-1", VariableSetID: "varset-1"})
			return err
		}, "a variable belongs to a workspace or to a variable set, not to both"},
	} {
		if err := tc.call(); err == nil || err.Error() != tc.want {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
	if n := len(f.Requests()); n != 0 {
		t.Errorf("%d requests sent, want none", n)
	}
}

func TestClient_answerWithoutDataIsAnError(t *testing.T) {
	for _, body := range []string{"", `{"data":null}`, `{}`} {
		c, _ := fakePlatform(t, reply(http.StatusOK, body))
		_, err := c.Projects.Read(context.Background(), "prj-1", ProjectReadOptions{})
		if err == nil || err.Error() != "GET /api/v2/projects/prj-1: the answer carries no data" {
			t.Errorf("answer %q: error %v", body, err)
		}
	}
}

func TestClient_answerOfAnotherTypeIsAnError(t *testing.T) {
	c, _ := fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"ws-1","type":"workspaces","attributes":{"name":"x"}}}`))
	_, err := c.Projects.Read(context.Background(), "prj-1", ProjectReadOptions{})
	if err == nil || !strings.Contains(err.Error(), "GET /api/v2/projects/prj-1: decoding the answer") {
		t.Errorf("error %v, want a decoding error", err)
	}
}

func TestService_descriptor(t *testing.T) {
	cfg := Service.Config("https://platform.example.com", "tok", map[string]string{"organization": "acme", "rate_limit": "30"})
	if cfg.AuthHeader != "Authorization" || cfg.AuthPrefix != "Bearer " || cfg.TokenSetting != "platform.token (or STACK_PLATFORM_TOKEN)" {
		t.Errorf("config %+v", cfg)
	}
	if len(cfg.Headers) != 0 {
		t.Errorf("settings sent as headers: %v", cfg.Headers)
	}
	// Resources name the default organization's setting in their errors,
	// and warn that a 404 may hide an object.
	if got := Service.SettingName(OrganizationSetting); got != "platform.organization (or STACK_PLATFORM_ORGANIZATION)" {
		t.Errorf("the organization setting is named %q", got)
	}
	if !Service.AmbiguousNotFound {
		t.Error("the platform's 404s are not marked ambiguous")
	}
	var rateLimit client.Setting
	for _, st := range Service.Settings {
		if st.Name == "rate_limit" {
			rateLimit = st
		}
	}
	for value, want := range map[string]string{
		"":     "",
		"30":   "",
		"12.5": "",
		"0":    `must be a positive number of requests a second, such as 30, got "0"`,
		"-3":   `must be a positive number of requests a second, such as 30, got "-3"`,
		"fast": `must be a positive number of requests a second, such as 30, got "fast"`,
		"Inf":  `must be a positive number of requests a second, such as 30, got "Inf"`,
	} {
		err := rateLimit.CheckSetting(value)
		if got := clienttest.ErrText(err); got != want {
			t.Errorf("rate_limit %q: %q, want %q", value, got, want)
		}
	}

	transport, err := client.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	c, ok := Service.NewClient(transport, map[string]string{"organization": "acme", "rate_limit": "20"}).(*Client)
	if !ok || c.Organization() != "acme" || c.limiter.ceiling != 20*share || !c.limiter.sized.Load() {
		t.Errorf("NewClient gave %+v", c)
	}
	c, _ = Service.NewClient(transport, map[string]string{}).(*Client)
	if c.limiter.sized.Load() || c.limiter.bucket != nil {
		t.Errorf("without rate_limit, the limit was set before GET /ping")
	}
}

func TestIsID(t *testing.T) {
	for s, want := range map[string]bool{
		"team-6p5RiCe5CRjBmsGt":   true,
		"ws-4pW7hPwDJ1fY3gSC":     false, // a workspace's
		"team-6p5RiCe5CRjBmsG":    false, // 15 characters
		"team-6p5RiCe5CRjBmsGtX":  false, // 17
		"team-6p5RiCe5CRjBms0t":   false, // 0 is not base58
		"team-6p5RiCe5CRjBmsOt":   false, // nor O
		"team-6p5RiCe5CRjBmsIt":   false, // nor I
		"team-6p5RiCe5CRjBmslt":   false, // nor l
		"owners":                  false,
		"team6p5RiCe5CRjBmsGt":    false,
		"tprj-6p5RiCe5CRjBmsGt":   false, // another kind
		"varset-6p5RiCe5CRjBmsGt": false,
	} {
		if got := IsID(PrefixTeam, s); got != want {
			t.Errorf("IsID(team, %q) = %v, want %v", s, got, want)
		}
	}
	if !IsID(PrefixWorkspace, "ws-4pW7hPwDJ1fY3gSC") || !IsID(PrefixVariableSet, "varset-6p5RiCe5CRjBmsGt") || !IsID(PrefixToken, "at-6p5RiCe5CRjBmsGt") {
		t.Error("ws, varset and at IDs not recognized")
	}
}

// Tokens answered by a create and the values of variables never reach the
// log, and neither does the bearer token.
func TestClient_logsMaskSecrets(t *testing.T) {
	var logs bytes.Buffer
	ctx := tflogtest.RootLogger(context.Background(), &logs)
	c, _ := fakePlatform(t, func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/authentication-tokens") {
			reply(http.StatusCreated, teamTokenJSON)(w, r)
			return
		}
		reply(http.StatusCreated, `{"data":{"id":"var-1","type":"vars","attributes":{"key":"visible-key","value":"answered-value","sensitive":false}}}`)(w, r)
	})
	if _, err := c.TeamTokens.Create(ctx, "team-1", TeamTokenCreateOptions{Description: ptr("ci")}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Variables.Create(ctx, InWorkspace("ws-1"), VariableOptions{Key: ptr("visible-key"), Value: ptr("sent-value")}); err != nil {
		t.Fatal(err)
	}
	out := logs.String()
	for _, secret := range []string{"secret.atlasv1.value", "sent-value", "answered-value", testToken} {
		if strings.Contains(out, secret) {
			t.Errorf("the log shows %q", secret)
		}
	}
	if !strings.Contains(out, "visible-key") || !strings.Contains(out, "Authorization: ***") {
		t.Errorf("the log lacks the bodies or headers:\n%s", out)
	}
}
