package provider_test

import (
	"context"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	"github.com/stackworks/terraform-provider-stack/internal/provider"
)

// validatorMethods are the methods through which the framework's
// attributes give their validators, one per type.
var validatorMethods = []string{
	"StringValidators", "Int64Validators", "Int32Validators", "Float64Validators", "Float32Validators", "NumberValidators",
	"BoolValidators", "ListValidators", "SetValidators", "MapValidators", "ObjectValidators", "DynamicValidators",
}

// validatedAttributes are the attributes of every resource that have
// validators, "<type> <path>", the path in dots through nested attributes
// and blocks.
func validatedAttributes(t *testing.T) []string {
	t.Helper()
	ctx := context.Background()
	var out []string
	for _, newResource := range provider.New("test")().Resources(ctx) {
		r := newResource()
		var md resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "stack"}, &md)
		var sr resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &sr)
		walkValidated(t, "", sr.Schema.Attributes, sr.Schema.Blocks, func(path string) {
			out = append(out, md.TypeName+" "+path)
		})
	}
	slices.Sort(out)
	return out
}

// walkValidated calls f with the path of each attribute of attrs, and of
// blocks, that has validators; an element of a list is [0]. attrs and
// blocks are maps of the framework's attributes and blocks, whose
// validators it reaches through their methods, one per type.
func walkValidated(t *testing.T, prefix string, attrs map[string]schema.Attribute, blocks map[string]schema.Block, f func(string)) {
	t.Helper()
	for name, a := range attrs {
		v := reflect.ValueOf(a)
		for _, m := range validatorMethods {
			if mv := v.MethodByName(m); mv.IsValid() && mv.Call(nil)[0].Len() > 0 {
				f(prefix + name)
				break
			}
		}
		switch n := a.(type) {
		case schema.SingleNestedAttribute:
			walkValidated(t, prefix+name+".", n.Attributes, nil, f)
		case schema.ListNestedAttribute:
			walkValidated(t, prefix+name+"[0].", n.NestedObject.Attributes, nil, f)
		case schema.SetNestedAttribute, schema.MapNestedAttribute:
			t.Fatalf("%s%s: teach walkValidated its nested attributes", prefix, name)
		}
	}
	for name, b := range blocks {
		switch n := b.(type) {
		case schema.SingleNestedBlock:
			walkValidated(t, prefix+name+".", n.Attributes, n.Blocks, f)
		case schema.ListNestedBlock:
			walkValidated(t, prefix+name+"[0].", n.NestedObject.Attributes, n.NestedObject.Blocks, f)
		default:
			t.Fatalf("%s%s: teach walkValidated its block", prefix, name)
		}
	}
}

// badValue is a value that an attribute's validators refuse, and a
// fragment of what the error says.
type badValue struct {
	// Value is the attribute's bad value, as acctest.Value takes it.
	Value any
	// With are its siblings' values that the rule needs; "{}" in a name
	// stands for the attribute's own name.
	With map[string]any
	Want string
	// Attrs are "<type> <path>".
	Attrs []string
}

// configOf is the configuration of a resource that sets only what b
// gives the attribute at path, and its siblings.
func (b badValue) configOf(path string) map[string]any {
	steps := strings.Split(path, ".")
	leaf := steps[len(steps)-1]
	own := map[string]any{leaf: b.Value}
	for k, v := range b.With {
		own[strings.ReplaceAll(k, "{}", leaf)] = v
	}
	config := own
	for i := len(steps) - 2; i >= 0; i-- {
		if name, ok := strings.CutSuffix(steps[i], "[0]"); ok {
			config = map[string]any{name: []any{config}}
		} else {
			config = map[string]any{steps[i]: config}
		}
	}
	return config
}

// attributePath is a path in dots as the protocol's path.
func attributePath(path string) *tftypes.AttributePath {
	p := tftypes.NewAttributePath()
	for _, s := range strings.Split(path, ".") {
		if name, ok := strings.CutSuffix(s, "[0]"); ok {
			p = p.WithAttributeName(name).WithElementKeyInt(0)
		} else {
			p = p.WithAttributeName(s)
		}
	}
	return p
}

// newServedEmulator is an emulator of the three services behind a server,
// which the test's provider is configured against.
func newServedEmulator(t *testing.T) (*emulator.Emulator, string) {
	t.Helper()
	emu, err := emulator.New(emulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(emu)
	t.Cleanup(func() {
		srv.Close()
		_ = emu.Close()
	})
	return emu, srv.URL
}

// TestProvider_everyValidatedAttributeRefusesABadValueAtPlan gives every
// validated attribute of every resource its row's bad value, in process,
// as Terraform would: validated, then planned, with the provider
// configured against an emulator. Each must fail on the attribute, with
// the row's words, before any request; and a validated attribute without
// a row fails the test.
func TestProvider_everyValidatedAttributeRefusesABadValueAtPlan(t *testing.T) {
	emu, url := newServedEmulator(t)
	rpc := acctest.NewRPC(t, map[string]any{
		"scheduler": map[string]any{"address": url, "token": "scheduler-root"},
		"secrets":   map[string]any{"address": url, "token": "secrets-root"},
		"platform":  map[string]any{"address": url, "token": "platform-root", "organization": "acme"},
	})
	rows := map[string]badValue{}
	for _, b := range badValues {
		for _, a := range b.Attrs {
			if _, ok := rows[a]; ok {
				t.Errorf("badValues has two rows of %s", a)
			}
			rows[a] = b
		}
	}
	checked := 0
	for _, a := range validatedAttributes(t) {
		b, ok := rows[a]
		if !ok {
			t.Errorf("%s has validators, and no row in badValues: give it a value they refuse, and what the error says", a)
			continue
		}
		delete(rows, a)
		typeName, path, _ := strings.Cut(a, " ")
		before := emu.Stats().Total
		diags := rpc.PlanErrors(t, typeName, b.configOf(path))
		if sent := emu.Stats().Total - before; sent != 0 {
			t.Errorf("%s: the plan of a bad value sent %d requests, want none", a, sent)
		}
		if !slices.ContainsFunc(diags, func(d *tfprotov6.Diagnostic) bool {
			return d.Severity == tfprotov6.DiagnosticSeverityError && under(d.Attribute, attributePath(path)) &&
				strings.Contains(d.Summary+": "+d.Detail, b.Want)
		}) {
			t.Errorf("%s = %#v: want an error on the attribute saying %q, got %s", a, b.Value, b.Want, diagnosticsText(diags))
		}
		checked++
	}
	for a := range rows {
		t.Errorf("badValues has a row of %s, which has no validators", a)
	}
	t.Logf("%d validated attributes refuse their bad value at plan, with no request", checked)
}

func diagnosticsText(diags []*tfprotov6.Diagnostic) string {
	if len(diags) == 0 {
		return "no diagnostic"
	}
	var b strings.Builder
	for _, d := range diags {
		b.WriteString("\n\t")
		if d.Attribute != nil {
			b.WriteString(dotted(d.Attribute) + ": ")
		}
		b.WriteString(d.Summary + ": " + d.Detail)
	}
	return b.String()
}

// badValues gives every validated attribute of every resource a value
// that its validators refuse: the rules of the APIs' documents and of the
// incumbents' tests, which the attributes' descriptions state. A secret
// and its write-only twin refuse each other, a twin its version's absence,
// and a version its twin's absence (fwutil.WriteOnlySecret).
var badValues = []badValue{
	{Value: "not-a-level", Want: `value must be one of: ["hard-mandatory" "soft-mandatory" "advisory" "mandatory"]`, Attrs: []string{
		"stack_platform_policy enforcement_level",
	}},
	{Value: "not-a-version", Want: "must be a semantic version, such as 1.0.0", Attrs: []string{
		"stack_platform_registry_module initial_version",
	}},
	{Value: "not-a-repository", Want: "must be the repository's owner and name, such as acme/terraform-aws-network", Attrs: []string{
		"stack_platform_registry_module vcs_repo.identifier",
	}},
	{Value: "v(", Want: "must be a valid regular expression", Attrs: []string{
		"stack_platform_workspace vcs_repo.tags_regex",
	}},
	{Value: "2030-01-31T18:00:00Z", With: map[string]any{"auto_destroy_activity_duration": "14d"}, Want: "cannot be specified when", Attrs: []string{
		"stack_platform_workspace auto_destroy_at",
	}},
	{Value: "ot-6p5RiCe5CRjBmsGt", With: map[string]any{"codehost_app_installation_id": "ghain-6p5RiCe5CRjBmsGt"}, Want: "one (and only one) of", Attrs: []string{
		"stack_platform_policy_set vcs_repo.oauth_token_id", "stack_platform_workspace vcs_repo.oauth_token_id",
	}},
	{Value: map[string]string{"": "v"}, Want: "string length must be between 1 and 128", Attrs: []string{
		"stack_platform_project tag_bindings", "stack_platform_workspace tag_bindings",
	}},
	{Value: -1, Want: "value must be at least 1", Attrs: []string{
		"stack_platform_admin_data_retention_policy delete_older_than_n_days",
		"stack_platform_data_retention_policy delete_older_than_n_days", "stack_platform_organization session_remember",
		"stack_platform_organization session_timeout", "stack_secrets_sync_codehost_app app_id",
		"stack_secrets_sync_config queue_capacity",
	}},
	{Value: []string{}, Want: "list must contain at least 1 elements", Attrs: []string{
		"stack_platform_admin_opa_version archs", "stack_platform_admin_sentinel_version archs",
		"stack_platform_run_task_global_settings stages", "stack_platform_workspace_run_task stages",
		"stack_scheduler_acl_auth_method config.allowed_redirect_uris",
		"stack_secrets_sync_webhost_project_destination deployment_environments",
	}},
	{Value: "", Want: "must not be blank", Attrs: []string{
		"stack_platform_policy query", "stack_platform_policy_set policies_path", "stack_platform_policy_set policy_tool_version",
		"stack_platform_admin_opa_version archs[0].arch", "stack_platform_admin_opa_version archs[0].os",
		"stack_platform_admin_opa_version archs[0].sha", "stack_platform_admin_opa_version archs[0].url",
		"stack_platform_admin_opa_version version", "stack_platform_admin_sentinel_version archs[0].arch",
		"stack_platform_admin_sentinel_version archs[0].os", "stack_platform_admin_sentinel_version archs[0].sha",
		"stack_platform_admin_sentinel_version archs[0].url", "stack_platform_admin_sentinel_version version",
		"stack_platform_agent_pool name", "stack_platform_agent_token description", "stack_platform_notification_configuration name",
		"stack_platform_oauth_client key", "stack_platform_oauth_client name", "stack_platform_policy_set_parameter key",
		"stack_platform_registry_module module_provider", "stack_platform_registry_module name",
		"stack_platform_registry_module namespace", "stack_platform_registry_module vcs_repo.branch",
		"stack_platform_registry_module vcs_repo.codehost_app_installation_id",
		"stack_platform_registry_module vcs_repo.display_identifier", "stack_platform_registry_module vcs_repo.source_directory",
		"stack_platform_registry_module vcs_repo.tag_prefix", "stack_platform_registry_module_version_deprecation link",
		"stack_platform_registry_module_version_deprecation module_name",
		"stack_platform_registry_module_version_deprecation module_provider",
		"stack_platform_registry_module_version_deprecation reason", "stack_platform_registry_provider name",
		"stack_platform_registry_provider namespace", "stack_platform_run_task name", "stack_platform_ssh_key name",
		"stack_platform_team name", "stack_platform_variable key", "stack_platform_variable_set name",
	}},
	{Value: "not a value", Want: `must be a duration greater than zero, such as "30s", "5m" or "1h30m"`, Attrs: []string{
		"stack_platform_admin_organization_settings apply_timeout", "stack_platform_admin_organization_settings plan_timeout",
		"stack_platform_admin_settings apply_timeout", "stack_platform_admin_settings plan_timeout",
		"stack_scheduler_acl_auth_method max_token_ttl",
	}},
	{Value: []string{"not a value!"}, Want: "must have 1 to 40 characters: letters, digits, '-' and '_'", Attrs: []string{
		"stack_platform_admin_organization_settings module_consumers",
	}},
	{Value: "bad value!", Want: "must have 1 to 40 characters: letters, digits, '-' and '_'", Attrs: []string{
		"stack_platform_admin_organization_settings organization", "stack_platform_agent_pool organization",
		"stack_platform_audit_trail_token organization", "stack_platform_data_retention_policy organization",
		"stack_platform_oauth_client organization", "stack_platform_organization name",
		"stack_platform_organization_default_settings organization", "stack_platform_organization_membership organization",
		"stack_platform_organization_token organization", "stack_platform_policy organization",
		"stack_platform_policy_set organization", "stack_platform_project organization",
		"stack_platform_registry_gpg_key organization", "stack_platform_registry_module organization",
		"stack_platform_registry_module_version_deprecation organization", "stack_platform_registry_provider organization",
		"stack_platform_run_task organization", "stack_platform_ssh_key organization", "stack_platform_team organization",
		"stack_platform_variable_set organization", "stack_platform_workspace organization",
	}},
	{Value: "not-an-id", Want: "must be the ID of an agent pool", Attrs: []string{
		"stack_platform_project_settings default_agent_pool_id", "stack_platform_registry_module test_config.agent_pool_id", "stack_platform_workspace_settings agent_pool_id",
		"stack_platform_agent_pool_allowed_projects agent_pool_id", "stack_platform_agent_pool_allowed_workspaces agent_pool_id",
		"stack_platform_agent_pool_excluded_workspaces agent_pool_id", "stack_platform_agent_token agent_pool_id",
		"stack_platform_oauth_client agent_pool_id", "stack_platform_organization_default_settings default_agent_pool_id",
		"stack_platform_run_task agent_pool_id",
	}},
	{Value: []string{"not a value!"}, Want: "must be the ID of a project", Attrs: []string{
		"stack_platform_agent_pool_allowed_projects allowed_project_ids",
	}},
	{Value: []string{"not a value!"}, Want: "must be the ID of a workspace", Attrs: []string{
		"stack_platform_agent_pool_allowed_workspaces allowed_workspace_ids",
		"stack_platform_agent_pool_excluded_workspaces excluded_workspace_ids",
		"stack_platform_workspace_settings remote_state_consumer_ids",
	}},
	{Value: "not-an-id", Want: "must be the ID of a workspace", Attrs: []string{
		"stack_platform_data_retention_policy workspace_id", "stack_platform_notification_configuration workspace_id",
		"stack_platform_run_trigger sourceable_id", "stack_platform_run_trigger workspace_id",
		"stack_platform_team_access workspace_id", "stack_platform_variable workspace_id",
		"stack_platform_variable_set_assignment workspace_id", "stack_platform_workspace_policy_set workspace_id",
		"stack_platform_workspace_policy_set_exclusion workspace_id", "stack_platform_workspace_run_task workspace_id",
		"stack_platform_workspace_settings workspace_id",
	}},
	{Value: "not a value", Want: `value must be one of: ["generic" "email" "slack" "microsoft-teams"]`, Attrs: []string{
		"stack_platform_notification_configuration destination_type",
	}},
	{Value: []string{"not a value!"}, Want: "must be the ID of a user", Attrs: []string{
		"stack_platform_notification_configuration email_user_ids",
	}},
	{Value: "not-an-id", Want: "must be the ID of a project", Attrs: []string{
		"stack_platform_notification_configuration project_id", "stack_platform_project_oauth_client project_id",
		"stack_platform_project_policy_set project_id", "stack_platform_project_policy_set_exclusion project_id",
		"stack_platform_project_settings project_id", "stack_platform_team_project_access project_id",
		"stack_platform_variable_set parent_project_id", "stack_platform_variable_set_assignment project_id",
		"stack_platform_workspace project_id",
	}},
	{Value: "not-an-id", Want: "must be the ID of a team", Attrs: []string{
		"stack_platform_notification_configuration team_id", "stack_platform_team_access team_id",
		"stack_platform_team_member team_id", "stack_platform_team_project_access team_id", "stack_platform_team_token team_id",
	}},
	{Value: "b", Want: "must be specified when", Attrs: []string{
		"stack_platform_notification_configuration token_wo", "stack_platform_notification_configuration url_wo",
		"stack_platform_oauth_client oauth_token_wo", "stack_platform_oauth_client private_key_wo",
		"stack_platform_oauth_client secret_wo", "stack_platform_policy_set_parameter value_wo", "stack_platform_run_task hmac_key_wo",
		"stack_platform_ssh_key key_wo", "stack_platform_variable value_wo", "stack_platform_workspace source_name",
		"stack_platform_workspace source_url", "stack_scheduler_acl_auth_method config.oidc_client_secret_wo",
		"stack_secrets_sync_cloudone_sm_destination access_key_id_wo",
		"stack_secrets_sync_cloudone_sm_destination secret_access_key_wo",
		"stack_secrets_sync_cloudthree_sm_destination credentials_wo", "stack_secrets_sync_cloudtwo_kv_destination client_secret_wo",
		"stack_secrets_sync_codehost_app private_key_wo", "stack_secrets_sync_codehost_destination access_token_wo",
		"stack_secrets_sync_webhost_project_destination access_token_wo",
	}},
	{Value: 1, Want: "must be specified when", Attrs: []string{
		"stack_platform_notification_configuration token_wo_version", "stack_platform_notification_configuration url_wo_version",
		"stack_platform_oauth_client oauth_token_wo_version", "stack_platform_oauth_client private_key_wo_version",
		"stack_platform_oauth_client secret_wo_version", "stack_platform_policy_set_parameter value_wo_version",
		"stack_platform_run_task hmac_key_wo_version", "stack_platform_ssh_key key_wo_version",
		"stack_platform_variable value_wo_version", "stack_scheduler_acl_auth_method config.oidc_client_secret_wo_version",
		"stack_secrets_sync_cloudone_sm_destination access_key_id_wo_version",
		"stack_secrets_sync_cloudone_sm_destination secret_access_key_wo_version",
		"stack_secrets_sync_cloudthree_sm_destination credentials_wo_version",
		"stack_secrets_sync_cloudtwo_kv_destination client_secret_wo_version",
		"stack_secrets_sync_codehost_app private_key_wo_version", "stack_secrets_sync_codehost_destination access_token_wo_version",
		"stack_secrets_sync_webhost_project_destination access_token_wo_version",
	}},
	{Value: []string{"not a value!"}, Want: `value must be one of: ["run:created" "run:planning" "run:needs_attention" "run:applying" "run:completed" "run:errored" "assessment:drifted" "assessment:check_failure" "assessment:failed" "workspace:auto_destroy_reminder" "workspace:auto_destroy_run_results" "team:change_request" "change_request:created"]`, Attrs: []string{
		"stack_platform_notification_configuration triggers",
	}},
	{Value: "not a value", Want: `value must be one of: ["password" "two_factor_mandatory"]`, Attrs: []string{
		"stack_platform_organization collaborator_auth_policy",
	}},
	{Value: "not a value", Want: "must be an email address", Attrs: []string{
		"stack_platform_organization email", "stack_platform_organization_membership email",
	}},
	{Value: "", Want: "string length must be at least 1", Attrs: []string{
		"stack_platform_organization owners_team_saml_role_id", "stack_platform_team sso_team_id",
		"stack_scheduler_acl_auth_method token_name_format", "stack_secrets_sync_association mount",
		"stack_secrets_sync_association secret_name", "stack_secrets_sync_cloudone_sm_destination secret_name_template",
		"stack_secrets_sync_cloudthree_sm_destination secret_name_template", "stack_secrets_sync_cloudtwo_kv_destination client_id",
		"stack_secrets_sync_cloudtwo_kv_destination cloud", "stack_secrets_sync_cloudtwo_kv_destination key_vault_uri",
		"stack_secrets_sync_cloudtwo_kv_destination secret_name_template", "stack_secrets_sync_cloudtwo_kv_destination tenant_id",
		"stack_secrets_sync_codehost_destination secret_name_template", "stack_secrets_sync_webhost_project_destination project_id",
		"stack_secrets_sync_webhost_project_destination secret_name_template",
	}},
	{Value: "not a value", Want: `value must be one of: ["remote" "local" "agent"]`, Attrs: []string{
		"stack_platform_organization_default_settings default_execution_mode",
		"stack_platform_project_settings default_execution_mode", "stack_platform_workspace_settings execution_mode",
	}},
	{Value: "not a value", Want: `value must be one of: ["sentinel" "opa"]`, Attrs: []string{
		"stack_platform_policy kind", "stack_platform_policy_set kind",
	}},
	{Value: "bad value!", Want: "must have letters, digits, '-' and '_' only", Attrs: []string{
		"stack_platform_policy name", "stack_platform_policy_set name",
	}},
	{Value: []string{"not a value!"}, Want: "must be the ID of a policy", Attrs: []string{
		"stack_platform_policy_set policy_ids",
	}},
	{Value: "not a value", Want: "must be the repository's owner and name, such as acme/policies", Attrs: []string{
		"stack_platform_policy_set vcs_repo.identifier",
	}},
	{Value: "not-an-id", Want: "must be the ID of a policy set", Attrs: []string{
		"stack_platform_policy_set_parameter policy_set_id", "stack_platform_project_policy_set policy_set_id",
		"stack_platform_project_policy_set_exclusion policy_set_id", "stack_platform_workspace_policy_set policy_set_id",
		"stack_platform_workspace_policy_set_exclusion policy_set_id",
	}},
	{Value: "not a value", Want: "must be 1 to 4 digits followed by d or h, such as 14d or 12h", Attrs: []string{
		"stack_platform_project auto_destroy_activity_duration", "stack_platform_workspace auto_destroy_activity_duration",
	}},
	{Value: strings.Repeat("x", 3000), Want: "string length must be at most 256", Attrs: []string{
		"stack_platform_project description",
	}},
	{Value: "bad value!", Want: "must be letters, digits, spaces, '-' and '_', not starting or ending with a space", Attrs: []string{
		"stack_platform_project name",
	}},
	{Value: "not-an-id", Want: "must be the ID of an OAuth client", Attrs: []string{
		"stack_platform_project_oauth_client oauth_client_id",
	}},
	{Value: "not a value", Want: "must be an ASCII-armored public key block, from -----BEGIN PGP PUBLIC KEY BLOCK----- to -----END PGP PUBLIC KEY BLOCK-----, and nothing of a private key", Attrs: []string{
		"stack_platform_registry_gpg_key ascii_armor",
	}},
	{Value: "not a value", Want: `value must be one of: ["private" "public"]`, Attrs: []string{
		"stack_platform_registry_module registry_name", "stack_platform_registry_provider registry_name",
	}},
	{Value: "not a value", Want: `value must be one of: ["agent" "remote"]`, Attrs: []string{
		"stack_platform_registry_module test_config.agent_execution_mode",
	}},
	{Value: "not-an-id", Want: "must be the ID of an OAuth token", Attrs: []string{
		"stack_platform_registry_module vcs_repo.oauth_token_id",
	}},
	{Value: "not a value", Want: "must be a semantic version, such as 1.2.0", Attrs: []string{
		"stack_platform_registry_module_version_deprecation version",
	}},
	{Value: "not a value", Want: `value must be one of: ["task"]`, Attrs: []string{
		"stack_platform_run_task category",
	}},
	{Value: strings.Repeat("x", 3000), Want: "UTF-8 character count must be at most 300", Attrs: []string{
		"stack_platform_run_task description",
	}},
	{Value: "not a value", Want: "must be an http or https URL with a host", Attrs: []string{
		"stack_platform_run_task url",
	}},
	{Value: "not a value", Want: `value must be one of: ["advisory" "mandatory"]`, Attrs: []string{
		"stack_platform_run_task_global_settings enforcement_level", "stack_platform_workspace_run_task enforcement_level",
	}},
	{Value: "not-an-id", Want: "must be the ID of a run task", Attrs: []string{
		"stack_platform_run_task_global_settings task_id", "stack_platform_workspace_run_task task_id",
	}},
	{Value: "not a value", Want: `value must be one of: ["secret" "organization"]`, Attrs: []string{
		"stack_platform_team visibility",
	}},
	{Value: "not a value", Want: `value must be one of: ["read" "plan" "write" "admin" "custom"]`, Attrs: []string{
		"stack_platform_team_access access",
	}},
	{Value: "not a value", Want: `value must be one of: ["read" "plan" "apply"]`, Attrs: []string{
		"stack_platform_team_access permissions.runs", "stack_platform_team_project_access workspace_access.runs",
	}},
	{Value: "not a value", Want: `value must be one of: ["none" "read"]`, Attrs: []string{
		"stack_platform_team_access permissions.sentinel_mocks", "stack_platform_team_project_access workspace_access.sentinel_mocks",
	}},
	{Value: "not a value", Want: `value must be one of: ["none" "read-outputs" "read" "write"]`, Attrs: []string{
		"stack_platform_team_access permissions.state_versions", "stack_platform_team_project_access workspace_access.state_versions",
	}},
	{Value: "not a value", Want: `value must be one of: ["none" "read" "write"]`, Attrs: []string{
		"stack_platform_team_access permissions.variables", "stack_platform_team_project_access project_access.variable_sets",
		"stack_platform_team_project_access workspace_access.variables",
	}},
	{Value: "not-an-id", Want: "must be the ID of an organization membership", Attrs: []string{
		"stack_platform_team_member organization_membership_id",
	}},
	{Value: "not a value", Want: `value must be one of: ["read" "write" "maintain" "admin" "custom"]`, Attrs: []string{
		"stack_platform_team_project_access access",
	}},
	{Value: "not a value", Want: `value must be one of: ["read" "update" "delete"]`, Attrs: []string{
		"stack_platform_team_project_access project_access.settings",
	}},
	{Value: "not a value", Want: `value must be one of: ["none" "read" "manage"]`, Attrs: []string{
		"stack_platform_team_project_access project_access.teams",
	}},
	{Value: "not a value", Want: `value must be one of: ["terraform" "env"]`, Attrs: []string{
		"stack_platform_variable category",
	}},
	{Value: "not-an-id", Want: "must be the ID of a variable set", Attrs: []string{
		"stack_platform_variable variable_set_id", "stack_platform_variable_set_assignment variable_set_id",
	}},
	{Value: "bad value!", Want: "must be letters, digits, '-' and '_'", Attrs: []string{
		"stack_platform_workspace name",
	}},
	{Value: []string{"not a value!"}, Want: "must be lower-case letters, digits, ':', '-' and '_', starting and ending with a letter or a digit", Attrs: []string{
		"stack_platform_workspace tag_names",
	}},
	{Value: "not a value", Want: "must be the repository's owner and name, such as acme/networking", Attrs: []string{
		"stack_platform_workspace vcs_repo.identifier",
	}},
	{Value: "not a value", Want: `value must be one of: ["pre_plan" "post_plan" "pre_apply" "post_apply"]`, Attrs: []string{
		"stack_platform_workspace_run_task stage",
	}},
	{Value: "not-an-id", Want: "must be the ID of an SSH key", Attrs: []string{
		"stack_platform_workspace_settings ssh_key_id",
	}},
	{Value: "not a value", Want: `must be a duration of zero or more, such as "0s", "30s" or "5m"`, Attrs: []string{
		"stack_scheduler_acl_auth_method config.clock_skew_leeway", "stack_scheduler_acl_auth_method config.expiration_leeway",
		"stack_scheduler_acl_auth_method config.not_before_leeway",
	}},
	{Value: "bad value!", Want: "must contain only letters, digits and dashes", Attrs: []string{
		"stack_scheduler_acl_auth_method name",
	}},
	{Value: "not a value", Want: `value must be one of: ["local" "global"]`, Attrs: []string{
		"stack_scheduler_acl_auth_method token_locality",
	}},
	{Value: "not a value", Want: `value must be one of: ["OIDC" "JWT"]`, Attrs: []string{
		"stack_scheduler_acl_auth_method type",
	}},
	{Value: "bad value!", Want: "must have 1 to 128 characters: letters, digits, '.', '-' and '_', starting with a letter or a digit", Attrs: []string{
		"stack_secrets_sync_association destination_name", "stack_secrets_sync_cloudone_sm_destination name",
		"stack_secrets_sync_cloudthree_sm_destination name", "stack_secrets_sync_cloudtwo_kv_destination name",
		"stack_secrets_sync_codehost_app name", "stack_secrets_sync_codehost_destination name",
		"stack_secrets_sync_webhost_project_destination name",
	}},
	{Value: "not a value", Want: `value must be one of: ["cloudone-sm" "cloudtwo-kv" "cloudthree-sm" "codehost" "webhost-project"]`, Attrs: []string{
		"stack_secrets_sync_association destination_type",
	}},
	{Value: []string{"not a value!"}, Want: `must be an IPv4 CIDR block such as "192.0.2.0/24"`, Attrs: []string{
		"stack_secrets_sync_cloudone_sm_destination allowed_ipv4_addresses",
		"stack_secrets_sync_cloudthree_sm_destination allowed_ipv4_addresses",
		"stack_secrets_sync_cloudtwo_kv_destination allowed_ipv4_addresses",
		"stack_secrets_sync_codehost_destination allowed_ipv4_addresses",
		"stack_secrets_sync_webhost_project_destination allowed_ipv4_addresses",
	}},
	{Value: []string{"not a value!"}, Want: `must be an IPv6 CIDR block such as "2001:db8::/32"`, Attrs: []string{
		"stack_secrets_sync_cloudone_sm_destination allowed_ipv6_addresses",
		"stack_secrets_sync_cloudthree_sm_destination allowed_ipv6_addresses",
		"stack_secrets_sync_cloudtwo_kv_destination allowed_ipv6_addresses",
		"stack_secrets_sync_codehost_destination allowed_ipv6_addresses",
		"stack_secrets_sync_webhost_project_destination allowed_ipv6_addresses",
	}},
	{Value: []any{-1}, Want: "value must be between 1 and 65535", Attrs: []string{
		"stack_secrets_sync_cloudone_sm_destination allowed_ports", "stack_secrets_sync_cloudthree_sm_destination allowed_ports",
		"stack_secrets_sync_cloudtwo_kv_destination allowed_ports", "stack_secrets_sync_codehost_destination allowed_ports",
		"stack_secrets_sync_webhost_project_destination allowed_ports",
	}},
	{Value: "not a value", Want: `value must be one of: ["secret-path" "secret-key"]`, Attrs: []string{
		"stack_secrets_sync_cloudone_sm_destination granularity", "stack_secrets_sync_cloudthree_sm_destination granularity",
		"stack_secrets_sync_cloudtwo_kv_destination granularity", "stack_secrets_sync_codehost_destination granularity",
		"stack_secrets_sync_webhost_project_destination granularity",
	}},
	{Value: "not a value", Want: "must be a string containing a sequence of decimal numbers", Attrs: []string{
		"stack_secrets_sync_cloudone_sm_destination timeouts.delete", "stack_secrets_sync_cloudthree_sm_destination timeouts.delete",
		"stack_secrets_sync_cloudtwo_kv_destination timeouts.delete", "stack_secrets_sync_codehost_destination timeouts.delete",
		"stack_secrets_sync_webhost_project_destination timeouts.delete",
	}},
	{Value: "not a value", Want: "must be a PEM-encoded private key (RSA PRIVATE KEY, EC PRIVATE KEY or PRIVATE KEY): no PEM block found.", Attrs: []string{
		"stack_secrets_sync_codehost_app private_key",
	}},
	{Value: "not a value", Want: `must be a positive whole number of at most 18 digits, without sign or leading zero, such as "4242"`, Attrs: []string{
		"stack_secrets_sync_codehost_destination installation_id",
	}},
	{Value: "not a value", Want: `value must be one of: ["repository" "organization"]`, Attrs: []string{
		"stack_secrets_sync_codehost_destination secrets_location",
	}},
	{Value: "b", With: map[string]any{"{}_wo": "b"}, Want: "cannot be specified when", Attrs: []string{
		"stack_platform_notification_configuration token", "stack_platform_notification_configuration url",
		"stack_platform_oauth_client oauth_token", "stack_platform_oauth_client private_key", "stack_platform_oauth_client secret",
		"stack_platform_policy_set_parameter value", "stack_platform_run_task hmac_key", "stack_platform_ssh_key key",
		"stack_platform_variable value", "stack_scheduler_acl_auth_method config.oidc_client_secret",
		"stack_secrets_sync_cloudone_sm_destination access_key_id", "stack_secrets_sync_cloudone_sm_destination secret_access_key",
		"stack_secrets_sync_cloudthree_sm_destination credentials", "stack_secrets_sync_cloudtwo_kv_destination client_secret",
		"stack_secrets_sync_codehost_destination access_token", "stack_secrets_sync_webhost_project_destination access_token",
	}},
}
