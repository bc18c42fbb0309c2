package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

var _ datasource.DataSourceWithConfigure = (*teamDataSource)(nil)

var teamLookup = lookup{
	object: "team", idPrefix: platformclient.PrefixTeam, idRule: "`team-` and 16 characters",
	nameMatch: ", compared exactly, in its case", nameRule: teamNameRule, nameValidators: teamNameValidators(),
	owner:    "the team's",
	unlisted: ", and the platform does not list the secret teams that the token may not see",
}

// NewTeamDataSource is the constructor of the stack_platform_team data
// source.
func NewTeamDataSource() datasource.DataSource { return &teamDataSource{} }

type teamDataSource struct {
	client *platformclient.Client
}

// teamAttributes are a team's attributes as the data sources show them,
// all computed: those of teamModel.
func teamAttributes() map[string]schema.Attribute {
	flags := make(map[string]schema.Attribute, len(organizationAccessFlags))
	for _, f := range organizationAccessFlags {
		flags[f.attribute] = schema.BoolAttribute{Computed: true, Description: f.description()}
	}
	return map[string]schema.Attribute{
		"id":           schema.StringAttribute{Computed: true, Description: "The team's ID, `team-` and 16 characters."},
		"organization": schema.StringAttribute{Computed: true, Description: "Name of the team's organization."},
		"name":         schema.StringAttribute{Computed: true, Description: "Name of the team."},
		"visibility": schema.StringAttribute{
			Computed:    true,
			Description: "Who sees the team: `secret` (its members and those who manage teams) or `organization` (every member of the organization).",
		},
		"sso_team_id": schema.StringAttribute{
			Computed:    true,
			Description: "ID of the team in the organization's single sign-on identity provider; null when it has none.",
		},
		"allow_member_token_management": schema.BoolAttribute{
			Computed:    true,
			Description: "Whether the team's members may manage the team's tokens.",
		},
		"organization_access": schema.SingleNestedAttribute{
			Computed:    true,
			Description: "What the team may do across the organization.",
			Attributes:  flags,
		},
	}
}

func (d *teamDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_platform_team"
}

func (d *teamDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := teamAttributes()
	teamLookup.addAttributes(attrs)
	resp.Schema = schema.Schema{
		Description: "Reads a team of the platform, by its ID or by its name in an organization, with its organization access. " +
			"The platform answers a team the token may not see, such as a secret team to a token of another team, as one that does not exist.",
		Attributes: attrs,
	}
}

func (d *teamDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = fwutil.ClientOf[*platformclient.Client](req.ProviderData, platformclient.Service, fwutil.NeedsToken, &resp.Diagnostics)
}

func (d *teamDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m teamModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Config, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	got, ok := find(ctx, teamLookup, d.client, m.ID, m.Organization, m.Name, &resp.Diagnostics,
		d.client.Teams.Read,
		func(ctx context.Context, org, name string) ([]*platformclient.Team, error) {
			found, err := d.client.Teams.List(ctx, org, platformclient.TeamListOptions{Names: []string{name}})
			if err != nil {
				return nil, err
			}
			return found.Items, nil
		},
		func(t *platformclient.Team) string { return t.Name })
	if !ok {
		return
	}
	modelFromTeam(&m, got, &resp.Diagnostics)
	resp.Diagnostics.Append(fwutil.Set(ctx, &resp.State, &m)...)
}
