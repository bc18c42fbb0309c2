package scheduler_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
)

func TestAccACLAuthMethodDataSource_byName(t *testing.T) {
	s := acctest.NewScheduler(t)
	name := tfacctest.RandomWithPrefix("ds")
	const ds = "data.stack_scheduler_acl_auth_method.test"

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: oidcConfig(s, name, "global", "1h", `
    claim_mappings = { email = "email" }
    expiration_leeway = "90s"`) + `
data "stack_scheduler_acl_auth_method" "test" {
  name = stack_scheduler_acl_auth_method.test.name
}
`,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(ds, check.Path("type"), check.Str("OIDC")),
					statecheck.ExpectKnownValue(ds, check.Path("token_locality"), check.Str("global")),
					statecheck.ExpectKnownValue(ds, check.Path("default"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(ds, check.Path("config", "oidc_client_id"), check.Str("MyClient")),
					statecheck.ExpectKnownValue(ds, check.Path("config", "oidc_client_secret"), secretAsServed(s, "s3cret")),
					statecheck.ExpectKnownValue(ds, check.Path("config", "bound_audiences"), strList("MyClient", "Other-Audience")),
					statecheck.ExpectKnownValue(ds, check.Path("config", "claim_mappings"), knownvalue.MapExact(map[string]knownvalue.Check{"email": check.Str("email")})),
					statecheck.ExpectKnownValue(ds, check.Path("config", "expiration_leeway"), check.Str("1m30s")),
					statecheck.ExpectKnownValue(ds, check.Path("config", "signing_algs"), knownvalue.Null()),
					statecheck.CompareValuePairs(ds, check.Path("modify_index"), resourceAddr, check.Path("modify_index"), compare.ValuesSame()),
				},
			},
			{
				Config: s.ProviderConfig() + `
data "stack_scheduler_acl_auth_method" "test" {
  name = "no-such-method"
}
`,
				ExpectError: regexp.MustCompile(`GET http://\S+/v1/acl/auth-method/no-such-method: 404 Not Found`),
			},
		},
	})
}

func TestAccACLAuthMethodsDataSource_listAndFilter(t *testing.T) {
	s := acctest.NewScheduler(t)
	oidc := tfacctest.RandomWithPrefix("list-oidc")
	jwt := tfacctest.RandomWithPrefix("list-jwt")
	key := publicKeyPEM(t)
	config := oidcConfig(s, oidc, "global", "1h", "") + fmt.Sprintf(`
resource "stack_scheduler_acl_auth_method" "jwt" {
  name           = %q
  type           = "JWT"
  token_locality = "local"
  max_token_ttl  = "30m"
  config = {
    jwt_validation_pub_keys = [%q]
    allowed_redirect_uris   = ["http://localhost/cb"]
  }
}
`, jwt, key)
	lists := `
data "stack_scheduler_acl_auth_methods" "all" {}

data "stack_scheduler_acl_auth_methods" "jwt" {
  type = "JWT"
}

locals {
  all_names = [for m in data.stack_scheduler_acl_auth_methods.all.auth_methods : m.name]
  jwt_names = [for m in data.stack_scheduler_acl_auth_methods.jwt.auth_methods : m.name]
}

output "has_oidc" { value = contains(local.all_names, stack_scheduler_acl_auth_method.test.name) }
output "has_jwt" { value = contains(local.all_names, stack_scheduler_acl_auth_method.jwt.name) }
output "jwt_only" { value = contains(local.jwt_names, stack_scheduler_acl_auth_method.jwt.name) && !contains(local.jwt_names, stack_scheduler_acl_auth_method.test.name) }
output "jwt_types" { value = distinct([for m in data.stack_scheduler_acl_auth_methods.jwt.auth_methods : m.type]) }
`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config},
			{
				Config: config + lists,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownOutputValue("has_oidc", knownvalue.Bool(true)),
					statecheck.ExpectKnownOutputValue("has_jwt", knownvalue.Bool(true)),
					statecheck.ExpectKnownOutputValue("jwt_only", knownvalue.Bool(true)),
					statecheck.ExpectKnownOutputValue("jwt_types", knownvalue.ListExact([]knownvalue.Check{check.Str("JWT")})),
				},
			},
		},
	})
}

// Listing needs no token: with a scheduler block that has an address and
// no token, the list reads, while reading one method fails on the missing
// setting.
func TestAccACLAuthMethodsDataSource_listsWithoutToken(t *testing.T) {
	s := acctest.NewScheduler(t)
	name := tfacctest.RandomWithPrefix("no-token")
	createJWTElsewhere(t, s, name, publicKeyPEM(t))
	t.Setenv("STACK_SCHEDULER_TOKEN", "")
	provider := fmt.Sprintf(`
provider "stack" {
  scheduler {
    address = %q
  }
}
`, s.URL)

	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: provider + fmt.Sprintf(`
data "stack_scheduler_acl_auth_methods" "all" {}

output "listed" { value = contains([for m in data.stack_scheduler_acl_auth_methods.all.auth_methods : m.name], %q) }
`, name),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownOutputValue("listed", knownvalue.Bool(true)),
				},
			},
			{
				Config: provider + fmt.Sprintf(`
data "stack_scheduler_acl_auth_method" "test" {
  name = %q
}
`, name),
				ExpectError: regexp.MustCompile(`(?s)The scheduler is not configured.*Set\s+scheduler.token\s+\(or\s+STACK_SCHEDULER_TOKEN\)\.`),
			},
		},
	})
}
