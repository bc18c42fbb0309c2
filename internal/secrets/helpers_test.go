package secrets_test

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
)

// resourceConfig is the provider block and one resource "test" of the
// type stack_secrets_sync_<typ>, named name, with body as its other
// arguments.
func resourceConfig(s *acctest.Secrets, typ, name, body string) string {
	return s.ProviderConfig() + fmt.Sprintf(`
resource "stack_secrets_sync_%s" "test" {
  name = %q
  %s
}
`, typ, name, body)
}

func checkDestination(t *testing.T, s *acctest.Secrets, typ, name string, check func(*secretsclient.Destination) error) resource.TestCheckFunc {
	return func(*terraform.State) error {
		d, _, err := s.Client(t).ReadDestination(context.Background(), typ, name)
		if err != nil {
			return err
		}
		return check(d)
	}
}

// destinationIs checks the connection details of the destination the
// service holds, and its granularity unless granularity is ""
// (destDetailsAre).
func destinationIs(t *testing.T, s *acctest.Secrets, typ, name string, want map[string]any, granularity string) resource.TestCheckFunc {
	return checkDestination(t, s, typ, name, func(d *secretsclient.Destination) error { return destDetailsAre(d, want, granularity) })
}

// deletedElsewhere is a lifecycle's deletion, outside Terraform and
// without a purge, of the destination typ named name.
func deletedElsewhere(typ, name string) func(ctx context.Context, c *secretsclient.Client, _ string) error {
	return func(ctx context.Context, c *secretsclient.Client, _ string) error {
		_, err := c.DeleteDestination(ctx, typ, name, false)
		return err
	}
}

func destinationGone(t *testing.T, s *acctest.Secrets, typ, name string) resource.TestCheckFunc {
	return check.Gone(t, s.Client, fmt.Sprintf("the %s destination %q", typ, name), func(ctx context.Context, c *secretsclient.Client) error {
		_, _, err := c.ReadDestination(ctx, typ, name)
		return err
	})
}

// destObfuscated stands for any obfuscated secret in destDetailsAre.
const destObfuscated = "<obfuscated>"

// destDetailsAre checks connection details the server holds, and its
// granularity. A list is compared element by element; destObfuscated
// asks for a value of asterisks only.
func destDetailsAre(d *secretsclient.Destination, want map[string]any, granularity string) error {
	var problems []string
	for key, w := range want {
		got := d.ConnectionDetails[key]
		switch w := w.(type) {
		case []string:
			l, _ := got.([]any)
			gotStrings := make([]string, 0, len(l))
			for _, e := range l {
				gotStrings = append(gotStrings, fmt.Sprint(e))
			}
			if !slices.Equal(gotStrings, w) {
				problems = append(problems, fmt.Sprintf("%s is %v, want %v", key, got, w))
			}
		case map[string]string:
			m, _ := got.(map[string]any)
			ok := len(m) == len(w)
			for k, v := range w {
				ok = ok && m[k] == v
			}
			if !ok {
				problems = append(problems, fmt.Sprintf("%s is %v, want %v", key, got, w))
			}
		default:
			s, _ := got.(string)
			if w == destObfuscated {
				if s == "" || strings.Trim(s, "*") != "" {
					problems = append(problems, fmt.Sprintf("%s is %q, want it obfuscated", key, s))
				}
			} else if s != w {
				problems = append(problems, fmt.Sprintf("%s is %q, want %q", key, s, w))
			}
		}
	}
	if granularity != "" && d.Options.GranularityLevel != granularity {
		problems = append(problems, fmt.Sprintf("granularity is %q, want %q", d.Options.GranularityLevel, granularity))
	}
	if problems != nil {
		slices.Sort(problems)
		return fmt.Errorf("the service holds %s/%s with: %s", d.Type, d.Name, strings.Join(problems, "; "))
	}
	return nil
}

// destStoredSecretsAre checks the secrets the emulator stores for a
// destination, which its API shows only obfuscated: Close writes the state
// file, which keeps secrets in clear, and the emulator goes on serving. A
// secret wanted "" must be unset.
func destStoredSecretsAre(t *testing.T, s *acctest.Secrets, statePath, typ, name string, want map[string]string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		if err := s.Emulator.Close(); err != nil {
			return err
		}
		raw, err := os.ReadFile(statePath)
		if err != nil {
			return err
		}
		var file struct {
			Secrets struct {
				Namespaces map[string]struct {
					Destinations []struct {
						Type    string            `json:"type"`
						Name    string            `json:"name"`
						Strings map[string]string `json:"strings"`
					} `json:"destinations"`
				} `json:"namespaces"`
			} `json:"secrets"`
		}
		if err := json.Unmarshal(raw, &file); err != nil {
			return fmt.Errorf("the emulator's state file: %w", err)
		}
		for _, d := range file.Secrets.Namespaces[s.Namespace].Destinations {
			if d.Type != typ || d.Name != name {
				continue
			}
			for key, w := range want {
				if got := d.Strings[key]; got != w {
					return fmt.Errorf("the emulator stores %s %q for %s/%s, want %q", key, got, typ, name, w)
				}
			}
			return nil
		}
		t.Logf("emulator state: %s", raw)
		return fmt.Errorf("the emulator's state file has no destination %s/%s", typ, name)
	}
}

// destWrites checks how many create/update requests of a type
// reached the emulator.
func destWrites(s *acctest.Secrets, typ string, want int64) resource.TestCheckFunc {
	return func(*terraform.State) error {
		if got := s.Emulator.Stats().Requests["POST /v1/sys/sync/destinations/"+typ+"/{name}"]; got != want {
			return fmt.Errorf("%d writes of %s destinations reached the emulator, want %d", got, typ, want)
		}
		return nil
	}
}

// writeOnlySecret is a destination's secret given write-only, through
// <attr>_wo and <attr>_wo_version, which its steps show.
type writeOnlySecret struct {
	// addr is the destination's address, and typ and name the type and
	// name under which the service holds it.
	addr, typ, name string
	attr            string
	// config is the destination's configuration, the secret's value and
	// version given.
	config func(value string, version int) string
	// values are the secret's first value and the next.
	values [2]string
	// held are the destination's other values that the service holds
	// throughout; alsoNull, its other secrets given write-only, which
	// stay null in the state too.
	held     map[string]string
	alsoNull []string
}

// steps show, with the emulator's state file at statePath, that the
// secret never enters the state while the service holds it: created
// with the first value, which the service holds; a new value under the
// same version, which plans nothing and is not sent; and a new version,
// which updates the destination with the new value, its second write.
func (w writeOnlySecret) steps(t *testing.T, s *acctest.Secrets, statePath string) []resource.TestStep {
	stored := func(value string) resource.TestCheckFunc {
		want := map[string]string{w.attr: value}
		maps.Copy(want, w.held)
		return destStoredSecretsAre(t, s, statePath, w.typ, w.name, want)
	}
	unstated := func(version int64) []statecheck.StateCheck {
		checks := []statecheck.StateCheck{statecheck.ExpectKnownValue(w.addr, check.Path(w.attr+"_wo_version"), knownvalue.Int64Exact(version))}
		for _, attr := range append([]string{w.attr}, w.alsoNull...) {
			checks = append(checks,
				statecheck.ExpectKnownValue(w.addr, check.Path(attr), knownvalue.Null()),
				statecheck.ExpectKnownValue(w.addr, check.Path(attr+"_wo"), knownvalue.Null()))
		}
		return checks
	}
	first, next := w.values[0], w.values[1]
	return []resource.TestStep{
		{Config: w.config(first, 1), ConfigStateChecks: unstated(1), Check: stored(first)},
		{
			Config:           w.config(next, 1),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			Check:            stored(first),
		},
		{
			Config:            w.config(next, 2),
			ConfigPlanChecks:  resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(w.addr, plancheck.ResourceActionUpdate)}},
			ConfigStateChecks: unstated(2),
			Check:             resource.ComposeAggregateTestCheckFunc(stored(next), destWrites(s, w.typ, 2)),
		},
	}
}

// testKey is a generated private key, PEM-encoded (PKCS #8), and its
// fingerprint computed here as the emulator documents it: "SHA256:" and
// the padded standard base64 of the SHA-256 of the public key in PKIX DER.
type testKey struct {
	pem, fingerprint string
}

func newTestKey(t *testing.T, rsaKey bool) testKey {
	t.Helper()
	var (
		key crypto.Signer
		err error
	)
	if rsaKey {
		key, err = rsa.GenerateKey(rand.Reader, 2048)
	} else {
		key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	}
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := x509.MarshalPKIXPublicKey(key.Public())
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(pub)
	return testKey{
		pem:         string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		fingerprint: "SHA256:" + base64.StdEncoding.EncodeToString(sum[:]),
	}
}

// testProxy stands between the provider and an emulator, for a server that
// differs from the emulator: request may rewrite each request and edit
// each answer.
type testProxy struct {
	backend *url.URL
	// request rewrites a request on its way to the emulator; set it
	// before the test or in a step's PreConfig.
	request atomic.Pointer[func(r *http.Request)]
	// edit rewrites an answer's body; it may change r's status too.
	edit func(r *http.Response, body []byte) []byte
	// edited counts the answers whose body edit changed.
	edited atomic.Int64
}

// newProxy puts a proxy in front of s and returns s as seen through it.
func newProxy(t *testing.T, s *acctest.Secrets, edit func(r *http.Response, body []byte) []byte) (*acctest.Secrets, *testProxy) {
	t.Helper()
	backend, err := url.Parse(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	p := &testProxy{backend: backend, edit: edit}
	rp := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(p.backend)
			if rewrite := p.request.Load(); rewrite != nil {
				(*rewrite)(r.Out)
			}
		},
		ModifyResponse: func(r *http.Response) error {
			if p.edit == nil {
				return nil
			}
			body, err := io.ReadAll(r.Body)
			if err != nil {
				return err
			}
			_ = r.Body.Close()
			if edited := p.edit(r, body); !bytes.Equal(edited, body) {
				p.edited.Add(1)
				body = edited
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			r.ContentLength = int64(len(body))
			r.Header.Set("Content-Length", strconv.Itoa(len(body)))
			return nil
		},
	}
	srv := httptest.NewServer(rp)
	t.Cleanup(srv.Close)
	through := *s
	through.URL = srv.URL
	return &through, p
}

// rewriteRequests makes the proxy rewrite each request from now on.
func (p *testProxy) rewriteRequests(rewrite func(r *http.Request)) { p.request.Store(&rewrite) }

// nameRuleText is, as a pattern for wrapped, the rule that a name of a
// destination or an app breaks.
var nameRuleText = regexp.QuoteMeta("must have 1 to 128 characters: letters, digits, '.', '-' and '_', starting with a letter or a digit")

// The service's default secret name templates, one per type, which state
// shows when a configuration sets none.
const (
	defaultTemplateCloudOne   = `secrets/{{ .MountAccessor }}/{{ .SecretPath }}{{ if .SecretKey }}/{{ .SecretKey }}{{ end }}`
	defaultTemplateCloudTwo   = `secrets-{{ .MountAccessor | replace "_" "-" }}-{{ .SecretPath | replace "/" "-" }}{{ if .SecretKey }}-{{ .SecretKey }}{{ end }}`
	defaultTemplateCloudThree = `secrets_{{ .MountAccessor }}_{{ .SecretPath | replace "/" "_" }}{{ if .SecretKey }}_{{ .SecretKey }}{{ end }}`
	defaultTemplateEnvVars    = `SECRETS_{{ .MountAccessor | uppercase }}_{{ .SecretPath | replace "/" "_" | uppercase }}{{ if .SecretKey }}_{{ .SecretKey | uppercase }}{{ end }}`
)
