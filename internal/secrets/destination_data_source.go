package secrets

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

var _ datasource.DataSourceWithConfigure = (*destinationDataSource)(nil)

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
func NewDestinationDataSource() datasource.DataSource { return &destinationDataSource{} }

type destinationDataSource struct {
	client *secretsclient.Client
}

func (d *destinationDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_secrets_sync_destination"
}

func (d *destinationDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
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

func (d *destinationDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = fwutil.ClientOf[*secretsclient.Client](req.ProviderData, secretsclient.Service, fwutil.NeedsToken, &resp.Diagnostics)
}

func (d *destinationDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m destinationDataSourceModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Config, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	typ, name := m.Type.ValueString(), m.Name.ValueString()
	got, meta, err := d.client.ReadDestination(ctx, typ, name)
	if err != nil {
		addDestinationError(&resp.Diagnostics, fmt.Sprintf("Cannot read the %s destination %q", typ, name), typ, name, err)
		return
	}
	addWarnings(&resp.Diagnostics, meta)

	details := make(map[string]string, len(got.ConnectionDetails))
	for k, v := range got.ConnectionDetails {
		s, err := dsDetailText(v)
		if err != nil {
			resp.Diagnostics.AddError("Cannot show a connection detail",
				fmt.Sprintf("The %s destination %q has a connection detail %q that cannot be written as text: %s.", typ, name, k, err))
			return
		}
		details[k] = s
	}
	tags := got.Options.CustomTags
	if tags == nil {
		tags = map[string]string{}
	}
	m = destinationDataSourceModel{
		Type:               types.StringValue(typ),
		Name:               types.StringValue(name),
		ConnectionDetails:  dsStringMap(ctx, details, &resp.Diagnostics),
		Granularity:        types.StringValue(got.Options.GranularityLevel),
		SecretNameTemplate: types.StringValue(got.Options.SecretNameTemplate),
		CustomTags:         dsStringMap(ctx, tags, &resp.Diagnostics),
		PurgeInitiatedAt:   fwutil.TimeString(got.PurgeInitiatedAt),
	}
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(fwutil.Set(ctx, &resp.State, &m)...)
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

func dsStringMap(ctx context.Context, v map[string]string, diags *diag.Diagnostics) types.Map {
	m, d := types.MapValueFrom(ctx, types.StringType, v)
	diags.Append(d...)
	return m
}
