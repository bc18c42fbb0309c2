package secrets

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

// fakeSecrets answers every request with handler and records it, behind a
// transport configured as the provider configures it.
func fakeSecrets(t *testing.T, handler http.HandlerFunc) (*Client, *clienttest.Server) {
	t.Helper()
	srv := clienttest.NewServer(t, handler)
	return NewClient(newTransport(t, srv.URL)), srv
}

func newTransport(t *testing.T, url string) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{
		BaseURL:      url,
		AuthHeader:   TokenHeader,
		Token:        "root-token",
		Headers:      map[string]string{NamespaceHeader: "team-a"},
		DecodeError:  DecodeError,
		SecretFields: SecretFields(),
		NotFound:     Service.NotFound,
		MaxRetries:   2,
		RetryWaitMin: time.Millisecond,
		RetryWaitMax: 2 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// reply answers with status and body, a JSON document.
func reply(status int, body string) http.HandlerFunc {
	return clienttest.Reply(status, "application/json", body)
}

// envelope wraps data as the service does.
func envelope(data string, warnings ...string) string {
	w := "null"
	if len(warnings) > 0 {
		b, _ := json.Marshal(warnings)
		w = string(b)
	}
	return `{"request_id":"req-1","lease_id":"","lease_duration":0,"renewable":false,"data":` + data +
		`,"wrap_info":null,"warnings":` + w + `,"auth":null,"mount_type":"system"}`
}

func assertRequest(t *testing.T, r clienttest.Request, method, path, query string) {
	t.Helper()
	if r.Method != method || r.Path != path || r.Query != query {
		t.Errorf("request %s %s?%s, want %s %s?%s", r.Method, r.Path, r.Query, method, path, query)
	}
	if token, namespace := r.Header.Get(TokenHeader), r.Header.Get(NamespaceHeader); token != "root-token" || namespace != "team-a" {
		t.Errorf("token %q, namespace %q", token, namespace)
	}
}

func TestDecodeError(t *testing.T) {
	for body, want := range map[string]string{
		`{"errors":["a","b"]}`:                         "a; b",
		`{"errors":["permission denied"]}`:             "permission denied",
		`{"errors":[]}`:                                "",
		`{"errors":null}`:                              "",
		`{"errors":[" ", ""]}`:                         "",
		`{"errors":["a",{"code":7},null,"  b \n"]}`:    `a; {"code":7}; b`,
		`{"message":"not the service's form"}`:         "",
		`permission denied`:                            "",
		``:                                             "",
		`<html>502 Bad Gateway</html>`:                 "",
		`{"errors":["cut off`:                          "",
		`{"errors":"one string is not the form"}`:      "",
		`{"errors":["x"],"warnings":["also ignored"]}`: "x",
	} {
		if got := DecodeError([]byte(body), "application/json"); got != want {
			t.Errorf("DecodeError(%s) = %q, want %q", body, got, want)
		}
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		status   int
		body     string
		want     string
		notFound bool
	}{
		{400, `{"errors":["a","b"]}`, "GET /v1/sys/sync/destinations/codehost/x: 400 Bad Request: a; b", false},
		{404, `{"errors":[]}`, "GET /v1/sys/sync/destinations/codehost/x: 404 Not Found", true},
		// Not the service's form: a proxy's or another server's 404.
		{404, ``, "GET /v1/sys/sync/destinations/codehost/x: 404 Not Found (this is not the server's answer for a missing object: " +
			"the address may not be the server's; check the address)", false},
		{404, `404 page not found`, "GET /v1/sys/sync/destinations/codehost/x: 404 Not Found: 404 page not found (this is not the server's answer " +
			"for a missing object: the address may not be the server's; check the address)", false},
		{403, `{"errors":["permission denied"]}`, "GET /v1/sys/sync/destinations/codehost/x: 403 Forbidden: permission denied", false},
		{500, `upstream exploded`, "GET /v1/sys/sync/destinations/codehost/x: 500 Internal Server Error: upstream exploded", false},
	} {
		c, _ := fakeSecrets(t, reply(tc.status, tc.body))
		got, meta, err := c.ReadDestination(context.Background(), TypeCodehost, "x")
		if err == nil || got != nil || meta != nil {
			t.Fatalf("%d %s: got %+v, %+v, %v", tc.status, tc.body, got, meta, err)
		}
		if clienttest.ErrText(err) != tc.want || client.IsNotFound(err) != tc.notFound || client.StatusCode(err) != tc.status {
			t.Errorf("%d %s: error %q (not found %v), want %q", tc.status, tc.body, err, client.IsNotFound(err), tc.want)
		}
	}
}

// The envelope's fields besides data and warnings are not read, so no
// spelling of theirs can fail a read: here lease_duration and renewable
// as strings, as some servers send them.
func TestEnvelopeAndWarnings(t *testing.T) {
	for _, lease := range []string{`"lease_duration":7,"renewable":true`, `"lease_duration":"30","renewable":"true"`} {
		c, _ := fakeSecrets(t, reply(http.StatusOK,
			`{"request_id":"5a1b","lease_id":"l",`+lease+`,"data":{"disabled":true,"queue_capacity":10},`+
				`"wrap_info":{"ttl":60},"warnings":["queue_capacity is low","sync is disabled"],"auth":{"policies":["p"]},"mount_type":"system"}`))
		got, meta, err := c.ReadSyncConfig(context.Background())
		if err != nil {
			t.Fatalf("%s: %v", lease, err)
		}
		if *got != (SyncConfig{Disabled: true, QueueCapacity: 10}) {
			t.Errorf("%s: config %+v", lease, got)
		}
		if want := (&Meta{Warnings: []string{"queue_capacity is low", "sync is disabled"}}); !reflect.DeepEqual(meta, want) {
			t.Errorf("%s: meta %+v, want %+v", lease, meta, want)
		}
	}

	var env Envelope[SyncConfig]
	if err := json.Unmarshal([]byte(envelope(`{"disabled":false,"queue_capacity":1000000}`)), &env); err != nil {
		t.Fatal(err)
	}
	if env.Data.QueueCapacity != 1000000 || env.Warnings != nil {
		t.Errorf("envelope %+v", env)
	}
}

func TestReadWithoutData(t *testing.T) {
	for _, body := range []string{``, `{"request_id":"r","data":null}`, `{"request_id":"r"}`} {
		c, _ := fakeSecrets(t, reply(http.StatusOK, body))
		if got, _, err := c.ReadDestination(context.Background(), TypeCodehost, "x"); err == nil || !strings.Contains(err.Error(), "carries no data") {
			t.Errorf("%q: got %+v, %v; want an error", body, got, err)
		}
	}
}

func TestNamesRefusedBeforeSending(t *testing.T) {
	c, f := fakeSecrets(t, reply(http.StatusOK, envelope(`{}`)))
	ctx := context.Background()
	for name, call := range map[string]func() error{
		"empty destination name": func() error { _, _, err := c.ReadDestination(ctx, TypeCodehost, ""); return err },
		"empty type":             func() error { _, _, err := c.ReadDestination(ctx, "", "x"); return err },
		"dot-dot name": func() error {
			_, err := c.DeleteDestination(ctx, TypeCodehost, "..", false)
			return err
		},
		"dot type":       func() error { _, _, err := c.ListDestinationsByType(ctx, "."); return err },
		"empty app name": func() error { _, _, err := c.WriteCodehostApp(ctx, "", "1", "k"); return err },
		"empty mount": func() error {
			_, _, err := c.SetAssociation(ctx, TypeCodehost, "x", "", "s")
			return err
		},
		"empty secret": func() error {
			_, _, err := c.RemoveAssociation(ctx, TypeCodehost, "x", "kv", "")
			return err
		},
		"empty mount by secret": func() error { _, _, err := c.ReadDestinationsBySecret(ctx, "", "s"); return err },
		"write body of no name": func() error {
			_, _, err := c.WriteDestination(ctx, "", WebhostProjectDestination{})
			return err
		},
	} {
		if err := call(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if n := len(f.Requests()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

// The transport masks every secret field of every write form and answer,
// which proves SecretFields names them all.
func TestSecretsNeverLogged(t *testing.T) {
	secrets := []string{"akid-SECRET", "sak-SECRET", "cs-SECRET", "creds-SECRET", "at-SECRET", "wat-SECRET", "pk-SECRET", "ans-SECRET"}
	c, _ := fakeSecrets(t, reply(http.StatusOK, envelope(`{"type":"cloudone-sm","name":"d","connection_details":{"access_key_id":"ans-SECRET"},"options":{}}`)))
	var logs bytes.Buffer
	ctx := tflogtest.RootLogger(context.Background(), &logs)
	for _, d := range []DestinationWrite{
		CloudOneSMDestination{AccessKeyID: secrets[0], SecretAccessKey: secrets[1], Region: "r-visible"},
		CloudTwoKVDestination{ClientSecret: secrets[2]},
		CloudThreeSMDestination{Credentials: secrets[3]},
		CodehostDestination{AccessToken: secrets[4]},
		WebhostProjectDestination{AccessToken: secrets[5]},
	} {
		if _, _, err := c.WriteDestination(ctx, "d", d); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := c.WriteCodehostApp(ctx, "app", "1", secrets[6]); err != nil {
		t.Fatal(err)
	}
	out := logs.String()
	for _, s := range secrets {
		if strings.Contains(out, s) {
			t.Errorf("the log shows %q", s)
		}
	}
	if !strings.Contains(out, "r-visible") || !strings.Contains(out, "X-Secrets-Token: ***") {
		t.Errorf("the log lacks the bodies or headers:\n%s", out)
	}
}
