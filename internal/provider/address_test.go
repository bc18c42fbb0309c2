package provider_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// addressCase is a provider block that points a service at something that
// is not its API, or with a token that sees nothing, and the error that
// planning must fail with.
type addressCase struct {
	name, provider string
	want           *regexp.Regexp
}

// serviceUnderTest is one service's side of the address tests: a
// configuration of its objects, the provider block that reaches them, and
// the blocks that must fail.
type serviceUnderTest struct {
	resources string
	provider  func(address, token string) string
	address   string
	token     string
	// apiURL is the address as users paste it, with the API's path.
	apiURL string
	cases  []addressCase
}

// A wrong address, another server at the address or a token that sees
// nothing fails the plan, and an apply, with an error that names the
// setting to check; the state file is left exactly as it was. Before, the
// 404s of a wrong address read as deleted objects: the plan proposed to
// create everything, and an apply emptied the state.
func TestAccProvider_wrongAddressOrTokenKeepsTheState(t *testing.T) {
	t.Parallel()
	// Another HTTP server, such as a reverse proxy in front of nothing: an
	// HTML 404 page for every path.
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte("<html><body><h1>404 Not Found</h1><hr>nginx</body></html>"))
	}))
	t.Cleanup(other.Close)

	services := map[string]func(t *testing.T) serviceUnderTest{
		"scheduler": func(t *testing.T) serviceUnderTest {
			s := acctest.NewSchedulerEmulator(t, emulator.Options{})
			provider := providerBlock(s.Descriptor)
			return serviceUnderTest{
				resources: `
resource "stack_scheduler_acl_auth_method" "sso" {
  name           = "sso"
  type           = "OIDC"
  token_locality = "global"
  max_token_ttl  = "1h"
  config = {
    oidc_discovery_url    = "https://idp.example.com"
    oidc_client_id        = "c"
    oidc_client_secret    = "s"
    allowed_redirect_uris = ["http://localhost/cb"]
  }
}
`,
				provider: provider, address: s.URL, token: s.Token, apiURL: s.URL + "/v1/",
				cases: []addressCase{
					{"wrong path prefix", provider(s.URL+"/scheduler", s.Token),
						check.Wrapped(`GET ` + regexp.QuoteMeta(s.URL) + `/scheduler/v1/status/leader: the address does not answer as the scheduler's API: answered 404 Not Found: "404 page not found". Check scheduler.address \(or STACK_SCHEDULER_ADDR\)`)},
					{"another server", provider(other.URL, s.Token),
						check.Wrapped(`GET ` + regexp.QuoteMeta(other.URL) + `/v1/status/leader: the address does not answer as the scheduler's API: answered 404 Not Found with an HTML page.*Check scheduler.address`)},
					{"token that sees nothing", provider(s.URL, s.Emulator.MintSchedulerToken(false)),
						check.Wrapped(`GET ` + regexp.QuoteMeta(s.URL) + `/v1/acl/auth-method/sso\S*: 403 Forbidden: Permission denied.*Check scheduler.token \(or STACK_SCHEDULER_TOKEN\)`)},
				},
			}
		},
		"secrets": func(t *testing.T) serviceUnderTest {
			s := acctest.NewSecretsEmulator(t, emulator.Options{})
			provider := providerBlock(s.Descriptor)
			return serviceUnderTest{
				resources: `
resource "stack_secrets_sync_webhost_project_destination" "site" {
  name                    = "site"
  project_id              = "prj_1"
  deployment_environments = ["production"]
  access_token            = "t0ken"
}
`,
				provider: provider, address: s.URL, token: s.Token, apiURL: s.URL + "/v1",
				cases: []addressCase{
					{"wrong path prefix", provider(s.URL+"/vault", s.Token),
						check.Wrapped(`GET ` + regexp.QuoteMeta(s.URL) + `/vault/v1/sys/health: the address does not answer as the secrets service's API: answered 404 Not Found: "404 page not found". Check secrets.address \(or STACK_SECRETS_ADDR\)`)},
					{"another server", provider(other.URL, s.Token),
						check.Wrapped(`GET ` + regexp.QuoteMeta(other.URL) + `/v1/sys/health: the address does not answer as the secrets service's API: answered 404 Not Found with an HTML page.*Check secrets.address`)},
					{"token that sees nothing", provider(s.URL, "not-a-token"),
						check.Wrapped(`GET ` + regexp.QuoteMeta(s.URL) + `/v1/sys/sync/destinations/webhost-project/site: 403 Forbidden: permission denied.*Check secrets.token \(or STACK_SECRETS_TOKEN\)`)},
				},
			}
		},
		"platform": func(t *testing.T) serviceUnderTest {
			p := acctest.NewPlatformEmulator(t, emulator.Options{})
			provider := providerBlock(p.Descriptor)
			return serviceUnderTest{
				resources: fmt.Sprintf(`
resource "stack_platform_project" "apps" {
  organization = %q
  name         = "apps"
}
`, p.Organization),
				provider: provider, address: p.URL, token: p.Token, apiURL: p.URL + "/api/v2",
				cases: []addressCase{
					{"wrong path prefix", provider(p.URL+"/platform", p.Token),
						check.Wrapped(`GET ` + regexp.QuoteMeta(p.URL) + `/platform/api/v2/ping: the address does not answer as the platform's API: answered 404 Not Found: "404 page not found". Check platform.address \(or STACK_PLATFORM_ADDR\)`)},
					{"another server", provider(other.URL, p.Token),
						check.Wrapped(`GET ` + regexp.QuoteMeta(other.URL) + `/api/v2/ping: the address does not answer as the platform's API: answered 404 Not Found with an HTML page.*Check platform.address`)},
					{"unknown token", provider(p.URL, "not-a-token"),
						check.Wrapped(`GET ` + regexp.QuoteMeta(p.URL) + `/api/v2/projects/prj-\S+: 401 Unauthorized.*The platform refused the provider's token.*Check platform.token \(or STACK_PLATFORM_TOKEN\)`)},
					{"token that sees nothing", provider(p.URL, p.MintUserToken(t)),
						check.Wrapped(`Cannot read the project.*The platform answered 404, and the token of platform.token \(or STACK_PLATFORM_TOKEN\) sees no organization at all.*The resource stays in the state.*GET ` +
							regexp.QuoteMeta(p.URL) + `/api/v2/projects/prj-\S+: 404 Not Found`)},
				},
			}
		},
	}
	for name, setUp := range services {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc := setUp(t)
			cli := acctest.NewCLI(t, nil)
			cli.WriteConfig(t, svc.provider(svc.address, svc.token)+svc.resources)
			cli.MustRun(t, "apply", "-auto-approve")
			statePath := filepath.Join(cli.Dir, "terraform.tfstate")
			state := readFile(t, statePath)

			// The API's URL is the same address.
			cli.WriteConfig(t, svc.provider(svc.apiURL, svc.token)+svc.resources)
			if out := cli.MustRun(t, "plan", "-detailed-exitcode"); !strings.Contains(out, "No changes.") {
				t.Errorf("plan with the API's URL %s as the address:\n%s", svc.apiURL, out)
			}

			for _, c := range svc.cases {
				cli.WriteConfig(t, c.provider+svc.resources)
				for _, command := range [][]string{{"plan"}, {"apply", "-auto-approve"}} {
					code, out := cli.Run(t, command...)
					if code == 0 || !c.want.MatchString(out) {
						t.Errorf("%s: terraform %s exited %d, want an error matching %s:\n%s", c.name, command[0], code, c.want, out)
					}
					if strings.Contains(out, "will be created") || strings.Contains(out, "removed from the state") {
						t.Errorf("%s: terraform %s planned to create what exists:\n%s", c.name, command[0], out)
					}
					if got := readFile(t, statePath); !bytes.Equal(got, state) {
						t.Fatalf("%s: terraform %s changed the state file:\n%s\nwas\n%s", c.name, command[0], got, state)
					}
				}
			}
		})
	}
}

// providerBlock returns the provider block of one service, with one
// retry, for an address and a token.
func providerBlock(desc *client.Service) func(address, token string) string {
	return func(address, token string) string { return acctest.ProviderBlock(desc, address, token, 1, nil) }
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
