package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds the parameters of a policy set, each named by the set and
// its ID; with include_resource, each is the state an import gives, a
// sensitive parameter's value null.
func TestAccPolicySetParameterListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	ctx, c := context.Background(), p.Client(t)
	set, err := c.PolicySets.Create(ctx, p.Organization, platformclient.PolicySetOptions{Name: check.Ptr("baseline")})
	if err != nil {
		t.Fatal(err)
	}
	create := func(opts platformclient.PolicySetParameterOptions) *platformclient.PolicySetParameter {
		v, err := c.PolicySetParameters.Create(ctx, set.ID, opts)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	region := create(platformclient.PolicySetParameterOptions{Key: check.Ptr("region"), Value: check.Ptr("eu-west-1")})
	token := create(platformclient.PolicySetParameterOptions{Key: check.Ptr("token"), Value: check.Ptr("s3cr3t"), Sensitive: check.Ptr(true)})
	in := func(v *platformclient.PolicySetParameter) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"policy_set_id": set.ID, "id": v.ID})
	}
	check.Query{
		Type: "stack_platform_policy_set_parameter", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Args: check.Args{"policy_set_id": set.ID}, Found: []map[string]knownvalue.Check{in(region), in(token)}, DisplayName: "region",
				Resource: map[string]knownvalue.Check{
					"id": check.Str(region.ID), "policy_set_id": check.Str(set.ID), "key": check.Str("region"), "value": check.Str("eu-west-1"),
					"sensitive": knownvalue.Bool(false), "value_wo": knownvalue.Null(), "value_wo_version": knownvalue.Null(),
				},
			},
			{
				Label: "sensitive", Args: check.Args{"policy_set_id": set.ID}, Found: []map[string]knownvalue.Check{in(token), in(region)}, DisplayName: "token",
				Resource: map[string]knownvalue.Check{"value": knownvalue.Null(), "sensitive": knownvalue.Bool(true)},
			},
		},
		Errors: []check.Refusal{
			{Args: check.Args{"policy_set_id": "ws-6p5RiCe5CRjBmsGt"}, Want: check.Wrapped(`policy_set_id must be the ID of a policy set: polset- and 16 characters`)},
			{Args: check.Args{"policy_set_id": "polset-6p5RiCe5CRjBmsGt"}, Want: check.Wrapped(`Cannot list the parameters of the policy set polset-6p5RiCe5CRjBmsGt.*404 Not Found`)},
		},
	}.Run(t)
}
