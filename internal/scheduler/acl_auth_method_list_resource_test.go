package scheduler_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	schedulerclient "github.com/stackworks/terraform-provider-stack/internal/client/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// The list finds every auth method, or those of one type, each named by
// its name; with include_resource, each is read whole, as an import reads
// it: the secret as the scheduler answers it, the unreturned max_token_ttl
// null. An emulator of the test's own, so that its methods are all the list
// finds.
func TestAccACLAuthMethodListResource_query(t *testing.T) {
	s := acctest.NewSchedulerEmulator(t, emulator.Options{})
	key := publicKeyPEM(t)
	createJWTElsewhere(t, s, "ci-jwt", key)
	oidc, err := s.Client(t).CreateAuthMethod(context.Background(), &schedulerclient.AuthMethod{
		Name: "sso", Type: "OIDC", TokenLocality: "global", MaxTokenTTL: "1h", Default: true,
		Config: &schedulerclient.AuthMethodConfig{
			OIDCDiscoveryURL: "https://idp.example.com", OIDCClientID: "scheduler", OIDCClientSecret: "s3cr3t",
			BoundAudiences: []string{"scheduler"}, AllowedRedirectURIs: []string{"http://localhost:4649/oidc/callback"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	stored(t, s.Client(t), "sso", oidc.ModifyIndex)
	named := func(name string) map[string]knownvalue.Check { return check.Identity(map[string]string{"name": name}) }
	check.Query{
		Type: "stack_scheduler_acl_auth_method", Config: s.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{named("sso"), named("ci-jwt")}, DisplayName: "sso",
				Resource: map[string]knownvalue.Check{
					"name": check.Str("sso"), "type": check.Str("OIDC"), "token_locality": check.Str("global"), // The scheduler does not return it: an import reads it
					// null too.
					"max_token_ttl": knownvalue.Null(),
					"default":       knownvalue.Bool(true), "modify_index": knownvalue.Int64Exact(int64(oidc.ModifyIndex)),
					"config": knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"oidc_discovery_url": check.Str("https://idp.example.com"), "oidc_client_id": check.Str("scheduler"),
						"oidc_client_secret": check.Str("s3cr3t"), "bound_audiences": check.StrList("scheduler"),
					}),
				},
			},
			{
				Label: "jwt", Args: check.Args{"type": "JWT"}, Found: []map[string]knownvalue.Check{named("ci-jwt")}, DisplayName: "ci-jwt",
				Resource: map[string]knownvalue.Check{
					"type": check.Str("JWT"), "token_locality": check.Str("local"),
					"config": knownvalue.ObjectPartial(map[string]knownvalue.Check{"jwt_validation_pub_keys": check.StrList(key)}),
				},
			},
			{Label: "names_only", Args: check.Args{"type": "OIDC"}, Found: []map[string]knownvalue.Check{named("sso")}, DisplayName: "sso"},
		},
		Errors: []check.Refusal{
			{Args: check.Args{"type": "LDAP"}, Want: check.Wrapped(`Attribute type value must be one of: \["OIDC" "JWT"\], got: "LDAP"`)},
		},
	}.Run(t)
}
