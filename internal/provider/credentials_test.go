package provider_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	"github.com/stackworks/terraform-provider-stack/internal/provider"
)

// authRecorder is an emulator behind a server that records the
// Authorization header of every request to the platform's API.
type authRecorder struct {
	URL  string
	host string // the URL's host, as Terraform's credentials name it
	emu  *emulator.Emulator
	mu   sync.Mutex
	seen map[string]int // "<path> <Authorization>"
}

func newAuthRecorder(t *testing.T) *authRecorder {
	t.Helper()
	emu, err := emulator.New(emulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := &authRecorder{emu: emu, seen: map[string]int{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if strings.HasPrefix(req.URL.Path, "/api/v2/") {
			r.mu.Lock()
			r.seen[req.URL.Path+" "+req.Header.Get("Authorization")]++
			r.mu.Unlock()
		}
		emu.ServeHTTP(w, req)
	}))
	t.Cleanup(func() {
		srv.Close()
		if err := emu.Close(); err != nil {
			t.Error(err)
		}
	})
	u, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	r.URL, r.host = srv.URL, u.Host
	return r
}

// noTokenSources unsets, for the test, every variable that may give the
// provider the platform's token; HOME stays the test's to set.
func (r *authRecorder) noTokenSources(t *testing.T) {
	t.Helper()
	for _, k := range []string{"STACK_PLATFORM_TOKEN", "TF_CLI_CONFIG_FILE", "TERRAFORM_CONFIG", tokenVariable(r.host)} {
		t.Setenv(k, "")
	}
}

// user mints the token of a new user of the emulator, named name.
func (r *authRecorder) user(t *testing.T, name string) string {
	t.Helper()
	token, err := r.emu.Platform().MintUserToken(name)
	if err != nil {
		t.Fatal(err)
	}
	return token
}

// onlyToken fails t unless every request to the API but the address check
// (which needs no token) carried token, and the account's was one of them.
func (r *authRecorder) onlyToken(t *testing.T, token string) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	for k, n := range r.seen {
		if strings.HasPrefix(k, "/api/v2/ping ") {
			continue
		}
		if !strings.HasSuffix(k, " Bearer "+token) {
			t.Errorf("%d requests %s carried another token", n, strings.Fields(k)[0])
		}
	}
	if r.seen["/api/v2/account/details Bearer "+token] == 0 {
		t.Errorf("no request to /api/v2/account/details carried the token; seen: %d routes", len(r.seen))
	}
	clear(r.seen)
}

// tokenVariable is TF_TOKEN_<host> for the host of an httptest server,
// 127.0.0.1:<port>: dots as underscores; the port, which Terraform's
// encoding does not spell, as it is.
func tokenVariable(host string) string {
	return "TF_TOKEN_" + strings.ReplaceAll(host, ".", "_")
}

const currentUserConfig = `
provider "stack" {
  max_retries = 2
  platform {
    address = %q
  }
}

data "stack_platform_current_user" "me" {}
`

// Without platform.token and STACK_PLATFORM_TOKEN, the provider takes the
// platform's token from Terraform's credentials of the address's host: a
// TF_TOKEN_<host> variable, a credentials block of the file that
// TF_CLI_CONFIG_FILE names, or credentials.tfrc.json under HOME, as
// terraform login writes it; STACK_PLATFORM_TOKEN wins over them. The
// requests the emulator saw carried the token each source held, and the
// account read is its user's.
func TestAccProvider_platformTokenFromTerraformCredentials(t *testing.T) {
	r := newAuthRecorder(t)
	home := t.TempDir()
	tokens := map[string]string{}
	for _, user := range []string{"from_tf_token", "from_cli_config_file", "from_terraform_login", "from_stack_token"} {
		tokens[user] = r.user(t, user)
	}
	fromEnv := tokens["from_tf_token"]
	cliConfig := filepath.Join(t.TempDir(), "cli.tfrc")
	provider.WriteFile(t, cliConfig, "credentials \""+r.host+"\" {\n  token = \""+tokens["from_cli_config_file"]+"\"\n}\n")
	provider.WriteFile(t, filepath.Join(home, ".terraform.d", "credentials.tfrc.json"), `{"credentials": {"`+r.host+`": {"token": "`+tokens["from_terraform_login"]+`"}}}`)

	for _, tc := range []struct {
		name string
		env  map[string]string
		user string
	}{
		{"TF_TOKEN_<host>", map[string]string{tokenVariable(r.host): fromEnv, "HOME": t.TempDir()}, "from_tf_token"},
		{"a credentials block of TF_CLI_CONFIG_FILE", map[string]string{"TF_CLI_CONFIG_FILE": cliConfig, "HOME": home}, "from_cli_config_file"},
		{"credentials.tfrc.json alone", map[string]string{"HOME": home}, "from_terraform_login"},
		{"STACK_PLATFORM_TOKEN before them", map[string]string{"STACK_PLATFORM_TOKEN": tokens["from_stack_token"], tokenVariable(r.host): fromEnv, "HOME": home}, "from_stack_token"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r.noTokenSources(t)
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.ProviderFactories,
				Steps: []resource.TestStep{{
					Config: fmt.Sprintf(currentUserConfig, r.URL),
					ConfigStateChecks: []statecheck.StateCheck{
						statecheck.ExpectKnownValue("data.stack_platform_current_user.me", tfjsonpath.New("username"), knownvalue.StringExact(tc.user)),
					},
				}},
			})
			r.onlyToken(t, tokens[tc.user])
		})
	}

	// No source at all: the error names every place, and no request is
	// made with a token.
	t.Run("no source", func(t *testing.T) {
		empty := t.TempDir()
		r.noTokenSources(t)
		t.Setenv("HOME", empty)
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: acctest.ProviderFactories,
			Steps: []resource.TestStep{{
				Config: fmt.Sprintf(currentUserConfig, r.URL),
				ExpectError: regexp.MustCompile(`(?s)The platform is not configured.*Set\s+platform.token\s+\(or\s+STACK_PLATFORM_TOKEN\),\s+or\s+` +
					regexp.QuoteMeta(tokenVariable(r.host)) + `,\s+or\s+a\s+credentials\s+block\s+for\s+` + regexp.QuoteMeta(r.host) +
					`\s+in\s+` + regexp.QuoteMeta(filepath.Join(empty, ".terraformrc")) + `\s+or\s+in\s+` +
					regexp.QuoteMeta(filepath.Join(empty, ".terraform.d", "credentials.tfrc.json")) + `\.`),
			}},
		})
	})

	// A token that the platform refuses: the error says where it came
	// from, since the settings it names first are unset.
	t.Run("a refused token", func(t *testing.T) {
		r.noTokenSources(t)
		t.Setenv(tokenVariable(r.host), "not-a-token-of-the-platform")
		t.Setenv("HOME", t.TempDir())
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: acctest.ProviderFactories,
			Steps: []resource.TestStep{{
				Config: fmt.Sprintf(currentUserConfig, r.URL),
				ExpectError: regexp.MustCompile(`(?s)401 Unauthorized.*Check\s+` + regexp.QuoteMeta(tokenVariable(r.host)) +
					`\s+\(the\s+token's\s+source:\s+platform.token\s+\(or\s+STACK_PLATFORM_TOKEN\)\s+is\s+unset\)\.`),
			}},
		})
	})

	// A malformed file fails the platform's resources, naming the file
	// and what placed it. (Terraform, which reads the file too, shows the
	// text it stumbles on in its own warning: the unit tests show that the
	// provider's error never does.)
	t.Run("a malformed file", func(t *testing.T) {
		broken := filepath.Join(t.TempDir(), "broken.tfrc")
		provider.WriteFile(t, broken, "credentials \""+r.host+"\" {\n  token = "+fromEnv+"\n}\n")
		r.noTokenSources(t)
		t.Setenv("TF_CLI_CONFIG_FILE", broken)
		t.Setenv("HOME", t.TempDir())
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: acctest.ProviderFactories,
			Steps: []resource.TestStep{{
				Config:      fmt.Sprintf(currentUserConfig, r.URL),
				ExpectError: regexp.MustCompile(`(?s)` + regexp.QuoteMeta(broken) + `\s+cannot\s+be\s+read\s+for\s+Terraform's\s+credentials:\s+it\s+is\s+not\s+valid\s+HCL\s+\(at\s+line\s+\d,\s+column\s+\d+\)\.\s+Fix\s+the\s+file,\s+or\s+check\s+TF_CLI_CONFIG_FILE,\s+which\s+names\s+it\.`),
			}},
		})
	})
}

// Terraform's trace log of a whole run, the provider's included, never
// shows a token that came from Terraform's credentials.
func TestAccProvider_platformTokenFromTerraformCredentialsNeverLogged(t *testing.T) {
	r := newAuthRecorder(t)
	fromEnv := r.user(t, "from_tf_token")
	fromLogin := r.user(t, "from_terraform_login")
	home := t.TempDir()
	provider.WriteFile(t, filepath.Join(home, ".terraform.d", "credentials.tfrc.json"), `{"credentials": {"`+r.host+`": {"token": "`+fromLogin+`"}}}`)
	r.noTokenSources(t)
	for name, tc := range map[string]struct {
		env   map[string]string
		token string
	}{
		"TF_TOKEN_<host>":       {map[string]string{tokenVariable(r.host): fromEnv, "HOME": t.TempDir()}, fromEnv},
		"credentials.tfrc.json": {map[string]string{"HOME": home}, fromLogin},
	} {
		t.Run(name, func(t *testing.T) {
			keepGoCaches(t)
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			acctest.NoSecretsInTraceLog(t, fmt.Sprintf(currentUserConfig, r.URL), "/api/v2/account/details", tc.token)
			r.onlyToken(t, tc.token)
		})
	}
}

// keepGoCaches pins Go's caches where they are before a test moves HOME,
// under which they are found by default: the provider's build for the
// CLI would otherwise start from nothing.
func keepGoCaches(t *testing.T) {
	t.Helper()
	out, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOPATH").Output()
	if err != nil {
		t.Fatal(err)
	}
	values := strings.Split(strings.TrimSpace(string(out)), "\n")
	for i, name := range []string{"GOCACHE", "GOMODCACHE", "GOPATH"} {
		t.Setenv(name, values[i])
	}
}

// On the platform's agents, a token from Terraform's credentials may be a
// run's own: the plan shows the provider's warning, naming the setting that
// gives another.
func TestAccProvider_platformTokenFromTerraformCredentialsOnAgents(t *testing.T) {
	r := newAuthRecorder(t)
	token := r.user(t, "from_tf_token")
	keepGoCaches(t)
	r.noTokenSources(t)
	t.Setenv("HOME", t.TempDir())
	cli := acctest.NewCLI(t, map[string]string{tokenVariable(r.host): token, "TFC_AGENT_VERSION": "1.28.0"})
	cli.WriteConfig(t, fmt.Sprintf(currentUserConfig, r.URL))
	out := cli.MustRun(t, "plan")
	want := regexp.MustCompile(`(?s)Warning: The platform's token may be a run's.*TFC_AGENT_VERSION\s+is\s+set.*` +
		regexp.QuoteMeta(tokenVariable(r.host)) + `.*Set\s+platform.token\s+\(or\s+STACK_PLATFORM_TOKEN\)`)
	if !want.MatchString(out) {
		t.Errorf("the plan does not warn:\n%s", out)
	}
	r.onlyToken(t, token)
}
