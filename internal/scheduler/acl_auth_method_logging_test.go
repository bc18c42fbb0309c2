package scheduler_test

import (
	"fmt"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuscheduler "github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
)

// A whole Terraform run at TF_LOG=trace, provider logs included, never
// shows a client secret or the token, neither the plain secret nor its
// write-only twin.
func TestAccACLAuthMethod_secretsNeverLogged(t *testing.T) {
	const token = "canary-token-5f2e"
	const plain = "canary-plain-secret-9c1a"
	const writeOnly = "canary-wo-secret-3b7d"
	s := acctest.NewSchedulerEmulator(t, emulator.Options{Scheduler: emuscheduler.Options{ManagementToken: token, ReplicaLag: acctest.DefaultReplicaLag}})
	acctest.NoSecretsInTraceLog(t, fmt.Sprintf(`
provider "stack" {
  scheduler {
    address = %q
    token   = %q
  }
}

resource "stack_scheduler_acl_auth_method" "plain" {
  name           = "logged-plain"
  type           = "OIDC"
  token_locality = "global"
  max_token_ttl  = "1h"
  config = {
    oidc_discovery_url    = "https://idp.example.com"
    oidc_client_id        = "c"
    oidc_client_secret    = %q
    allowed_redirect_uris = ["http://localhost/cb"]
  }
}

resource "stack_scheduler_acl_auth_method" "wo" {
  name           = "logged-wo"
  type           = "OIDC"
  token_locality = "global"
  max_token_ttl  = "1h"
  config = {
    oidc_discovery_url            = "https://idp.example.com"
    oidc_client_id                = "c"
    oidc_client_secret_wo         = %q
    oidc_client_secret_wo_version = 1
    allowed_redirect_uris         = ["http://localhost/cb"]
  }
}
`, s.URL, token, plain, writeOnly), "/v1/acl/auth-method", token, plain, writeOnly)
}
