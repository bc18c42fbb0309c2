package scheduler_test

import (
	"regexp"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// Errors on an attribute of config point at that attribute's line, not at
// the resource's first line, whether an attribute's validator or the
// resource's own rules find them.
func TestAccACLAuthMethod_configErrorsPointAtTheAttribute(t *testing.T) {
	s := acctest.NewSchedulerEmulator(t, emulator.Options{})
	config := func(line string) string {
		return s.ProviderConfig() + `
resource "stack_scheduler_acl_auth_method" "m" {
  name           = "m"
  type           = "JWT"
  token_locality = "local"
  max_token_ttl  = "1h"
  config = {
    jwks_url              = "https://example.com/jwks"
    allowed_redirect_uris = ["https://example.com/cb"]
    ` + line + `
  }
}
`
	}
	// Terraform quotes the line it points at, after "on FILE line N".
	pointsAt := func(line string) *regexp.Regexp {
		return regexp.MustCompile(`on terraform_plugin_test.tf line \d+, in resource "stack_scheduler_acl_auth_method" "m":\s+\d+:\s+` + regexp.QuoteMeta(line))
	}
	var cases []check.PlanError
	for _, line := range []string{
		`expiration_leeway = "-5s"`,
		`not_before_leeway = "soon"`,
		`clock_skew_leeway = "-1m"`,
		`oidc_discovery_url = "https://issuer.example.com/.well-known/openid-configuration"`,
	} {
		cases = append(cases, check.PlanError{Config: config(line), Want: pointsAt(line)})
	}
	check.PlanErrors(t, s, cases)
}
