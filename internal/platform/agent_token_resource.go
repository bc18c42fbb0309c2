package platform

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// agentTokenModel is a token of an agent pool.
type agentTokenModel struct {
	ID          types.String      `tfsdk:"id"`
	AgentPoolID types.String      `tfsdk:"agent_pool_id"`
	Description types.String      `tfsdk:"description"`
	Token       types.String      `tfsdk:"token"`
	CreatedAt   timetypes.RFC3339 `tfsdk:"created_at"`
}

// NewAgentTokenResource is the constructor of stack_platform_agent_token.
// A token has no update: its pool and its description replace it.
var NewAgentTokenResource = fwutil.NewResource(&fwutil.Resource[agentTokenModel, *platformclient.Client]{
	TypeName: "platform_agent_token",
	Service:  platformclient.Service,
	Object:   "agent token",
	Twins:    []fwutil.Twin{tfeAgentToken},
	Schema:   agentTokenSchema,
	Import: &fwutil.Import[agentTokenModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{
			{
				Says:  "its ID, at- and 16 characters of the base58 alphabet",
				Parts: []fwutil.IDPart{{Label: "<TOKEN ID>", Attr: "id", Match: isAgentTokenID}},
			},
			{Parts: []fwutil.IDPart{
				{Label: "<POOL ID>", Attr: "agent_pool_id", Match: isAgentPoolID},
				{Label: "<TOKEN ID>", Attr: "id", Match: isAgentTokenID},
			}},
		}},
		Print: func(m *agentTokenModel) string { return m.ID.ValueString() },
		Read:  importAgentToken,
	},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *agentTokenModel) error {
		got, err := op.Client.AgentTokens.Create(ctx, m.AgentPoolID.ValueString(), agentTokenFromModel(m))
		if err == nil {
			modelFromAgentToken(m, got)
		}
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *agentTokenModel) error {
		got, err := op.Client.AgentTokens.Read(ctx, m.ID.ValueString())
		if err == nil {
			modelFromAgentToken(m, got)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *agentTokenModel) error {
		return op.Client.AgentTokens.Delete(ctx, m.ID.ValueString())
	},
})

func isAgentTokenID(s string) bool { return platformclient.IsID(platformclient.PrefixToken, s) }

func isAgentPoolID(s string) bool { return platformclient.IsID(platformclient.PrefixAgentPool, s) }

func agentTokenSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "A token of an agent pool of the platform, with which the pool's agents authenticate. The platform answers the secret once, " +
			"to the create, which the state keeps; it has no expiry and no update: a new pool or description replaces the token. " +
			"For a token that lives as long as one run, see the ephemeral `stack_platform_agent_token`. " +
			"The import ID is the token's ID, such as `at-6p5RiCe5CRjBmsGt`, or `<POOL ID>/<TOKEN ID>`, such as `apool-6p5RiCe5CRjBmsGt/at-6p5RiCe5CRjBmsGt`, " +
			"for a platform whose answers do not name the token's pool; an imported token has no `token`, which the platform never answers again.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The token's ID, `at-` and 16 characters.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"agent_pool_id": schema.StringAttribute{
				Required:      true,
				Description:   "ID of the agent pool, `apool-` and 16 characters. Changing it replaces the token.",
				Validators:    []validator.String{idValidator(platformclient.PrefixAgentPool, "an agent pool")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"description": schema.StringAttribute{
				Required:      true,
				Description:   "Description of the token, not blank, which tells the pool's tokens apart. Changing it replaces the token.",
				Validators:    notBlankValidators(),
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"token": schema.StringAttribute{
				Computed: true, Sensitive: true,
				Description: "The token's secret, which the platform answers to the create only: the state keeps it; " +
					"after an import it is null. A token deleted outside Terraform is created again, with a new secret.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"created_at": schema.StringAttribute{
				CustomType: timetypes.RFC3339Type{}, Computed: true,
				Description:   "When the token was created, in RFC 3339. When an agent last used it is not kept: it would change with every run.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

// importAgentToken reads the token; its pool is the one the answer names,
// or the ID's <POOL ID>, which must be the answer's where it names one.
func importAgentToken(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	pool, tokenID, withPool := id.Parts[0], id.Parts[len(id.Parts)-1], len(id.Parts) == 2
	got, err := c.AgentTokens.Read(ctx, tokenID)
	if !importFound(diags, "agent token", id.String(), err) {
		return
	}
	switch {
	case got.AgentPool == nil && !withPool:
		diags.AddError("Cannot import the agent token", fmt.Sprintf(
			"The platform's answer does not say which agent pool the token %s is of: import it as <POOL ID>/<TOKEN ID>.", tokenID))
	case got.AgentPool != nil && withPool && got.AgentPool.ID != pool:
		diags.AddError("Cannot import the agent token", fmt.Sprintf("The agent token %s is a token of the pool %s, not of %s.", tokenID, got.AgentPool.ID, pool))
	case got.AgentPool != nil:
		diags.Append(state.SetAttribute(ctx, path.Root("agent_pool_id"), got.AgentPool.ID)...)
	}
}

// agentTokenFromModel is the token m describes, for its create.
func agentTokenFromModel(m *agentTokenModel) platformclient.AgentTokenCreateOptions {
	return platformclient.AgentTokenCreateOptions{Description: ptr(m.Description.ValueString())}
}

// modelFromAgentToken writes the token the server answered over m: the
// secret only when the answer carries it (a create's), the pool where the
// answer names it.
func modelFromAgentToken(m *agentTokenModel, at *platformclient.AgentToken) {
	m.ID = types.StringValue(at.ID)
	m.Description = types.StringValue(at.Description)
	if at.AgentPool != nil {
		m.AgentPoolID = types.StringValue(at.AgentPool.ID)
	}
	if at.Token != "" {
		m.Token = types.StringValue(at.Token)
	}
	m.CreatedAt = timeFromAPI(m.CreatedAt, at.CreatedAt, time.RFC3339)
}
