package platform_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// The data source reads the provider's default organization unless it
// names another, with the resource's mapping.
func TestAccOrganizationDataSource_defaultAndNamed(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	var defaultProject string
	if o, err := p.Client(t).Organizations.Read(context.Background(), p.Organization, platformclient.OrganizationReadOptions{}); err != nil {
		t.Fatal(err)
	} else {
		defaultProject = o.DefaultProject.ID
	}
	if _, err := p.Client(t).Organizations.Update(context.Background(), other, platformclient.OrganizationOptions{
		SessionTimeout: check.Ptr(90), AggregatedCommitStatusEnabled: check.Ptr(false),
	}); err != nil {
		t.Fatal(err)
	}
	const def, named = "data.stack_platform_organization.default", "data.stack_platform_organization.named"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfig() + `
data "stack_platform_organization" "default" {}

data "stack_platform_organization" "named" {
  name = "` + other + `"
}
`,
			ConfigStateChecks: append(stateIs(def, orgDefaults),
				statecheck.ExpectKnownValue(def, check.Path("name"), check.Str(p.Organization)),
				statecheck.ExpectKnownValue(def, check.Path("id"), check.Str(p.Organization)),
				statecheck.ExpectKnownValue(def, check.Path("email"), check.Str("acctest@"+p.Organization+".example")),
				statecheck.ExpectKnownValue(def, check.Path("external_id"), idOf("org")),
				statecheck.ExpectKnownValue(def, check.Path("default_project_id"), check.Str(defaultProject)),
				statecheck.ExpectKnownValue(named, check.Path("name"), check.Str(other)),
				statecheck.ExpectKnownValue(named, check.Path("session_timeout"), knownvalue.Int64Exact(90)),
				statecheck.ExpectKnownValue(named, check.Path("aggregated_commit_status_enabled"), knownvalue.Bool(false)),
			),
		}},
	})
}

// An organization the token may not see reads as missing, and the error
// says that the token may be why.
func TestAccOrganizationDataSource_notVisibleToToken(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfigWith(p.MintUserToken(t), p.Organization) + `
data "stack_platform_organization" "default" {}
`,
			ExpectError: check.Wrapped(`Cannot read the organization "` + regexp.QuoteMeta(p.Organization) + `".*404 Not Found.*` + notVisibleHint),
		}},
	})
}
