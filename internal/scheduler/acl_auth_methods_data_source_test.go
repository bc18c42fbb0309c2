package scheduler_test

import (
	"fmt"
	"regexp"
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
)

// The type is checked at plan time. The reads are
// TestAccACLAuthMethodsDataSource_listAndFilter's, which need the methods
// created before the list is read.
func TestAccACLAuthMethodsDataSource_shape(t *testing.T) {
	s := acctest.NewScheduler(t)
	check.DataSource{
		Service: s, Type: "stack_scheduler_acl_auth_methods", Config: s.ProviderConfig(),
		PlanErrors: []check.Refusal{{
			Args: check.Args{"type": "LDAP"}, Want: check.Literal(`Attribute type value must be one of: ["OIDC" "JWT"], got: "LDAP"`),
		}},
	}.Run(t)
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
					statecheck.ExpectKnownOutputValue("jwt_types", check.StrList("JWT")),
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
