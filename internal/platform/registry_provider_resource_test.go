package platform_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const registryProviderAddr = "stack_platform_registry_provider.test"

func registryProviderConfig(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_registry_provider" "test" {
  %s
}
`, body)
}

// registryProviderIs checks the provider the platform holds under the ID in
// the state.
func registryProviderIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, registryProviderAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		rp, err := c.RegistryProviders.ReadByID(ctx, id)
		if err != nil {
			return nil, err
		}
		return map[string]any{"organization": rp.Organization.Name, "registry_name": rp.RegistryName, "namespace": rp.Namespace, "name": rp.Name}, nil
	})
}

func TestAccRegistryProvider_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	if _, err := p.Client(t).RegistryProviders.Create(context.Background(), p.Organization,
		platformclient.RegistryProviderOptions{RegistryName: "public", Namespace: "hashicorp", Name: "random"}); err != nil {
		t.Fatal(err)
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: registryProviderAddr, FreshID: true,
		// A create of a provider the organization has is refused, and the
		// error gives the import ID.
		NotTakenOver: check.Existing{
			Config:   registryProviderConfig(p, `registry_name = "public"`+"\n"+`namespace = "hashicorp"`+"\n"+`name = "random"`),
			ImportID: p.Organization + "/public/hashicorp/random",
			Said:     `Registry provider already exists`, Server: `409 Conflict.*Name has already been taken`,
		},
		PlanErrors: []check.PlanError{
			{Config: registryProviderConfig(p, `name = " "`), Want: check.Literal(`Attribute name must not be blank, got:`)},
			{Config: registryProviderConfig(p, `name = "aws"`+"\n"+`registry_name = "PRIVATE"`), Want: check.Literal(`Attribute registry_name value must be one of`)},
			{Config: registryProviderConfig(p, `name = "aws"`+"\n"+`registry_name = "public"`), Want: check.Literal(
				"A public provider names its namespace: that of the public registry's provider, such as `hashicorp`.")},
			{Config: registryProviderConfig(p, `name = "aws"`+"\n"+`namespace = "hashicorp"`+"\n"+`organization = "`+other+`"`), Want: check.Literal(
				`A private provider's namespace is its organization's name, "` + other + `", not "hashicorp"`)},
		},
		ImportErrors: []check.ImportError{
			{ID: p.Organization + "/mine/acme/aws", Want: check.Literal(
				`The import ID of a registry provider is its ID, prov- and 16 characters of the base58 alphabet, or <ORGANIZATION>/<REGISTRY NAME>/<NAMESPACE>/<NAME>; got "` + p.Organization + `/mine/acme/aws".`)},
		},
		Create: check.Step{
			// The organization is the provider's, the registry private, and
			// so the namespace the organization's name: all known in the
			// plan.
			Config: registryProviderConfig(p, `name = "certificates"`),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(registryProviderAddr, check.Path("organization"), check.Str(p.Organization)),
				plancheck.ExpectKnownValue(registryProviderAddr, check.Path("registry_name"), check.Str("private")),
				plancheck.ExpectKnownValue(registryProviderAddr, check.Path("namespace"), check.Str(p.Organization)),
			},
			StateChecks: stateIs(registryProviderAddr, map[string]knownvalue.Check{
				"id": idOf("prov"), "organization": check.Str(p.Organization), "registry_name": check.Str("private"),
				"namespace": check.Str(p.Organization), "name": check.Str("certificates"),
				"created_at": knownvalue.NotNull(), "updated_at": knownvalue.NotNull(),
			}),
			Check: registryProviderIs(t, p, map[string]any{"organization": p.Organization, "registry_name": "private", "namespace": p.Organization, "name": "certificates"}),
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }},
			{ID: func(string) string { return p.Organization + "/private/" + p.Organization + "/certificates" }},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				rp, err := c.RegistryProviders.ReadByID(ctx, id)
				if err != nil {
					return err
				}
				return c.RegistryProviders.Delete(ctx, platformclient.RegistryProviderID{
					Organization: rp.Organization.Name, RegistryName: rp.RegistryName, Namespace: rp.Namespace, Name: rp.Name,
				})
			},
			Step: check.Step{Config: registryProviderConfig(p, `name = "certificates"`), Check: registryProviderIs(t, p, map[string]any{"name": "certificates"})},
		},
		// Another organization is another namespace too.
		Replace: check.Step{
			Config: registryProviderConfig(p, `name = "certificates"`+"\n"+`organization = "`+other+`"`),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(registryProviderAddr, check.Path("namespace"), check.Str(other)),
			},
			StateChecks: stateIs(registryProviderAddr, map[string]knownvalue.Check{"organization": check.Str(other), "namespace": check.Str(other)}),
			Check:       registryProviderIs(t, p, map[string]any{"organization": other, "namespace": other, "name": "certificates"}),
		},
	}.Run(t)
}

// A public provider names its namespace, which is its own, kept as the
// platform answers it; a private provider's may be given, in any case,
// and keeps the configuration's spelling, so that the plan after it is
// empty.
func TestAccRegistryProvider_namespaces(t *testing.T) {
	p := acctest.NewPlatform(t)
	upper := fmt.Sprintf(`
resource "stack_platform_registry_provider" "private" {
  namespace = %q
  name      = "certificates"
}

resource "stack_platform_registry_provider" "public" {
  registry_name = "public"
  namespace     = "hashicorp"
  name          = "aws"
}
`, regexp.MustCompile(`^acc`).ReplaceAllString(p.Organization, "ACC"))
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: p.ProviderConfig() + upper,
				ConfigStateChecks: append(stateIs("stack_platform_registry_provider.public", map[string]knownvalue.Check{
					"registry_name": check.Str("public"), "namespace": check.Str("hashicorp"),
				}), stateIs("stack_platform_registry_provider.private", map[string]knownvalue.Check{
					"namespace": check.Str(regexp.MustCompile(`^acc`).ReplaceAllString(p.Organization, "ACC")),
				})...),
			},
			{Config: p.ProviderConfig() + upper, PlanOnly: true},
		},
	})
}
