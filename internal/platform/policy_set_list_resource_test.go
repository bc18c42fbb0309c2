package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds the policy sets of an organization, all of them, those
// whose names contain the search or those of one kind; with
// include_resource, each is the state an import gives, its policies among
// it.
func TestAccPolicySetListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	ctx, c := context.Background(), p.Client(t)
	pol, err := c.Policies.Create(ctx, p.Organization, platformclient.PolicyOptions{Name: check.Ptr("budget"), EnforcementLevel: check.Ptr("advisory")})
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []platformclient.PolicySetOptions{
		{Name: check.Ptr("baseline"), Description: check.Ptr("Every workspace"), Global: check.Ptr(true), Policies: []*platformclient.Policy{{ID: pol.ID}}},
		{Name: check.Ptr("baseline-opa"), Kind: check.Ptr("opa"), Overridable: check.Ptr(true)},
		{Name: check.Ptr("costs")},
	} {
		if _, err := c.PolicySets.Create(ctx, p.Organization, opts); err != nil {
			t.Fatal(err)
		}
	}
	in := func(name string) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"organization": p.Organization, "name": name})
	}
	check.Query{
		Type: "stack_platform_policy_set", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{in("baseline"), in("baseline-opa"), in("costs")}, DisplayName: "baseline",
				Resource: map[string]knownvalue.Check{
					"id": idOf(platformclient.PrefixPolicySet), "organization": check.Str(p.Organization), "name": check.Str("baseline"),
					"description": check.Str("Every workspace"), "kind": check.Str("sentinel"), "global": knownvalue.Bool(true),
					"overridable": knownvalue.Bool(false), "policy_ids": check.StrSet(pol.ID), "policy_count": knownvalue.Int64Exact(1),
					"vcs_repo": knownvalue.Null(),
				},
			},
			{
				Label: "search", Args: check.Args{"search": "BASELINE"}, Found: []map[string]knownvalue.Check{in("baseline-opa"), in("baseline")}, DisplayName: "baseline-opa",
				Resource: map[string]knownvalue.Check{"kind": check.Str("opa"), "overridable": knownvalue.Bool(true), "policy_ids": knownvalue.Null()},
			},
			{Label: "kind", Args: check.Args{"kind": "sentinel"}, Found: []map[string]knownvalue.Check{in("costs"), in("baseline")}, DisplayName: "costs"},
		},
		Errors: []check.Refusal{{Args: check.Args{"kind": "rego"}, Want: check.Wrapped(`value must be one of: \["sentinel" "opa"\]`)}},
	}.Run(t)
}
