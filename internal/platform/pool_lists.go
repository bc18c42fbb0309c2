package platform

import (
	"context"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// An agent pool has three lists, its allowed workspaces, its allowed
// projects and its excluded workspaces, each managed by a resource of its
// own, so that a workspace can name the pool and the pool the workspace
// without a dependency cycle. Each resource owns its list alone: its
// writes send that list and nothing else, so the pool's attributes and
// the other lists stay as they are. The resource's ID is the pool's.

// poolListModel is what the models of the pool's lists share.
type poolListModel struct {
	ID          types.String `tfsdk:"id"`
	AgentPoolID types.String `tfsdk:"agent_pool_id"`
}

// poolList describes one list of an agent pool to its resource. M is the
// resource's model, which embeds a poolListModel.
type poolList[M any] struct {
	typeName, object string
	// attribute is the list's attribute, such as "allowed_workspace_ids";
	// prefix and member say what its IDs are ("ws", "a workspace").
	attribute, prefix, member, idRule string
	// description is the resource's, and meaning what the list means.
	description, meaning string
	base                 func(*M) *poolListModel
	// fromModel is the update of the pool that sets the list m holds;
	// toModel writes the pool's list into m.
	fromModel func(ctx context.Context, m *M, diags *diag.Diagnostics) platformclient.AgentPoolOptions
	toModel   func(m *M, p *platformclient.AgentPool)
	// ids is the list of a pool's answer.
	ids func(p *platformclient.AgentPool) []string
}

// newPoolListResource is the constructor of the resource of one of a
// pool's lists.
func newPoolListResource[M any](l poolList[M]) func() resource.Resource {
	write := func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *M) error {
		opts := l.fromModel(ctx, m, op.Diags)
		got, err := op.Client.AgentPools.Update(ctx, l.base(m).AgentPoolID.ValueString(), opts)
		if err == nil {
			l.toModel(m, got)
		}
		return err
	}
	return fwutil.NewResource(&fwutil.Resource[M, *platformclient.Client]{
		TypeName: l.typeName,
		Service:  platformclient.Service,
		Object:   l.object,
		Twins:    []fwutil.Twin{tfePoolListTwin(l.typeName, l.attribute)},
		Schema:   l.schema,
		Import: &fwutil.Import[M, *platformclient.Client]{
			ID: fwutil.IDGrammar{Of: "an agent pool", Forms: []fwutil.IDForm{{
				Says: "its ID, apool- and 16 characters of the base58 alphabet",
				Parts: []fwutil.IDPart{{Label: "<POOL ID>", Attr: "id", Match: func(s string) bool {
					return platformclient.IsID(platformclient.PrefixAgentPool, s)
				}}},
			}}},
			Print: func(m *M) string { return l.base(m).AgentPoolID.ValueString() },
			Read: func(ctx context.Context, c *platformclient.Client, parsed fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
				id := parsed.String()
				_, err := c.AgentPools.Read(ctx, id)
				if importFoundAs(diags, l.object, "agent pool", id, err) {
					diags.Append(state.SetAttribute(ctx, path.Root("agent_pool_id"), id)...)
				}
			},
		},
		// A pool whose list holds members already is managed elsewhere,
		// or was: the create refuses to take the list over.
		Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *M) error {
			pool, err := op.Client.AgentPools.Read(ctx, l.base(m).AgentPoolID.ValueString())
			if err != nil {
				return err
			}
			if len(l.ids(pool)) > 0 {
				l.base(m).ID = types.StringValue(pool.ID)
				return &fwutil.Exists{}
			}
			return write(ctx, op, m)
		},
		Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *M) error {
			got, err := op.Client.AgentPools.Read(ctx, l.base(m).ID.ValueString())
			if err == nil {
				l.toModel(m, got)
			}
			return err
		},
		Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *M) error {
			return write(ctx, op, m)
		},
		// A delete empties the list.
		Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *M) error {
			var none M
			*l.base(&none) = *l.base(m)
			_, err := op.Client.AgentPools.Update(ctx, l.base(m).ID.ValueString(), l.fromModel(ctx, &none, op.Diags))
			return err
		},
	})
}

func (l poolList[M]) schema(context.Context) schema.Schema {
	return schema.Schema{
		Description: l.description + " It manages that list alone: the pool's other lists and attributes stay as they are. " +
			"Destroying it empties the list. A pool whose list already has members is not taken over: the create fails and says how to import it. " +
			"The import ID is the pool's ID, such as `apool-6p5RiCe5CRjBmsGt`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The pool's ID, `apool-` and 16 characters.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"agent_pool_id": schema.StringAttribute{
				Required:      true,
				Description:   "ID of the agent pool, `apool-` and 16 characters. Changing it replaces the resource: the old pool's list is emptied.",
				Validators:    []validator.String{idValidator(platformclient.PrefixAgentPool, "an agent pool")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			l.attribute: schema.SetAttribute{
				Required: true, ElementType: types.StringType,
				Description: "IDs of the " + l.member + "s of the pool's organization " + l.meaning + ": each " + l.idRule +
					". The list is the whole list: a member left out is removed; `[]` empties it. A change made outside Terraform shows in the next plan.",
				Validators: []validator.Set{setvalidator.ValueStringsAre(idValidator(l.prefix, "a "+l.member))},
			},
		},
	}
}

// poolListIDs are the IDs of a set of members, sorted; an empty list, not
// nil, for none, which a request sends as [].
func poolListIDs(ctx context.Context, s types.Set, diags *diag.Diagnostics) []string {
	return nonNil(sortedStrings(ctx, s, diags))
}

// poolListSet is the set of a pool's members' IDs.
func poolListSet(ids []string) types.Set {
	ids = slices.Clone(nonNil(ids))
	slices.Sort(ids)
	return fwutil.StringSetValue(ids)
}

// poolWorkspaces and poolProjects are lists of members, by ID, as the
// client sends them.
func poolWorkspaces(ids []string) []*platformclient.Workspace {
	out := make([]*platformclient.Workspace, len(ids))
	for i, id := range ids {
		out[i] = &platformclient.Workspace{ID: id}
	}
	return out
}

func poolProjects(ids []string) []*platformclient.Project {
	out := make([]*platformclient.Project, len(ids))
	for i, id := range ids {
		out[i] = &platformclient.Project{ID: id}
	}
	return out
}

// poolWorkspaceIDs and poolProjectIDs are the IDs of an answer's members.
func poolWorkspaceIDs(l []*platformclient.Workspace) []string {
	out := make([]string, len(l))
	for i, w := range l {
		out[i] = w.ID
	}
	return out
}

func poolProjectIDs(l []*platformclient.Project) []string {
	out := make([]string, len(l))
	for i, p := range l {
		out[i] = p.ID
	}
	return out
}
