package platform_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// The data source reads the provider's default organization unless it
// names another, with the resource's mapping. An organization the token
// may not see reads as missing, and the error says that the token may be
// why.
func TestAccOrganizationDataSource_shape(t *testing.T) {
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
	// An emulator of its own, whose organization a user's token there
	// does not see.
	e := acctest.NewPlatformEmulator(t, emulator.Options{})
	check.DataSource{
		Service: p, Type: "stack_platform_organization", Config: p.ProviderConfig(),
		Reads: []check.Read{{Label: "default", Want: merged(orgDefaults, map[string]knownvalue.Check{
			"name": check.Str(p.Organization), "id": check.Str(p.Organization), "email": check.Str("acctest@" + p.Organization + ".example"),
			"external_id": idOf("org"), "default_project_id": check.Str(defaultProject),
		})}},
		ByName: check.Read{Args: check.Args{"name": other}, Want: map[string]knownvalue.Check{
			"name": check.Str(other), "session_timeout": knownvalue.Int64Exact(90), "aggregated_commit_status_enabled": knownvalue.Bool(false),
		}},
		NotFound: []check.Refusal{{
			Config: e.ProviderConfigWith(e.MintUserToken(t), e.Organization),
			Want:   check.Wrapped(`Cannot read the organization "` + regexp.QuoteMeta(e.Organization) + `".*404 Not Found.*` + notVisibleHint),
		}},
	}.Run(t)
}
