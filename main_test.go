package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
)

// TestProviderLogsOnlyWhenTerraformLogs applies an auth method with and
// without TF_LOG and reads what the provider wrote to standard error:
// without TF_LOG, Terraform would throw the provider's log lines away, so
// the provider must not write them; with TF_LOG=debug, it must.
func TestProviderLogsOnlyWhenTerraformLogs(t *testing.T) {
	acctest.SkipUnlessAcceptance(t)
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "TF_LOG") {
			t.Setenv(name, "") // restores it after the test
			if err := os.Unsetenv(name); err != nil {
				t.Fatal(err)
			}
		}
	}
	s := acctest.NewScheduler(t)
	for _, tc := range []struct {
		name      string
		env       map[string]string
		wantLines bool
	}{
		{name: "no TF_LOG", env: nil, wantLines: false},
		{name: "TF_LOG=debug", env: map[string]string{"TF_LOG": "debug"}, wantLines: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cli := acctest.NewCLI(t, tc.env)
			stderr := cli.ProviderStderr(t)
			cli.WriteConfig(t, s.ProviderConfig()+fmt.Sprintf(`
resource "stack_scheduler_acl_auth_method" "m" {
  name           = %q
  type           = "OIDC"
  token_locality = "local"
  max_token_ttl  = "1h"
  config = {
    oidc_discovery_url    = "https://idp.example.com"
    oidc_client_id        = "client"
    oidc_client_secret    = "secret"
    allowed_redirect_uris = ["http://localhost/cb"]
  }
}
`, tfacctest.RandomWithPrefix("quiet")))
			cli.MustRun(t, "apply", "-auto-approve")
			cli.MustRun(t, "destroy", "-auto-approve")

			raw, err := os.ReadFile(stderr)
			if err != nil {
				t.Fatal(err)
			}
			var providerLines []string
			for line := range strings.Lines(string(raw)) {
				if strings.Contains(line, `"@module":"stack`) {
					providerLines = append(providerLines, line)
				}
			}
			if tc.wantLines && !strings.Contains(strings.Join(providerLines, ""), "Sending HTTP request") {
				t.Fatalf("with TF_LOG=debug the provider logged no request; it wrote:\n%s", raw)
			}
			if !tc.wantLines && len(providerLines) > 0 {
				t.Fatalf("without TF_LOG the provider wrote %d log lines, such as:\n%s", len(providerLines), providerLines[0])
			}
		})
	}
}
