package secrets_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emusecrets "github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

const (
	dsAllAddr      = "data.stack_secrets_sync_destinations.all"
	dsCloudOneAddr = "data.stack_secrets_sync_destinations.cloudone"
	dsCodehostAddr = "data.stack_secrets_sync_destinations.codehost"
)

func dsDestinationsConfig(s *acctest.Secrets) string {
	return s.ProviderConfig() + `
data "stack_secrets_sync_destinations" "all" {}

data "stack_secrets_sync_destinations" "cloudone" {
  type = "cloudone-sm"
}

data "stack_secrets_sync_destinations" "codehost" {
  type = "codehost"
}
`
}

func dsStub(typ, name string) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{"type": check.Str(typ), "name": check.Str(name)})
}

// The totals need a service of the test's own, so these use an emulator
// even when a real server is configured.
func TestAccDestinationsDataSource_basic(t *testing.T) {
	testDestinationsDataSource(t, emulator.Options{})
}

// A server that refuses the LIST method is listed with GET ?list=true.
func TestAccDestinationsDataSource_listByGet(t *testing.T) {
	testDestinationsDataSource(t, emulator.Options{Secrets: emusecrets.Options{RefuseList: true}})
}

// The service answers a list of nothing with 404 {"errors":[]}, which the
// emulator does not do: a proxy in front of it does.
func TestAccDestinationsDataSource_emptyListIs404(t *testing.T) {
	testDestinationsDataSource(t, emulator.Options{}, dsEmptyListsAs404)
}

func testDestinationsDataSource(t *testing.T, opts emulator.Options, wrap ...func(*testing.T, *acctest.Secrets) *acctest.Secrets) {
	s := acctest.NewSecretsEmulator(t, opts)
	for _, w := range wrap {
		s = w(t, s)
	}
	empty := knownvalue.ListExact([]knownvalue.Check{})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				// Nothing to list: an empty list, not an error.
				Config: dsDestinationsConfig(s),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(dsAllAddr, check.Path("type"), knownvalue.Null()),
					statecheck.ExpectKnownValue(dsAllAddr, check.Path("destinations"), empty),
					statecheck.ExpectKnownValue(dsAllAddr, check.Path("total"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(dsCloudOneAddr, check.Path("destinations"), empty),
					statecheck.ExpectKnownValue(dsCloudOneAddr, check.Path("total"), knownvalue.Int64Exact(0)),
				},
			},
			{
				// Written in an order that is neither the list's nor
				// its reverse.
				PreConfig: func() {
					dsWriteDestination(t, s, "b-one", secretsclient.CloudOneSMDestination{Region: "us-east-1"})
					dsWriteDestination(t, s, "web", secretsclient.WebhostProjectDestination{
						AccessToken: "token", ProjectID: "prj_1", DeploymentEnvironments: []string{"production"},
					})
					dsWriteDestination(t, s, "a-one", secretsclient.CloudOneSMDestination{Region: "eu-west-1"})
					dsWriteDestination(t, s, "kv", secretsclient.CloudTwoKVDestination{
						KeyVaultURI: "https://kv.example", ClientID: "client", ClientSecret: "secret", TenantID: "tenant",
					})
				},
				Config: dsDestinationsConfig(s),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(dsAllAddr, check.Path("destinations"), knownvalue.ListExact([]knownvalue.Check{
						dsStub(secretsclient.TypeCloudOneSM, "a-one"),
						dsStub(secretsclient.TypeCloudOneSM, "b-one"),
						dsStub(secretsclient.TypeCloudTwoKV, "kv"),
						dsStub(secretsclient.TypeWebhostProject, "web"),
					})),
					statecheck.ExpectKnownValue(dsAllAddr, check.Path("total"), knownvalue.Int64Exact(4)),
					statecheck.ExpectKnownValue(dsCloudOneAddr, check.Path("type"), check.Str(secretsclient.TypeCloudOneSM)),
					statecheck.ExpectKnownValue(dsCloudOneAddr, check.Path("destinations"), knownvalue.ListExact([]knownvalue.Check{
						dsStub(secretsclient.TypeCloudOneSM, "a-one"),
						dsStub(secretsclient.TypeCloudOneSM, "b-one"),
					})),
					statecheck.ExpectKnownValue(dsCloudOneAddr, check.Path("total"), knownvalue.Int64Exact(2)),
					// A type without destinations.
					statecheck.ExpectKnownValue(dsCodehostAddr, check.Path("destinations"), empty),
					statecheck.ExpectKnownValue(dsCodehostAddr, check.Path("total"), knownvalue.Int64Exact(0)),
				},
			},
		},
	})
}

// The type is checked at plan time. The reads are
// testDestinationsDataSource's, on each of the servers' variants.
func TestAccDestinationsDataSource_shape(t *testing.T) {
	s := acctest.NewSecrets(t)
	check.DataSource{
		Service: s, Type: "stack_secrets_sync_destinations", Config: s.ProviderConfig(),
		PlanErrors: []check.Refusal{{Args: check.Args{"type": "ftp"}, Want: regexp.MustCompile(`(?s)Attribute type value must be one of:.*got:\s+"ftp"`)}},
	}.Run(t)
}

// dsEmptyListsAs404 puts a proxy in front of s that answers every empty
// list as the service does, 404 {"errors":[]}.
func dsEmptyListsAs404(t *testing.T, s *acctest.Secrets) *acctest.Secrets {
	t.Helper()
	through, proxy := newProxy(t, s, func(r *http.Response, body []byte) []byte {
		listing := r.Request.Method == "LIST" || r.Request.URL.Query().Get("list") == "true"
		if !listing || r.StatusCode != http.StatusOK {
			return body
		}
		var env struct {
			Data struct {
				Keys []string `json:"keys"`
			} `json:"data"`
		}
		if err := json.Unmarshal(body, &env); err != nil || len(env.Data.Keys) != 0 {
			return body
		}
		r.StatusCode, r.Status = http.StatusNotFound, "404 Not Found"
		return []byte(`{"errors":[]}`)
	})
	t.Cleanup(func() {
		if !t.Skipped() && proxy.edited.Load() == 0 {
			t.Error("the proxy answered no list with 404: the test did not test that")
		}
	})
	return through
}
