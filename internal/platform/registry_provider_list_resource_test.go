package platform_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
)

// The list finds the providers of an organization's registry, all of them
// or those that the search and the registry keep; with include_resource,
// each is the state an import gives.
func TestAccRegistryProviderListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	certificates := newRegistryProvider(t, p, p.Organization, "private", p.Organization, "certificates")
	newRegistryProvider(t, p, p.Organization, "private", p.Organization, "dns")
	newRegistryProvider(t, p, p.Organization, "public", "hashicorp", "tls")
	in := func(registry, namespace, name string) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"organization": p.Organization, "registry_name": registry, "namespace": namespace, "name": name})
	}
	check.Query{
		Type: "stack_platform_registry_provider", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{
					in("private", p.Organization, "certificates"), in("private", p.Organization, "dns"), in("public", "hashicorp", "tls"),
				},
				DisplayName: "private/" + p.Organization + "/certificates",
				Resource: map[string]knownvalue.Check{
					"id": check.Str(certificates.ID), "organization": check.Str(p.Organization), "registry_name": check.Str("private"),
					"namespace": check.Str(p.Organization), "name": check.Str("certificates"), "created_at": knownvalue.NotNull(), "updated_at": knownvalue.NotNull(),
				},
			},
			{Label: "search", Args: check.Args{"search": "T"}, Found: []map[string]knownvalue.Check{in("private", p.Organization, "certificates"), in("public", "hashicorp", "tls")}, DisplayName: "private/" + p.Organization + "/certificates"},
			{
				Label: "public", Args: check.Args{"registry_name": "public"}, Found: []map[string]knownvalue.Check{in("public", "hashicorp", "tls")}, DisplayName: "public/hashicorp/tls",
				Resource: map[string]knownvalue.Check{"namespace": check.Str("hashicorp")},
			},
		},
		Errors: []check.Refusal{{Args: check.Args{"registry_name": "shared"}, Want: check.Wrapped(`value must be one of: \["private" "public"\]`)}},
	}.Run(t)
}
