package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// newRegistryProvider creates a provider outside Terraform and returns it.
func newRegistryProvider(t *testing.T, p *acctest.Platform, org, registry, namespace, name string) *platformclient.RegistryProvider {
	t.Helper()
	rp, err := p.Client(t).RegistryProviders.Create(context.Background(), org, platformclient.RegistryProviderOptions{RegistryName: registry, Namespace: namespace, Name: name})
	if err != nil {
		t.Fatal(err)
	}
	return rp
}

// The data source reads a provider by its names, its registry private and
// its namespace the organization's by default, in the provider's
// organization or another, and by ID.
func TestAccRegistryProviderDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	private := newRegistryProvider(t, p, p.Organization, "private", p.Organization, "certificates")
	public := newRegistryProvider(t, p, p.Organization, "public", "hashicorp", "certificates")
	otherPublic := newRegistryProvider(t, p, other, "public", "hashicorp", "aws")
	same := map[string]knownvalue.Check{
		"id": check.Str(private.ID), "organization": check.Str(p.Organization), "registry_name": check.Str("private"),
		"namespace": check.Str(p.Organization), "name": check.Str("certificates"), "created_at": knownvalue.NotNull(), "updated_at": knownvalue.NotNull(),
	}
	check.DataSource{
		Service: p, Type: "stack_platform_registry_provider", Config: p.ProviderConfig(),
		PlanErrors: []check.Refusal{
			{Args: check.Args{"name": "aws", "registry_name": "mine"}, Want: check.Literal(`Attribute registry_name value must be one of`)},
			{Args: check.Args{"name": "aws", "registry_name": "public"}, Want: check.Literal("A public provider names its namespace")},
		},
		ByID:   check.Read{Args: check.Args{"id": private.ID}, Want: same},
		ByName: check.Read{Args: check.Args{"name": "certificates"}, Want: same},
		InOther: check.Read{Args: check.Args{"organization": other, "registry_name": "public", "namespace": "hashicorp", "name": "aws"}, Want: map[string]knownvalue.Check{
			"id": check.Str(otherPublic.ID), "organization": check.Str(other), "registry_name": check.Str("public"), "namespace": check.Str("hashicorp"),
		}},
		Reads: []check.Read{{
			Label: "public", Args: check.Args{"registry_name": "public", "namespace": "hashicorp", "name": "certificates"},
			Want: map[string]knownvalue.Check{"id": check.Str(public.ID), "organization": check.Str(p.Organization)},
		}},
		NotFound: []check.Refusal{{
			Args: check.Args{"name": "Certificates"},
			Want: check.Wrapped(`The organization "` + p.Organization + `" has no private provider ` + p.Organization + `/Certificates that the token may see: the name is compared exactly.`),
		}},
	}.Run(t)
}
