package scheduler_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	schedulerclient "github.com/stackworks/terraform-provider-stack/internal/client/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuscheduler "github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
)

// nomadFixture is the state of nomad_acl_auth_method that the incumbent's
// acceptance test of a full OIDC method leaves, in the incumbent's schema
// version 0 (its SDKv2 resource: config a list of one block, "" and [] for
// unset) or 1 (its plugin framework resource: nested blocks and nulls).
func nomadFixture(t *testing.T, version int) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "moved", fmt.Sprintf("nomad_acl_auth_method_v%d.json", version)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

const nomadMethodName = "tf-nomad-test-4037200794235010051"

// nomadMoved is what both versions of the fixture move to: the incumbent's
// id and the attributes this resource has no twin of are gone, its
// oidc_disable_userinfo is oidc_disable_user_info, its zero leeways and ""
// are null, its client secret is carried; what only the server knows
// (times, indexes) is null until the refresh.
func nomadMoved(maxTokenTTL string) map[string]any {
	strs := func(s ...string) []any {
		out := make([]any, len(s))
		for i, v := range s {
			out[i] = v
		}
		return out
	}
	return map[string]any{
		"name": nomadMethodName, "type": "OIDC", "token_locality": "global", "max_token_ttl": maxTokenTTL,
		"token_name_format": "${auth_method_type}-${auth_method_name}-${value.user}", "default": false,
		"create_time": nil, "modify_time": nil, "create_index": nil, "modify_index": nil,
		"config": map[string]any{
			"oidc_discovery_url": "https://uk.auth0.com/", "oidc_client_id": "someclientid",
			"oidc_client_secret": "someclientsecret-t", "oidc_client_secret_wo": nil, "oidc_client_secret_wo_version": nil,
			"oidc_disable_user_info": true, "oidc_scopes": strs("email"),
			"jwt_validation_pub_keys": nil, "jwks_url": nil, "jwks_ca_cert": nil,
			"bound_audiences":       strs("someclientid"),
			"allowed_redirect_uris": strs("http://localhost:4649/oidc/callback", "http://localhost:4646/ui/settings/tokens"),
			"discovery_ca_pem":      strs("secretpemcert"), "signing_algs": strs("rsa256", "hs256"),
			"expiration_leeway": nil, "not_before_leeway": nil, "clock_skew_leeway": nil,
			"claim_mappings":      map[string]any{"http://nomad.internal/name": "name"},
			"list_claim_mappings": map[string]any{"http://nomad.internal/roles": "roles"},
		},
	}
}

func TestACLAuthMethod_movesFromNomad(t *testing.T) {
	for _, tc := range []struct {
		version     int64
		host        string
		maxTokenTTL string
	}{
		{0, "registry.terraform.io", "10m0s"},
		{1, "registry.terraform.io", "10m"},
		{1, "registry.opentofu.org", "10m"},
	} {
		t.Run(fmt.Sprintf("v%d from %s", tc.version, tc.host), func(t *testing.T) {
			got, diags := acctest.Move(t, tc.host+"/hashicorp/nomad", "nomad_acl_auth_method", tc.version, nomadFixture(t, int(tc.version)), "stack_scheduler_acl_auth_method")
			if want := nomadMoved(tc.maxTokenTTL); !reflect.DeepEqual(got, want) {
				t.Errorf("moved state:\n got %v\nwant %v", got, want)
			}
			if len(diags) != 1 || diags[0].Severity != tfprotov6.DiagnosticSeverityWarning || !strings.Contains(diags[0].Detail, "sets verbose_logging, which this provider does not manage") {
				t.Errorf("want one warning naming verbose_logging, got %+v", diags)
			}
		})
	}
}

func TestACLAuthMethod_moveRefusesWhatItDoesNotKnow(t *testing.T) {
	fixture := nomadFixture(t, 1)
	got, diags := acctest.Move(t, "registry.terraform.io/hashicorp/nomad", "nomad_acl_auth_method", 2, fixture, "stack_scheduler_acl_auth_method")
	want := "The state of nomad_acl_auth_method is of schema version 2, which this provider does not know: it moves versions 0 and 1 of hashicorp/nomad. " +
		"Remove the moved block and import the auth method instead, or move it with a version of this provider that knows the incumbent's version."
	if got != nil || len(diags) != 1 || diags[0].Summary != "Cannot move nomad_acl_auth_method to this provider" || diags[0].Detail != want {
		t.Errorf("a version it does not know: want the refusal %q, got %v %+v", want, got, diags)
	}
	// Another provider's resource of the same type name, or another
	// resource of the incumbent, is none of this resource's twins.
	for _, src := range [][2]string{{"registry.terraform.io/example/nomad", "nomad_acl_auth_method"}, {"registry.terraform.io/hashicorp/nomad", "nomad_acl_policy"}} {
		got, diags := acctest.Move(t, src[0], src[1], 1, fixture, "stack_scheduler_acl_auth_method")
		if got != nil || len(diags) != 1 || diags[0].Summary != "Unable to Move Resource State" {
			t.Errorf("%s %s: want no mover to take it, got %v %+v", src[0], src[1], got, diags)
		}
	}
}

// TestAccACLAuthMethod_movedFromNomad moves the incumbent's state of a
// method that the incumbent made, with a moved block, and plans nothing
// else with the same values in this provider's configuration. The server
// redacts the client secret, as the scheduler does: the state keeps the
// one the incumbent's state carried.
func TestAccACLAuthMethod_movedFromNomad(t *testing.T) {
	for _, version := range []int{0, 1} {
		t.Run(fmt.Sprintf("v%d", version), func(t *testing.T) {
			s := acctest.NewSchedulerEmulator(t, emulator.Options{Scheduler: emuscheduler.Options{RedactSecrets: true, ReplicaLag: acctest.DefaultReplicaLag}})
			_, err := s.Client(t).CreateAuthMethod(context.Background(), &schedulerclient.AuthMethod{
				Name: nomadMethodName, Type: "OIDC", TokenLocality: "global", MaxTokenTTL: "10m",
				TokenNameFormat: "${auth_method_type}-${auth_method_name}-${value.user}",
				Config: &schedulerclient.AuthMethodConfig{
					OIDCDiscoveryURL: "https://uk.auth0.com/", OIDCClientID: "someclientid", OIDCClientSecret: "someclientsecret-t",
					OIDCScopes: []string{"email"}, BoundAudiences: []string{"someclientid"}, DiscoveryCaPem: []string{"secretpemcert"},
					SigningAlgs: []string{"rsa256", "hs256"}, OIDCDisableUserInfo: true,
					AllowedRedirectURIs: []string{"http://localhost:4649/oidc/callback", "http://localhost:4646/ui/settings/tokens"},
					ClaimMappings:       map[string]string{"http://nomad.internal/name": "name"},
					ListClaimMappings:   map[string]string{"http://nomad.internal/roles": "roles"},
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			cli := acctest.NewCLI(t, nil)
			cli.StandIn(t, "hashicorp/nomad")
			cli.WriteState(t, acctest.Incumbent{Provider: "hashicorp/nomad", Type: "nomad_acl_auth_method", Name: "test", SchemaVersion: version, Attributes: nomadFixture(t, version)})
			cli.WriteConfig(t, s.ProviderConfig()+fmt.Sprintf(`
moved {
  from = nomad_acl_auth_method.test
  to   = stack_scheduler_acl_auth_method.test
}

resource "stack_scheduler_acl_auth_method" "test" {
  name              = %q
  type              = "OIDC"
  token_locality    = "global"
  token_name_format = "$${auth_method_type}-$${auth_method_name}-$${value.user}"
  max_token_ttl     = "10m"
  default           = false

  config = {
    oidc_discovery_url     = "https://uk.auth0.com/"
    oidc_client_id         = "someclientid"
    oidc_client_secret     = "someclientsecret-t"
    oidc_scopes            = ["email"]
    bound_audiences        = ["someclientid"]
    discovery_ca_pem       = ["secretpemcert"]
    signing_algs           = ["rsa256", "hs256"]
    oidc_disable_user_info = true
    allowed_redirect_uris = [
      "http://localhost:4649/oidc/callback",
      "http://localhost:4646/ui/settings/tokens",
    ]
    claim_mappings = {
      "http://nomad.internal/name" : "name"
    }
    list_claim_mappings = {
      "http://nomad.internal/roles" : "roles"
    }
  }
}
`, nomadMethodName))
			warnings := cli.MovesThenPlansEmpty(t, "nomad_acl_auth_method.test", resourceAddr)
			if len(warnings) != 1 || !strings.Contains(warnings[0].Detail, "verbose_logging") {
				t.Errorf("want the warning that verbose_logging is not managed, got %+v", warnings)
			}
		})
	}
}
