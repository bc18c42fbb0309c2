package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The registry module's and its version deprecation's conventions and
// round trips, which conventions_test.go runs.
func init() {
	declareObject("registry module", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.RegistryModule{},
			shownBy: attributeNames(registryModuleSchema(ctx).Attributes, registryModuleDataSourceSchema(ctx).Attributes),
			renamed: map[string]string{"provider": "module_provider"},
			notExposed: map[string]string{
				"status":           "whether a version is published yet: it follows the versions, which are published outside Terraform",
				"version-statuses": "the versions and their ingestion, which are published outside Terraform",
				"created-at":       serverTimes,
				"updated-at":       serverTimes,
			},
		}
	})
	declareObject("registry module version", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.RegistryModuleVersion{},
			shownBy: attributeNames(registryModuleVersionDeprecationSchema(ctx).Attributes),
			notExposed: map[string]string{
				"status":     "the version's ingestion, published outside Terraform; its deprecation is what the resource manages",
				"source":     "where the version came from, published outside Terraform",
				"commit-sha": "the commit the version was published from, outside Terraform",
				"created-at": serverTimes,
				"updated-at": serverTimes,
			},
		}
	})
	declareObject("registry module version deprecation", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.RegistryModuleDeprecation{},
			shownBy: attributeNames(registryModuleVersionDeprecationSchema(ctx).Attributes),
		}
	})
	declareRoundTrip("registry module version deprecation", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := registryModuleVersionDeprecationModel{
			Organization: str("acme"), ModuleName: str("network"), ModuleProvider: str("aws"), Version: str("1.2.0"),
			Reason: str("use 1.2.1"), Link: str("https://example.com/1.2.1"),
		}
		got := registryModuleVersionDeprecationModel{Organization: want.Organization, ModuleName: want.ModuleName, ModuleProvider: want.ModuleProvider}
		v := &platformclient.RegistryModuleVersion{ID: "modver-6p5RiCe5CRjBmsGt", Version: "1.2.0",
			Deprecation: &platformclient.RegistryModuleDeprecation{Reason: "use 1.2.1", Link: "https://example.com/1.2.1"}}
		if err := modelFromModuleVersionDeprecation(&got, v); err != nil {
			t.Fatal(err)
		}
		sameConfigurable(t, "registry module version deprecation", registryModuleVersionDeprecationSchema(ctx), &want, &got)
	})
	declareRoundTrip("registry module", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := registryModuleModel{
			Organization: str("acme"), RegistryName: str("private"), Namespace: str("acme"), Name: str("vpc"), ModuleProvider: str("aws"),
			NoCode: types.BoolValue(true), InitialVersion: str("1.0.0"), PublishingMechanism: str("branch"),
			VCSRepo: &registryModuleVCSRepoModel{
				Identifier: str("acme/terraform-aws-vpc"), DisplayIdentifier: str("acme/terraform-aws-vpc"), OAuthTokenID: str("ot-6p5RiCe5CRjBmsGt"),
				CodehostAppInstallationID: types.StringNull(), Branch: str("main"), Tags: types.BoolValue(false),
				SourceDirectory: str("modules/vpc"), TagPrefix: str("vpc-v"),
			},
			TestConfig: &registryModuleTestConfigModel{TestsEnabled: types.BoolValue(true), AgentExecutionMode: str("agent"), AgentPoolID: str("apool-6p5RiCe5CRjBmsGt")},
		}
		opts := registryModuleFromModel(&want, true)
		if opts.InitialVersion != "1.0.0" {
			t.Errorf("registry module: initial_version went out as %q", opts.InitialVersion)
		}
		a := throughJSONAPI[platformclient.RegistryModule](t, &opts)
		// What the platform derives from the create: the namespace and
		// how the module publishes, from its branch.
		a.Namespace, a.PublishingMechanism, a.Organization = "acme", platformclient.PublishingBranch, &platformclient.Organization{Name: "acme"}
		var got registryModuleModel
		modelFromRegistryModule(&got, a)
		// initial_version is the create's alone, which the platform does
		// not answer.
		sameConfigurable(t, "registry module", registryModuleSchema(ctx), &want, &got, "initial_version")
	})
}
