package platform

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// agentPoolModel is an agent pool, for the resource and the data source
// alike.
type agentPoolModel struct {
	ID                 types.String `tfsdk:"id"`
	Organization       types.String `tfsdk:"organization"`
	Name               types.String `tfsdk:"name"`
	OrganizationScoped types.Bool   `tfsdk:"organization_scoped"`
}

// agentPoolNameRule states only what the platform enforces.
const agentPoolNameRule = "An agent pool's name is not blank, and unique in its organization in any case."

// NewAgentPoolResource is the constructor of stack_platform_agent_pool.
var NewAgentPoolResource = fwutil.NewResource(&fwutil.Resource[agentPoolModel, *platformclient.Client]{
	TypeName: "platform_agent_pool",
	Service:  platformclient.Service,
	Object:   "agent pool",
	Twins:    []fwutil.Twin{tfeAgentPool},
	Schema:   agentPoolSchema,
	Plan: &fwutil.Plan[agentPoolModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
	},
	// Its identity is its organization and name; a rename changes it.
	Identity: &fwutil.Identity{Attrs: []string{"organization", "name"}, Mutable: true},
	Import: &fwutil.Import[agentPoolModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{
			{
				Says: "its ID, apool- and 16 characters of the base58 alphabet",
				Parts: []fwutil.IDPart{{Label: "<POOL ID>", Match: func(s string) bool {
					return platformclient.IsID(platformclient.PrefixAgentPool, s)
				}}},
			},
			{Parts: []fwutil.IDPart{{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString}, {Label: "<POOL NAME>"}}},
		}},
		Print: func(m *agentPoolModel) string { return m.ID.ValueString() },
		Read:  importAgentPool,
	},
	Conflict: &fwutil.Conflict[agentPoolModel, *platformclient.Client]{
		// The search (q) matches a part of the name in any case.
		Lookup: func(ctx context.Context, c *platformclient.Client, m *agentPoolModel) error {
			return lookupByName(ctx, m.Name.ValueString(), &m.ID,
				func(ctx context.Context, name string) (*platformclient.AgentPoolList, error) {
					return c.AgentPools.List(ctx, m.Organization.ValueString(), platformclient.AgentPoolListOptions{Query: name})
				},
				func(p *platformclient.AgentPool) (string, string) { return p.Name, p.ID })
		},
	},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *agentPoolModel) error {
		got, err := op.Client.AgentPools.Create(ctx, m.Organization.ValueString(), agentPoolFromModel(m))
		if err == nil {
			modelFromAgentPool(m, got)
		}
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *agentPoolModel) error {
		got, err := op.Client.AgentPools.Read(ctx, m.ID.ValueString())
		if err == nil {
			modelFromAgentPool(m, got)
		}
		return err
	},
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *agentPoolModel) error {
		got, err := op.Client.AgentPools.Update(ctx, m.ID.ValueString(), agentPoolFromModel(m))
		if err == nil {
			modelFromAgentPool(m, got)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *agentPoolModel) error {
		return op.Client.AgentPools.Delete(ctx, m.ID.ValueString())
	},
})

func agentPoolSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "An agent pool of an organization of the platform: the pool whose agents run the workspaces that name it " +
			"(`stack_platform_workspace_settings`' `agent_pool_id`). Which workspaces may use it is `organization_scoped`, and the lists that " +
			"`stack_platform_agent_pool_allowed_workspaces`, `stack_platform_agent_pool_allowed_projects` and " +
			"`stack_platform_agent_pool_excluded_workspaces` manage, which this resource leaves as they are. " +
			"The platform refuses to delete a pool that a workspace, a project or the organization still names as its agent pool; the error says which. " +
			"The import ID is the pool's ID, such as `apool-6p5RiCe5CRjBmsGt`, or `<ORGANIZATION>/<POOL NAME>`, such as `acme/linux-runners`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The pool's ID, `apool-` and 16 characters.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"organization": organizationAttribute("agent pool"),
			"name": schema.StringAttribute{
				Required:    true,
				Description: "Name of the pool. " + agentPoolNameRule + " Changing it renames the pool in place.",
				Validators:  notBlankValidators(),
			},
			"organization_scoped": schema.BoolAttribute{
				Optional: true, Computed: true,
				Default: booldefault.StaticBool(true),
				Description: "Whether every workspace of the organization may use the pool, but those its excluded workspaces name (`true`), " +
					"or only the workspaces and the projects' workspaces that its allowed lists name (`false`). Default `true`. Changing it changes the pool in place.",
			},
		},
	}
}

// importAgentPool takes <POOL ID> or <ORGANIZATION>/<POOL NAME>: a name
// is looked up, in any case, as the platform keeps pool names unique in
// any case.
func importAgentPool(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	var found *platformclient.AgentPool
	var err error
	byName := len(id.Parts) == 2
	if byName {
		found, err = c.AgentPools.ReadByName(ctx, id.Parts[0], id.Parts[1])
	} else {
		found, err = c.AgentPools.Read(ctx, id.Parts[0])
	}
	if !importFound(diags, "agent pool", id.String(), err) {
		return
	}
	if org := id.Parts[0]; byName && found.Organization != nil && !strings.EqualFold(found.Organization.Name, org) {
		diags.AddError("Cannot import the agent pool", fmt.Sprintf("The agent pool %s is a pool of the organization %q, not of %q.",
			found.ID, found.Organization.Name, org))
		return
	}
	diags.Append(state.SetAttribute(ctx, path.Root("id"), found.ID)...)
}

// agentPoolFromModel is the whole pool m describes, for a create or an
// update: its name and its scope, never its lists, which resources of
// their own manage.
func agentPoolFromModel(m *agentPoolModel) platformclient.AgentPoolOptions {
	return platformclient.AgentPoolOptions{
		Name:               ptr(m.Name.ValueString()),
		OrganizationScoped: boolOf(m.OrganizationScoped),
	}
}

// modelFromAgentPool writes the pool the server answered over m.
func modelFromAgentPool(m *agentPoolModel, p *platformclient.AgentPool) {
	m.ID = types.StringValue(p.ID)
	m.Organization = sameOrganization(m.Organization, p.Organization)
	m.Name = types.StringValue(p.Name)
	m.OrganizationScoped = types.BoolValue(p.OrganizationScoped)
}
