package scheduler_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
)

// The data source reads a method by its name, with the resource's mapping;
// the name is checked at plan time, and a name no method has is an error.
func TestAccACLAuthMethodDataSource_shape(t *testing.T) {
	s := acctest.NewScheduler(t)
	name := tfacctest.RandomWithPrefix("ds")
	ds := check.DataSource{
		Service: s, Type: "stack_scheduler_acl_auth_method", Config: s.ProviderConfig(),
		PlanErrors: []check.Refusal{{
			Args: check.Args{"name": "a b"}, Want: check.Literal(`Attribute name must contain only letters, digits and dashes, got: a b`),
		}},
		NotFound: []check.Refusal{{
			Args: check.Args{"name": "no-such-method"},
			Want: regexp.MustCompile(`GET http://\S+/v1/acl/auth-method/no-such-method: 404 Not Found`),
		}},
	}
	byName := ds.Address("by_name")
	ds.ByName = check.Read{
		Config: oidcConfig(s, name, "global", "1h", `
    claim_mappings = { email = "email" }
    expiration_leeway = "90s"`),
		Args: check.Args{"name": check.Expr("stack_scheduler_acl_auth_method.test.name")},
		Want: map[string]knownvalue.Check{
			"type": check.Str("OIDC"), "token_locality": check.Str("global"), "default": knownvalue.Bool(false),
		},
		Checks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue(byName, check.Path("config", "oidc_client_id"), check.Str("MyClient")),
			statecheck.ExpectKnownValue(byName, check.Path("config", "oidc_client_secret"), secretAsServed(s, "s3cret")),
			statecheck.ExpectKnownValue(byName, check.Path("config", "bound_audiences"), check.StrList("MyClient", "Other-Audience")),
			statecheck.ExpectKnownValue(byName, check.Path("config", "claim_mappings"), knownvalue.MapExact(map[string]knownvalue.Check{"email": check.Str("email")})),
			statecheck.ExpectKnownValue(byName, check.Path("config", "expiration_leeway"), check.Str("1m30s")),
			statecheck.ExpectKnownValue(byName, check.Path("config", "signing_algs"), knownvalue.Null()),
			statecheck.CompareValuePairs(byName, check.Path("modify_index"), resourceAddr, check.Path("modify_index"), compare.ValuesSame()),
		},
	}
	ds.Run(t)
}
