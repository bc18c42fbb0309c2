package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds the GPG keys of an organization's namespace, the
// provider's organization or another, named by their key IDs; with
// include_resource, each is the state an import gives, its armored key
// among it.
func TestAccRegistryGPGKeyListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	create := func(org string) (*platformclient.RegistryGPGKey, string) {
		armor := publicKeyBlock(t)
		k, err := p.Client(t).RegistryGPGKeys.Create(context.Background(), platformclient.RegistryGPGKeyOptions{Namespace: org, AsciiArmor: armor})
		if err != nil {
			t.Fatal(err)
		}
		return k, armor
	}
	first, armor := create(p.Organization)
	second, _ := create(p.Organization)
	elsewhere, _ := create(other)
	in := func(org string, k *platformclient.RegistryGPGKey) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"organization": org, "id": k.KeyID})
	}
	check.Query{
		Type: "stack_platform_registry_gpg_key", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{in(p.Organization, first), in(p.Organization, second)}, DisplayName: first.KeyID,
				Resource: map[string]knownvalue.Check{
					"id": check.Str(first.KeyID), "organization": check.Str(p.Organization), "ascii_armor": check.Str(armor),
					"created_at": knownvalue.NotNull(), "updated_at": knownvalue.NotNull(),
				},
			},
			{Label: "other", Args: check.Args{"organization": other}, Found: []map[string]knownvalue.Check{in(other, elsewhere)}, DisplayName: elsewhere.KeyID},
		},
	}.Run(t)
}
