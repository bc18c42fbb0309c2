package platform_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The data source reads a module by its names, its registry private and
// its namespace the organization's by default, in the provider's
// organization or another, and by ID; a module of a repository with its
// repository and test configuration.
func TestAccRegistryModuleDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	token := newOAuthToken(t, p, p.Organization)
	yes := true
	private := newRegistryModule(t, p, p.Organization, platformclient.RegistryModuleOptions{Name: "network", Provider: "aws", NoCode: &yes})
	public := newRegistryModule(t, p, p.Organization, platformclient.RegistryModuleOptions{Name: "network", Provider: "aws", RegistryName: "public", Namespace: "hashicorp"})
	otherPublic := newRegistryModule(t, p, other, platformclient.RegistryModuleOptions{Name: "vpc", Provider: "aws", RegistryName: "public", Namespace: "hashicorp"})
	id, branch := "acme/terraform-gcp-bucket", "main"
	ofRepo := newRegistryModule(t, p, p.Organization, platformclient.RegistryModuleOptions{
		TestConfig: &platformclient.RegistryModuleTestConfigOptions{TestsEnabled: &yes},
		VCSRepo:    &platformclient.RegistryModuleVCSRepoOptions{Identifier: &id, DisplayIdentifier: &id, OAuthTokenID: &token, Branch: &branch},
	})
	same := map[string]knownvalue.Check{
		"id": check.Str(private.ID), "organization": check.Str(p.Organization), "registry_name": check.Str("private"), "namespace": check.Str(p.Organization),
		"name": check.Str("network"), "module_provider": check.Str("aws"), "no_code": knownvalue.Bool(true), "publishing_mechanism": knownvalue.Null(),
		"vcs_repo": knownvalue.Null(), "test_config": knownvalue.Null(),
	}
	check.DataSource{
		Service: p, Type: "stack_platform_registry_module", Config: p.ProviderConfig(),
		PlanErrors: []check.Refusal{
			{Args: check.Args{"name": "network", "module_provider": "aws", "registry_name": "mine"}, Want: check.Literal(`Attribute registry_name value must be one of`)},
			{Args: check.Args{"name": "network", "module_provider": "aws", "registry_name": "public"}, Want: check.Literal("A public module names its namespace")},
			{Args: check.Args{"name": "network"}, Want: check.Literal(`Attribute "module_provider" must be specified when "name" is specified`)},
		},
		ByID:   check.Read{Args: check.Args{"id": private.ID}, Want: same},
		ByName: check.Read{Args: check.Args{"name": "network", "module_provider": "aws"}, Want: same},
		InOther: check.Read{Args: check.Args{"organization": other, "registry_name": "public", "namespace": "hashicorp", "name": "vpc", "module_provider": "aws"},
			Want: map[string]knownvalue.Check{"id": check.Str(otherPublic.ID), "organization": check.Str(other), "namespace": check.Str("hashicorp")}},
		Reads: []check.Read{
			{
				Label: "public", Args: check.Args{"registry_name": "public", "namespace": "hashicorp", "name": "network", "module_provider": "aws"},
				Want: map[string]knownvalue.Check{"id": check.Str(public.ID), "no_code": knownvalue.Bool(false)},
			},
			{
				Label: "of_a_repository", Args: check.Args{"name": "bucket", "module_provider": "gcp"},
				Want: map[string]knownvalue.Check{
					"id": check.Str(ofRepo.ID), "publishing_mechanism": check.Str("branch"),
					"vcs_repo": knownvalue.ObjectExact(map[string]knownvalue.Check{
						"identifier": check.Str(id), "display_identifier": check.Str(id), "oauth_token_id": check.Str(token),
						"codehost_app_installation_id": knownvalue.Null(), "branch": check.Str("main"), "tags": knownvalue.Bool(false),
						"source_directory": knownvalue.Null(), "tag_prefix": knownvalue.Null(),
					}),
					"test_config": knownvalue.ObjectExact(map[string]knownvalue.Check{
						"tests_enabled": knownvalue.Bool(true), "agent_execution_mode": knownvalue.Null(), "agent_pool_id": knownvalue.Null(),
					}),
				},
			},
		},
		NotFound: []check.Refusal{{
			Args: check.Args{"name": "Network", "module_provider": "aws"},
			Want: check.Wrapped(`The organization "` + p.Organization + `" has no private module ` + p.Organization + `/Network/aws that the token may see: the names are compared exactly.`),
		}},
	}.Run(t)
}
