package platform_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds the modules of an organization's registry, all of them or
// those that the search, the registry and the provider keep; with
// include_resource, each is the state an import gives.
func TestAccRegistryModuleListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	network := newRegistryModule(t, p, p.Organization, platformclient.RegistryModuleOptions{Name: "network", Provider: "aws", NoCode: check.Ptr(true)})
	newRegistryModule(t, p, p.Organization, platformclient.RegistryModuleOptions{Name: "network", Provider: "google"})
	newRegistryModule(t, p, p.Organization, platformclient.RegistryModuleOptions{Name: "vpc", Provider: "aws", Namespace: "terraform-aws-modules", RegistryName: "public"})
	id := func(m *platformclient.RegistryModule) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"id": m.ID})
	}
	any3 := map[string]knownvalue.Check{"id": idOf(platformclient.PrefixRegistryModule)}
	check.Query{
		Type: "stack_platform_registry_module", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{id(network), any3, any3}, DisplayName: p.Organization + "/network/aws",
				Resource: map[string]knownvalue.Check{
					"id": check.Str(network.ID), "organization": check.Str(p.Organization), "registry_name": check.Str("private"),
					"namespace": check.Str(p.Organization), "name": check.Str("network"), "module_provider": check.Str("aws"),
					"no_code": knownvalue.Bool(true), "initial_version": knownvalue.Null(), "publishing_mechanism": knownvalue.Null(),
					"vcs_repo": knownvalue.Null(), "test_config": knownvalue.Null(),
				},
			},
			{Label: "search", Args: check.Args{"search": "NET"}, Found: []map[string]knownvalue.Check{id(network), any3}, DisplayName: p.Organization + "/network/aws"},
			{
				Label: "public", Args: check.Args{"registry_name": "public"}, Found: []map[string]knownvalue.Check{any3}, DisplayName: "terraform-aws-modules/vpc/aws",
				Resource: map[string]knownvalue.Check{"registry_name": check.Str("public"), "namespace": check.Str("terraform-aws-modules")},
			},
			{Label: "provider", Args: check.Args{"module_provider": "aws", "registry_name": "private"}, Found: []map[string]knownvalue.Check{id(network)}, DisplayName: p.Organization + "/network/aws"},
		},
		Errors: []check.Refusal{{Args: check.Args{"registry_name": "shared"}, Want: check.Wrapped(`value must be one of: \["private" "public"\]`)}},
	}.Run(t)
}
