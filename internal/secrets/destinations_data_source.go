package secrets

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

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
var NewDestinationsDataSource = fwutil.NewDataSource(&fwutil.DataSource[destinationsDataSourceModel, *secretsclient.Client]{
	TypeName: "secrets_sync_destinations",
	Service:  secretsclient.Service,
	Schema:   destinationsDataSourceSchema,
	Read:     readDestinationsDataSource,
})

func destinationsDataSourceSchema(context.Context) schema.Schema {
	return schema.Schema{
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

func readDestinationsDataSource(ctx context.Context, c *secretsclient.Client, m *destinationsDataSourceModel, diags *diag.Diagnostics) {
	stubs := []destinationStubDSModel{}
	add := func(typ, name string) {
		stubs = append(stubs, destinationStubDSModel{Type: types.StringValue(typ), Name: types.StringValue(name)})
	}
	if typ := m.Type.ValueString(); typ != "" {
		got, meta, err := c.ListDestinationsByType(ctx, typ)
		if err != nil {
			fwutil.AddAPIError(diags, "Cannot list the "+typ+" destinations", err)
			return
		}
		addWarnings(diags, meta)
		for _, name := range got.Keys {
			add(typ, name)
		}
	} else {
		got, meta, err := c.ListDestinations(ctx)
		if err != nil {
			fwutil.AddAPIError(diags, "Cannot list the destinations", err)
			return
		}
		addWarnings(diags, meta)
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
}
