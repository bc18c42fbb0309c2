package platform_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
)

// The list holds an organization's providers, oldest first, each as the
// resource maps it; the registry and the search narrow it, and combine.
func TestAccRegistryProvidersDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	certs := newRegistryProvider(t, p, p.Organization, "private", p.Organization, "certificates")
	aws := newRegistryProvider(t, p, p.Organization, "public", "hashicorp", "aws")
	tls := newRegistryProvider(t, p, p.Organization, "public", "hashicorp", "tls")
	ds := check.DataSource{
		Service: p, Type: "stack_platform_registry_providers", Config: p.ProviderConfig(),
		PlanErrors: []check.Refusal{
			{Args: check.Args{"registry_name": "mine"}, Want: check.Literal(`Attribute registry_name value must be one of`)},
			{Args: check.Args{"search": ""}, Want: check.Literal(`Attribute search string length must be at least 1, got: 0`)},
		},
		InOther: check.Read{Args: check.Args{"organization": other}, Want: map[string]knownvalue.Check{
			"organization": check.Str(other), "ids": check.StrList(), "providers": knownvalue.ListExact(nil),
		}},
	}
	ds.Reads = []check.Read{
		{
			Label: "all", Want: map[string]knownvalue.Check{"organization": check.Str(p.Organization), "ids": check.StrList(certs.ID, aws.ID, tls.ID)},
			Checks: []statecheck.StateCheck{statecheck.ExpectKnownValue(ds.Address("all"), tfjsonpath.New("providers").AtSliceIndex(0), knownvalue.ObjectExact(map[string]knownvalue.Check{
				"id": check.Str(certs.ID), "organization": check.Str(p.Organization), "registry_name": check.Str("private"),
				"namespace": check.Str(p.Organization), "name": check.Str("certificates"), "created_at": knownvalue.NotNull(), "updated_at": knownvalue.NotNull(),
			}))},
		},
		{Label: "public", Args: check.Args{"registry_name": "public"}, Want: map[string]knownvalue.Check{"ids": check.StrList(aws.ID, tls.ID)}},
		{Label: "search", Args: check.Args{"search": "T"}, Want: map[string]knownvalue.Check{"ids": check.StrList(certs.ID, tls.ID)}},
		{Label: "combined", Args: check.Args{"search": "T", "registry_name": "private"}, Want: map[string]knownvalue.Check{"ids": check.StrList(certs.ID)}},
	}
	ds.Run(t)
}
