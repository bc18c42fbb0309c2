package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// agentTokenEphemeralModel is an agent token made for one run.
type agentTokenEphemeralModel struct {
	AgentPoolID types.String `tfsdk:"agent_pool_id"`
	Description types.String `tfsdk:"description"`
	ID          types.String `tfsdk:"id"`
	Token       types.String `tfsdk:"token"`
}

// NewAgentTokenEphemeralResource is the constructor of the ephemeral
// stack_platform_agent_token: a token of the pool from its open to its
// close, which deletes it.
var NewAgentTokenEphemeralResource = fwutil.NewEphemeral(&fwutil.Ephemeral[agentTokenEphemeralModel, string, *platformclient.Client]{
	TypeName: "platform_agent_token",
	Service:  platformclient.Service,
	Object:   "agent token",
	Schema:   agentTokenEphemeralSchema,
	Open: func(ctx context.Context, c *platformclient.Client, m *agentTokenEphemeralModel) (string, error) {
		got, err := c.AgentTokens.Create(ctx, m.AgentPoolID.ValueString(), platformclient.AgentTokenCreateOptions{Description: ptr(m.Description.ValueString())})
		if err != nil {
			return "", err
		}
		m.ID, m.Token = types.StringValue(got.ID), types.StringValue(got.Token)
		return got.ID, nil
	},
	Close: func(ctx context.Context, c *platformclient.Client, id string) error {
		return c.AgentTokens.Delete(ctx, id)
	},
})

func agentTokenEphemeralSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "A new token of an agent pool of the platform for one Terraform run, which Terraform never writes to the plan or the state: " +
			"for agents that the run itself starts and that need the token only while it lasts. Opened when the run needs it " +
			"(while planning, and again while applying), it is one more of the pool's tokens; closed at the end of the run, it is deleted, " +
			"and an agent that still uses it is refused. For a token that agents keep, use the resource `stack_platform_agent_token`.",
		Attributes: map[string]schema.Attribute{
			"agent_pool_id": schema.StringAttribute{
				Required:    true,
				Description: "ID of the agent pool, `apool-` and 16 characters.",
				Validators:  []validator.String{idValidator(platformclient.PrefixAgentPool, "an agent pool")},
			},
			"description": schema.StringAttribute{
				Required:    true,
				Description: "Description of the token, not blank, which tells the pool's tokens apart.",
				Validators:  notBlankValidators(),
			},
			"id": schema.StringAttribute{Computed: true, Description: "The token's ID, `at-` and 16 characters."},
			"token": schema.StringAttribute{
				Computed: true, Sensitive: true,
				Description: "The token's secret, for the agents the run starts, through a write-only attribute, say.",
			},
		},
	}
}
