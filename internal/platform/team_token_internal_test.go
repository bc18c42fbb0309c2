package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The team token's convention and round trip, which conventions_test.go
// runs.
func init() {
	declareObject("team token", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType:    platformclient.TeamToken{},
			shownBy:    attributeNames(teamTokenSchema(ctx).Attributes),
			notExposed: map[string]string{"created-at": tokensActivity, "last-used-at": tokensActivity},
		}
	})
	declareRoundTrip("team token", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := teamTokenModel{
			TeamID: str("team-6p5RiCe5CRjBmsGt"), Description: str("ci"),
			ExpiredAt: timetypes.NewRFC3339ValueMust("2030-01-31T18:00:00Z"), ForceRegenerate: types.BoolNull(),
		}
		opts, err := teamTokenFromModel(&want)
		if err != nil {
			t.Fatal(err)
		}
		a := throughJSONAPI[platformclient.TeamToken](t, &opts)
		a.ID, a.Team = "at-6p5RiCe5CRjBmsGt", &platformclient.Team{ID: want.TeamID.ValueString()}
		var got teamTokenModel
		modelFromTeamToken(&got, a)
		// force_regenerate is the provider's own: no request carries it.
		sameConfigurable(t, "team token", teamTokenSchema(ctx), &want, &got, "force_regenerate")
	})
}
