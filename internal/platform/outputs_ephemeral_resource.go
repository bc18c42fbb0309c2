package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// NewOutputsEphemeralResource is the constructor of the ephemeral
// stack_platform_outputs: the outputs read for one run, which Terraform
// never writes to the plan or the state.
var NewOutputsEphemeralResource = fwutil.NewEphemeral(&fwutil.Ephemeral[outputsModel, struct{}, *platformclient.Client]{
	TypeName:         "platform_outputs",
	Service:          platformclient.Service,
	Object:           "workspace's outputs",
	Schema:           outputsEphemeralSchema,
	ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
	Open: func(ctx context.Context, c *platformclient.Client, m *outputsModel) (struct{}, error) {
		return struct{}{}, outputsOf(ctx, c, m.Organization.ValueString(), m)
	},
	// Reading made nothing to undo.
	Close: func(context.Context, *platformclient.Client, struct{}) error { return nil },
})

func outputsEphemeralSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: outputsText + " Read for one run, as the configuration needs them, they never reach the plan or the state: " +
			"for values that another provider's configuration or a write-only attribute takes.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{Computed: true, Description: outputsIDText},
			"organization": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "Name of the organization of the workspace. " + organizationDefaultText,
				Validators:  organizationNameValidators(),
			},
			"workspace":           schema.StringAttribute{Required: true, Description: outputsWorkspaceText, Validators: workspaceNameValidators()},
			"values":              schema.DynamicAttribute{Computed: true, Sensitive: true, Description: outputsValuesText},
			"nonsensitive_values": schema.DynamicAttribute{Computed: true, Description: outputsNonsensitiveText},
			"detailed_type":       schema.MapAttribute{Computed: true, ElementType: types.StringType, Description: outputsDetailedTypeText},
		},
	}
}
