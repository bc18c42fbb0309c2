package platform

import (
	"fmt"

	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// tfeProvider is the incumbent platform provider's namespace and type.
const tfeProvider = "hashicorp/tfe"

// tfeOrganization is the incumbent's twin of the organization,
// hashicorp/tfe's tfe_organization, an SDKv2 resource of schema version 0
// whose ID is the organization's name, as here.
var tfeOrganization = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_organization",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFEOrganization},
}

// moveTFEOrganization transforms the incumbent's organization: its
// session settings are named with their unit, and it stores 0 for a
// session setting the platform answers null, which is null here. What the
// incumbent does not keep (external_id) is null until the refresh.
func moveTFEOrganization(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "name", "email", "default_project_id", "collaborator_auth_policy", "owners_team_saml_role_id")
	for _, s := range organizationSettings {
		src.Copy(m, s.name)
	}
	for from, to := range map[string]string{"session_timeout_minutes": "session_timeout", "session_remember_minutes": "session_remember"} {
		if n, ok := src.Get(from).(interface{ String() string }); ok && n.String() != "0" {
			m[to] = n
		}
	}
	return m, nil
}

// tfeProject is the incumbent's twin of the project, hashicorp/tfe's
// tfe_project, a plugin framework resource of schema version 0.
var tfeProject = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_project",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFEProject},
}

// moveTFEProject transforms the incumbent's project: its tags are the
// project's tag bindings, and it stores "" for a description the project
// has not, which is null here. Its ignore_additional_tags, a setting of
// the incumbent alone, has no twin.
func moveTFEProject(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "organization", "name", "description", "auto_destroy_activity_duration")
	src.CopyAs(m, "tags", "tag_bindings")
	src.Drop(nil, "ignore_additional_tags")
	return m, nil
}

// tfeTeam is the incumbent's twin of the team, hashicorp/tfe's tfe_team,
// an SDKv2 resource of schema version 0.
var tfeTeam = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_team",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFETeam},
}

// moveTFETeam transforms the incumbent's team: its organization_access, a
// list of one block, is a single object here with the same flags, and it
// stores "" for a team without an SSO team ID (or a visibility the
// platform did not answer), which is null here.
func moveTFETeam(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "organization", "name", "visibility", "sso_team_id", "allow_member_token_management")
	if access, ok := src.Block("organization_access"); ok {
		a := map[string]any{}
		for _, f := range organizationAccessFlags {
			access.Copy(a, f.attribute)
		}
		m["organization_access"] = a
	}
	return m, nil
}

// tfeVariableSet is the incumbent's twin of the variable set,
// hashicorp/tfe's tfe_variable_set, an SDKv2 resource of schema version 0.
var tfeVariableSet = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_variable_set",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFEVariableSet},
}

// moveTFEVariableSet transforms the incumbent's variable set: it stores ""
// for no description and for a set the organization owns, which are null
// here. Its workspace_ids and stack_ids are computed: they list the set's
// assignments whatever made them (tfe_workspace_variable_set as well), so
// they are left to the assignments here, which keep them on the server,
// without a warning that would name assignments other resources manage.
func moveTFEVariableSet(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "organization", "name", "description", "global", "priority", "parent_project_id")
	return m, nil
}

// tfeVariable is the incumbent's twin of the variable, hashicorp/tfe's
// tfe_variable, a plugin framework resource of schema version 1. Its
// version 0, the SDKv2 resource's before the incumbent's v0.15.1, names
// the workspace as <ORGANIZATION>/<WORKSPACE NAME>, which only the API
// turns into the workspace's ID: the incumbent's own upgrade does that.
var tfeVariable = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_variable",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){
		0: refuseWorkspaceByName("tfe_variable"),
		1: moveTFEVariable,
	},
}

// moveTFEVariable transforms the incumbent's variable. The value, which
// the platform never answers for a sensitive variable, is carried as the
// incumbent's state holds it ("" included, the value of a variable given
// through value_wo), and so is value_wo_version; the incumbent stores ""
// for no description, which is null here. What it does not keep
// (version_id) and readable_value are read by the refresh.
func moveTFEVariable(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{"value": src.String("value")}
	src.Copy(m, "id", "workspace_id", "variable_set_id", "key", "category", "description", "hcl", "sensitive", "value_wo_version")
	return m, nil
}

// tfeWorkspace is the incumbent's twin of the workspace, hashicorp/tfe's
// tfe_workspace, an SDKv2 resource of schema version 1 (its version 0
// predates the incumbent's v0.12 and needs its own upgrade).
var tfeWorkspace = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_workspace",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){1: moveTFEWorkspace},
}

// moveTFEWorkspace transforms the incumbent's workspace: its tags are the
// workspace's tag bindings, its vcs_repo (a list of one block) is a single
// object whose github_app_installation_id is codehost_app_installation_id,
// and its "" for unset strings are null. Its execution settings
// (execution_mode, agent_pool_id, operations, global_remote_state,
// remote_state_consumer_ids) and its ssh_key_id are stack_platform_workspace_settings' here;
// the incumbent stores them whether or not its configuration set them, so
// they are left to that resource, without a warning, and the server keeps
// them. The ignore_additional_* settings, the incumbent's alone, are named
// in the move's warning; what it computes alone (effective_tags,
// html_url, inherits_project_auto_destroy, hyok_enabled) is not kept.
func moveTFEWorkspace(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "organization", "name", "description", "project_id", "auto_apply", "auto_apply_run_trigger",
		"auto_destroy_at", "auto_destroy_activity_duration", "allow_destroy_plan", "file_triggers_enabled", "queue_all_runs",
		"speculative_enabled", "structured_run_output_enabled", "assessments_enabled", "source_name", "source_url",
		"terraform_version", "trigger_prefixes", "trigger_patterns", "working_directory", "tag_names", "force_delete", "resource_count")
	src.CopyAs(m, "tags", "tag_bindings")
	if repo, ok := src.Block("vcs_repo"); ok {
		r := map[string]any{}
		repo.Copy(r, "identifier", "branch", "ingress_submodules", "oauth_token_id", "tags_regex")
		repo.CopyAs(r, "github_app_installation_id", "codehost_app_installation_id")
		m["vcs_repo"] = r
	}
	src.Drop(nil, "ignore_additional_tags", "ignore_additional_tag_names")
	return m, nil
}

// tfeTeamAccess is the incumbent's twin of a team's access to a
// workspace, hashicorp/tfe's tfe_team_access, an SDKv2 resource of schema
// version 1 whose ID is the access's, tws- and 16 characters, as here. Its
// version 0 names the workspace as <ORGANIZATION>/<WORKSPACE NAME>.
var tfeTeamAccess = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_team_access",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){
		0: refuseWorkspaceByName("tfe_team_access"),
		1: moveTFETeamAccess,
	},
}

// moveTFETeamAccess transforms the incumbent's team access: its
// permissions, a list of one block, are an object here with the same
// names.
func moveTFETeamAccess(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "team_id", "workspace_id", "access")
	if perms, ok := src.Block("permissions"); ok {
		p := map[string]any{}
		for _, perm := range teamAccessPermissions {
			perms.Copy(p, perm.attribute)
		}
		m["permissions"] = p
	}
	return m, nil
}

// refuseWorkspaceByName refuses the incumbent's schema version 0 of typ,
// whose workspace_id is <ORGANIZATION>/<WORKSPACE NAME>: only the API
// turns that into the workspace's ID, which the incumbent's own upgrade
// does, so the refusal says to refresh with it first.
func refuseWorkspaceByName(typ string) func(fwutil.Moved) (map[string]any, error) {
	return func(src fwutil.Moved) (map[string]any, error) {
		return nil, fmt.Errorf("the state of %s is of schema version 0, which names its workspace as %q: only the platform's API gives the workspace's ID. "+
			"Refresh it first with a current version of the incumbent provider, which upgrades the state to version 1 (terraform apply -refresh-only), then move it",
			typ, src.String("workspace_id"))
	}
}

// tfeTeamProjectAccess is the incumbent's twin of a team's access to a
// project, hashicorp/tfe's tfe_team_project_access, an SDKv2 resource of
// schema version 1 (it has no upgrade from 0) whose ID is the access's,
// tprj- and 16 characters, as here.
var tfeTeamProjectAccess = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_team_project_access",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){1: moveTFETeamProjectAccess},
}

// moveTFETeamProjectAccess transforms the incumbent's team project access:
// its project_access and workspace_access, lists of one block, are objects
// here with the same names.
func moveTFETeamProjectAccess(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "team_id", "project_id", "access")
	for name, perms := range map[string][]permission{"project_access": projectPermissions, "workspace_access": workspacePermissions} {
		block, ok := src.Block(name)
		if !ok {
			continue
		}
		p := map[string]any{}
		for _, perm := range perms {
			block.Copy(p, perm.attribute)
		}
		m[name] = p
	}
	return m, nil
}
