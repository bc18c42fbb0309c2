package platform_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const registryModuleAddr = "stack_platform_registry_module.test"

func registryModuleConfig(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_registry_module" "test" {
  %s
}
`, body)
}

// newOAuthToken makes an OAuth client of the organization outside
// Terraform and returns its token's ID, through which modules reach their
// repositories.
func newOAuthToken(t *testing.T, p *acctest.Platform, org string) string {
	t.Helper()
	oc, err := p.Client(t).OAuthClients.Create(context.Background(), org, platformclient.OAuthClientOptions{
		ServiceProvider: check.Ptr("github"), HTTPURL: check.Ptr("https://github.com"),
		APIURL: check.Ptr("https://api.github.com"), OAuthToken: check.Ptr("ghp_token"),
	})
	if err != nil {
		t.Fatal(err)
	}
	return oc.OAuthTokens[0].ID
}

// newRegistryModule creates a module of no repository outside Terraform
// and returns it.
func newRegistryModule(t *testing.T, p *acctest.Platform, org string, opts platformclient.RegistryModuleOptions) *platformclient.RegistryModule {
	t.Helper()
	m, err := p.Client(t).RegistryModules.Create(context.Background(), org, opts)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// moduleIDOf is the path by names of the module the platform answered.
func moduleIDOf(m *platformclient.RegistryModule) platformclient.RegistryModuleID {
	return platformclient.RegistryModuleID{Organization: m.Organization.Name, RegistryName: m.RegistryName, Namespace: m.Namespace, Name: m.Name, Provider: m.Provider}
}

// registryModuleIs checks the module the platform holds under the ID in
// the state.
func registryModuleIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, registryModuleAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		m, err := c.RegistryModules.ReadByID(ctx, id)
		if err != nil {
			return nil, err
		}
		got := map[string]any{"name": m.Name, "module_provider": m.Provider, "no_code": m.NoCode, "publishing_mechanism": m.PublishingMechanism,
			"tests_enabled": m.TestConfig.TestsEnabled, "versions": len(m.VersionStatuses)}
		if r := m.VCSRepo; r != nil {
			got["identifier"], got["branch"], got["source_directory"], got["tag_prefix"] = r.Identifier, r.Branch, r.SourceDirectory, r.TagPrefix
		}
		return got, nil
	})
}

func TestAccRegistryModule_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	token := newOAuthToken(t, p, p.Organization)
	existing := newRegistryModule(t, p, p.Organization, platformclient.RegistryModuleOptions{Name: "existing", Provider: "aws"})
	repo := func(extra string) string {
		return fmt.Sprintf(`vcs_repo = {
    identifier     = "acme/terraform-aws-network"
    oauth_token_id = %q
    %s
  }`, token, extra)
	}
	created := repo(`branch = "main"`+"\n"+`source_directory = "modules/network"`) + `
  initial_version = "1.0.0"
  test_config = {
    tests_enabled = true
  }`
	updated := repo(`tag_prefix = "v"`) + "\n  no_code = true"
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: registryModuleAddr, FreshID: true,
		// A create of a module the organization has is refused, and the
		// error gives the import ID, with the module's ID looked up.
		NotTakenOver: check.Existing{
			Config:   registryModuleConfig(p, `name = "existing"`+"\n"+`module_provider = "aws"`),
			ImportID: p.Organization + "/private/" + p.Organization + "/existing/aws/" + existing.ID,
			Said:     `Registry module already exists`,
			Sent:     map[string]int64{registryModuleByNamesRoute: 1, "POST /api/v2/organizations/{org}/registry-modules": 0},
		},
		PlanErrors: []check.PlanError{
			{Config: registryModuleConfig(p, `name = "network"`), Want: check.Literal(`A module of no repository names its name and its provider`)},
			{Config: registryModuleConfig(p, `name = "net/work"`+"\n"+`module_provider = "aws"`), Want: check.Literal(`Attribute name must hold no /`)},
			{Config: registryModuleConfig(p, `registry_name = "public"`+"\n"+`namespace = "hashicorp"`+"\n"+repo("")), Want: check.Literal(`Only a private module publishes from a repository`)},
			{Config: registryModuleConfig(p, `vcs_repo = {`+"\n"+`identifier = "acme/network"`+"\n"+`oauth_token_id = "`+token+`"`+"\n}"),
				Want: check.Literal(`The repository "acme/network" is not named terraform-<PROVIDER>-<NAME>`)},
			{Config: registryModuleConfig(p, repo("")+"\n"+`initial_version = "1.0.0"`), Want: check.Literal(`Only a branch-based module publishes an initial version`)},
			{Config: registryModuleConfig(p, repo(`branch = "main"`)+"\n"+`initial_version = "one"`), Want: check.Literal(`Attribute initial_version must be a semantic version`)},
			{Config: registryModuleConfig(p, repo("")+"\n"+`test_config = { tests_enabled = true }`), Want: check.Literal(`Only a branch-based module of a repository runs tests`)},
			{Config: registryModuleConfig(p, repo(`branch = "main"`)+"\n"+`test_config = { agent_execution_mode = "agent" }`), Want: check.Literal(`Tests in the agent mode run on an agent pool's agents`)},
			{Config: registryModuleConfig(p, repo(`branch = "main"`)+"\n"+`test_config = { agent_pool_id = "apool-6p5RiCe5CRjBmsGt" }`),
				Want: check.Literal(`An agent pool runs the tests only in the agent mode`)},
		},
		ImportErrors: []check.ImportError{
			{ID: p.Organization + "/network/aws", Want: check.Literal(`The import ID of a registry module is its ID, mod- and 16 characters of the base58 alphabet, or ` +
				`<ORGANIZATION>/<REGISTRY NAME>/<NAMESPACE>/<NAME>/<PROVIDER>/<MODULE ID>, or <ORGANIZATION>/<NAME>/<PROVIDER>/<MODULE ID>; got "` + p.Organization + `/network/aws".`)},
		},
		Create: check.Step{
			// The names come from the repository's, and how the module
			// publishes from its branch: all known in the plan.
			Config: registryModuleConfig(p, created),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(registryModuleAddr, check.Path("name"), check.Str("network")),
				plancheck.ExpectKnownValue(registryModuleAddr, check.Path("module_provider"), check.Str("aws")),
				plancheck.ExpectKnownValue(registryModuleAddr, check.Path("namespace"), check.Str(p.Organization)),
				plancheck.ExpectKnownValue(registryModuleAddr, check.Path("publishing_mechanism"), check.Str("branch")),
				plancheck.ExpectKnownValue(registryModuleAddr, check.Path("vcs_repo", "tags"), knownvalue.Bool(false)),
				plancheck.ExpectKnownValue(registryModuleAddr, check.Path("vcs_repo", "display_identifier"), check.Str("acme/terraform-aws-network")),
			},
			StateChecks: stateIs(registryModuleAddr, map[string]knownvalue.Check{
				"id": idOf("mod"), "organization": check.Str(p.Organization), "registry_name": check.Str("private"), "namespace": check.Str(p.Organization),
				"name": check.Str("network"), "module_provider": check.Str("aws"), "no_code": knownvalue.Bool(false), "initial_version": check.Str("1.0.0"),
				"publishing_mechanism": check.Str("branch"),
				"vcs_repo": knownvalue.ObjectPartial(map[string]knownvalue.Check{
					"branch": check.Str("main"), "source_directory": check.Str("modules/network"), "tag_prefix": knownvalue.Null(), "oauth_token_id": check.Str(token),
				}),
				"test_config": knownvalue.ObjectExact(map[string]knownvalue.Check{
					"tests_enabled": knownvalue.Bool(true), "agent_execution_mode": knownvalue.Null(), "agent_pool_id": knownvalue.Null(),
				}),
			}),
			// The initial version is published at once.
			Check: registryModuleIs(t, p, map[string]any{"name": "network", "module_provider": "aws", "publishing_mechanism": "branch", "branch": "main",
				"source_directory": "modules/network", "tests_enabled": true, "versions": 1}),
		},
		// Without its branch it publishes from tags; without test_config
		// it runs no tests.
		Update: check.Step{
			Config: registryModuleConfig(p, updated),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(registryModuleAddr, check.Path("publishing_mechanism"), check.Str("git_tag")),
				plancheck.ExpectKnownValue(registryModuleAddr, check.Path("vcs_repo", "tags"), knownvalue.Bool(true)),
			},
			StateChecks: stateIs(registryModuleAddr, map[string]knownvalue.Check{
				"no_code": knownvalue.Bool(true), "publishing_mechanism": check.Str("git_tag"), "test_config": knownvalue.Null(),
				"vcs_repo": knownvalue.ObjectPartial(map[string]knownvalue.Check{
					"branch": knownvalue.Null(), "source_directory": knownvalue.Null(), "tag_prefix": check.Str("v"), "tags": knownvalue.Bool(true),
				}),
			}),
			Check: registryModuleIs(t, p, map[string]any{"no_code": true, "publishing_mechanism": "git_tag", "branch": "", "source_directory": "",
				"tag_prefix": "v", "tests_enabled": false}),
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }, Ignore: []string{"initial_version"}},
			{ID: func(id string) string { return p.Organization + "/private/" + p.Organization + "/network/aws/" + id }, Ignore: []string{"initial_version"}},
			{ID: func(id string) string { return p.Organization + "/network/aws/" + id }, Ignore: []string{"initial_version"}},
		},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				m, err := c.RegistryModules.ReadByID(ctx, id)
				if err != nil {
					return err
				}
				no, main := false, "main"
				_, err = c.RegistryModules.Update(ctx, moduleIDOf(m), platformclient.RegistryModuleOptions{NoCode: &no, VCSRepo: &platformclient.RegistryModuleVCSRepoOptions{Branch: &main}})
				return err
			},
			Step: check.Step{Config: registryModuleConfig(p, updated), Check: registryModuleIs(t, p, map[string]any{"no_code": true, "publishing_mechanism": "git_tag"})},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				m, err := c.RegistryModules.ReadByID(ctx, id)
				if err != nil {
					return err
				}
				return c.RegistryModules.Delete(ctx, moduleIDOf(m))
			},
			Step: check.Step{Config: registryModuleConfig(p, updated), Check: registryModuleIs(t, p, map[string]any{"name": "network", "no_code": true})},
		},
		// Another organization is another namespace, and another OAuth
		// token.
		Replace: check.Step{
			Config: registryModuleConfig(p, `organization = "`+other+`"`+"\n"+fmt.Sprintf(`vcs_repo = {
    identifier     = "acme/terraform-aws-network"
    oauth_token_id = %q
  }`, newOAuthToken(t, p, other))),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(registryModuleAddr, check.Path("namespace"), check.Str(other)),
			},
			StateChecks: stateIs(registryModuleAddr, map[string]knownvalue.Check{"organization": check.Str(other), "namespace": check.Str(other)}),
		},
	}.Run(t)
}

// registryModuleByNamesRoute is the emulator's route of a module by its
// names.
const registryModuleByNamesRoute = "GET /api/v2/organizations/{org}/registry-modules/{registry}/{namespace}/{name}/{provider}"

// newMonorepoModule creates outside Terraform a module of the repository
// acme/terraform-aws-network, whose names are network and aws, from
// directory (none when ""), and returns it.
func newMonorepoModule(t *testing.T, p *acctest.Platform, token, directory string) *platformclient.RegistryModule {
	t.Helper()
	return newRegistryModule(t, p, p.Organization, platformclient.RegistryModuleOptions{VCSRepo: &platformclient.RegistryModuleVCSRepoOptions{
		Identifier: check.Ptr("acme/terraform-aws-network"), DisplayIdentifier: check.Ptr("acme/terraform-aws-network"),
		OAuthTokenID: &token, SourceDirectory: &directory,
	}})
}

// The platform takes a module of the names of another from another
// directory of a repository, which its paths by names would not reach: a
// create of names the organization has is refused before it is sent,
// with the command that imports the module in place.
func TestAccRegistryModule_monorepoModuleNotTakenOver(t *testing.T) {
	p := acctest.NewPlatform(t)
	token := newOAuthToken(t, p, p.Organization)
	existing := newMonorepoModule(t, p, token, "modules/network")
	before, _ := p.Stats()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: registryModuleConfig(p, fmt.Sprintf(`vcs_repo = {
    identifier     = "acme/terraform-aws-network"
    oauth_token_id = %q
  }`, token)),
			ExpectError: check.Wrapped(`Registry module already exists.*terraform import <resource address> ` +
				p.Organization + "/private/" + p.Organization + "/network/aws/" + existing.ID),
		}},
	})
	sent := p.RequestsSince(before)
	if sent["POST /api/v2/organizations/{org}/registry-modules/vcs"] != 0 || sent[registryModuleByNamesRoute] != 1 {
		t.Errorf("the refused create sent %v, want one read by names and no create", sent)
	}
	list, err := p.Client(t).RegistryModules.List(context.Background(), p.Organization, platformclient.RegistryModuleListOptions{})
	if err != nil || len(list.Items) != 1 || list.Items[0].ID != existing.ID {
		t.Errorf("modules after the refusal %v (%v), want %s alone", list, err, existing.ID)
	}
}

// Of two modules of a monorepo that share their names, the newer, which
// the paths by names do not reach, is not imported; the older is.
func TestAccRegistryModule_importOfAModuleTheNamesDoNotReach(t *testing.T) {
	p := acctest.NewPlatform(t)
	token := newOAuthToken(t, p, p.Organization)
	older := newMonorepoModule(t, p, token, "modules/network")
	newer := newMonorepoModule(t, p, token, "")
	config := registryModuleConfig(p, fmt.Sprintf(`vcs_repo = {
    identifier       = "acme/terraform-aws-network"
    oauth_token_id   = %q
    source_directory = "modules/network"
  }`, token))
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config, ResourceName: registryModuleAddr, ImportState: true, ImportStateId: newer.ID,
				ExpectError: check.Wrapped(`The module ` + newer.ID + ` shares its names, private/` + p.Organization + `/network/aws, with the older ` +
					older.ID + `, which the platform's paths by names reach`),
			},
			{
				Config: config, ResourceName: registryModuleAddr, ImportState: true, ImportStateId: older.ID,
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					if len(states) != 1 || states[0].ID != older.ID || states[0].Attributes["vcs_repo.source_directory"] != "modules/network" {
						return fmt.Errorf("imported %v, want %s", states, older.ID)
					}
					return nil
				},
			},
		},
	})
}

// Modules of no repository, a private one with its namespace in another
// case and the organization's copy of a public one, plan empty after
// their create; the data source reads them.
func TestAccRegistryModule_ofUploads(t *testing.T) {
	p := acctest.NewPlatform(t)
	config := p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_registry_module" "private" {
  namespace       = %q
  name            = "network"
  module_provider = "aws"
}

resource "stack_platform_registry_module" "public" {
  registry_name   = "public"
  namespace       = "terraform-aws-modules"
  name            = "vpc"
  module_provider = "aws"
}
`, strings.ToUpper(p.Organization))
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: append(stateIs("stack_platform_registry_module.private", map[string]knownvalue.Check{
					"namespace": check.Str(strings.ToUpper(p.Organization)), "vcs_repo": knownvalue.Null(), "publishing_mechanism": knownvalue.Null(),
					"test_config": knownvalue.Null(), "no_code": knownvalue.Bool(false),
				}), stateIs("stack_platform_registry_module.public", map[string]knownvalue.Check{
					"registry_name": check.Str("public"), "namespace": check.Str("terraform-aws-modules"),
				})...),
			},
			{Config: config, PlanOnly: true},
		},
	})
}

// A module of a repository reached through a code-host app installation.
func TestAccRegistryModule_codehostAppInstallation(t *testing.T) {
	p := acctest.NewPlatform(t)
	config := registryModuleConfig(p, `vcs_repo = {
    identifier                   = "acme/terraform-gcp-bucket"
    display_identifier           = "Acme / bucket"
    codehost_app_installation_id = "ghain-6p5RiCe5CRjBmsGt"
  }`)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: stateIs(registryModuleAddr, map[string]knownvalue.Check{
					"name": check.Str("bucket"), "module_provider": check.Str("gcp"), "publishing_mechanism": check.Str("git_tag"),
					"vcs_repo": knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"display_identifier": check.Str("Acme / bucket"), "oauth_token_id": knownvalue.Null(),
						"codehost_app_installation_id": check.Str("ghain-6p5RiCe5CRjBmsGt"), "tags": knownvalue.Bool(true),
					}),
				}),
			},
			{Config: config, PlanOnly: true},
		},
	})
}
