package platform

import (
	"context"
	"fmt"
	"strings"

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

// dataRetentionPolicyModel is an organization's or a workspace's data
// retention policy.
type dataRetentionPolicyModel struct {
	ID                   types.String `tfsdk:"id"`
	Organization         types.String `tfsdk:"organization"`
	WorkspaceID          types.String `tfsdk:"workspace_id"`
	DeleteOlderThanNDays types.Int64  `tfsdk:"delete_older_than_n_days"`
}

// NewDataRetentionPolicyResource is the constructor of
// stack_platform_data_retention_policy. A set replaces the policy in
// place, whatever its kind, so that there is never a moment without one.
var NewDataRetentionPolicyResource = fwutil.NewResource(&fwutil.Resource[dataRetentionPolicyModel, *platformclient.Client]{
	TypeName: "platform_data_retention_policy",
	Service:  platformclient.Service,
	Object:   "data retention policy",
	Schema:   dataRetentionPolicySchema,
	// Its identity is its organization and, for a workspace's policy, the
	// workspace's ID: the policy has no name, and its target has one
	// policy at a time.
	Identity: &fwutil.Identity{Attrs: []string{"organization", "workspace_id"}, Optional: []string{"workspace_id"}},
	Import: &fwutil.Import[dataRetentionPolicyModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{
			Forms: []fwutil.IDForm{
				{Parts: []fwutil.IDPart{{Label: "<WORKSPACE ID>", Attr: "workspace_id", Match: isWorkspaceID}}},
				{Parts: []fwutil.IDPart{
					{Label: "<ORGANIZATION>", Attr: "organization", Match: organizationNameRe.MatchString},
					{Label: "<WORKSPACE ID>", Attr: "workspace_id", Match: isWorkspaceID},
				}},
				{Parts: []fwutil.IDPart{
					{Label: "<ORGANIZATION>", Attr: "organization", Match: organizationNameRe.MatchString},
					{Label: "<WORKSPACE NAME>", Match: workspaceNameRe.MatchString},
				}},
				{Parts: []fwutil.IDPart{{Label: "<ORGANIZATION>", Attr: "organization", Match: organizationNameRe.MatchString}}},
			},
			Rule: organizationNameRule + " A workspace's name has letters, digits, `-` and `_`.",
		},
		Print: func(m *dataRetentionPolicyModel) string {
			if !m.WorkspaceID.IsNull() {
				return m.WorkspaceID.ValueString()
			}
			return m.Organization.ValueString()
		},
		Read: importDataRetentionPolicy,
	},
	Conflict: &fwutil.Conflict[dataRetentionPolicyModel, *platformclient.Client]{
		// A set replaces the policy in place: a create must not take over
		// one set elsewhere.
		Find: func(ctx context.Context, c *platformclient.Client, m *dataRetentionPolicyModel) error {
			_, err := c.DataRetentionPolicies.Read(ctx, retentionTargetOf(m))
			return err
		},
	},
	Plan: &fwutil.Plan[dataRetentionPolicyModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
		Offered:          selfHostedOnly(dataRetentionWhat),
	},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *dataRetentionPolicyModel) error {
		if err := workspaceOfOrganization(ctx, op.Client, m); err != nil {
			return err
		}
		return setDataRetentionPolicy(ctx, op.Client, m)
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *dataRetentionPolicyModel) error {
		got, err := op.Client.DataRetentionPolicies.Read(ctx, retentionTargetOf(m))
		if err == nil {
			modelFromDataRetentionPolicy(m, got)
		}
		return err
	},
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *dataRetentionPolicyModel) error {
		return setDataRetentionPolicy(ctx, op.Client, m)
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *dataRetentionPolicyModel) error {
		return op.Client.DataRetentionPolicies.Delete(ctx, retentionTargetOf(m))
	},
})

func dataRetentionPolicySchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "How long the platform keeps the data of an organization's or a workspace's runs (their plans, applies, logs and state versions): " +
			"deleted once older than `delete_older_than_n_days`, or, with it unset, kept (the platform's don't-delete policy). " +
			"A workspace's policy overrides its organization's, and an organization's the site's (`stack_platform_admin_data_retention_policy`); " +
			"without one, the next of them applies. Data retention policies are the platform's self-hosted edition's alone: " +
			"against the hosted edition, which GET /api/v2/ping tells apart, the plan fails and says so. " +
			"An organization's policy is set and deleted by its owners. Each organization and each workspace has at most one policy, " +
			"which the resource replaces in place, its kind too (a change of kind gives the policy a new `id`); " +
			"it refuses to take over a policy that is already set, and prints the command that imports it. " +
			"Destroying the resource deletes the policy, so that the next policy up applies again. " +
			"The import ID is the workspace's ID (`ws-` and 16 characters), its organization and ID (`<ORGANIZATION>/<WORKSPACE ID>`) or name (`<ORGANIZATION>/<WORKSPACE NAME>`), " +
			"or, for an organization's policy, the organization's name.",
		Attributes: map[string]schema.Attribute{
			"id":           retentionIDAttribute(),
			"organization": organizationAttribute("data retention policy"),
			"workspace_id": schema.StringAttribute{
				Optional: true,
				Description: "ID of the workspace whose policy this is, `ws-` and 16 characters, a workspace of `organization`; " +
					"unset, the policy is the organization's. Changing it replaces the policy.",
				Validators:    []validator.String{idValidator(platformclient.PrefixWorkspace, "a workspace")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"delete_older_than_n_days": retentionDaysAttribute("which overrides a policy that deletes further up"),
		},
	}
}

// retentionTargetOf is whose policy m is: its workspace's, or its
// organization's.
func retentionTargetOf(m *dataRetentionPolicyModel) platformclient.DataRetentionTarget {
	if !m.WorkspaceID.IsNull() && !m.WorkspaceID.IsUnknown() {
		return platformclient.WorkspaceRetention(m.WorkspaceID.ValueString())
	}
	return platformclient.OrganizationRetention(m.Organization.ValueString())
}

// workspaceOfOrganization checks, for a workspace's policy, that the
// workspace is one of the policy's organization, which the platform does
// not: the organization is what a refresh that finds no policy checks the
// token still sees, and what the state shows.
func workspaceOfOrganization(ctx context.Context, c *platformclient.Client, m *dataRetentionPolicyModel) error {
	if m.WorkspaceID.IsNull() {
		return nil
	}
	ws, err := c.Workspaces.ReadByID(ctx, m.WorkspaceID.ValueString(), platformclient.WorkspaceReadOptions{})
	if err != nil {
		return err
	}
	if ws.Organization != nil && !strings.EqualFold(ws.Organization.Name, m.Organization.ValueString()) {
		return &fwutil.Failure{Summary: "Cannot create the data retention policy", Path: path.Root("workspace_id"), Detail: fmt.Sprintf(
			"The workspace %s is one of organization %q, not of %q: set organization = %q, or name a workspace of %q.",
			ws.ID, ws.Organization.Name, m.Organization.ValueString(), ws.Organization.Name, m.Organization.ValueString())}
	}
	return nil
}

// setDataRetentionPolicy gives the policy's target m's policy, and
// records the answer.
func setDataRetentionPolicy(ctx context.Context, c *platformclient.Client, m *dataRetentionPolicyModel) error {
	got, err := c.DataRetentionPolicies.Set(ctx, retentionTargetOf(m), dataRetentionPolicyFromModel(m))
	if err == nil {
		modelFromDataRetentionPolicy(m, got)
	}
	return err
}

// importDataRetentionPolicy learns, from the ID's workspace, what the ID
// leaves out of the workspace and its organization, and reads the
// policy, so that a target without one fails the import in the
// provider's words.
func importDataRetentionPolicy(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	m := dataRetentionPolicyModel{Organization: types.StringValue(id.Parts[0]), WorkspaceID: types.StringNull()}
	if id.Form < 3 {
		var ws *platformclient.Workspace
		var err error
		switch id.Form {
		case 0:
			ws, err = c.Workspaces.ReadByID(ctx, id.Parts[0], platformclient.WorkspaceReadOptions{})
		case 1:
			ws, err = c.Workspaces.ReadByID(ctx, id.Parts[1], platformclient.WorkspaceReadOptions{})
		default:
			ws, err = c.Workspaces.Read(ctx, id.Parts[0], id.Parts[1], platformclient.WorkspaceReadOptions{})
		}
		if !importFoundAs(diags, "data retention policy", "workspace", id.String(), err) {
			return
		}
		m.WorkspaceID = types.StringValue(ws.ID)
		if ws.Organization != nil {
			if id.Form == 1 && !strings.EqualFold(ws.Organization.Name, id.Parts[0]) {
				diags.AddError("Cannot import the data retention policy", fmt.Sprintf("The workspace %s is a workspace of the organization %q, not of %q: import its policy as %s/%s.",
					ws.ID, ws.Organization.Name, id.Parts[0], ws.Organization.Name, ws.ID))
				return
			}
			m.Organization = types.StringValue(ws.Organization.Name)
		}
		diags.Append(state.SetAttribute(ctx, path.Root("workspace_id"), m.WorkspaceID)...)
		diags.Append(state.SetAttribute(ctx, path.Root("organization"), m.Organization)...)
	}
	_, err := c.DataRetentionPolicies.Read(ctx, retentionTargetOf(&m))
	importFound(diags, "data retention policy", id.String(), err)
}

// dataRetentionPolicyFromModel is the policy m describes.
func dataRetentionPolicyFromModel(m *dataRetentionPolicyModel) platformclient.DataRetentionPolicyOptions {
	return retentionFromDays(m.DeleteOlderThanNDays)
}

// modelFromDataRetentionPolicy writes the policy the server answered over
// m, whose target it keeps.
func modelFromDataRetentionPolicy(m *dataRetentionPolicyModel, p *platformclient.DataRetentionPolicy) {
	m.ID = types.StringValue(p.ID)
	m.DeleteOlderThanNDays = retentionDays(p)
}
