package scheduler

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

// fakeScheduler answers every request with handler and records it.
func fakeScheduler(t *testing.T, handler http.HandlerFunc, opts ...Option) (*Client, *clienttest.Server) {
	t.Helper()
	return fakeSchedulerWith(t, nil, handler, opts...)
}

// fakeSchedulerWith is fakeScheduler with a client whose configuration mod
// changes.
func fakeSchedulerWith(t *testing.T, mod func(*client.Config), handler http.HandlerFunc, opts ...Option) (*Client, *clienttest.Server) {
	t.Helper()
	srv := clienttest.NewServer(t, func(w http.ResponseWriter, r *http.Request) {
		if b, _ := io.ReadAll(r.Body); len(b) > 0 && !json.Valid(b) {
			t.Errorf("request body %q is not JSON", b)
		}
		handler(w, r)
	})
	cfg := client.Config{
		BaseURL:      srv.URL,
		AuthHeader:   TokenHeader,
		Token:        "root",
		UserAgent:    "terraform-provider-stack/test",
		SecretFields: Service.SecretFields,
		MaxRetries:   2,
		RetryWaitMin: time.Millisecond,
		RetryWaitMax: 2 * time.Millisecond,
	}
	if mod != nil {
		mod(&cfg)
	}
	c, err := client.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return NewClient(c, opts...), srv
}

// reply answers with status and body, and the header pairs given.
func reply(status int, body string, header ...string) http.HandlerFunc {
	return clienttest.Reply(status, "", body, header...)
}

const storedJSON = `{
  "Name": "okta", "Type": "OIDC", "TokenLocality": "global", "TokenNameFormat": "${auth_method_type}-${auth_method_name}",
  "Default": true,
  "Config": {
    "OIDCDiscoveryURL": "https://idp.example.com", "OIDCClientID": "Client", "OIDCClientSecret": "s3cret",
    "OIDCDisableUserInfo": true, "OIDCScopes": ["groups"], "BoundAudiences": ["Aud"],
    "AllowedRedirectURIs": ["http://localhost:4649/oidc/callback"], "DiscoveryCaPem": null, "SigningAlgs": null,
    "ExpirationLeeway": "1m0s", "ClaimMappings": {"sub": "user"}, "ListClaimMappings": {"groups": "roles"}
  },
  "CreateTime": "2026-01-02T03:04:05.123456Z", "ModifyTime": "2026-01-02T03:04:06Z",
  "CreateIndex": 10, "ModifyIndex": 12
}`

func TestCreateAuthMethod(t *testing.T) {
	c, reqs := fakeScheduler(t, reply(http.StatusOK, storedJSON))
	got, err := c.CreateAuthMethod(context.Background(), &AuthMethod{
		Name: "okta", Type: "OIDC", TokenLocality: "global", MaxTokenTTL: "5m",
		Config: &AuthMethodConfig{OIDCDiscoveryURL: "https://idp.example.com", OIDCClientID: "Client", OIDCClientSecret: "s3cret",
			AllowedRedirectURIs: []string{"http://localhost:4649/oidc/callback"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	r := reqs.Requests()[0]
	if r.Method != http.MethodPost || r.Path != "/v1/acl/auth-method" || r.Header.Get(TokenHeader) != "root" || r.Header.Get("User-Agent") != "terraform-provider-stack/test" {
		t.Errorf("request %+v", r)
	}
	// Unset fields are left to the server's defaults; false is sent.
	clienttest.AssertJSON(t, r.Body, `{
		"Name": "okta", "Type": "OIDC", "TokenLocality": "global", "MaxTokenTTL": "5m", "Default": false,
		"Config": {
			"OIDCDiscoveryURL": "https://idp.example.com", "OIDCClientID": "Client", "OIDCClientSecret": "s3cret",
			"OIDCDisableUserInfo": false, "AllowedRedirectURIs": ["http://localhost:4649/oidc/callback"]
		}}`)
	want := &AuthMethod{
		Name: "okta", Type: "OIDC", TokenLocality: "global", TokenNameFormat: "${auth_method_type}-${auth_method_name}", Default: true,
		Config: &AuthMethodConfig{
			OIDCDiscoveryURL: "https://idp.example.com", OIDCClientID: "Client", OIDCClientSecret: "s3cret",
			OIDCDisableUserInfo: true, OIDCScopes: []string{"groups"}, BoundAudiences: []string{"Aud"},
			AllowedRedirectURIs: []string{"http://localhost:4649/oidc/callback"},
			ExpirationLeeway:    "1m0s", ClaimMappings: map[string]string{"sub": "user"}, ListClaimMappings: map[string]string{"groups": "roles"},
		},
		CreateTime:  time.Date(2026, 1, 2, 3, 4, 5, 123456000, time.UTC),
		ModifyTime:  time.Date(2026, 1, 2, 3, 4, 6, 0, time.UTC),
		CreateIndex: 10, ModifyIndex: 12,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%+v\n%+v\nwant\n%+v\n%+v", got, got.Config, want, want.Config)
	}
}

func TestCreateAuthMethod_emptyAnswerKeepsWhatWasSent(t *testing.T) {
	c, _ := fakeScheduler(t, reply(http.StatusOK, ""))
	sent := &AuthMethod{Name: "m", Type: "JWT"}
	got, err := c.CreateAuthMethod(context.Background(), sent)
	if err != nil || got == nil || got.Name != "m" || got.Type != "JWT" || got == sent {
		t.Fatalf("got %+v, %v; want a copy of what was sent", got, err)
	}
}

func TestAuthMethodWrites_retries(t *testing.T) {
	for name, tc := range map[string]struct {
		write    func(*Client) error
		status   int
		requests int
	}{
		"create retried on 503": {func(c *Client) error {
			_, err := c.CreateAuthMethod(context.Background(), &AuthMethod{Name: "m"})
			return err
		}, 503, 3},
		"create not on 502": {func(c *Client) error {
			_, err := c.CreateAuthMethod(context.Background(), &AuthMethod{Name: "m"})
			return err
		}, 502, 1},
		"update retried on 502": {func(c *Client) error {
			_, err := c.UpdateAuthMethod(context.Background(), &AuthMethod{Name: "m"})
			return err
		}, 502, 3},
		"delete retried on 504": {func(c *Client) error {
			_, err := c.DeleteAuthMethod(context.Background(), "m")
			return err
		}, 504, 3},
		"update not on 400": {func(c *Client) error {
			_, err := c.UpdateAuthMethod(context.Background(), &AuthMethod{Name: "m"})
			return err
		}, 400, 1},
	} {
		t.Run(name, func(t *testing.T) {
			c, reqs := fakeScheduler(t, reply(tc.status, "no luck"))
			err := tc.write(c)
			if client.StatusCode(err) != tc.status || !strings.HasSuffix(err.Error(), ": no luck") {
				t.Fatalf("error %v, want %d with the server's message", err, tc.status)
			}
			if len(reqs.Requests()) != tc.requests {
				t.Fatalf("%d requests, want %d", len(reqs.Requests()), tc.requests)
			}
		})
	}
}

func TestUpdateAuthMethod(t *testing.T) {
	c, reqs := fakeScheduler(t, reply(http.StatusOK, `{"Name":"a b","Type":"OIDC","ModifyIndex":13}`))
	got, err := c.UpdateAuthMethod(context.Background(), &AuthMethod{Name: "a b", Type: "OIDC"})
	if err != nil {
		t.Fatal(err)
	}
	if r := reqs.Requests()[0]; r.Method != http.MethodPost || r.Path != "/v1/acl/auth-method/a%20b" {
		t.Errorf("request %s %s", r.Method, r.Path)
	}
	if got.ModifyIndex != 13 {
		t.Errorf("got %+v", got)
	}
}

func TestReadAuthMethod_blockingQuery(t *testing.T) {
	c, reqs := fakeScheduler(t, reply(http.StatusOK, storedJSON, IndexHeader, "42"))
	for _, tc := range []struct {
		q     *QueryOptions
		query string
	}{
		{nil, ""},
		{&QueryOptions{}, ""},
		{&QueryOptions{WaitIndex: 12, WaitTime: 5 * time.Second}, "index=12&wait=5s"},
		{&QueryOptions{WaitIndex: 7}, "index=7"},
	} {
		got, meta, err := c.ReadAuthMethod(context.Background(), "okta", tc.q)
		if err != nil {
			t.Fatal(err)
		}
		r := reqs.Requests()[len(reqs.Requests())-1]
		if r.Method != http.MethodGet || r.Path != "/v1/acl/auth-method/okta" || r.Query != tc.query {
			t.Errorf("%+v: request %s %s?%s, want query %q", tc.q, r.Method, r.Path, r.Query, tc.query)
		}
		if meta == nil || meta.LastIndex != 42 || got.Name != "okta" {
			t.Errorf("meta %+v, method %+v", meta, got)
		}
	}
}

func TestReadAuthMethod_notFoundKeepsIndex(t *testing.T) {
	c, _ := fakeScheduler(t, reply(http.StatusNotFound, "ACL auth method not found", IndexHeader, "9"))
	got, meta, err := c.ReadAuthMethod(context.Background(), "gone", nil)
	if !client.IsNotFound(err) || got != nil {
		t.Fatalf("got %+v, %v; want a 404", got, err)
	}
	if meta == nil || meta.LastIndex != 9 {
		t.Fatalf("meta %+v, want index 9", meta)
	}
	if want := "GET /v1/acl/auth-method/gone: 404 Not Found: ACL auth method not found"; clienttest.ErrText(err) != want {
		t.Fatalf("error %q, want %q", err, want)
	}
}

func TestReadAuthMethod_noIndexHeader(t *testing.T) {
	c, _ := fakeScheduler(t, reply(http.StatusOK, `{"Name":"x"}`, IndexHeader, "junk"))
	_, meta, err := c.ReadAuthMethod(context.Background(), "x", nil)
	if err != nil || meta == nil || meta.LastIndex != 0 {
		t.Fatalf("meta %+v, %v; want index 0", meta, err)
	}
}

func TestEmptyNameRefused(t *testing.T) {
	c, reqs := fakeScheduler(t, reply(http.StatusOK, `{}`))
	if _, _, err := c.ReadAuthMethod(context.Background(), "", nil); err == nil {
		t.Error("read accepted an empty name")
	}
	if _, err := c.UpdateAuthMethod(context.Background(), &AuthMethod{}); err == nil {
		t.Error("update accepted an empty name")
	}
	if _, err := c.DeleteAuthMethod(context.Background(), ""); err == nil {
		t.Error("delete accepted an empty name")
	}
	if len(reqs.Requests()) != 0 {
		t.Errorf("%d requests sent", len(reqs.Requests()))
	}
}

func TestListAuthMethods(t *testing.T) {
	c, reqs := fakeScheduler(t, reply(http.StatusOK,
		`[{"Name":"a","Type":"OIDC","Default":true,"CreateIndex":1,"ModifyIndex":2},{"Name":"b","Type":"JWT","CreateIndex":3,"ModifyIndex":3}]`,
		IndexHeader, "3"))
	got, meta, err := c.ListAuthMethods(context.Background(), &QueryOptions{WaitIndex: 2, WaitTime: 1500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	want := []*AuthMethodListStub{{Name: "a", Type: "OIDC", Default: true, CreateIndex: 1, ModifyIndex: 2}, {Name: "b", Type: "JWT", CreateIndex: 3, ModifyIndex: 3}}
	if !reflect.DeepEqual(got, want) || meta.LastIndex != 3 {
		t.Fatalf("got %+v, meta %+v", got, meta)
	}
	if r := reqs.Requests()[0]; r.Path != "/v1/acl/auth-methods" || r.Query != "index=2&wait=1.5s" {
		t.Errorf("request %s?%s", r.Path, r.Query)
	}
}

func TestListAuthMethods_noToken(t *testing.T) {
	var token atomic.Pointer[[]string]
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v := r.Header.Values(TokenHeader)
		token.Store(&v)
		_, _ = io.WriteString(w, `null`)
	}))
	defer srv.Close()
	tc, err := client.New(client.Config{BaseURL: srv.URL, AuthHeader: TokenHeader})
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := NewClient(tc).ListAuthMethods(context.Background(), nil)
	if err != nil || len(got) != 0 {
		t.Fatalf("got %v, %v", got, err)
	}
	if v := *token.Load(); len(v) != 0 {
		t.Fatalf("token header %q sent without a token", v)
	}
}

func TestDeleteAuthMethod(t *testing.T) {
	c, reqs := fakeScheduler(t, reply(http.StatusOK, ""))
	index, err := c.DeleteAuthMethod(context.Background(), "m")
	if err != nil || index != 0 {
		t.Fatalf("delete = %d, %v; want index 0 (not given) and no error", index, err)
	}
	if r := reqs.Requests()[0]; r.Method != http.MethodDelete || r.Path != "/v1/acl/auth-method/m" {
		t.Errorf("request %s %s", r.Method, r.Path)
	}
}

// A server that says the delete's index is read back from it, and the
// client's next reads wait for the replica to reach that delete, as they
// do after any write of the client.
func TestDeleteAuthMethod_indexOfTheDelete(t *testing.T) {
	c, reqs := fakeScheduler(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodDelete {
			reply(http.StatusOK, "", IndexHeader, "17")(w, r)
			return
		}
		reply(http.StatusNotFound, "not found", IndexHeader, "17")(w, r)
	})
	index, err := c.DeleteAuthMethod(context.Background(), "m")
	if err != nil || index != 17 {
		t.Fatalf("delete = %d, %v; want index 17", index, err)
	}
	if _, _, err := c.ReadAuthMethod(context.Background(), "m", nil); !client.IsNotFound(err) {
		t.Fatalf("read: %v, want the 404", err)
	}
	if r := reqs.Requests()[1]; r.Query != "index=16&wait=5s" {
		t.Errorf("read after the delete: query %q, want index=16&wait=5s", r.Query)
	}
}

func TestDeleteAuthMethod_serverErrorNotFoundIsNotFound(t *testing.T) {
	c, reqs := fakeScheduler(t, reply(http.StatusInternalServerError, "auth method m: Not Found"))
	_, err := c.DeleteAuthMethod(context.Background(), "m")
	if !client.IsNotFound(err) {
		t.Fatalf("error %v, want a 404", err)
	}
	if want := "DELETE /v1/acl/auth-method/m: 404 Not Found: auth method m: Not Found"; err.Error() != want {
		t.Fatalf("error %q, want %q", err, want)
	}
	if len(reqs.Requests()) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs.Requests()))
	}

	c, _ = fakeScheduler(t, reply(http.StatusInternalServerError, "disk full"))
	if _, err := c.DeleteAuthMethod(context.Background(), "m"); client.StatusCode(err) != http.StatusInternalServerError {
		t.Fatalf("error %v, want the 500 as it is", err)
	}
}

func TestAuthMethod_lenientDecoding(t *testing.T) {
	var m AuthMethod
	err := json.Unmarshal([]byte(`{
	  "Name": "j", "MaxTokenTTL": 300000000000,
	  "CreateTime": "2026-03-04T05:06:07", "ModifyTime": "",
	  "Config": {
	    "ExpirationLeeway": 1000000000, "NotBeforeLeeway": 1.5e9, "ClockSkewLeeway": null,
	    "ClaimMappings": {"n": 42, "f": 1.5, "b": true, "s": "str", "z": null},
	    "ListClaimMappings": null
	  }
	}`), &m)
	if err != nil {
		t.Fatal(err)
	}
	if m.MaxTokenTTL != "5m0s" {
		t.Errorf("MaxTokenTTL %q", m.MaxTokenTTL)
	}
	if !m.CreateTime.Equal(time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)) || !m.ModifyTime.IsZero() {
		t.Errorf("times %v, %v", m.CreateTime, m.ModifyTime)
	}
	c := m.Config
	if c.ExpirationLeeway != "1s" || c.NotBeforeLeeway != "1.5s" || c.ClockSkewLeeway != "" {
		t.Errorf("leeways %q %q %q", c.ExpirationLeeway, c.NotBeforeLeeway, c.ClockSkewLeeway)
	}
	if want := map[string]string{"n": "42", "f": "1.5", "b": "true", "s": "str", "z": ""}; !reflect.DeepEqual(c.ClaimMappings, want) {
		t.Errorf("claim mappings %v, want %v", c.ClaimMappings, want)
	}
	if c.ListClaimMappings != nil {
		t.Errorf("list claim mappings %v, want nil", c.ListClaimMappings)
	}

	for _, bad := range []string{`{"MaxTokenTTL": true}`, `{"CreateTime": "yesterday"}`, `{"Config": {"ClaimMappings": []}}`} {
		if err := json.Unmarshal([]byte(bad), new(AuthMethod)); err == nil {
			t.Errorf("%s decoded without error", bad)
		}
	}
}

func TestAuthMethod_encodingOmitsServerFields(t *testing.T) {
	b, err := json.Marshal(&AuthMethod{Name: "m", Config: &AuthMethodConfig{}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"Name":"m","Default":false,"Config":{"OIDCDisableUserInfo":false}}`; string(b) != want {
		t.Fatalf("encoded %s, want %s", b, want)
	}
}

// atIndex42 is a scheduler whose writes and replica are at index 42.
func atIndex42(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost {
		reply(http.StatusOK, `{"Name":"m","ModifyIndex":42}`)(w, r)
		return
	}
	if strings.HasSuffix(r.URL.Path, "/auth-methods") {
		reply(http.StatusOK, `[]`, IndexHeader, "42")(w, r)
		return
	}
	reply(http.StatusOK, `{"Name":"m"}`, IndexHeader, "42")(w, r)
}

// After a write, reads without options wait for the replica to reach it, so
// that the client reads its own writes; explicit options are left alone.
func TestReadsWaitForTheClientsLastWrite(t *testing.T) {
	c, reqs := fakeScheduler(t, atIndex42)
	ctx := context.Background()
	if _, _, err := c.ReadAuthMethod(ctx, "m", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := c.CreateAuthMethod(ctx, &AuthMethod{Name: "m"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.ReadAuthMethod(ctx, "m", nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.ListAuthMethods(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.ReadAuthMethod(ctx, "m", &QueryOptions{WaitIndex: 7, WaitTime: time.Second}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range reqs.Requests() {
		got = append(got, r.Method+" "+r.Query)
	}
	want := []string{"GET ", "POST ", "GET index=41&wait=5s", "GET index=41&wait=5s", "GET index=7&wait=1s"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("requests:\n got %q\nwant %q", got, want)
	}
}

// A blocking read asks the server to wait at most half the request
// timeout, else every attempt would time out before a replica that does not
// move lets the server answer; a read without a wait would get the server's
// default of minutes.
func TestBlockingWaitBoundedByRequestTimeout(t *testing.T) {
	c, reqs := fakeSchedulerWith(t, func(cfg *client.Config) { cfg.RequestTimeout = 3 * time.Second }, atIndex42)
	ctx := context.Background()
	for _, q := range []*QueryOptions{
		{WaitIndex: 7, WaitTime: 5 * time.Second},
		{WaitIndex: 7, WaitTime: time.Second},
		{WaitIndex: 7},
		{},
	} {
		if _, _, err := c.ReadAuthMethod(ctx, "m", q); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.CreateAuthMethod(ctx, &AuthMethod{Name: "m"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.ListAuthMethods(ctx, nil); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range reqs.Requests() {
		got = append(got, r.Method+" "+r.Query)
	}
	want := []string{"GET index=7&wait=1.5s", "GET index=7&wait=1s", "GET index=7&wait=1.5s", "GET ", "POST ", "GET index=41&wait=1.5s"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("requests:\n got %q\nwant %q", got, want)
	}
}

func TestRegionOnEveryRequest(t *testing.T) {
	c, reqs := fakeScheduler(t, reply(http.StatusOK, `{"Name":"m","ModifyIndex":3}`), WithRegion("eu-west"))
	ctx := context.Background()
	_, _ = c.CreateAuthMethod(ctx, &AuthMethod{Name: "m"})
	_, _ = c.UpdateAuthMethod(ctx, &AuthMethod{Name: "m"})
	_, _, _ = c.ReadAuthMethod(ctx, "m", nil)
	_, _ = c.DeleteAuthMethod(ctx, "m")
	for _, r := range reqs.Requests() {
		if !strings.Contains(r.Query, "region=eu-west") {
			t.Errorf("%s %s has no region: %q", r.Method, r.Path, r.Query)
		}
	}
	if len(reqs.Requests()) != 4 {
		t.Errorf("%d requests, want 4", len(reqs.Requests()))
	}
}

// jwt_updates reaches the client through the service's descriptor; only
// "in_place" says that the server updates JWT methods.
func TestUpdatesJWT(t *testing.T) {
	tc, err := client.New(client.Config{BaseURL: "http://127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	for mode, want := range map[string]bool{"": false, JWTUpdatesReplace: false, JWTUpdatesInPlace: true} {
		c, ok := Service.NewClient(tc, map[string]string{"jwt_updates": mode}).(*Client)
		if !ok || c.UpdatesJWT() != want {
			t.Errorf("jwt_updates %q: UpdatesJWT() = %t, want %t", mode, c.UpdatesJWT(), want)
		}
	}
	if (*Client)(nil).UpdatesJWT() {
		t.Error("a nil client updates JWT methods")
	}
}

// BenchmarkAuthMethodDecode decodes an auth method as the emulator answers
// a read, which every refresh does once per method.
func BenchmarkAuthMethodDecode(b *testing.B) {
	body := []byte(`{"Name":"bench-7","Type":"OIDC","TokenLocality":"global","TokenNameFormat":"${auth_method_type}-${auth_method_name}","Default":false,` +
		`"Config":{"OIDCDiscoveryURL":"https://idp.example.com","OIDCClientID":"Client-7","OIDCClientSecret":"secret-7","OIDCDisableUserInfo":false,` +
		`"OIDCScopes":null,"JWTValidationPubKeys":null,"JWKSURL":"","BoundAudiences":["Client-7"],"AllowedRedirectURIs":["http://localhost/cb"],` +
		`"DiscoveryCaPem":null,"JWKSCACert":"","SigningAlgs":null,"ExpirationLeeway":"0s","NotBeforeLeeway":"0s","ClockSkewLeeway":"0s",` +
		`"ClaimMappings":null,"ListClaimMappings":null},"CreateTime":"2026-11-24T01:50:28.088234491Z","ModifyTime":"2026-11-24T01:50:28.088234491Z",` +
		`"CreateIndex":90,"ModifyIndex":90}`)
	b.ReportAllocs()
	for b.Loop() {
		var m AuthMethod
		if err := json.Unmarshal(body, &m); err != nil {
			b.Fatal(err)
		}
	}
}

// The scheduler's own 404 is plain text; an empty body, JSON, an HTML page
// or Go's "404 page not found" of an unknown route come from something
// else at the address.
func TestNotFound(t *testing.T) {
	for body, want := range map[string]bool{
		"ACL auth method not found": true,
		`auth method "x" not found`: true,
		"":                          false,
		"404 page not found\n":      false,
		`{"errors":[]}`:             false,
		"<html><body>404 Not Found</body></html>": false,
	} {
		if got := NotFound([]byte(body), "text/plain"); got != want {
			t.Errorf("NotFound(%q) = %v, want %v", body, got, want)
		}
	}
	if NotFound([]byte("Not Found"), "text/html") {
		t.Error("an HTML answer was taken for the scheduler's")
	}
}
