package secrets

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

type associationsDataSourceModel struct {
	DestinationType types.String              `tfsdk:"destination_type"`
	DestinationName types.String              `tfsdk:"destination_name"`
	Mount           types.String              `tfsdk:"mount"`
	SecretName      types.String              `tfsdk:"secret_name"`
	Associations    []associationDSEntryModel `tfsdk:"associations"`
}

type associationDSEntryModel struct {
	DestinationType types.String `tfsdk:"destination_type"`
	DestinationName types.String `tfsdk:"destination_name"`
	Mount           types.String `tfsdk:"mount"`
	Accessor        types.String `tfsdk:"accessor"`
	SecretName      types.String `tfsdk:"secret_name"`
	SyncStatus      types.String `tfsdk:"sync_status"`
	UpdatedAt       types.String `tfsdk:"updated_at"`
}

// NewAssociationsDataSource is the constructor of the
// stack_secrets_sync_associations data source.
var NewAssociationsDataSource = fwutil.NewDataSource(&fwutil.DataSource[associationsDataSourceModel, *secretsclient.Client]{
	TypeName: "secrets_sync_associations",
	Service:  secretsclient.Service,
	Schema:   associationsDataSourceSchema,
	ConfigValidators: []datasource.ConfigValidator{
		datasourcevalidator.RequiredTogether(path.MatchRoot("destination_type"), path.MatchRoot("destination_name")),
		datasourcevalidator.RequiredTogether(path.MatchRoot("mount"), path.MatchRoot("secret_name")),
		datasourcevalidator.ExactlyOneOf(path.MatchRoot("destination_name"), path.MatchRoot("secret_name")),
	},
	Read: readAssociationsDataSource,
})

func associationsDataSourceSchema(context.Context) schema.Schema {
	computed := func(desc string) schema.Attribute { return schema.StringAttribute{Computed: true, Description: desc} }
	return schema.Schema{
		Description: "Lists the associations of one destination (set `destination_type` and `destination_name`) " +
			"or of one secret (set `mount` and `secret_name`), with their sync status, in the namespace of the provider's `secrets` block. " +
			"Exactly one of the two pairs must be set, which the plan checks. A destination that does not exist fails the read; a secret without associations gives an empty list. " +
			"The service identifies the mount of a destination's associations by its accessor only, and a secret's associations by the mount given, " +
			"so `mount` is null in the first case and `accessor` in the second.",
		Attributes: map[string]schema.Attribute{
			"destination_type": schema.StringAttribute{
				Optional:    true,
				Description: "Type of the destination whose associations are listed: " + destinationTypesText() + ". Goes with `destination_name`.",
				Validators:  []validator.String{stringvalidator.OneOf(destinationTypes...)},
			},
			"destination_name": schema.StringAttribute{
				Optional:    true,
				Description: "Name of the destination whose associations are listed. " + nameRule + " Goes with `destination_type`.",
				Validators:  nameValidators(),
			},
			"mount": schema.StringAttribute{
				Optional:    true,
				Description: "Name of the key-value mount of the secret whose associations are listed; it may contain slashes. Goes with `secret_name`.",
				Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"secret_name": schema.StringAttribute{
				Optional:    true,
				Description: "Name (path) of the secret whose associations are listed, within `mount`; it may contain slashes. Goes with `mount`.",
				Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"associations": schema.ListNestedAttribute{
				Computed: true,
				Description: "The associations, sorted by destination type, destination name, mount accessor and secret name, " +
					"so that the order does not change from one read to the next. Empty when there are none.",
				NestedObject: schema.NestedAttributeObject{
					Attributes: map[string]schema.Attribute{
						"destination_type": computed("Type of the destination."),
						"destination_name": computed("Name of the destination."),
						"mount":            computed("Mount of the secret, as given in `mount` when reading the associations of a secret; null when reading those of a destination, for which the service gives only the mount's accessor."),
						"accessor":         computed("Accessor of the secret's mount, when reading the associations of a destination; null when reading those of a secret, for which the service does not give it."),
						"secret_name":      computed("Name (path) of the secret within its mount."),
						"sync_status": computed("Latest sync status: `SYNCED`, `UNSYNCED`, or `PENDING` while sync is disabled in `stack_secrets_sync_config`. " +
							"Other values a server may report for a failed sync are passed through."),
						"updated_at": computed("When the status last changed (RFC 3339, UTC)."),
					},
				},
			},
		},
	}
}

func readAssociationsDataSource(ctx context.Context, c *secretsclient.Client, m *associationsDataSourceModel, diags *diag.Diagnostics) {
	entries := []associationDSEntryModel{}
	if !m.DestinationName.IsNull() {
		typ, name := m.DestinationType.ValueString(), m.DestinationName.ValueString()
		got, meta, err := c.ReadAssociations(ctx, typ, name)
		if err != nil {
			addDestinationError(diags, fmt.Sprintf("Cannot read the associations of the %s destination %q", typ, name), typ, name, err)
			return
		}
		addWarnings(diags, meta)
		for _, a := range got.AssociatedSecrets {
			entries = append(entries, associationDSEntryModel{
				DestinationType: types.StringValue(typ),
				DestinationName: types.StringValue(name),
				Mount:           types.StringNull(),
				Accessor:        types.StringValue(a.Accessor),
				SecretName:      types.StringValue(a.SecretName),
				SyncStatus:      types.StringValue(a.SyncStatus),
				UpdatedAt:       fwutil.TimeString(a.UpdatedAt),
			})
		}
	} else {
		mount, secret := m.Mount.ValueString(), m.SecretName.ValueString()
		got, meta, err := c.ReadDestinationsBySecret(ctx, mount, secret)
		if err != nil {
			fwutil.AddAPIError(diags, fmt.Sprintf("Cannot read the associations of the secret %q of the mount %q", secret, mount), err)
			return
		}
		addWarnings(diags, meta)
		for key, a := range got.AssociatedDestinations {
			typ, name := a.Type, a.Name
			if typ == "" || name == "" {
				// The entry's key is "<type>/<name>", and names
				// have no slash.
				keyType, keyName, _ := strings.Cut(key, "/")
				typ, name = cmp.Or(typ, keyType), cmp.Or(name, keyName)
			}
			entries = append(entries, associationDSEntryModel{
				DestinationType: types.StringValue(typ),
				DestinationName: types.StringValue(name),
				Mount:           types.StringValue(mount),
				Accessor:        types.StringNull(),
				SecretName:      types.StringValue(secret),
				SyncStatus:      types.StringValue(a.SyncStatus),
				UpdatedAt:       fwutil.TimeString(a.UpdatedAt),
			})
		}
	}
	slices.SortFunc(entries, func(a, b associationDSEntryModel) int {
		return cmp.Or(
			strings.Compare(a.DestinationType.ValueString(), b.DestinationType.ValueString()),
			strings.Compare(a.DestinationName.ValueString(), b.DestinationName.ValueString()),
			strings.Compare(a.Accessor.ValueString(), b.Accessor.ValueString()),
			strings.Compare(a.SecretName.ValueString(), b.SecretName.ValueString()),
		)
	})
	m.Associations = entries
}
