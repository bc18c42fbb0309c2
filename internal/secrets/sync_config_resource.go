package secrets

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

const (
	syncConfigID         = "config"
	defaultQueueCapacity = 1_000_000
)

type syncConfigModel struct {
	ID            types.String `tfsdk:"id"`
	Disabled      types.Bool   `tfsdk:"disabled"`
	QueueCapacity types.Int64  `tfsdk:"queue_capacity"`
}

// NewSyncConfigResource is the constructor of stack_secrets_sync_config.
func NewSyncConfigResource() resource.Resource { return &syncConfigResource{} }

type syncConfigResource struct {
	client *secretsclient.Client
}

func (r *syncConfigResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_secrets_sync_config"
}

func (r *syncConfigResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "The secrets service's global sync configuration, a singleton: declare it once per service. " +
			"The service allows it only in the root or `admin` namespace. Destroying it restores the defaults (sync enabled, queue capacity 1,000,000).",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "Always `config`, the import ID of the singleton.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"disabled": schema.BoolAttribute{
				Optional: true, Computed: true, Default: booldefault.StaticBool(false),
				Description: "When true, secrets are not sent to destinations: sync operations are queued, and associations show `PENDING`, until sync is enabled again. Default false.",
			},
			"queue_capacity": schema.Int64Attribute{
				Optional: true, Computed: true, Default: int64default.StaticInt64(defaultQueueCapacity),
				Description: fmt.Sprintf("Maximum number of pending sync operations; positive. Default %d.", defaultQueueCapacity),
				Validators:  []validator.Int64{int64validator.AtLeast(1)},
			},
		},
	}
}

func (r *syncConfigResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = fwutil.SecretsClient(req.ProviderData, &resp.Diagnostics)
}

func (r *syncConfigResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m syncConfigModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Plan, &m)...)
	if !resp.Diagnostics.HasError() {
		r.patch(ctx, m.Disabled.ValueBool(), m.QueueCapacity.ValueInt64(), &resp.State, &resp.Diagnostics)
	}
}

func (r *syncConfigResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m syncConfigModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Plan, &m)...)
	if !resp.Diagnostics.HasError() {
		r.patch(ctx, m.Disabled.ValueBool(), m.QueueCapacity.ValueInt64(), &resp.State, &resp.Diagnostics)
	}
}

// Delete gives the service its defaults back: the configuration itself
// cannot be removed.
func (r *syncConfigResource) Delete(ctx context.Context, _ resource.DeleteRequest, resp *resource.DeleteResponse) {
	r.patch(ctx, false, defaultQueueCapacity, nil, &resp.Diagnostics)
}

// patch sends both fields, so that the service holds exactly what the
// plan says whatever it held before.
func (r *syncConfigResource) patch(ctx context.Context, disabled bool, capacity int64, state *tfsdk.State, diags *diag.Diagnostics) {
	c := int(capacity)
	got, meta, err := r.client.PatchSyncConfig(ctx, secretsclient.SyncConfigPatch{Disabled: &disabled, QueueCapacity: &c})
	if err != nil {
		fwutil.AddAPIError(diags, "Cannot configure sync", err)
		return
	}
	addWarnings(diags, meta)
	if state != nil {
		diags.Append(fwutil.Set(ctx, state, configModel(got))...)
	}
}

func (r *syncConfigResource) Read(ctx context.Context, _ resource.ReadRequest, resp *resource.ReadResponse) {
	got, _, err := r.client.ReadSyncConfig(ctx)
	if err != nil {
		fwutil.AddAPIError(&resp.Diagnostics, "Cannot read the sync configuration", err)
		return
	}
	resp.Diagnostics.Append(fwutil.Set(ctx, &resp.State, configModel(got))...)
}

func configModel(c *secretsclient.SyncConfig) *syncConfigModel {
	return &syncConfigModel{
		ID:            types.StringValue(syncConfigID),
		Disabled:      types.BoolValue(c.Disabled),
		QueueCapacity: types.Int64Value(int64(c.QueueCapacity)),
	}
}

func (r *syncConfigResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if req.ID != syncConfigID {
		resp.Diagnostics.AddError("Invalid import ID", fmt.Sprintf("The sync configuration is a singleton whose import ID is %q; got %q.", syncConfigID, req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), syncConfigID)...)
}
