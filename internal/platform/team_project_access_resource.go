package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// teamProjectAccessModel is a team's access to a project.
type teamProjectAccessModel struct {
	ID        types.String `tfsdk:"id"`
	TeamID    types.String `tfsdk:"team_id"`
	ProjectID types.String `tfsdk:"project_id"`
	Access    types.String `tfsdk:"access"`
	// ProjectAccess and WorkspaceAccess are objects of the permissions
	// projectPermissions and workspacePermissions list.
	ProjectAccess   types.Object `tfsdk:"project_access"`
	WorkspaceAccess types.Object `tfsdk:"workspace_access"`
}

// projectAccessLevels are the levels of a team's access to a project.
var projectAccessLevels = accessLevels{
	names:     []string{platformclient.AccessRead, platformclient.AccessWrite, platformclient.AccessMaintain, platformclient.AccessAdmin, platformclient.AccessCustom},
	replacing: []string{"team_id", "project_id"},
}

var projectPermissions = []permission{
	{"settings", "what the team may do with the project's settings", []string{"read", "update", "delete"},
		[5]any{"read", "read", "read", "delete", "read"}},
	{"teams", "what the team may do with the project's team access", []string{"none", "read", "manage"},
		[5]any{"none", "none", "none", "manage", "none"}},
	{"variable_sets", "what the team may do with the project's variable sets", []string{"none", "read", "write"},
		[5]any{"read", "read", "read", "write", "none"}},
}

var workspacePermissions = []permission{
	{"runs", "what the team may do with the workspaces' runs", []string{"read", "plan", "apply"},
		[5]any{"read", "apply", "apply", "apply", "read"}},
	{"sentinel_mocks", "whether the team may download the workspaces' policy mocks", []string{"none", "read"},
		[5]any{"none", "read", "read", "read", "none"}},
	{"state_versions", "what the team may do with the workspaces' state", []string{"none", "read-outputs", "read", "write"},
		[5]any{"read", "write", "write", "write", "none"}},
	{"variables", "what the team may do with the workspaces' variables", []string{"none", "read", "write"},
		[5]any{"read", "write", "write", "write", "none"}},
	{"create", "create workspaces in the project", nil, [5]any{false, false, true, true, false}},
	{"locking", "lock and unlock the workspaces", nil, [5]any{false, true, true, true, false}},
	{"delete", "delete the workspaces", nil, [5]any{false, false, true, true, false}},
	{"move", "move the workspaces to other projects", nil, [5]any{false, false, false, true, false}},
	{"run_tasks", "manage the workspaces' run tasks", nil, [5]any{false, false, true, true, false}},
	{"policy_overrides", "override the workspaces' soft-mandatory policy checks", nil, [5]any{false, false, true, true, false}},
}

// teamProjectAccess is the kind of a team's access to a project.
var teamProjectAccess = &teamAccessKind[teamProjectAccessModel, platformclient.TeamProjectAccess, platformclient.TeamProjectAccessOptions]{
	typeName: "platform_team_project_access",
	object:   "team project access",
	description: "A team's access to a project of the platform: a fixed level (`read`, `write`, `maintain`, `admin`), which implies its permissions, " +
		"or `custom`, with the permissions given here. A team has one access per project. The import ID is the access's ID, such as `tprj-6p5RiCe5CRjBmsGt`.",
	idPrefix: platformclient.PrefixTeamProjectAccess,
	target:   "project", targetAttr: "project_id", targetPrefix: platformclient.PrefixProject,
	levels: projectAccessLevels,
	groups: []permissionGroup[teamProjectAccessModel]{
		{
			attribute: "project_access",
			description: "What the team may do with the project itself. Set only with `custom` access (a fixed level's own values are accepted); " +
				"with a fixed level, the permissions it implies.",
			perms: projectPermissions,
			field: func(m *teamProjectAccessModel) types.Object { return m.ProjectAccess },
		},
		{
			attribute: "workspace_access",
			description: "What the team may do with the project's workspaces. Set only with `custom` access (a fixed level's own values are accepted); " +
				"with a fixed level, the permissions it implies.",
			perms: workspacePermissions,
			field: func(m *teamProjectAccessModel) types.Object { return m.WorkspaceAccess },
		},
	},
	calls: func(c *platformclient.Client) accessCalls[platformclient.TeamProjectAccess, platformclient.TeamProjectAccessOptions] {
		return c.TeamProjectAccesses
	},
	id:        func(m *teamProjectAccessModel) types.String { return m.ID },
	access:    func(m *teamProjectAccessModel) types.String { return m.Access },
	fromModel: teamProjectAccessFromModel,
	toModel:   modelFromTeamProjectAccess,
	twins:     []fwutil.Twin{tfeTeamProjectAccess},
}

// NewTeamProjectAccessResource is the constructor of
// stack_platform_team_project_access.
var NewTeamProjectAccessResource = newTeamAccessResource(teamProjectAccess)

func teamProjectAccessSchema(ctx context.Context) schema.Schema { return teamProjectAccess.schema(ctx) }

// teamProjectAccessFromModel is the access m describes, for a create or an
// update: its level, and a custom access's permissions. The team and the
// project only a create sends: an access cannot move.
func teamProjectAccessFromModel(m *teamProjectAccessModel) platformclient.TeamProjectAccessOptions {
	opts := platformclient.TeamProjectAccessOptions{
		Access:  ptr(m.Access.ValueString()),
		Team:    &platformclient.Team{ID: m.TeamID.ValueString()},
		Project: &platformclient.Project{ID: m.ProjectID.ValueString()},
	}
	if m.Access.ValueString() != platformclient.AccessCustom {
		return opts
	}
	p, w := m.ProjectAccess, m.WorkspaceAccess
	str, flag := permissionString, permissionFlag
	opts.ProjectAccess = &platformclient.TeamProjectAccessProjectAccessOptions{
		Settings: str(p, "settings"), Teams: str(p, "teams"), VariableSets: str(p, "variable_sets"),
	}
	opts.WorkspaceAccess = &platformclient.TeamProjectAccessWorkspaceAccessOptions{
		Runs: str(w, "runs"), SentinelMocks: str(w, "sentinel_mocks"), StateVersions: str(w, "state_versions"),
		Variables: str(w, "variables"), Create: flag(w, "create"), Locking: flag(w, "locking"), Delete: flag(w, "delete"),
		Move: flag(w, "move"), RunTasks: flag(w, "run_tasks"), PolicyOverrides: flag(w, "policy_overrides"),
	}
	return opts
}

// modelFromTeamProjectAccess writes the access the server answered over m.
func modelFromTeamProjectAccess(m *teamProjectAccessModel, a *platformclient.TeamProjectAccess, diags *diag.Diagnostics) {
	m.ID = types.StringValue(a.ID)
	m.Access = types.StringValue(a.Access)
	if a.Team != nil {
		m.TeamID = types.StringValue(a.Team.ID)
	}
	if a.Project != nil {
		m.ProjectID = types.StringValue(a.Project.ID)
	}
	pa := a.ProjectAccess
	if pa == nil {
		pa = &platformclient.TeamProjectAccessProjectAccess{}
	}
	wa := a.WorkspaceAccess
	if wa == nil {
		wa = &platformclient.TeamProjectAccessWorkspaceAccess{}
	}
	var d diag.Diagnostics
	m.ProjectAccess, d = permissionsValue(projectPermissions, map[string]any{
		"settings": pa.Settings, "teams": pa.Teams, "variable_sets": pa.VariableSets,
	})
	diags.Append(d...)
	m.WorkspaceAccess, d = permissionsValue(workspacePermissions, map[string]any{
		"runs": wa.Runs, "sentinel_mocks": wa.SentinelMocks, "state_versions": wa.StateVersions, "variables": wa.Variables,
		"create": wa.Create, "locking": wa.Locking, "delete": wa.Delete, "move": wa.Move, "run_tasks": wa.RunTasks,
		"policy_overrides": wa.PolicyOverrides,
	})
	diags.Append(d...)
}
