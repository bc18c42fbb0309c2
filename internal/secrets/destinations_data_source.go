package secrets

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

var _ datasource.DataSourceWithConfigure = (*destinationsDataSource)(nil)

type destinationsDataSourceModel struct {
	Type         types.String             `tfsdk:"type"`
	Destinations []destinationStubDSModel `tfsdk:"destinations"`
	Total        types.Int64              `tfsdk:"total"`
}

type destinationStubDSModel struct {
	Type types.String `tfsdk:"type"`
	Name types.String `tfsdk:"name"`
}

// NewDestinationsDataSource is the constructor of the
// stack_secrets_sync_destinations data source.
func NewDestinationsDataSource() datasource.DataSource { return &destinationsDataSource{} }

type destinationsDataSource struct {
	client *secretsclient.Client
}

func (d *destinationsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_secrets_sync_destinations"
}

func (d *destinationsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the secrets-sync destinations of the namespace of the provider's `secrets` block, of every type or of one type, each by its type and name only. " +
			"A service without destinations gives an empty list. Use `stack_secrets_sync_destination` to read one of them.",
		Attributes: map[string]schema.Attribute{
			"type": schema.StringAttribute{
				Optional:    true,
				Description: "When set, only destinations of this type are listed: " + destinationTypesText() + ".",
				Validators:  []validator.String{stringvalidator.OneOf(destinationTypes...)},
			},
			"destinations": schema.ListNestedAttribute{
				Computed:    true,
				Description: "The destinations, sorted by type and then by name, so that the order does not change from one read to the next.",
				NestedObject: schema.NestedAttributeObject{
					Attributes: map[string]schema.Attribute{
						"type": schema.StringAttribute{Computed: true, Description: "Type of the destination."},
						"name": schema.StringAttribute{Computed: true, Description: "Name of the destination, unique among destinations of its type."},
					},
				},
			},
			"total": schema.Int64Attribute{
				Computed:    true,
				Description: "Number of destinations listed.",
			},
		},
	}
}

func (d *destinationsDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = fwutil.ClientOf[*secretsclient.Client](req.ProviderData, secretsclient.Service, fwutil.NeedsToken, &resp.Diagnostics)
}

func (d *destinationsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m destinationsDataSourceModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Config, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	stubs := []destinationStubDSModel{}
	add := func(typ, name string) {
		stubs = append(stubs, destinationStubDSModel{Type: types.StringValue(typ), Name: types.StringValue(name)})
	}
	if typ := m.Type.ValueString(); typ != "" {
		got, meta, err := d.client.ListDestinationsByType(ctx, typ)
		if err != nil {
			fwutil.AddAPIError(&resp.Diagnostics, "Cannot list the "+typ+" destinations", err)
			return
		}
		addWarnings(&resp.Diagnostics, meta)
		for _, name := range got.Keys {
			add(typ, name)
		}
	} else {
		got, meta, err := d.client.ListDestinations(ctx)
		if err != nil {
			fwutil.AddAPIError(&resp.Diagnostics, "Cannot list the destinations", err)
			return
		}
		addWarnings(&resp.Diagnostics, meta)
		// key_info maps "<type>/" to the type's names; keys only
		// repeats its keys.
		for key, names := range got.KeyInfo {
			for _, name := range names {
				add(strings.TrimSuffix(key, "/"), name)
			}
		}
	}
	slices.SortFunc(stubs, func(a, b destinationStubDSModel) int {
		return cmp.Or(
			strings.Compare(a.Type.ValueString(), b.Type.ValueString()),
			strings.Compare(a.Name.ValueString(), b.Name.ValueString()),
		)
	})
	m.Destinations = stubs
	m.Total = types.Int64Value(int64(len(stubs)))
	resp.Diagnostics.Append(fwutil.Set(ctx, &resp.State, &m)...)
}
