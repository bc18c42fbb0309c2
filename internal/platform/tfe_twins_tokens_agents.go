package platform

import (
	"fmt"
	"strings"

	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// The incumbent's twins of the tokens, the agent pools and their lists,
// and the variable sets' assignments (see tfe_twins.go for the others).

// tfeSameNames is a twin of schema version 0 of the incumbent's typ whose
// state has the same attribute names as here, which it copies, leaving
// out those unset: the token's secret, which the platform answers to the
// create only, among them.
func tfeSameNames(typ string, names ...string) fwutil.Twin {
	return tfeSameNamesOf(typ, 0, names...)
}

// tfeSameNamesOf is tfeSameNames of the incumbent's schema version.
func tfeSameNamesOf(typ string, version int64, names ...string) fwutil.Twin {
	return fwutil.Twin{
		Provider: tfeProvider,
		Type:     typ,
		Versions: map[int64]func(fwutil.Moved) (map[string]any, error){version: func(src fwutil.Moved) (map[string]any, error) {
			m := map[string]any{}
			src.Copy(m, names...)
			return m, nil
		}},
	}
}

// tfeTeamToken is the incumbent's twin of a team's token,
// hashicorp/tfe's tfe_team_token, a plugin framework resource of schema
// version 0 whose ID is the token's (at-) with a description and the
// team's without, as here. Its secret is carried over; what it does not
// keep is null until the refresh.
var tfeTeamToken = tfeSameNames("tfe_team_token", "id", "team_id", "description", "expired_at", "force_regenerate", "token")

// tfeOrgTokenTwin is the incumbent's twin of an organization's token of
// kind k, hashicorp/tfe's tfe_organization_token (an SDKv2 resource) or
// tfe_audit_trail_token (a plugin framework one), both of schema version
// 0 and whose ID is the organization's name, as here. The secret is
// carried over.
func tfeOrgTokenTwin(k orgTokenKind) fwutil.Twin {
	return tfeSameNames("tfe_"+strings.TrimPrefix(k.typeName, "platform_"), "id", "organization", "force_regenerate", "expired_at", "token")
}

// tfeAgentPool is the incumbent's twin of the agent pool, hashicorp/tfe's
// tfe_agent_pool, an SDKv2 resource of schema version 0 whose ID is the
// pool's (apool-), as here.
var tfeAgentPool = tfeSameNames("tfe_agent_pool", "id", "organization", "name", "organization_scoped")

// tfeAgentToken is the incumbent's twin of an agent pool's token,
// hashicorp/tfe's tfe_agent_token, an SDKv2 resource of schema version 0
// whose ID is the token's (at-), as here. Its secret is carried over; its
// created_at, which the incumbent does not keep, is read by the refresh.
var tfeAgentToken = tfeSameNames("tfe_agent_token", "id", "agent_pool_id", "description", "token")

// tfePoolListTwin is the incumbent's twin of the resource of one of a
// pool's lists l (tfe_agent_pool_allowed_workspaces, say), an SDKv2
// resource of schema version 0 whose ID is the pool's, as here, and whose
// list has the same name.
func tfePoolListTwin(typeName, attribute string) fwutil.Twin {
	return tfeSameNames("tfe_"+strings.TrimPrefix(typeName, "platform_"), "id", "agent_pool_id", attribute)
}

// tfeVariableSetAssignments are the incumbent's twins of a variable set's
// assignment, hashicorp/tfe's tfe_workspace_variable_set and
// tfe_project_variable_set, SDKv2 resources of schema version 0 whose ID
// is <WORKSPACE OR PROJECT ID>_<VARIABLE SET ID>: here the set comes
// first, <VARIABLE SET ID>_<WORKSPACE OR PROJECT ID>, which the move
// writes from the two IDs the state holds.
var tfeVariableSetAssignments = []fwutil.Twin{
	tfeVariableSetAssignment("tfe_workspace_variable_set", "workspace_id"),
	tfeVariableSetAssignment("tfe_project_variable_set", "project_id"),
}

// tfeVariableSetAssignment is the twin typ, whose member is attr.
func tfeVariableSetAssignment(typ, attr string) fwutil.Twin {
	return fwutil.Twin{
		Provider: tfeProvider,
		Type:     typ,
		Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: func(src fwutil.Moved) (map[string]any, error) {
			set, member := src.String("variable_set_id"), src.String(attr)
			if set == "" || member == "" {
				return nil, fmt.Errorf("the state of %s names no variable_set_id or no %s (its ID is %q): refresh it with the incumbent provider first, then move it",
					typ, attr, src.String("id"))
			}
			return map[string]any{"id": set + "_" + member, "variable_set_id": set, attr: member}, nil
		}},
	}
}

// tfeOrganizationDefaultSettings is the incumbent's twin of an
// organization's default settings, hashicorp/tfe's
// tfe_organization_default_settings, a plugin framework resource of
// schema version 0 with the same attributes (and no id), as here.
var tfeOrganizationDefaultSettings = tfeSameNames("tfe_organization_default_settings",
	"organization", "default_execution_mode", "default_agent_pool_id")

// tfeProjectSettings is the incumbent's twin of a project's settings,
// hashicorp/tfe's tfe_project_settings, a plugin framework resource of
// schema version 1 whose ID is the project's, as here, with the same
// attributes: its overwrites is an object of the same two flags.
var tfeProjectSettings = tfeSameNamesOf("tfe_project_settings", 1,
	"id", "project_id", "default_execution_mode", "default_agent_pool_id", "overwrites")

// tfeWorkspaceSettings is the incumbent's twin of a workspace's execution
// settings, hashicorp/tfe's tfe_workspace_settings, a plugin framework
// resource of schema version 1 whose ID is the workspace's, as here.
var tfeWorkspaceSettings = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_workspace_settings",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){1: moveTFEWorkspaceSettings},
}

// moveTFEWorkspaceSettings transforms the incumbent's workspace settings,
// which are in part the workspace's here: its description, auto_apply,
// assessments_enabled and tags (and effective_tags, which it computes)
// are stack_platform_workspace's, which keeps them on the server, so they
// are left to that resource without a warning, as the incumbent stores
// them whether or not its configuration set them. Its
// project_remote_state, which this provider does not manage, is named in
// the move's warning when true; its overwrites, which it computes, is not
// kept.
func moveTFEWorkspaceSettings(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "workspace_id", "execution_mode", "agent_pool_id", "global_remote_state", "remote_state_consumer_ids")
	src.Drop(false, "project_remote_state")
	return m, nil
}
