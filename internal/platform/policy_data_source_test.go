package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The data source reads a policy by ID or by name, with its text; a name
// is compared exactly, in its case, and a policy without a text reads
// with none.
func TestAccPolicyDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	ctx := context.Background()
	c := p.Client(t)
	pol, err := c.Policies.Create(ctx, p.Organization, platformclient.PolicyOptions{
		Name: check.Ptr("deny"), Kind: check.Ptr("opa"), Query: check.Ptr("data.terraform.deny"), EnforcementLevel: check.Ptr("mandatory"),
		Description: check.Ptr("buckets stay private"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Policies.Upload(ctx, pol.ID, []byte(regoDeny)); err != nil {
		t.Fatal(err)
	}
	bare, err := c.Policies.Create(ctx, p.Organization, platformclient.PolicyOptions{Name: check.Ptr("bare"), EnforcementLevel: check.Ptr("advisory")})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]knownvalue.Check{
		"id": check.Str(pol.ID), "organization": check.Str(p.Organization), "name": check.Str("deny"), "description": check.Str("buckets stay private"),
		"kind": check.Str("opa"), "query": check.Str("data.terraform.deny"), "enforcement_level": check.Str("mandatory"),
		"policy": check.Str(regoDeny), "policy_set_count": knownvalue.Int64Exact(0),
	}
	check.DataSource{
		Service: p, Type: "stack_platform_policy", Config: p.ProviderConfig(), Samples: check.Args{"organization": p.Organization},
		ByID:   check.Read{Args: check.Args{"id": pol.ID}, Want: want},
		ByName: check.Read{Args: check.Args{"name": "deny"}, Want: want},
		Reads: []check.Read{{Label: "without_text", Args: check.Args{"id": bare.ID}, Want: map[string]knownvalue.Check{
			"name": check.Str("bare"), "kind": check.Str("sentinel"), "query": knownvalue.Null(), "description": knownvalue.Null(), "policy": knownvalue.Null(),
		}}},
		NotFound: []check.Refusal{{
			Args: check.Args{"name": "Deny"},
			Want: check.Literal(`The organization "` + p.Organization + `" has no policy named "Deny" that the token may see: the name is compared exactly, in its case.`),
		}},
	}.Run(t)
}
