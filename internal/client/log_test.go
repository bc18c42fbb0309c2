package client

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"
)

func TestDo_logsMaskSecrets(t *testing.T) {
	const (
		token        = "tok-never-logged"
		sentSecret   = "sent-secret-value"
		storedSecret = "stored-secret-value"
		nestedSecret = "nested-secret-value"
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/echo" {
			// A plain-text error that repeats what it was sent.
			http.Error(w, "bad secret "+sentSecret, http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"Name":"m","Config":{"OIDCClientSecret":"`+storedSecret+`","List":[{"oidcclientsecret":"`+nestedSecret+`"}]}}`)
	}))
	defer srv.Close()

	var logs bytes.Buffer
	ctx := tflogtest.RootLogger(context.Background(), &logs)
	c := newTestClient(t, srv.URL, func(c *Config) {
		c.Token = token
		c.SecretFields = []string{"OIDCClientSecret"}
	})
	body := map[string]any{"Name": "m", "Config": map[string]any{"OIDCClientSecret": sentSecret, "OIDCClientID": "client-id"}}
	if _, err := c.Do(ctx, &Request{Method: http.MethodPost, Path: "/v1/acl/auth-method", Body: body}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Do(ctx, &Request{Method: http.MethodPost, Path: "/v1/echo", Body: body}, nil); err == nil {
		t.Fatal("the echo call did not fail")
	}

	out := logs.String()
	for _, secret := range []string{token, sentSecret, storedSecret, nestedSecret} {
		if strings.Contains(out, secret) {
			t.Errorf("the log shows %q:\n%s", secret, out)
		}
	}
	// The log is still useful: it names the fields, shows the other
	// values, and reports each call at debug and its bodies at trace.
	for _, want := range []string{`OIDCClientSecret`, `oidcclientsecret`, `client-id`, `X-Test-Token: ***`, `"@level":"trace"`, `"@level":"debug"`, `"http.status_code":400`, `bad secret ***`} {
		if !strings.Contains(out, want) {
			t.Errorf("the log lacks %q:\n%s", want, out)
		}
	}
	entries, err := tflogtest.MultilineJSONDecode(&logs)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) == 0 {
		t.Fatal("nothing logged")
	}
}

func TestMasker_textFallback(t *testing.T) {
	m := newMasker([]string{"OIDCClientSecret"})
	// An error body cut at its size limit is no longer valid JSON.
	got, _ := m.mask([]byte(`{"A":1,"OIDCClientSecret" : "s3cr\"et","B":"x"`))
	if strings.Contains(got, "s3cr") || !strings.Contains(got, `"OIDCClientSecret" : "***"`) || !strings.Contains(got, `"B":"x"`) {
		t.Fatalf("masked %q", got)
	}
	got, _ = m.mask([]byte(`{"OIDCClientSecret":"cut-off-sec`))
	if strings.Contains(got, "cut-off") {
		t.Fatalf("masked %q", got)
	}
}

func TestMasker_json(t *testing.T) {
	m := newMasker([]string{"OIDCClientSecret"})
	got, secrets := m.mask([]byte(`[{"OIDCClientSecret":"a<b"},{"OIDCClientSecret":""},{"OIDCClientSecret":42},{"X":{"oidcClientSecret":["p","q"]}}]`))
	want := `[{"OIDCClientSecret":"***"},{"OIDCClientSecret":""},{"OIDCClientSecret":"***"},{"X":{"oidcClientSecret":"***"}}]`
	if got != want {
		t.Fatalf("masked\n%s\nwant\n%s", got, want)
	}
	if strings.Join(secrets, ",") != "a<b,42,p,q" {
		t.Fatalf("secrets %q", secrets)
	}
}
