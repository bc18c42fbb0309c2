package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

var _ datasource.DataSourceWithConfigure = (*variableSetDataSource)(nil)

var variableSetLookup = lookup{
	object: "variable set", idPrefix: platformclient.PrefixVariableSet, idRule: variableSetIDRule,
	nameMatch: ", compared exactly", nameValidators: variableSetNameValidators(), owner: "the set's",
}

// NewVariableSetDataSource is the constructor of the
// stack_platform_variable_set data source.
func NewVariableSetDataSource() datasource.DataSource { return &variableSetDataSource{} }

type variableSetDataSource struct {
	client *platformclient.Client
}

func (d *variableSetDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_platform_variable_set"
}

func (d *variableSetDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := map[string]schema.Attribute{
		"description":       schema.StringAttribute{Computed: true, Description: "Description of the set; null when it has none."},
		"global":            schema.BoolAttribute{Computed: true, Description: "Whether the set applies to every workspace of the organization."},
		"priority":          schema.BoolAttribute{Computed: true, Description: "Whether the set's variables win over those of more specific scopes."},
		"parent_project_id": schema.StringAttribute{Computed: true, Description: "ID of the project that owns the set; null when the organization does."},
	}
	variableSetLookup.addAttributes(attrs)
	resp.Schema = schema.Schema{
		Description: "Reads a variable set of the platform, by its ID or by its name in an organization. " +
			"The platform answers a set the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

func (d *variableSetDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = fwutil.ClientOf[*platformclient.Client](req.ProviderData, platformclient.Service, fwutil.NeedsToken, &resp.Diagnostics)
}

func (d *variableSetDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m variableSetModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Config, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	got, ok := find(ctx, variableSetLookup, d.client, m.ID, m.Organization, m.Name, &resp.Diagnostics,
		func(ctx context.Context, id string) (*platformclient.VariableSet, error) {
			return d.client.VariableSets.Read(ctx, id, platformclient.VariableSetReadOptions{})
		},
		func(ctx context.Context, org, name string) ([]*platformclient.VariableSet, error) {
			found, err := d.client.VariableSets.List(ctx, org, platformclient.VariableSetListOptions{Query: name})
			if err != nil {
				return nil, err
			}
			return found.Items, nil
		},
		func(vs *platformclient.VariableSet) string { return vs.Name })
	if !ok {
		return
	}
	modelFromVariableSet(&m, got)
	resp.Diagnostics.Append(fwutil.Set(ctx, &resp.State, &m)...)
}
