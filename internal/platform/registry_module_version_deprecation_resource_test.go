package platform_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const moduleDeprecationAddr = "stack_platform_registry_module_version_deprecation.test"

func moduleDeprecationConfig(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_registry_module_version_deprecation" "test" {
  module_name     = "network"
  module_provider = "aws"
  %s
}
`, body)
}

// deprecationOf reads the deprecation of a version of the module, nil
// when it has none.
func deprecationOf(t *testing.T, p *acctest.Platform, module platformclient.RegistryModuleID, version string) *platformclient.RegistryModuleDeprecation {
	t.Helper()
	v, err := p.Client(t).RegistryModuleVersions.Read(context.Background(), module, version)
	if err != nil {
		t.Fatal(err)
	}
	return v.Deprecation
}

// deprecated checks the version's deprecation on the platform.
func deprecated(t *testing.T, p *acctest.Platform, module platformclient.RegistryModuleID, version, reason, link string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		d := deprecationOf(t, p, module, version)
		if d == nil || d.Reason != reason || d.Link != link {
			return fmt.Errorf("version %s's deprecation is %+v, want the reason %q and the link %q", version, d, reason, link)
		}
		return nil
	}
}

func TestAccRegistryModuleVersionDeprecation_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	module := moduleIDOf(newRegistryModule(t, p, p.Organization, platformclient.RegistryModuleOptions{Name: "network", Provider: "aws"}))
	ctx := context.Background()
	for _, v := range []string{"0.9.0", "1.0.0", "1.1.0"} {
		if _, err := p.Client(t).RegistryModuleVersions.Create(ctx, module, platformclient.RegistryModuleVersionOptions{Version: v}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := p.Client(t).RegistryModuleVersions.Deprecate(ctx, module, "0.9.0", platformclient.VersionDeprecated, "too old", ""); err != nil {
		t.Fatal(err)
	}
	versionID := func(version string) string {
		v, err := p.Client(t).RegistryModuleVersions.Read(ctx, module, version)
		if err != nil {
			t.Fatal(err)
		}
		return v.ID
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: moduleDeprecationAddr,
		// Its ID is the version's: deprecated again, it is the same.
		// A version deprecated already is not taken over: its reason
		// stays.
		NotTakenOver: check.Existing{
			Config:   moduleDeprecationConfig(p, `version = "0.9.0"`+"\n"+`reason = "mine"`),
			ImportID: p.Organization + "/network/aws/0.9.0",
			Said:     `Registry module version deprecation already exists`,
			Then:     []resource.TestStep{{Config: p.ProviderConfig(), Check: deprecated(t, p, module, "0.9.0", "too old", "")}},
		},
		PlanErrors: []check.PlanError{
			{Config: moduleDeprecationConfig(p, `version = "1.0"`), Want: check.Literal(`Attribute version must be a semantic version, such as 1.2.0`)},
			{Config: moduleDeprecationConfig(p, `version = "1.0.0"`+"\n"+`reason = " "`), Want: check.Literal(`Attribute reason must not be blank`)},
		},
		ImportErrors: []check.ImportError{
			{ID: p.Organization + "/network/aws", Want: check.Literal(`The import ID of a registry module version deprecation is ` +
				`<ORGANIZATION>/<MODULE NAME>/<MODULE PROVIDER>/<VERSION>; got "` + p.Organization + `/network/aws".`)},
		},
		Create: check.Step{
			Config: moduleDeprecationConfig(p, `version = "1.0.0"`+"\n"+`reason = "use 1.1.0"`),
			StateChecks: stateIs(moduleDeprecationAddr, map[string]knownvalue.Check{
				"id": check.Str(versionID("1.0.0")), "organization": check.Str(p.Organization), "version": check.Str("1.0.0"),
				"reason": check.Str("use 1.1.0"), "link": knownvalue.Null(),
			}),
			Check: deprecated(t, p, module, "1.0.0", "use 1.1.0", ""),
		},
		Update: check.Step{
			Config:      moduleDeprecationConfig(p, `version = "1.0.0"`+"\n"+`reason = "insecure"`+"\n"+`link = "https://example.com/1.1.0"`),
			StateChecks: stateIs(moduleDeprecationAddr, map[string]knownvalue.Check{"reason": check.Str("insecure"), "link": check.Str("https://example.com/1.1.0")}),
			Check:       deprecated(t, p, module, "1.0.0", "insecure", "https://example.com/1.1.0"),
		},
		Imports: []check.ImportID{{ID: func(string) string { return p.Organization + "/network/aws/1.0.0" }}},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, _ string) error {
				_, err := c.RegistryModuleVersions.Deprecate(ctx, module, "1.0.0", platformclient.VersionDeprecated, "changed", "")
				return err
			},
			Step: check.Step{
				Config: moduleDeprecationConfig(p, `version = "1.0.0"`+"\n"+`reason = "insecure"`+"\n"+`link = "https://example.com/1.1.0"`),
				Check:  deprecated(t, p, module, "1.0.0", "insecure", "https://example.com/1.1.0"),
			},
		},
		// A deprecation reverted outside Terraform is deprecated again.
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, _ string) error {
				_, err := c.RegistryModuleVersions.Deprecate(ctx, module, "1.0.0", platformclient.VersionUndeprecated, "", "")
				return err
			},
			Step: check.Step{
				Config: moduleDeprecationConfig(p, `version = "1.0.0"`+"\n"+`reason = "insecure"`+"\n"+`link = "https://example.com/1.1.0"`),
				Check:  deprecated(t, p, module, "1.0.0", "insecure", "https://example.com/1.1.0"),
			},
		},
		// Another version: this one's deprecation is reverted.
		Replace: check.Step{
			Config: moduleDeprecationConfig(p, `version = "1.1.0"`),
			StateChecks: stateIs(moduleDeprecationAddr, map[string]knownvalue.Check{
				"id": check.Str(versionID("1.1.0")), "reason": knownvalue.Null(),
			}),
			Check: resource.ComposeTestCheckFunc(deprecated(t, p, module, "1.1.0", "", ""), func(*terraform.State) error {
				if d := deprecationOf(t, p, module, "1.0.0"); d != nil {
					return fmt.Errorf("1.0.0 is still deprecated: %+v", d)
				}
				return nil
			}),
		},
		CheckDestroy: func(*terraform.State) error {
			if d := deprecationOf(t, p, module, "1.1.0"); d != nil {
				return fmt.Errorf("1.1.0 is still deprecated after the destroy: %+v", d)
			}
			return nil
		},
	}.Run(t)
}
