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

// The current user is the token's: a user token's user (the emulator's
// site administrator), a team token's service account; an organization
// token acts as no account, and the read fails.
func TestAccCurrentUserDataSource_shape(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ctx := context.Background()
	c := p.Client(t)
	team, err := c.Teams.Create(ctx, p.Organization, platformclient.TeamOptions{Name: check.Ptr("ci")})
	if err != nil {
		t.Fatal(err)
	}
	teamToken, err := c.TeamTokens.Create(ctx, team.ID, platformclient.TeamTokenCreateOptions{Description: check.Ptr("ci")})
	if err != nil {
		t.Fatal(err)
	}
	orgToken, err := c.OrganizationTokens.Create(ctx, p.Organization, platformclient.OrganizationTokenCreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	twoFactorOff := knownvalue.ObjectExact(map[string]knownvalue.Check{"enabled": knownvalue.Bool(false), "verified": knownvalue.Bool(false)})
	check.DataSource{
		Service: p, Type: "stack_platform_current_user", Config: p.ProviderConfig(),
		Reads: []check.Read{
			{Label: "me", Want: map[string]knownvalue.Check{
				"id": idOf("user"), "username": knownvalue.StringRegexp(regexp.MustCompile(`^\w`)),
				"is_service_account": knownvalue.Bool(false), "is_admin": knownvalue.Bool(true),
				"unconfirmed_email": knownvalue.Null(), "two_factor": twoFactorOff,
				"authenticated_resource_type": check.Str("users"), "authenticated_resource_id": idOf("user"),
			}},
			{Label: "me", Config: p.ProviderConfigWith(teamToken.Token, p.Organization), Want: map[string]knownvalue.Check{
				"username":           knownvalue.StringRegexp(regexp.MustCompile(`^api-team_`)),
				"is_service_account": knownvalue.Bool(true), "is_admin": knownvalue.Bool(false),
				"authenticated_resource_type": check.Str("teams"), "authenticated_resource_id": check.Str(team.ID),
			}},
		},
		NotFound: []check.Refusal{{
			Config: p.ProviderConfigWith(orgToken.Token, p.Organization),
			Want:   check.Wrapped(`Cannot read the account of the provider's token.*GET .*/api/v2/account/details.*404`),
		}},
	}.Run(t)
}
