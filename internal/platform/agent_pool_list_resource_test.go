package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds every agent pool, or those whose names contain the
// search; with include_resource, each is the state an import gives.
func TestAccAgentPoolListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	for _, opts := range []platformclient.AgentPoolOptions{
		{Name: check.Ptr("runners-eu"), OrganizationScoped: check.Ptr(false)},
		{Name: check.Ptr("runners-us")},
		{Name: check.Ptr("build")},
	} {
		if _, err := p.Client(t).AgentPools.Create(context.Background(), p.Organization, opts); err != nil {
			t.Fatal(err)
		}
	}
	in := func(name string) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"organization": p.Organization, "name": name})
	}
	check.Query{
		Type: "stack_platform_agent_pool", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{in("runners-eu"), in("runners-us"), in("build")}, DisplayName: "runners-eu",
				Resource: map[string]knownvalue.Check{
					"id": idOf(platformclient.PrefixAgentPool), "organization": check.Str(p.Organization), "name": check.Str("runners-eu"),
					"organization_scoped": knownvalue.Bool(false),
				},
			},
			{
				Label: "search", Args: check.Args{"search": "RUNNERS"}, Found: []map[string]knownvalue.Check{in("runners-us"), in("runners-eu")}, DisplayName: "runners-us",
				Resource: map[string]knownvalue.Check{"organization_scoped": knownvalue.Bool(true)},
			},
		},
	}.Run(t)
}
