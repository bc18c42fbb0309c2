package scheduler_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// A whole Terraform run at TF_LOG=trace, provider logs included, never
// shows a client secret or the token, neither the plain secret nor its
// write-only twin.
func TestAccACLAuthMethod_secretsNeverLogged(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make test does)")
	}
	const token = "canary-token-5f2e"
	const plain = "canary-plain-secret-9c1a"
	const writeOnly = "canary-wo-secret-3b7d"
	s := acctest.NewSchedulerEmulator(t, emulator.Options{SchedulerToken: token, ReplicaLag: acctest.DefaultReplicaLag})
	logFile := filepath.Join(t.TempDir(), "trace.log")
	cli := acctest.NewCLI(t, map[string]string{"TF_LOG": "trace", "TF_LOG_PATH": logFile})
	cli.WriteConfig(t, fmt.Sprintf(`
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
`, s.URL, token, plain, writeOnly))
	out := cli.MustRun(t, "apply", "-auto-approve")
	out += cli.MustRun(t, "plan")
	out += cli.MustRun(t, "destroy", "-auto-approve")

	log, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(log), "/v1/acl/auth-method") {
		t.Fatal("the trace log has no request of the provider: the test would prove nothing")
	}
	for _, secret := range []string{token, plain, writeOnly} {
		if strings.Contains(string(log), secret) || strings.Contains(out, secret) {
			t.Errorf("%q appears in the trace log or the output", secret)
		}
	}
}
