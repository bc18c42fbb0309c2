package platform

import (
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// The incumbent's twins of the governance objects: the policies and
// their sets, the run tasks. Each keeps its ID, the platform's, but the
// links of a policy set, which the incumbent names
// <MEMBER ID>_<POLICY SET ID> (or the other way round) and this provider
// <POLICY SET ID>/<MEMBER ID>.

// tfePolicy is the incumbent's twin of the policy, hashicorp/tfe's
// tfe_policy, an SDKv2 resource of schema version 0.
var tfePolicy = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_policy",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFEPolicy},
}

// moveTFEPolicy transforms the incumbent's policy: its enforce_mode is
// enforcement_level, and its text, which the platform answers only by a
// download the incumbent made, is carried as its state holds it. It
// stores "" for no description and for a Sentinel policy's query, which
// are null here.
func moveTFEPolicy(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{"policy": src.String("policy")}
	src.Copy(m, "id", "organization", "name", "description", "kind", "query")
	src.CopyAs(m, "enforce_mode", "enforcement_level")
	return m, nil
}

// tfeSentinelPolicy is the incumbent's deprecated twin of a Sentinel
// policy, hashicorp/tfe's tfe_sentinel_policy, an SDKv2 resource of
// schema version 0: the same object as tfe_policy's, of kind sentinel.
var tfeSentinelPolicy = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_sentinel_policy",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFESentinelPolicy},
}

// moveTFESentinelPolicy transforms the incumbent's Sentinel policy as
// tfe_policy's, of kind sentinel, which it does not store.
func moveTFESentinelPolicy(src fwutil.Moved) (map[string]any, error) {
	m, err := moveTFEPolicy(src)
	m["kind"] = "sentinel"
	return m, err
}

// tfePolicySet is the incumbent's twin of the policy set, hashicorp/tfe's
// tfe_policy_set, an SDKv2 resource of schema version 0.
var tfePolicySet = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_policy_set",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFEPolicySet},
}

// moveTFEPolicySet transforms the incumbent's policy set: its vcs_repo, a
// list of one block, is a single object whose github_app_installation_id
// is codehost_app_installation_id, and its "" for unset strings are null.
// Its workspace_ids are computed: they list the set's attachments whatever
// made them (tfe_workspace_policy_set as well), so they are left to the
// attachments here, which keep them on the server, without a warning. Its
// slug, the incumbent's upload of a local directory, has no twin.
func moveTFEPolicySet(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "organization", "name", "description", "global", "kind", "overridable", "agent_enabled",
		"policy_tool_version", "policy_update_patterns", "policies_path", "policy_ids")
	if repo, ok := src.Block("vcs_repo"); ok {
		r := map[string]any{}
		repo.Copy(r, "identifier", "branch", "ingress_submodules", "oauth_token_id")
		repo.CopyAs(r, "github_app_installation_id", "codehost_app_installation_id")
		m["vcs_repo"] = r
	}
	src.Drop(nil, "slug")
	return m, nil
}

// tfePolicySetParameter is the incumbent's twin of the policy set
// parameter, hashicorp/tfe's tfe_policy_set_parameter, a plugin framework
// resource of schema version 0.
var tfePolicySetParameter = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_policy_set_parameter",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFEPolicySetParameter},
}

// moveTFEPolicySetParameter transforms the incumbent's parameter: the
// value, which the platform never answers for a sensitive parameter, is
// carried as the incumbent's state holds it ("" included, the value of a
// parameter given through value_wo), and so is value_wo_version.
func moveTFEPolicySetParameter(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{"value": src.String("value")}
	src.Copy(m, "id", "policy_set_id", "key", "sensitive", "value_wo_version")
	return m, nil
}

// tfePolicySetLink is the incumbent's twin typ of a policy set's link to
// a workspace or a project, whose attribute is member: a resource of
// schema version 0 whose ID is <MEMBER ID>_<POLICY SET ID> (the SDKv2
// attachments and workspace exclusion) or <POLICY SET ID>_<MEMBER ID> (the
// plugin framework's project exclusion), and <POLICY SET ID>/<MEMBER ID>
// here, which the move makes from the two IDs.
func tfePolicySetLink(typ, member string) []fwutil.Twin {
	return []fwutil.Twin{{
		Provider: tfeProvider,
		Type:     typ,
		Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: func(src fwutil.Moved) (map[string]any, error) {
			m := map[string]any{}
			src.Copy(m, "policy_set_id", member)
			if set, id := src.String("policy_set_id"), src.String(member); set != "" && id != "" {
				m["id"] = set + "/" + id
			}
			return m, nil
		}},
	}}
}

// tfeRunTask is the incumbent's twin of the run task, hashicorp/tfe's
// tfe_organization_run_task, a plugin framework resource of schema
// version 0.
var tfeRunTask = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_organization_run_task",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFERunTask},
}

// moveTFERunTask transforms the incumbent's run task: its HMAC key, which
// the platform never answers, is carried from its state, and so is
// hmac_key_wo_version; it stores "" for no key, which is null here. Its
// description defaults to "" as here.
func moveTFERunTask(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{"description": src.String("description")}
	src.Copy(m, "id", "organization", "name", "url", "category", "enabled", "hmac_key", "hmac_key_wo_version")
	return m, nil
}

// tfeWorkspaceRunTask is the incumbent's twin of a run task's attachment
// to a workspace, hashicorp/tfe's tfe_workspace_run_task, a plugin
// framework resource of schema version 1, whose ID is the attachment's,
// wstask- and 16 characters, as here. Its version 0 is the same without
// stages, which the refresh reads.
var tfeWorkspaceRunTask = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_workspace_run_task",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFEWorkspaceRunTask, 1: moveTFEWorkspaceRunTask},
}

// moveTFEWorkspaceRunTask transforms the incumbent's workspace run task:
// the same names, its deprecated stage included.
func moveTFEWorkspaceRunTask(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "workspace_id", "task_id", "enforcement_level", "stage", "stages")
	return m, nil
}

// tfeRunTaskGlobalSettings is the incumbent's twin of a run task's global
// settings, hashicorp/tfe's tfe_organization_run_task_global_settings, a
// plugin framework resource of schema version 0 whose ID is the task's,
// as here.
var tfeRunTaskGlobalSettings = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_organization_run_task_global_settings",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFERunTaskGlobalSettings},
}

// moveTFERunTaskGlobalSettings transforms the incumbent's global settings:
// the same names.
func moveTFERunTaskGlobalSettings(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "task_id", "enabled", "enforcement_level", "stages")
	return m, nil
}

// tfeRegistryProvider is the incumbent's twin of a registry's provider,
// hashicorp/tfe's tfe_registry_provider, a plugin framework resource of
// schema version 1 (it has no upgrade from 0) whose ID is the provider's,
// prov- and 16 characters, as here.
var tfeRegistryProvider = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_registry_provider",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){1: moveTFERegistryProvider},
}

// moveTFERegistryProvider transforms the incumbent's registry provider:
// the same names.
func moveTFERegistryProvider(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "organization", "registry_name", "namespace", "name", "created_at", "updated_at")
	return m, nil
}

// tfeRegistryGPGKey is the incumbent's twin of a registry's GPG key,
// hashicorp/tfe's tfe_registry_gpg_key, a plugin framework resource of
// schema version 1 (it has no upgrade from 0) whose ID is the key's, 16
// hexadecimal digits, as here.
var tfeRegistryGPGKey = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_registry_gpg_key",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){1: moveTFERegistryGPGKey},
}

// moveTFERegistryGPGKey transforms the incumbent's GPG key: the same
// names.
func moveTFERegistryGPGKey(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "organization", "ascii_armor", "created_at", "updated_at")
	return m, nil
}

// tfeDataRetentionPolicy is the incumbent's twin of an organization's or
// a workspace's data retention policy, hashicorp/tfe's
// tfe_data_retention_policy, a plugin framework resource of schema version
// 1 (it has no upgrade from 0) whose ID is the policy's, drp- and 16
// characters, as here.
var tfeDataRetentionPolicy = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_data_retention_policy",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){1: moveTFEDataRetentionPolicy},
}

// moveTFEDataRetentionPolicy transforms the incumbent's data retention
// policy: its delete_older_than block's days are delete_older_than_n_days,
// and its dont_delete block is that attribute left unset.
func moveTFEDataRetentionPolicy(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "organization", "workspace_id")
	if older, ok := src.Block("delete_older_than"); ok {
		older.CopyAs(m, "days", "delete_older_than_n_days")
	}
	return m, nil
}

// tfeAdminOrganizationSettings is the incumbent's twin of an
// organization's admin settings, hashicorp/tfe's
// tfe_admin_organization_settings, an SDKv2 resource of schema version 0
// whose ID, the organization's name, is its organization here.
var tfeAdminOrganizationSettings = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_admin_organization_settings",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFEAdminOrganizationSettings},
}

// moveTFEAdminOrganizationSettings transforms the incumbent's admin
// settings: its module_sharing_consumer_organizations are
// module_consumers, and it stores 0 for an organization without a
// workspace limit, which is null here (the refresh reads a limit of 0).
// The settings it does not manage (the timeouts, is_disabled and the
// others) are read by the refresh.
func moveTFEAdminOrganizationSettings(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "organization", "access_beta_tools", "global_module_sharing", "sso_enabled")
	src.CopyAs(m, "module_sharing_consumer_organizations", "module_consumers")
	if n, ok := src.Get("workspace_limit").(interface{ String() string }); ok && n.String() != "0" {
		m["workspace_limit"] = n
	}
	return m, nil
}

// tfeToolVersion is the incumbent's twin typ of a site's version of a
// policy engine, hashicorp/tfe's tfe_sentinel_version or tfe_opa_version,
// a plugin framework resource of schema version 0 whose ID is the
// version's, tool- and 16 characters, as here.
func tfeToolVersion(typ string) []fwutil.Twin {
	return []fwutil.Twin{{
		Provider: tfeProvider,
		Type:     typ,
		Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFEToolVersion},
	}}
}

// moveTFEToolVersion transforms the incumbent's engine version: the same
// names, its set of archs a list here; its url and sha, which it takes as
// arguments, are read here from the linux/amd64 item of archs.
func moveTFEToolVersion(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "version", "url", "sha", "official", "enabled", "beta", "deprecated", "deprecated_reason", "archs")
	return m, nil
}

// tfeRegistryModule is the incumbent's twin of a registry's module,
// hashicorp/tfe's tfe_registry_module, an SDKv2 resource of schema version
// 0 whose ID is the module's, mod- and 16 characters, as here.
var tfeRegistryModule = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_registry_module",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFERegistryModule},
}

// moveTFERegistryModule transforms the incumbent's module: its vcs_repo
// and test_config, lists of one block, are single objects whose
// github_app_installation_id is codehost_app_installation_id, and its ""
// for unset strings are null. initial_version, which the platform answers
// only at the create, is carried from its state.
func moveTFERegistryModule(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "organization", "module_provider", "name", "namespace", "registry_name", "no_code", "publishing_mechanism", "initial_version")
	if repo, ok := src.Block("vcs_repo"); ok {
		r := map[string]any{}
		repo.Copy(r, "identifier", "display_identifier", "oauth_token_id", "branch", "tags", "source_directory", "tag_prefix")
		repo.CopyAs(r, "github_app_installation_id", "codehost_app_installation_id")
		m["vcs_repo"] = r
	}
	if tests, ok := src.Block("test_config"); ok {
		c := map[string]any{}
		tests.Copy(c, "tests_enabled", "agent_execution_mode", "agent_pool_id")
		m["test_config"] = c
	}
	return m, nil
}
