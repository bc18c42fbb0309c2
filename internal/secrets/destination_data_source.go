package secrets

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

type destinationDataSourceModel struct {
	Type               types.String `tfsdk:"type"`
	Name               types.String `tfsdk:"name"`
	ConnectionDetails  types.Map    `tfsdk:"connection_details"`
	Granularity        types.String `tfsdk:"granularity"`
	SecretNameTemplate types.String `tfsdk:"secret_name_template"`
	CustomTags         types.Map    `tfsdk:"custom_tags"`
	PurgeInitiatedAt   types.String `tfsdk:"purge_initiated_at"`
}

// NewDestinationDataSource is the constructor of the
// stack_secrets_sync_destination data source.
var NewDestinationDataSource = fwutil.NewDataSource(&fwutil.DataSource[destinationDataSourceModel, *secretsclient.Client]{
	TypeName: "secrets_sync_destination",
	Service:  secretsclient.Service,
	Schema:   destinationDataSourceSchema,
	Read:     readDestinationDataSource,
})

func destinationDataSourceSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "Reads one secrets-sync destination of any type by its type and name, as the service reports it. " +
			"The service shows secret connection details obfuscated, and does not report the network options " +
			"(`disable_strict_networking`, `allowed_ipv4_addresses`, `allowed_ipv6_addresses`, `allowed_ports`), so they are not shown.",
		Attributes: map[string]schema.Attribute{
			"type": schema.StringAttribute{
				Required:    true,
				Description: "Type of the destination: " + destinationTypesText() + ".",
				Validators:  []validator.String{stringvalidator.OneOf(destinationTypes...)},
			},
			"name": schema.StringAttribute{
				Required:    true,
				Description: "Name of the destination. " + nameRule,
				Validators:  nameValidators(),
			},
			"connection_details": schema.MapAttribute{
				Computed: true, Sensitive: true, ElementType: types.StringType,
				Description: "The type's connection parameters, every key the service reports with its value as the service shows it: " +
					"every key of the type is there; secret values (keys, client secrets, credentials, tokens) are obfuscated as asterisks when set, and a parameter that is not set is empty. " +
					"String values are given as they are; other values are given as their JSON text, so that `jsondecode()` gives them back: " +
					"lists such as `[\"development\",\"preview\"]`, maps such as `{\"us-east1\":\"key\"}`, numbers and booleans as written in JSON. A null value is an empty string. " +
					"The whole map is sensitive: the values the service obfuscates are not secret, but a server that showed secrets in clear would otherwise expose them in plans and logs. " +
					"Use `nonsensitive()` on a value known not to be secret, such as `region`.",
			},
			"granularity": schema.StringAttribute{
				Computed:    true,
				Description: "What is synced as one resource at the destination: `secret-path` (a whole secret) or `secret-key` (each key of a secret). Shows the type's default when none was set.",
			},
			"secret_name_template": schema.StringAttribute{
				Computed:    true,
				Description: "Template of the names that synced secrets get at the destination. Shows the type's default when none was set.",
			},
			"custom_tags": schema.MapAttribute{
				Computed: true, ElementType: types.StringType,
				Description: "Tags set on the synced secrets, merged with the service's built-in tags. Empty when there are none, which is always the case for `codehost` and `webhost-project`, which do not take tags.",
			},
			"purge_initiated_at": schema.StringAttribute{
				Computed: true,
				Description: "When the service began purging the destination (RFC 3339, UTC), after a delete with purge: the destination disappears once its associations are removed. " +
					"Null unless a purge is under way.",
			},
		},
	}
}

func readDestinationDataSource(ctx context.Context, c *secretsclient.Client, m *destinationDataSourceModel, diags *diag.Diagnostics) {
	typ, name := m.Type.ValueString(), m.Name.ValueString()
	got, meta, err := c.ReadDestination(ctx, typ, name)
	if err != nil {
		addDestinationError(diags, fmt.Sprintf("Cannot read the %s destination %q", typ, name), typ, name, err)
		return
	}
	addWarnings(diags, meta)

	details := make(map[string]string, len(got.ConnectionDetails))
	for k, v := range got.ConnectionDetails {
		s, err := dsDetailText(v)
		if err != nil {
			diags.AddError("Cannot show a connection detail",
				fmt.Sprintf("The %s destination %q has a connection detail %q that cannot be written as text: %s.", typ, name, k, err))
			return
		}
		details[k] = s
	}
	tags := got.Options.CustomTags
	if tags == nil {
		tags = map[string]string{}
	}
	*m = destinationDataSourceModel{
		Type:               types.StringValue(typ),
		Name:               types.StringValue(name),
		ConnectionDetails:  fwutil.StringMapValue(details),
		Granularity:        types.StringValue(got.Options.GranularityLevel),
		SecretNameTemplate: types.StringValue(got.Options.SecretNameTemplate),
		CustomTags:         fwutil.StringMapValue(tags),
		PurgeInitiatedAt:   fwutil.TimeString(got.PurgeInitiatedAt),
	}
}

// dsDetailText renders a connection detail as a string: strings as they are,
// null as "", anything else (lists, maps, numbers, booleans) as its JSON
// text.
func dsDetailText(v any) (string, error) {
	switch t := v.(type) {
	case nil:
		return "", nil
	case string:
		return t, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return string(b), nil
}
