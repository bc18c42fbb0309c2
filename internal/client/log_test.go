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
		_, _ = io.WriteString(w, `{"Name":"m","Config":{"ClientSecret":"`+storedSecret+`","List":[{"clientsecret":"`+nestedSecret+`"}]}}`)
	}))
	defer srv.Close()

	var logs bytes.Buffer
	ctx := tflogtest.RootLogger(context.Background(), &logs)
	c := newTestClient(t, srv.URL, func(c *Config) {
		c.Token = token
		c.SecretFields = []string{"ClientSecret"}
	})
	body := map[string]any{"Name": "m", "Config": map[string]any{"ClientSecret": sentSecret, "ClientID": "client-id"}}
	if _, err := c.Do(ctx, &Request{Method: http.MethodPost, Path: "/v1/widget", Body: body}, nil); err != nil {
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
	for _, want := range []string{`ClientSecret`, `clientsecret`, `client-id`, `X-Test-Token: ***`, `"@level":"trace"`, `"@level":"debug"`, `"http.status_code":400`, `bad secret ***`} {
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
	m := newMasker([]string{"ClientSecret"})
	// An error body cut at its size limit is no longer valid JSON.
	got, _ := m.mask([]byte(`{"A":1,"ClientSecret" : "s3cr\"et","B":"x"`))
	if strings.Contains(got, "s3cr") || !strings.Contains(got, `"ClientSecret" : "***"`) || !strings.Contains(got, `"B":"x"`) {
		t.Fatalf("masked %q", got)
	}
	got, _ = m.mask([]byte(`{"ClientSecret":"cut-off-sec`))
	if strings.Contains(got, "cut-off") {
		t.Fatalf("masked %q", got)
	}
}

func TestMasker_json(t *testing.T) {
	m := newMasker([]string{"ClientSecret"})
	got, secrets := m.mask([]byte(`[{"ClientSecret":"a<b"},{"ClientSecret":""},{"ClientSecret":42},{"X":{"clientSecret":["p","q"]}}]`))
	want := `[{"ClientSecret":"***"},{"ClientSecret":""},{"ClientSecret":"***"},{"X":{"clientSecret":"***"}}]`
	if got != want {
		t.Fatalf("masked\n%s\nwant\n%s", got, want)
	}
	if strings.Join(secrets, ",") != "a<b,42,p,q" {
		t.Fatalf("secrets %q", secrets)
	}
}

// A silent client logs nothing, even to a logger that takes everything.
func TestDo_silentLogsNothing(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"Name":"m"}`)
	}))
	defer srv.Close()
	var logs bytes.Buffer
	ctx := tflogtest.RootLogger(context.Background(), &logs)
	c := newTestClient(t, srv.URL, func(c *Config) { c.Silent = true })
	if _, err := c.Do(ctx, &Request{Method: http.MethodPost, Path: "/v1/widget", Body: map[string]any{"Name": "m"}}, nil); err != nil {
		t.Fatal(err)
	}
	if logs.Len() != 0 {
		t.Errorf("a silent client logged:\n%s", logs.String())
	}
}
