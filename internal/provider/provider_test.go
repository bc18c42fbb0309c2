package provider_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// providerSchema is what Terraform gets from the provider's
// GetProviderSchema.
func providerSchema(t *testing.T) *tfprotov6.GetProviderSchemaResponse {
	t.Helper()
	server, err := acctest.ProviderFactories["stack"]()
	if err != nil {
		t.Fatal(err)
	}
	return acctest.Schemas(t, server)
}

func TestProvider_schemasAreValid(t *testing.T) {
	resp := providerSchema(t)
	for _, d := range resp.Diagnostics {
		t.Errorf("schema diagnostic: %s: %s", d.Summary, d.Detail)
	}
	// Each service registers its own: one of each, at least, is there.
	for _, name := range []string{"stack_scheduler_acl_auth_method", "stack_secrets_sync_config", "stack_secrets_sync_association"} {
		if _, ok := resp.ResourceSchemas[name]; !ok {
			t.Errorf("resource %s is not registered", name)
		}
	}
	for _, name := range []string{"stack_scheduler_acl_auth_methods", "stack_secrets_sync_destinations"} {
		if _, ok := resp.DataSourceSchemas[name]; !ok {
			t.Errorf("data source %s is not registered", name)
		}
	}
	for _, name := range []string{"stack_platform_team_token", "stack_platform_organization_token"} {
		if _, ok := resp.EphemeralResourceSchemas[name]; !ok {
			t.Errorf("ephemeral resource %s is not registered", name)
		}
	}
}

// Every secret is sensitive wherever it appears: the provider's tokens,
// each resource's secrets, what data sources read back, and what ephemeral
// resources open; a write-only twin, which never enters plan or state, is
// write-only instead (DESIGN.md says why it is not marked sensitive too).
// Secrets are found by name, so a new one is checked without being listed
// here.
func TestProvider_secretsAreSensitive(t *testing.T) {
	resp := providerSchema(t)
	secretName := regexp.MustCompile(`(^|_)(token|secret|private_key|secret_access_key|access_key_id|credentials)(_wo)?$`)
	found := 0
	var walk func(where string, b *tfprotov6.SchemaBlock)
	walkAttrs := func(where string, attrs []*tfprotov6.SchemaAttribute) {
		for _, a := range attrs {
			if secretName.MatchString(a.Name) {
				found++
				if !a.Sensitive && !a.WriteOnly {
					t.Errorf("%s.%s holds a secret but is neither sensitive nor write-only", where, a.Name)
				}
			}
			if a.NestedType != nil {
				walk(where+"."+a.Name, &tfprotov6.SchemaBlock{Attributes: a.NestedType.Attributes})
			}
		}
	}
	walk = func(where string, b *tfprotov6.SchemaBlock) {
		walkAttrs(where, b.Attributes)
		for _, nb := range b.BlockTypes {
			walk(where+"."+nb.TypeName, nb.Block)
		}
	}
	walk("provider", resp.Provider.Block)
	for name, s := range resp.ResourceSchemas {
		walk(name, s.Block)
	}
	for name, s := range resp.DataSourceSchemas {
		walk(name, s.Block)
	}
	for name, s := range resp.EphemeralResourceSchemas {
		walk("ephemeral "+name, s.Block)
	}
	// The provider's three tokens, and more beside them: the pattern finds
	// the secrets it is meant to.
	if found < 10 {
		t.Errorf("found %d secrets, want the provider's tokens and the resources' secrets", found)
	}
}

// Settings left out of the provider block come from STACK_* variables.
func TestAccProvider_settingsFromEnvironment(t *testing.T) {
	s := acctest.NewSchedulerEmulator(t, emulator.Options{})
	t.Setenv("STACK_SCHEDULER_ADDR", s.URL)
	t.Setenv("STACK_SCHEDULER_TOKEN", s.Token)
	t.Setenv("STACK_MAX_RETRIES", "2")
	t.Setenv("STACK_REQUEST_TIMEOUT", "10s")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: `
provider "stack" {}

data "stack_scheduler_acl_auth_methods" "all" {}
`,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.stack_scheduler_acl_auth_methods.all", tfjsonpath.New("auth_methods"), knownvalue.ListSizeExact(0)),
			},
		}},
	})
	if n := s.Emulator.Stats().Requests["GET /v1/acl/auth-methods"]; n == 0 {
		t.Error("the provider did not reach the emulator named by STACK_SCHEDULER_ADDR")
	}
}

func TestAccProvider_invalidSettings(t *testing.T) {
	s := acctest.NewSchedulerEmulator(t, emulator.Options{})
	t.Setenv("STACK_MAX_RETRIES", "many")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: `
provider "stack" {
  scheduler {
    address = "` + s.URL + `"
  }
}

data "stack_scheduler_acl_auth_methods" "all" {}
`,
				ExpectError: regexp.MustCompile(`STACK_MAX_RETRIES must be a whole number from 0 to 20, got "many"`),
			},
			{
				Config: `
provider "stack" {
  request_timeout = "soon"
  scheduler {
    address = "` + s.URL + `"
  }
}

data "stack_scheduler_acl_auth_methods" "all" {}
`,
				ExpectError: regexp.MustCompile(`request_timeout must be a duration such as "30s"`),
			},
			{
				Config: `
provider "stack" {
  ca_cert_file = "/nonexistent/ca.pem"
  max_retries  = 1
  scheduler {
    address = "` + s.URL + `"
  }
}

data "stack_scheduler_acl_auth_methods" "all" {}
`,
				ExpectError: regexp.MustCompile(`/nonexistent/ca.pem`),
			},
		},
	})
}

// Every request carries the provider's User-Agent, and
// STACK_INSECURE_SKIP_VERIFY (unless the configuration says otherwise)
// decides whether a server with an untrusted certificate is accepted.
func TestAccProvider_userAgentAndInsecureSkipVerify(t *testing.T) {
	emu, err := emulator.New(emulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	agents := map[string]int{}
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		agents[r.UserAgent()]++
		mu.Unlock()
		emu.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	config := func(insecure string) string {
		return `
provider "stack" {
  ` + insecure + `
  max_retries = 0
  scheduler {
    address = "` + srv.URL + `"
    token   = "scheduler-root"
  }
}

data "stack_scheduler_acl_auth_methods" "all" {}
`
	}
	setenv := func(v string) func() { return func() { t.Setenv("STACK_INSECURE_SKIP_VERIFY", v) } }
	// The first request is the address check.
	untrusted := regexp.MustCompile(`GET\s+https://\S+/v1/status/leader:\s+tls:\s+failed\s+to\s+verify\s+certificate:\s+x509:\s+certificate\s+signed\s+by\s+unknown\s+authority`)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{PreConfig: setenv(""), Config: config(""), ExpectError: untrusted},
			{PreConfig: setenv("false"), Config: config(""), ExpectError: untrusted},
			{
				PreConfig: setenv("maybe"), Config: config(""),
				ExpectError: regexp.MustCompile(`STACK_INSECURE_SKIP_VERIFY must be true or false, got "maybe"`),
			},
			// The configuration wins over the environment.
			{PreConfig: setenv("true"), Config: config("insecure_skip_verify = false"), ExpectError: untrusted},
			{
				PreConfig: setenv("true"), Config: config(""),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.stack_scheduler_acl_auth_methods.all", tfjsonpath.New("auth_methods"), knownvalue.ListSizeExact(0)),
				},
			},
		},
	})
	mu.Lock()
	defer mu.Unlock()
	// acctest.ProviderFactories serve the provider as version "test".
	if want := "terraform-provider-stack/test"; len(agents) != 1 || agents[want] == 0 {
		t.Errorf("User-Agents seen: %v, want only %q", agents, want)
	}
}

// Every registered resource, data source and ephemeral resource follows
// the new-resource checklist as far as its schema and files show: each
// attribute and block is described (descriptions are the docs), and it
// has its example, its import example (resources) and its generated page.
func TestProvider_everyResourceAndDataSourceIsDocumented(t *testing.T) {
	resp := providerSchema(t)
	var walk func(where string, b *tfprotov6.SchemaBlock)
	walk = func(where string, b *tfprotov6.SchemaBlock) {
		for _, a := range b.Attributes {
			if strings.TrimSpace(a.Description) == "" {
				t.Errorf("%s.%s has no description", where, a.Name)
			}
			if a.NestedType != nil {
				walk(where+"."+a.Name, &tfprotov6.SchemaBlock{Attributes: a.NestedType.Attributes, Description: "nested"})
			}
		}
		for _, nb := range b.BlockTypes {
			walk(where+"."+nb.TypeName, nb.Block)
		}
	}
	exists := func(what, path string) {
		if _, err := os.Stat(filepath.Join("..", "..", path)); err != nil {
			t.Errorf("%s: %v", what, err)
		}
	}
	check := func(kind, name string, s *tfprotov6.Schema, files ...string) {
		if strings.TrimSpace(s.Block.Description) == "" {
			t.Errorf("%s %s has no description", kind, name)
		}
		walk(name, s.Block)
		for _, f := range files {
			exists(kind+" "+name, f)
		}
	}
	if len(resp.ResourceSchemas) == 0 || len(resp.DataSourceSchemas) == 0 || len(resp.EphemeralResourceSchemas) == 0 {
		t.Fatal("no resources, data sources or ephemeral resources registered")
	}
	for name, s := range resp.ResourceSchemas {
		short := strings.TrimPrefix(name, "stack_")
		check("resource", name, s,
			"examples/resources/"+name+"/resource.tf",
			"examples/resources/"+name+"/import.sh",
			"examples/resources/"+name+"/import-by-string-id.tf",
			"examples/resources/"+name+"/import-by-identity.tf",
			"docs/resources/"+short+".md")
	}
	for name, s := range resp.DataSourceSchemas {
		check("data source", name, s,
			"examples/data-sources/"+name+"/data-source.tf",
			"docs/data-sources/"+strings.TrimPrefix(name, "stack_")+".md")
	}
	for name, s := range resp.EphemeralResourceSchemas {
		check("ephemeral resource", name, s,
			"examples/ephemeral-resources/"+name+"/ephemeral-resource.tf",
			"docs/ephemeral-resources/"+strings.TrimPrefix(name, "stack_")+".md")
	}
	for name, s := range resp.ListResourceSchemas {
		check("list resource", name, s,
			"examples/list-resources/"+name+"/list-resource.tfquery.hcl",
			"docs/list-resources/"+strings.TrimPrefix(name, "stack_")+".md")
	}
}

// A service's own settings are checked by their allowed values, whether
// they come from the block or from the environment, and a service whose
// block lacks settings says which, naming their variables.
func TestAccProvider_serviceSettings(t *testing.T) {
	s := acctest.NewSchedulerEmulator(t, emulator.Options{})
	block := func(extra string) string {
		return `
provider "stack" {
  scheduler {
    address = "` + s.URL + `"
    ` + extra + `
  }
}

resource "stack_scheduler_acl_auth_method" "m" {
  name           = "m"
  type           = "JWT"
  token_locality = "local"
  max_token_ttl  = "1h"
  config = {
    jwks_url              = "https://example.com/jwks"
    allowed_redirect_uris = ["https://example.com/cb"]
  }
}
`
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      block(`jwt_updates = "sometimes"`),
				ExpectError: regexp.MustCompile(`(?s)Attribute scheduler.jwt_updates value must be one of:\s+\["replace"\s+"in_place"\],\s+got: "sometimes"`),
			},
			{
				PreConfig:   func() { t.Setenv("STACK_SCHEDULER_JWT_UPDATES", "often") },
				Config:      block(`token = "` + s.Token + `"`),
				ExpectError: regexp.MustCompile(`(?s)scheduler.jwt_updates\s+\(or\s+STACK_SCHEDULER_JWT_UPDATES\)\s+must\s+be\s+one\s+of\s+\["replace"\s+"in_place"\],\s+got\s+"often"`),
			},
			{
				PreConfig:   func() { t.Setenv("STACK_SCHEDULER_JWT_UPDATES", "") },
				Config:      block(""),
				ExpectError: regexp.MustCompile(`(?s)The scheduler is not configured.*Set\s+scheduler.token\s+\(or\s+STACK_SCHEDULER_TOKEN\)\.`),
			},
			{
				Config: strings.Replace(block(`token = "t"`), s.URL, strings.TrimPrefix(s.URL, "http://"), 1),
				ExpectError: regexp.MustCompile(`(?s)scheduler.address\s+\(or\s+STACK_SCHEDULER_ADDR\)\s+must\s+be\s+a\s+URL\s+with\s+an\s+http://\s+or\s+https://\s+scheme,\s+such\s+as\s+https://scheduler.example.com:4646;\s+got\s+"` +
					regexp.QuoteMeta(strings.TrimPrefix(s.URL, "http://")) + `"`),
			},
		},
	})
	if n := s.Emulator.Stats().Total; n != 0 {
		t.Errorf("the emulator saw %d requests, want none", n)
	}
}

// A server that cannot be reached fails the plan at the first contact,
// without retries, saying which setting to check.
func TestAccProvider_unreachableAddressNamesTheSetting(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	addr := srv.URL
	srv.Close() // nothing listens there any more
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: `
provider "stack" {
  max_retries = 1
  scheduler {
    address = "` + addr + `"
  }
}

data "stack_scheduler_acl_auth_methods" "all" {}
`,
			ExpectError: regexp.MustCompile(`(?s)GET\s+` + regexp.QuoteMeta(addr) + `/v1/status/leader:\s+cannot\s+reach\s+the\s+scheduler\s+after\s+1\s+attempt\s+over\s+.*connection\s+refused\.\s+Check\s+scheduler.address\s+\(or\s+STACK_SCHEDULER_ADDR\)\.`),
		}},
	})
}
