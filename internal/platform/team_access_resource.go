package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// teamAccessModel is a team's access to a workspace, for the resource and
// the data source alike.
type teamAccessModel struct {
	ID          types.String `tfsdk:"id"`
	TeamID      types.String `tfsdk:"team_id"`
	WorkspaceID types.String `tfsdk:"workspace_id"`
	Access      types.String `tfsdk:"access"`
	// Permissions is an object of the permissions teamAccessPermissions
	// lists.
	Permissions types.Object `tfsdk:"permissions"`
}

// teamAccessLevels are the levels of a team's access to a workspace.
var teamAccessLevels = accessLevels{
	names:     []string{platformclient.AccessRead, platformclient.AccessPlan, platformclient.AccessWrite, platformclient.AccessAdmin, platformclient.AccessCustom},
	replacing: []string{"team_id", "workspace_id"},
}

// teamAccessPermissions are the permissions of a team on a workspace, with
// what each fixed level implies, in the platform's table, and custom's
// defaults.
var teamAccessPermissions = []permission{
	{"runs", "what the team may do with the workspace's runs", []string{"read", "plan", "apply"},
		[5]any{"read", "plan", "apply", "apply", "read"}},
	{"variables", "what the team may do with the workspace's variables", []string{"none", "read", "write"},
		[5]any{"read", "read", "write", "write", "none"}},
	{"state_versions", "what the team may do with the workspace's state", []string{"none", "read-outputs", "read", "write"},
		[5]any{"read", "read", "write", "write", "none"}},
	{"sentinel_mocks", "whether the team may download the workspace's policy mocks", []string{"none", "read"},
		[5]any{"none", "none", "read", "read", "none"}},
	{"workspace_locking", "lock and unlock the workspace", nil, [5]any{false, false, true, true, false}},
	{"run_tasks", "manage the workspace's run tasks", nil, [5]any{false, false, false, true, false}},
	{"policy_overrides", "override the workspace's soft-mandatory policy checks", nil, [5]any{false, false, false, true, false}},
}

// teamAccess is the kind of a team's access to a workspace.
var teamAccess = &teamAccessKind[teamAccessModel, platformclient.TeamWorkspace, platformclient.TeamWorkspaceOptions]{
	typeName: "platform_team_access",
	object:   "team access",
	description: "A team's access to one workspace of the platform: a fixed level (`read`, `plan`, `write`, `admin`), which implies its permissions, " +
		"or `custom`, with the permissions given here. A team has one access per workspace; its access to the workspace's project " +
		"(`stack_platform_team_project_access`) is another. The import ID is the access's ID, such as `tws-6p5RiCe5CRjBmsGt`, " +
		"or `<ORGANIZATION>/<WORKSPACE NAME>/<ACCESS ID>`, such as `acme/web/tws-6p5RiCe5CRjBmsGt`.",
	idPrefix: platformclient.PrefixTeamWorkspace,
	target:   "workspace", targetAttr: "workspace_id", targetPrefix: platformclient.PrefixWorkspace,
	levels: teamAccessLevels,
	groups: []permissionGroup[teamAccessModel]{{
		attribute: "permissions",
		description: "What the team may do with the workspace. Required with `custom` access; with a fixed level, the permissions it implies, " +
			"known in the plan (a fixed level's own values may be given, no others).",
		perms:    teamAccessPermissions,
		required: "the permissions the team has on the workspace",
		field:    func(m *teamAccessModel) types.Object { return m.Permissions },
	}},
	importForms: []fwutil.IDForm{{Parts: []fwutil.IDPart{
		{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString},
		{Label: "<WORKSPACE NAME>", Match: workspaceNameRe.MatchString},
		{Label: "<ACCESS ID>", Attr: "id", Match: func(s string) bool { return platformclient.IsID(platformclient.PrefixTeamWorkspace, s) }},
	}}},
	importCheck: checkTeamAccessImport,
	twins:       []fwutil.Twin{tfeTeamAccess},
	calls: func(c *platformclient.Client) accessCalls[platformclient.TeamWorkspace, platformclient.TeamWorkspaceOptions] {
		return c.TeamWorkspaces
	},
	id:        func(m *teamAccessModel) types.String { return m.ID },
	access:    func(m *teamAccessModel) types.String { return m.Access },
	fromModel: teamAccessFromModel,
	toModel:   modelFromTeamAccess,
	found:     findTeamAccess,
}

// NewTeamAccessResource is the constructor of stack_platform_team_access.
var NewTeamAccessResource = newTeamAccessResource(teamAccess)

func teamAccessSchema(ctx context.Context) schema.Schema { return teamAccess.schema(ctx) }

// findTeamAccess looks up the access of m's team to m's workspace and, found,
// writes its ID into m. The platform refuses a second access of a team to
// a workspace with a 422 that gives no import ID, so a create that meets a
// 422 asks, rather than every create asking first: the lookup costs a
// request only when a create fails.
func findTeamAccess(ctx context.Context, c *platformclient.Client, m *teamAccessModel) bool {
	found, err := c.TeamWorkspaces.List(ctx, m.WorkspaceID.ValueString(), platformclient.TeamWorkspaceListOptions{TeamID: m.TeamID.ValueString()})
	if err != nil {
		return false
	}
	for _, a := range found.Items {
		if a.Team != nil && a.Team.ID == m.TeamID.ValueString() {
			m.ID = types.StringValue(a.ID)
			return true
		}
	}
	return false
}

// checkTeamAccessImport checks, with the form
// <ORGANIZATION>/<WORKSPACE NAME>/<ACCESS ID>, that the access is one to
// that workspace.
func checkTeamAccessImport(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, got *platformclient.TeamWorkspace, diags *diag.Diagnostics) {
	parts := id.Parts
	if len(parts) == 1 {
		return
	}
	ws, err := c.Workspaces.Read(ctx, parts[0], parts[1], platformclient.WorkspaceReadOptions{})
	if !importFoundAs(diags, "team access", "workspace", parts[0]+"/"+parts[1], err) {
		return
	}
	if got.Workspace == nil || got.Workspace.ID != ws.ID {
		diags.AddError("Cannot import the team access", fmt.Sprintf("The team access %s is not an access to the workspace %s/%s (%s).",
			got.ID, parts[0], parts[1], ws.ID))
	}
}

// teamAccessFromModel is the access m describes, for a create or an
// update: its level, and a custom access's permissions. The team and the
// workspace only a create sends: an access cannot move.
func teamAccessFromModel(m *teamAccessModel) platformclient.TeamWorkspaceOptions {
	opts := platformclient.TeamWorkspaceOptions{
		Access:    ptr(m.Access.ValueString()),
		Team:      &platformclient.Team{ID: m.TeamID.ValueString()},
		Workspace: &platformclient.Workspace{ID: m.WorkspaceID.ValueString()},
	}
	if m.Access.ValueString() == platformclient.AccessCustom {
		p, str, flag := m.Permissions, permissionString, permissionFlag
		opts.Runs, opts.Variables, opts.StateVersions, opts.SentinelMocks = str(p, "runs"), str(p, "variables"), str(p, "state_versions"), str(p, "sentinel_mocks")
		opts.WorkspaceLocking, opts.RunTasks, opts.PolicyOverrides = flag(p, "workspace_locking"), flag(p, "run_tasks"), flag(p, "policy_overrides")
	}
	return opts
}

// modelFromTeamAccess writes the access the server answered over m.
func modelFromTeamAccess(m *teamAccessModel, a *platformclient.TeamWorkspace, diags *diag.Diagnostics) {
	m.ID = types.StringValue(a.ID)
	m.Access = types.StringValue(a.Access)
	if a.Team != nil {
		m.TeamID = types.StringValue(a.Team.ID)
	}
	if a.Workspace != nil {
		m.WorkspaceID = types.StringValue(a.Workspace.ID)
	}
	var d diag.Diagnostics
	m.Permissions, d = permissionsValue(teamAccessPermissions, map[string]any{
		"runs": a.Runs, "variables": a.Variables, "state_versions": a.StateVersions, "sentinel_mocks": a.SentinelMocks,
		"workspace_locking": a.WorkspaceLocking, "run_tasks": a.RunTasks, "policy_overrides": a.PolicyOverrides,
	})
	diags.Append(d...)
}
