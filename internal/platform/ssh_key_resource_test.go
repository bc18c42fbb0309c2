package platform_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const sshKeyAddr = "stack_platform_ssh_key.test"

// Test keys: text the platform takes as a key, not a real one.
const (
	testKeyA = "-----BEGIN OPENSSH PRIVATE KEY-----\ntest-key-a\n-----END OPENSSH PRIVATE KEY-----\n"
	testKeyB = "-----BEGIN OPENSSH PRIVATE KEY-----\ntest-key-b\n-----END OPENSSH PRIVATE KEY-----\n"
)

func sshKeyConfig(p *acctest.Platform, name, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_ssh_key" "test" {
  name = %q
  %s
}
`, name, body)
}

func keyArg(key string) string { return fmt.Sprintf("key = %q", key) }

// sshKeyIs checks the name the platform holds under the ID in the state.
func sshKeyIs(t *testing.T, p *acctest.Platform, name string) resource.TestCheckFunc {
	return holds(t, p, sshKeyAddr, map[string]any{"name": name}, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		k, err := c.SSHKeys.Read(ctx, id)
		if err != nil {
			return nil, err
		}
		return map[string]any{"name": k.Name}, nil
	})
}

func TestAccSSHKey_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: sshKeyAddr, FreshID: true,
		PlanErrors: []check.PlanError{
			{Config: sshKeyConfig(p, "deploy", ""), Want: check.Wrapped(`key or key_wo is required to create the SSH key`)},
			{Config: sshKeyConfig(p, " ", keyArg(testKeyA)), Want: check.Literal(`Attribute name must not be blank, got:`)},
			{Config: sshKeyConfig(p, "deploy", keyArg(testKeyA)+"\n  key_wo = \"x\"\n  key_wo_version = 1"),
				Want: check.Wrapped(`Attribute "key_wo" cannot be specified when "key" is specified`)},
			{Config: sshKeyConfig(p, "deploy", `key_wo = "x"`), Want: check.Wrapped(`Attribute "key_wo_version" must be specified when "key_wo" is specified`)},
		},
		ImportErrors: []check.ImportError{{ID: "ws-6p5RiCe5CRjBmsGt", Want: check.Literal(
			`The import ID of an SSH key is its ID, sshkey- and 16 characters of the base58 alphabet, in the provider's default organization, or <ORGANIZATION>/<SSH KEY ID>; got "ws-6p5RiCe5CRjBmsGt".`)}},
		Create: check.Step{
			Config: sshKeyConfig(p, "deploy", keyArg(testKeyA)),
			StateChecks: stateIs(sshKeyAddr, map[string]knownvalue.Check{
				"id": idOf("sshkey"), "organization": check.Str(p.Organization), "name": check.Str("deploy"), "key": check.Str(testKeyA),
			}),
			Check: sshKeyIs(t, p, "deploy"),
		},
		// A rename is in place, and sends the name alone.
		Update: check.Step{
			Config: sshKeyConfig(p, "deploy-2", keyArg(testKeyA)),
			Check:  sshKeyIs(t, p, "deploy-2"),
		},
		// The platform never answers the key: an import has none.
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }, Ignore: []string{"key"}},
			{ID: func(id string) string { return p.Organization + "/" + id }, Ignore: []string{"key"}},
		},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				_, err := c.SSHKeys.Update(ctx, id, platformclient.SSHKeyOptions{Name: check.Ptr("renamed")})
				return err
			},
			Step: check.Step{Config: sshKeyConfig(p, "deploy-2", keyArg(testKeyA)), Check: sshKeyIs(t, p, "deploy-2")},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.SSHKeys.Delete(ctx, id)
			},
			Step: check.Step{Config: sshKeyConfig(p, "deploy-2", keyArg(testKeyA)), Check: sshKeyIs(t, p, "deploy-2")},
		},
		// A new key makes a new SSH key.
		Replace: check.Step{
			Config:      sshKeyConfig(p, "deploy-2", keyArg(testKeyB)),
			StateChecks: stateIs(sshKeyAddr, map[string]knownvalue.Check{"key": check.Str(testKeyB)}),
			Check:       sshKeyIs(t, p, "deploy-2"),
		},
	}.Run(t)
}

// Given through key_wo, the key never enters the state; a new version of
// it replaces the SSH key, and a rename alone does not.
func TestAccSSHKey_writeOnlyKey(t *testing.T) {
	p := acctest.NewPlatform(t)
	var id string
	wo := func(name, key string, version int) string {
		return sshKeyConfig(p, name, fmt.Sprintf("key_wo = %q\n  key_wo_version = %d", key, version))
	}
	action := func(a plancheck.ResourceActionType) resource.ConfigPlanChecks {
		return resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(sshKeyAddr, a)}}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: wo("deploy", testKeyA, 1),
				ConfigStateChecks: stateIs(sshKeyAddr, map[string]knownvalue.Check{
					"key": knownvalue.Null(), "key_wo": knownvalue.Null(), "key_wo_version": knownvalue.Int64Exact(1),
				}),
				Check: resource.ComposeTestCheckFunc(check.IDKept(sshKeyAddr, &id), sshKeyIs(t, p, "deploy")),
			},
			{Config: wo("deploy-2", testKeyA, 1), ConfigPlanChecks: action(plancheck.ResourceActionUpdate), Check: check.IDKept(sshKeyAddr, &id)},
			{
				Config:           wo("deploy-2", testKeyB, 2),
				ConfigPlanChecks: action(plancheck.ResourceActionDestroyBeforeCreate),
				ConfigStateChecks: stateIs(sshKeyAddr, map[string]knownvalue.Check{
					"key": knownvalue.Null(), "key_wo_version": knownvalue.Int64Exact(2),
				}),
				Check: func(s *terraform.State) error {
					if newID, _ := check.StateValue(s, sshKeyAddr, "id"); newID == id {
						return fmt.Errorf("the SSH key %s was not replaced", id)
					}
					return nil
				},
			},
		},
	})
}

// After an import, which has no key, the configured key goes to the state
// in place: the platform keeps the key it has, and nothing is replaced.
func TestAccSSHKey_importThenPlanKeepsTheKey(t *testing.T) {
	p := acctest.NewPlatform(t)
	k, err := p.Client(t).SSHKeys.Create(context.Background(), p.Organization, platformclient.SSHKeyOptions{Name: check.Ptr("deploy"), Value: check.Ptr(testKeyA)})
	if err != nil {
		t.Fatal(err)
	}
	config := sshKeyConfig(p, "deploy", keyArg(testKeyA))
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config, ResourceName: sshKeyAddr, ImportState: true, ImportStateId: k.ID, ImportStatePersist: true},
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(sshKeyAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: stateIs(sshKeyAddr, map[string]knownvalue.Check{"id": check.Str(k.ID), "key": check.Str(testKeyA)}),
			},
		},
	})
}

// A key of another organization is not imported as one of the provider's.
func TestAccSSHKey_importOfAnotherOrganizationsKey(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	k, err := p.Client(t).SSHKeys.Create(context.Background(), other, platformclient.SSHKeyOptions{Name: check.Ptr("deploy"), Value: check.Ptr(testKeyA)})
	if err != nil {
		t.Fatal(err)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: sshKeyConfig(p, "deploy", keyArg(testKeyA)), ResourceName: sshKeyAddr, ImportState: true, ImportStateId: k.ID,
			ExpectError: check.Literal(fmt.Sprintf(`The SSH key %s is not a key of the organization %q: import it as <ORGANIZATION>/%s with its own.`, k.ID, p.Organization, k.ID)),
		}},
	})
}
