package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds the policies of an organization, all of them, those whose
// names contain the search or those of one kind; with include_resource,
// each is the state an import gives, its text read apart, as the list
// does not answer it.
func TestAccPolicyListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	ctx, c := context.Background(), p.Client(t)
	create := func(opts platformclient.PolicyOptions, text string) {
		pol, err := c.Policies.Create(ctx, p.Organization, opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Policies.Upload(ctx, pol.ID, []byte(text)); err != nil {
			t.Fatal(err)
		}
	}
	create(platformclient.PolicyOptions{
		Name: check.Ptr("deny"), Kind: check.Ptr("opa"), Query: check.Ptr("data.terraform.deny"), EnforcementLevel: check.Ptr("mandatory"),
		Description: check.Ptr("buckets stay private"),
	}, regoDeny)
	create(platformclient.PolicyOptions{Name: check.Ptr("deny-ssh"), EnforcementLevel: check.Ptr("hard-mandatory")}, "main = rule { true }\n")
	create(platformclient.PolicyOptions{Name: check.Ptr("budget"), EnforcementLevel: check.Ptr("advisory")}, "main = rule { false }\n")
	in := func(name string) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"organization": p.Organization, "name": name})
	}
	check.Query{
		Type: "stack_platform_policy", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{in("deny"), in("deny-ssh"), in("budget")}, DisplayName: "deny",
				Resource: map[string]knownvalue.Check{
					"id": idOf(platformclient.PrefixPolicy), "organization": check.Str(p.Organization), "name": check.Str("deny"),
					"description": check.Str("buckets stay private"), "kind": check.Str("opa"), "query": check.Str("data.terraform.deny"),
					"enforcement_level": check.Str("mandatory"), "policy": check.Str(regoDeny), "policy_set_count": knownvalue.Int64Exact(0),
				},
			},
			{
				Label: "search", Args: check.Args{"search": "DENY"}, Found: []map[string]knownvalue.Check{in("deny-ssh"), in("deny")}, DisplayName: "deny-ssh",
				Resource: map[string]knownvalue.Check{"kind": check.Str("sentinel"), "query": knownvalue.Null(), "policy": check.Str("main = rule { true }\n")},
			},
			{Label: "kind", Args: check.Args{"kind": "sentinel"}, Found: []map[string]knownvalue.Check{in("budget"), in("deny-ssh")}, DisplayName: "budget"},
		},
		Errors: []check.Refusal{{Args: check.Args{"kind": "rego"}, Want: check.Wrapped(`value must be one of: \["sentinel" "opa"\]`)}},
	}.Run(t)
}
