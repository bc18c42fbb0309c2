package secrets

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
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
var NewSyncConfigResource = fwutil.NewResource(&fwutil.Resource[syncConfigModel, *secretsclient.Client]{
	TypeName: "secrets_sync_config",
	Service:  secretsclient.Service,
	Object:   "sync configuration",
	Schema:   syncConfigSchema,
	Twins:    vaultSyncConfigTwin,
	Import: &fwutil.Import[syncConfigModel, *secretsclient.Client]{
		ID: fwutil.IDGrammar{
			Of: "the sync configuration, a singleton,",
			Forms: []fwutil.IDForm{{
				Says:  fmt.Sprintf("%q", syncConfigID),
				Parts: []fwutil.IDPart{{Match: func(s string) bool { return s == syncConfigID }, Attr: "id"}},
			}},
		},
		Print: func(*syncConfigModel) string { return syncConfigID },
	},
	Create: patchSyncConfig,
	Update: func(ctx context.Context, op fwutil.Op[*secretsclient.Client], m, _ *syncConfigModel) error {
		return patchSyncConfig(ctx, op, m)
	},
	Read: func(ctx context.Context, op fwutil.Op[*secretsclient.Client], m *syncConfigModel) error {
		got, _, err := op.Client.ReadSyncConfig(ctx)
		if err == nil {
			*m = modelFromSyncConfig(got)
		}
		return err
	},
	// The configuration itself cannot be removed: it gets its defaults
	// back.
	Delete: func(ctx context.Context, op fwutil.Op[*secretsclient.Client], _ *syncConfigModel) error {
		m := syncConfigModel{Disabled: types.BoolValue(false), QueueCapacity: types.Int64Value(defaultQueueCapacity)}
		return patchSyncConfig(ctx, op, &m)
	},
})

func syncConfigSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "The secrets service's global sync configuration, a singleton: declare it once per service. " +
			"The service allows it only in the root or `admin` namespace. Destroying it restores the defaults (sync enabled, queue capacity 1,000,000). " +
			"The import ID is `config`.",
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

// patchSyncConfig sends both fields, so that the service holds exactly
// what m says whatever it held before, and writes the answer into m.
func patchSyncConfig(ctx context.Context, op fwutil.Op[*secretsclient.Client], m *syncConfigModel) error {
	disabled, capacity := m.Disabled.ValueBool(), int(m.QueueCapacity.ValueInt64())
	got, meta, err := op.Client.PatchSyncConfig(ctx, secretsclient.SyncConfigPatch{Disabled: &disabled, QueueCapacity: &capacity})
	if err != nil {
		return err
	}
	addWarnings(op.Diags, meta)
	*m = modelFromSyncConfig(got)
	return nil
}

func modelFromSyncConfig(c *secretsclient.SyncConfig) syncConfigModel {
	return syncConfigModel{
		ID:            types.StringValue(syncConfigID),
		Disabled:      types.BoolValue(c.Disabled),
		QueueCapacity: types.Int64Value(int64(c.QueueCapacity)),
	}
}
