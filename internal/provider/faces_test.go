package provider_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// underNoun is the noun under which the client and the emulator keep an
// object that the provider names otherwise, and why.
type underNoun struct {
	noun, why string
}

// apiNouns are the provider's nouns whose client and emulator files are
// named after another noun: the API's name of the object, or the object
// it is part of. Every other noun has internal/client/<service>/<noun>.go
// and internal/emulator/<service>/<noun>.go, DESIGN.md's "one noun, three
// faces". DESIGN.md lists these.
var apiNouns = map[string]underNoun{
	"acl_auth_method":                {"auth_method", "the scheduler's API calls it an auth method; acl_ is the provider's, as its CLI says"},
	"team_access":                    {"team_workspace", "the API's team-workspaces"},
	"team_member":                    {"team_membership", "the API's team memberships, a team's relationships"},
	"current_user":                   {"user", "the API's user, the token's own at /account/details"},
	"organization_members":           {"organization_membership", "the organization's memberships, listed"},
	"organization_default_settings":  {"organization", "attributes of the organization"},
	"project_settings":               {"project", "attributes of the project"},
	"workspace_settings":             {"workspace", "attributes and relationships of the workspace"},
	"audit_trail_token":              {"organization_token", "the organization's other singleton token, served on the same path with ?token=audit-trails"},
	"agent_pool_allowed_workspaces":  {"agent_pool", "a relationship of the agent pool, which the pool's update sets"},
	"agent_pool_allowed_projects":    {"agent_pool", "a relationship of the agent pool, which the pool's update sets"},
	"agent_pool_excluded_workspaces": {"agent_pool", "a relationship of the agent pool, which the pool's update sets"},
	"project_oauth_client":           {"oauth_client", "a relationship of the OAuth client, its projects"},
	"variable_set_assignment":        {"variable_set", "a relationship of the variable set, its workspaces and projects"},
	"entitlements":                   {"entitlement_set", "the API's entitlement set of an organization"},
	"run_task_global_settings":       {"run_task", "an attribute of the run task, its global-configuration"},
	"workspace_policy_set":           {"policy_set", "a relationship of the policy set, its workspaces"},
	"project_policy_set":             {"policy_set", "a relationship of the policy set, its projects"},
	"workspace_policy_set_exclusion": {"policy_set", "a relationship of the policy set, its excluded workspaces"},
	"project_policy_set_exclusion":   {"policy_set", "a relationship of the policy set, its excluded projects"},
	"outputs":                        {"state_version", "a workspace's current state's outputs: the API's state-version-outputs, part of their state version"},
	"explorer_workspaces":            {"explorer", "the explorer's workspaces view, one of the views of its one query endpoint"},
	"cloudone_sm_destination":        {"destination", "one type of destination: the API serves the five under sys/sync/destinations/<type>"},
	"cloudtwo_kv_destination":        {"destination", "one type of destination: the API serves the five under sys/sync/destinations/<type>"},
	"cloudthree_sm_destination":      {"destination", "one type of destination: the API serves the five under sys/sync/destinations/<type>"},
	"codehost_destination":           {"destination", "one type of destination: the API serves the five under sys/sync/destinations/<type>"},
	"webhost_project_destination":    {"destination", "one type of destination: the API serves the five under sys/sync/destinations/<type>"},
	"admin_data_retention_policy":    {"data_retention_policy", "the site's policy, the organizations' and workspaces' object at /admin/data-retention-policy-settings"},

	"registry_module_version_deprecation": {"registry_module_version", "a state of the module's version, which the version's PATCH sets and reverts"},
}

// Each registered resource, data source and ephemeral resource has its
// client and its emulator files under its noun: a list data source,
// <nouns>, under its singular's, and the nouns of apiNouns under theirs.
func TestProvider_everyObjectHasItsClientAndEmulatorFiles(t *testing.T) {
	resp := providerSchema(t)
	var types []string
	for name := range resp.ResourceSchemas {
		types = append(types, name)
	}
	for name := range resp.DataSourceSchemas {
		types = append(types, name)
	}
	for name := range resp.EphemeralResourceSchemas {
		types = append(types, name)
	}
	slices.Sort(types)
	used := map[string]bool{}
	for _, name := range types {
		service, noun := serviceAndNoun(name)
		if service == "" {
			t.Errorf("%s belongs to no known service", name)
			continue
		}
		if one, ok := strings.CutSuffix(noun, "s"); ok && slices.Contains(types, strings.TrimSuffix(name, "s")) {
			noun = one
		}
		if under, ok := apiNouns[noun]; ok {
			used[noun] = true
			noun = under.noun
		}
		for _, layer := range []string{"client", "emulator"} {
			file := filepath.Join("..", layer, service, noun+".go")
			if _, err := os.Stat(file); err != nil {
				t.Errorf("%s has no %s file: %v", name, layer, err)
			}
		}
	}
	for noun := range apiNouns {
		if !used[noun] {
			t.Errorf("apiNouns names %s, which no registered type has", noun)
		}
	}
}

// serviceAndNoun are the service and the noun of a registered type,
// stack_<service>_<noun>; the secrets service's types say sync_ too, which
// its files leave out but for the sync configuration's.
func serviceAndNoun(name string) (string, string) {
	for _, service := range []string{"scheduler", "secrets", "platform"} {
		if noun, ok := strings.CutPrefix(name, "stack_"+service+"_"); ok {
			if n, ok := strings.CutPrefix(noun, "sync_"); ok && n != "config" {
				noun = n
			}
			return service, noun
		}
	}
	return "", ""
}
