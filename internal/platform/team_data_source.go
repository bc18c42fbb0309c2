package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// teamDataModel is a team as the data sources show it: what the
// resource has.
type teamDataModel = teamModel

var teamLookup = lookup{
	object: "team", idPrefix: platformclient.PrefixTeam, idRule: "`team-` and 16 characters",
	nameMatch: ", compared exactly, in its case", nameRule: teamNameRule, nameValidators: teamNameValidators(),
	owner:    "the team's",
	unlisted: ", and the platform does not list the secret teams that the token may not see",
}

// NewTeamDataSource is the constructor of the stack_platform_team data
// source.
var NewTeamDataSource = fwutil.NewDataSource(&fwutil.DataSource[teamDataModel, *platformclient.Client]{
	TypeName: "platform_team",
	Service:  platformclient.Service,
	Schema:   teamDataSourceSchema,
	Read:     readTeamDataSource,
})

// teamAttributes are a team's attributes as the data sources show them:
// the resource's, all computed.
func teamAttributes(ctx context.Context) map[string]schema.Attribute {
	describe := map[string]string{
		"organization":                  "Name of the team's organization.",
		"name":                          "Name of the team.",
		"visibility":                    "Who sees the team: `secret` (its members and those who manage teams) or `organization` (every member of the organization).",
		"sso_team_id":                   "ID of the team in the organization's single sign-on identity provider; null when it has none.",
		"allow_member_token_management": "Whether the team's members may manage the team's tokens.",
		"organization_access":           "What the team may do across the organization.",
	}
	for _, f := range organizationAccessFlags {
		describe["organization_access."+f.attribute] = f.description()
	}
	return computedFrom(teamSchema(ctx), describe)
}

func teamDataSourceSchema(ctx context.Context) schema.Schema {
	attrs := teamAttributes(ctx)
	teamLookup.addAttributes(attrs)
	return schema.Schema{
		Description: "Reads a team of the platform, by its ID or by its name in an organization, with its organization access. " +
			"Every organization has a team named `owners`, which the platform makes with the organization, whose members manage all of it, and which cannot be deleted: " +
			"`name = \"owners\"` reads it. " +
			"The platform answers a team the token may not see, such as a secret team to a token of another team, as one that does not exist.",
		Attributes: attrs,
	}
}

func readTeamDataSource(ctx context.Context, c *platformclient.Client, m *teamDataModel, diags *diag.Diagnostics) {
	got, ok := find(ctx, teamLookup, c, m.ID, m.Organization, m.Name, diags,
		c.Teams.Read,
		func(ctx context.Context, org, name string) (*platformclient.TeamList, error) {
			return c.Teams.List(ctx, org, platformclient.TeamListOptions{Names: []string{name}})
		},
		func(t *platformclient.Team) string { return t.Name })
	if !ok {
		return
	}
	modelFromTeam(m, got, diags)
}
