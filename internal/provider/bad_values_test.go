package provider_test

import (
	"context"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	fwprovider "github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
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

// validatedAttributes are the attributes of every resource, data source
// and ephemeral resource that have validators, "<kind> <type> <path>": kind
// resource, data or ephemeral, the path in dots through nested attributes
// and blocks.
func validatedAttributes(t *testing.T) []string {
	t.Helper()
	ctx := context.Background()
	p := provider.New("test")()
	var out []string
	add := func(kind, typeName string, schema any) {
		s := reflect.ValueOf(schema)
		walkValidated(t, "", s.FieldByName("Attributes"), s.FieldByName("Blocks"), func(path string) {
			out = append(out, kind+" "+typeName+" "+path)
		})
	}
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var md resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "stack"}, &md)
		var sr resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &sr)
		add("resource", md.TypeName, sr.Schema)
	}
	for _, newDataSource := range p.DataSources(ctx) {
		d := newDataSource()
		var md datasource.MetadataResponse
		d.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "stack"}, &md)
		var sr datasource.SchemaResponse
		d.Schema(ctx, datasource.SchemaRequest{}, &sr)
		add("data", md.TypeName, sr.Schema)
	}
	withEphemeral, ok := p.(fwprovider.ProviderWithEphemeralResources)
	if !ok {
		t.Fatal("the provider has no ephemeral resources")
	}
	for _, newEphemeral := range withEphemeral.EphemeralResources(ctx) {
		e := newEphemeral()
		var md ephemeral.MetadataResponse
		e.Metadata(ctx, ephemeral.MetadataRequest{ProviderTypeName: "stack"}, &md)
		var sr ephemeral.SchemaResponse
		e.Schema(ctx, ephemeral.SchemaRequest{}, &sr)
		add("ephemeral", md.TypeName, sr.Schema)
	}
	slices.Sort(out)
	return out
}

// walkValidated calls f with the path of each attribute of attrs, and of
// blocks, that has validators; an element of a list is [0]. attrs and
// blocks are maps of the framework's attributes and blocks, of any kind
// of schema, whose validators and nested objects it reaches through their
// methods: the framework's interfaces for them are internal.
func walkValidated(t *testing.T, prefix string, attrs, blocks reflect.Value, f func(string)) {
	t.Helper()
	for _, m := range []reflect.Value{attrs, blocks} {
		if !m.IsValid() {
			continue
		}
		keys := m.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		for _, k := range keys {
			a := m.MapIndex(k)
			for a.Kind() == reflect.Interface {
				a = a.Elem()
			}
			name := prefix + k.String()
			for _, method := range validatorMethods {
				if mv := a.MethodByName(method); mv.IsValid() && mv.Call(nil)[0].Len() > 0 {
					f(name)
					break
				}
			}
			nested := a.MethodByName("GetNestedObject")
			if !nested.IsValid() {
				continue
			}
			obj := nested.Call(nil)[0]
			for obj.Kind() == reflect.Interface {
				obj = obj.Elem()
			}
			switch kind := a.Type().Name(); {
			case strings.HasPrefix(kind, "Single"):
				name += "."
			case strings.HasPrefix(kind, "List"):
				name += "[0]."
			default:
				t.Fatalf("%s, a %s: teach walkValidated its nested object", name, kind)
			}
			var inner reflect.Value
			if getBlocks := obj.MethodByName("GetBlocks"); getBlocks.IsValid() {
				inner = getBlocks.Call(nil)[0]
			}
			walkValidated(t, name, obj.MethodByName("GetAttributes").Call(nil)[0], inner, f)
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
	// Attrs are "<kind> <type> <path>", as validatedAttributes names them.
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
// validated attribute of every resource, data source and ephemeral
// resource its row's bad value, in process, as Terraform would: validated,
// then planned (a resource), read (a data source) or opened (an ephemeral
// resource), with the provider configured against an emulator. Each must
// fail on the attribute, with the row's words, before any request; and a
// validated attribute without a row fails the test.
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
		parts := strings.SplitN(a, " ", 3)
		kind, typeName, path := parts[0], parts[1], parts[2]
		before := emu.Stats().Total
		var diags []*tfprotov6.Diagnostic
		switch kind {
		case "resource":
			diags = rpc.PlanErrors(t, typeName, b.configOf(path))
		case "data":
			diags = rpc.ReadErrors(t, typeName, b.configOf(path))
		default:
			diags = rpc.OpenErrors(t, typeName, b.configOf(path))
		}
		if sent := emu.Stats().Total - before; sent != 0 {
			t.Errorf("%s: a bad value sent %d requests, want none", a, sent)
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

// badValues gives every validated attribute of every resource, data
// source and ephemeral resource a value that its validators refuse: the rules of the APIs' documents and of the
// incumbents' tests, which the attributes' descriptions state. A secret
// and its write-only twin refuse each other, a twin its version's absence,
// and a version its twin's absence (fwutil.WriteOnlySecret).
var badValues = []badValue{
	{Value: "not-a-level", Want: `value must be one of: ["hard-mandatory" "soft-mandatory" "advisory" "mandatory"]`, Attrs: []string{
		"resource stack_platform_policy enforcement_level",
	}},
	{Value: "not-a-version", Want: "must be a semantic version, such as 1.0.0", Attrs: []string{
		"resource stack_platform_registry_module initial_version",
	}},
	{Value: "not-a-repository", Want: "must be the repository's owner and name, such as acme/terraform-aws-network", Attrs: []string{
		"resource stack_platform_registry_module vcs_repo.identifier",
	}},
	{Value: "v(", Want: "must be a valid regular expression", Attrs: []string{
		"resource stack_platform_workspace vcs_repo.tags_regex",
	}},
	{Value: "2030-01-31T18:00:00Z", With: map[string]any{"auto_destroy_activity_duration": "14d"}, Want: "cannot be specified when", Attrs: []string{
		"resource stack_platform_workspace auto_destroy_at",
	}},
	{Value: "ot-6p5RiCe5CRjBmsGt", With: map[string]any{"codehost_app_installation_id": "ghain-6p5RiCe5CRjBmsGt"}, Want: "one (and only one) of", Attrs: []string{
		"resource stack_platform_policy_set vcs_repo.oauth_token_id", "resource stack_platform_workspace vcs_repo.oauth_token_id",
	}},
	{Value: map[string]string{"": "v"}, Want: "string length must be between 1 and 128", Attrs: []string{
		"resource stack_platform_project tag_bindings", "resource stack_platform_workspace tag_bindings",
	}},
	{Value: -1, Want: "value must be at least 1", Attrs: []string{
		"resource stack_platform_admin_data_retention_policy delete_older_than_n_days",
		"resource stack_platform_data_retention_policy delete_older_than_n_days", "resource stack_platform_organization session_remember",
		"resource stack_platform_organization session_timeout", "resource stack_secrets_sync_codehost_app app_id",
		"resource stack_secrets_sync_config queue_capacity",
	}},
	{Value: []string{}, Want: "list must contain at least 1 elements", Attrs: []string{
		"resource stack_platform_admin_opa_version archs", "resource stack_platform_admin_sentinel_version archs",
		"resource stack_platform_run_task_global_settings stages", "resource stack_platform_workspace_run_task stages",
		"resource stack_scheduler_acl_auth_method config.allowed_redirect_uris",
		"resource stack_secrets_sync_webhost_project_destination deployment_environments",
	}},
	{Value: "", Want: "must not be blank", Attrs: []string{
		"resource stack_platform_policy query", "resource stack_platform_policy_set policies_path", "resource stack_platform_policy_set policy_tool_version",
		"resource stack_platform_admin_opa_version archs[0].arch", "resource stack_platform_admin_opa_version archs[0].os",
		"resource stack_platform_admin_opa_version archs[0].sha", "resource stack_platform_admin_opa_version archs[0].url",
		"resource stack_platform_admin_opa_version version", "resource stack_platform_admin_sentinel_version archs[0].arch",
		"resource stack_platform_admin_sentinel_version archs[0].os", "resource stack_platform_admin_sentinel_version archs[0].sha",
		"resource stack_platform_admin_sentinel_version archs[0].url", "resource stack_platform_admin_sentinel_version version",
		"resource stack_platform_agent_pool name", "resource stack_platform_agent_token description", "resource stack_platform_notification_configuration name",
		"resource stack_platform_oauth_client key", "resource stack_platform_oauth_client name", "resource stack_platform_policy_set_parameter key",
		"resource stack_platform_registry_module module_provider", "resource stack_platform_registry_module name",
		"resource stack_platform_registry_module namespace", "resource stack_platform_registry_module vcs_repo.branch",
		"resource stack_platform_registry_module vcs_repo.codehost_app_installation_id",
		"resource stack_platform_registry_module vcs_repo.display_identifier", "resource stack_platform_registry_module vcs_repo.source_directory",
		"resource stack_platform_registry_module vcs_repo.tag_prefix", "resource stack_platform_registry_module_version_deprecation link",
		"resource stack_platform_registry_module_version_deprecation module_name",
		"resource stack_platform_registry_module_version_deprecation module_provider",
		"resource stack_platform_registry_module_version_deprecation reason", "resource stack_platform_registry_provider name",
		"resource stack_platform_registry_provider namespace", "resource stack_platform_run_task name", "resource stack_platform_ssh_key name",
		"resource stack_platform_team name", "resource stack_platform_variable key", "resource stack_platform_variable_set name",
	}},
	{Value: "not a value", Want: `must be a duration greater than zero, such as "30s", "5m" or "1h30m"`, Attrs: []string{
		"resource stack_platform_admin_organization_settings apply_timeout", "resource stack_platform_admin_organization_settings plan_timeout",
		"resource stack_platform_admin_settings apply_timeout", "resource stack_platform_admin_settings plan_timeout",
		"resource stack_scheduler_acl_auth_method max_token_ttl",
	}},
	{Value: []string{"not a value!"}, Want: "must have 1 to 40 characters: letters, digits, '-' and '_'", Attrs: []string{
		"resource stack_platform_admin_organization_settings module_consumers",
	}},
	{Value: "bad value!", Want: "must have 1 to 40 characters: letters, digits, '-' and '_'", Attrs: []string{
		"resource stack_platform_admin_organization_settings organization", "resource stack_platform_agent_pool organization",
		"resource stack_platform_audit_trail_token organization", "resource stack_platform_data_retention_policy organization",
		"resource stack_platform_oauth_client organization", "resource stack_platform_organization name",
		"resource stack_platform_organization_default_settings organization", "resource stack_platform_organization_membership organization",
		"resource stack_platform_organization_token organization", "resource stack_platform_policy organization",
		"resource stack_platform_policy_set organization", "resource stack_platform_project organization",
		"resource stack_platform_registry_gpg_key organization", "resource stack_platform_registry_module organization",
		"resource stack_platform_registry_module_version_deprecation organization", "resource stack_platform_registry_provider organization",
		"resource stack_platform_run_task organization", "resource stack_platform_ssh_key organization", "resource stack_platform_team organization",
		"resource stack_platform_variable_set organization", "resource stack_platform_workspace organization",
	}},
	{Value: "not-an-id", Want: "must be the ID of an agent pool", Attrs: []string{
		"resource stack_platform_project_settings default_agent_pool_id", "resource stack_platform_registry_module test_config.agent_pool_id", "resource stack_platform_workspace_settings agent_pool_id",
		"resource stack_platform_agent_pool_allowed_projects agent_pool_id", "resource stack_platform_agent_pool_allowed_workspaces agent_pool_id",
		"resource stack_platform_agent_pool_excluded_workspaces agent_pool_id", "resource stack_platform_agent_token agent_pool_id",
		"resource stack_platform_oauth_client agent_pool_id", "resource stack_platform_organization_default_settings default_agent_pool_id",
		"resource stack_platform_run_task agent_pool_id",
	}},
	{Value: []string{"not a value!"}, Want: "must be the ID of a project", Attrs: []string{
		"resource stack_platform_agent_pool_allowed_projects allowed_project_ids",
	}},
	{Value: []string{"not a value!"}, Want: "must be the ID of a workspace", Attrs: []string{
		"resource stack_platform_agent_pool_allowed_workspaces allowed_workspace_ids",
		"resource stack_platform_agent_pool_excluded_workspaces excluded_workspace_ids",
		"resource stack_platform_workspace_settings remote_state_consumer_ids",
	}},
	{Value: "not-an-id", Want: "must be the ID of a workspace", Attrs: []string{
		"resource stack_platform_data_retention_policy workspace_id", "resource stack_platform_notification_configuration workspace_id",
		"resource stack_platform_run_trigger sourceable_id", "resource stack_platform_run_trigger workspace_id",
		"resource stack_platform_team_access workspace_id", "resource stack_platform_variable workspace_id",
		"resource stack_platform_variable_set_assignment workspace_id", "resource stack_platform_workspace_policy_set workspace_id",
		"resource stack_platform_workspace_policy_set_exclusion workspace_id", "resource stack_platform_workspace_run_task workspace_id",
		"resource stack_platform_workspace_settings workspace_id",
	}},
	{Value: "not a value", Want: `value must be one of: ["generic" "email" "slack" "microsoft-teams"]`, Attrs: []string{
		"resource stack_platform_notification_configuration destination_type",
	}},
	{Value: []string{"not a value!"}, Want: "must be the ID of a user", Attrs: []string{
		"resource stack_platform_notification_configuration email_user_ids",
	}},
	{Value: "not-an-id", Want: "must be the ID of a project", Attrs: []string{
		"resource stack_platform_notification_configuration project_id", "resource stack_platform_project_oauth_client project_id",
		"resource stack_platform_project_policy_set project_id", "resource stack_platform_project_policy_set_exclusion project_id",
		"resource stack_platform_project_settings project_id", "resource stack_platform_team_project_access project_id",
		"resource stack_platform_variable_set parent_project_id", "resource stack_platform_variable_set_assignment project_id",
		"resource stack_platform_workspace project_id",
	}},
	{Value: "not-an-id", Want: "must be the ID of a team", Attrs: []string{
		"resource stack_platform_notification_configuration team_id", "resource stack_platform_team_access team_id",
		"resource stack_platform_team_member team_id", "resource stack_platform_team_project_access team_id", "resource stack_platform_team_token team_id",
	}},
	{Value: "b", Want: "must be specified when", Attrs: []string{
		"resource stack_platform_notification_configuration token_wo", "resource stack_platform_notification_configuration url_wo",
		"resource stack_platform_oauth_client oauth_token_wo", "resource stack_platform_oauth_client private_key_wo",
		"resource stack_platform_oauth_client secret_wo", "resource stack_platform_policy_set_parameter value_wo", "resource stack_platform_run_task hmac_key_wo",
		"resource stack_platform_ssh_key key_wo", "resource stack_platform_variable value_wo", "resource stack_platform_workspace source_name",
		"resource stack_platform_workspace source_url", "resource stack_scheduler_acl_auth_method config.oidc_client_secret_wo",
		"resource stack_secrets_sync_cloudone_sm_destination access_key_id_wo",
		"resource stack_secrets_sync_cloudone_sm_destination secret_access_key_wo",
		"resource stack_secrets_sync_cloudthree_sm_destination credentials_wo", "resource stack_secrets_sync_cloudtwo_kv_destination client_secret_wo",
		"resource stack_secrets_sync_codehost_app private_key_wo", "resource stack_secrets_sync_codehost_destination access_token_wo",
		"resource stack_secrets_sync_webhost_project_destination access_token_wo",
	}},
	{Value: 1, Want: "must be specified when", Attrs: []string{
		"resource stack_platform_notification_configuration token_wo_version", "resource stack_platform_notification_configuration url_wo_version",
		"resource stack_platform_oauth_client oauth_token_wo_version", "resource stack_platform_oauth_client private_key_wo_version",
		"resource stack_platform_oauth_client secret_wo_version", "resource stack_platform_policy_set_parameter value_wo_version",
		"resource stack_platform_run_task hmac_key_wo_version", "resource stack_platform_ssh_key key_wo_version",
		"resource stack_platform_variable value_wo_version", "resource stack_scheduler_acl_auth_method config.oidc_client_secret_wo_version",
		"resource stack_secrets_sync_cloudone_sm_destination access_key_id_wo_version",
		"resource stack_secrets_sync_cloudone_sm_destination secret_access_key_wo_version",
		"resource stack_secrets_sync_cloudthree_sm_destination credentials_wo_version",
		"resource stack_secrets_sync_cloudtwo_kv_destination client_secret_wo_version",
		"resource stack_secrets_sync_codehost_app private_key_wo_version", "resource stack_secrets_sync_codehost_destination access_token_wo_version",
		"resource stack_secrets_sync_webhost_project_destination access_token_wo_version",
	}},
	{Value: []string{"not a value!"}, Want: `value must be one of: ["run:created" "run:planning" "run:needs_attention" "run:applying" "run:completed" "run:errored" "assessment:drifted" "assessment:check_failure" "assessment:failed" "workspace:auto_destroy_reminder" "workspace:auto_destroy_run_results" "team:change_request" "change_request:created"]`, Attrs: []string{
		"resource stack_platform_notification_configuration triggers",
	}},
	{Value: "not a value", Want: `value must be one of: ["password" "two_factor_mandatory"]`, Attrs: []string{
		"resource stack_platform_organization collaborator_auth_policy",
	}},
	{Value: "not a value", Want: "must be an email address", Attrs: []string{
		"resource stack_platform_organization email", "resource stack_platform_organization_membership email",
	}},
	{Value: "", Want: "string length must be at least 1", Attrs: []string{
		"resource stack_platform_organization owners_team_saml_role_id", "resource stack_platform_team sso_team_id",
		"resource stack_scheduler_acl_auth_method token_name_format", "resource stack_secrets_sync_association mount",
		"resource stack_secrets_sync_association secret_name", "resource stack_secrets_sync_cloudone_sm_destination secret_name_template",
		"resource stack_secrets_sync_cloudthree_sm_destination secret_name_template", "resource stack_secrets_sync_cloudtwo_kv_destination client_id",
		"resource stack_secrets_sync_cloudtwo_kv_destination cloud", "resource stack_secrets_sync_cloudtwo_kv_destination key_vault_uri",
		"resource stack_secrets_sync_cloudtwo_kv_destination secret_name_template", "resource stack_secrets_sync_cloudtwo_kv_destination tenant_id",
		"resource stack_secrets_sync_codehost_destination secret_name_template", "resource stack_secrets_sync_webhost_project_destination project_id",
		"resource stack_secrets_sync_webhost_project_destination secret_name_template",
	}},
	{Value: "not a value", Want: `value must be one of: ["remote" "local" "agent"]`, Attrs: []string{
		"resource stack_platform_organization_default_settings default_execution_mode",
		"resource stack_platform_project_settings default_execution_mode", "resource stack_platform_workspace_settings execution_mode",
	}},
	{Value: "not a value", Want: `value must be one of: ["sentinel" "opa"]`, Attrs: []string{
		"resource stack_platform_policy kind", "resource stack_platform_policy_set kind",
	}},
	{Value: "bad value!", Want: "must have letters, digits, '-' and '_' only", Attrs: []string{
		"resource stack_platform_policy name", "resource stack_platform_policy_set name",
	}},
	{Value: []string{"not a value!"}, Want: "must be the ID of a policy", Attrs: []string{
		"resource stack_platform_policy_set policy_ids",
	}},
	{Value: "not a value", Want: "must be the repository's owner and name, such as acme/policies", Attrs: []string{
		"resource stack_platform_policy_set vcs_repo.identifier",
	}},
	{Value: "not-an-id", Want: "must be the ID of a policy set", Attrs: []string{
		"resource stack_platform_policy_set_parameter policy_set_id", "resource stack_platform_project_policy_set policy_set_id",
		"resource stack_platform_project_policy_set_exclusion policy_set_id", "resource stack_platform_workspace_policy_set policy_set_id",
		"resource stack_platform_workspace_policy_set_exclusion policy_set_id",
	}},
	{Value: "not a value", Want: "must be 1 to 4 digits followed by d or h, such as 14d or 12h", Attrs: []string{
		"resource stack_platform_project auto_destroy_activity_duration", "resource stack_platform_workspace auto_destroy_activity_duration",
	}},
	{Value: strings.Repeat("x", 3000), Want: "string length must be at most 256", Attrs: []string{
		"resource stack_platform_project description",
	}},
	{Value: "bad value!", Want: "must be letters, digits, spaces, '-' and '_', not starting or ending with a space", Attrs: []string{
		"resource stack_platform_project name",
	}},
	{Value: "not-an-id", Want: "must be the ID of an OAuth client", Attrs: []string{
		"resource stack_platform_project_oauth_client oauth_client_id",
	}},
	{Value: "not a value", Want: "must be an ASCII-armored public key block, from -----BEGIN PGP PUBLIC KEY BLOCK----- to -----END PGP PUBLIC KEY BLOCK-----, and nothing of a private key", Attrs: []string{
		"resource stack_platform_registry_gpg_key ascii_armor",
	}},
	{Value: "not a value", Want: `value must be one of: ["private" "public"]`, Attrs: []string{
		"resource stack_platform_registry_module registry_name", "resource stack_platform_registry_provider registry_name",
	}},
	{Value: "not a value", Want: `value must be one of: ["agent" "remote"]`, Attrs: []string{
		"resource stack_platform_registry_module test_config.agent_execution_mode",
	}},
	{Value: "not-an-id", Want: "must be the ID of an OAuth token", Attrs: []string{
		"resource stack_platform_registry_module vcs_repo.oauth_token_id",
	}},
	{Value: "not a value", Want: "must be a semantic version, such as 1.2.0", Attrs: []string{
		"resource stack_platform_registry_module_version_deprecation version",
	}},
	{Value: "not a value", Want: `value must be one of: ["task"]`, Attrs: []string{
		"resource stack_platform_run_task category",
	}},
	{Value: strings.Repeat("x", 3000), Want: "UTF-8 character count must be at most 300", Attrs: []string{
		"resource stack_platform_run_task description",
	}},
	{Value: "not a value", Want: "must be an http or https URL with a host", Attrs: []string{
		"resource stack_platform_run_task url",
	}},
	{Value: "not a value", Want: `value must be one of: ["advisory" "mandatory"]`, Attrs: []string{
		"resource stack_platform_run_task_global_settings enforcement_level", "resource stack_platform_workspace_run_task enforcement_level",
	}},
	{Value: "not-an-id", Want: "must be the ID of a run task", Attrs: []string{
		"resource stack_platform_run_task_global_settings task_id", "resource stack_platform_workspace_run_task task_id",
	}},
	{Value: "not a value", Want: `value must be one of: ["secret" "organization"]`, Attrs: []string{
		"resource stack_platform_team visibility",
	}},
	{Value: "not a value", Want: `value must be one of: ["read" "plan" "write" "admin" "custom"]`, Attrs: []string{
		"resource stack_platform_team_access access",
	}},
	{Value: "not a value", Want: `value must be one of: ["read" "plan" "apply"]`, Attrs: []string{
		"resource stack_platform_team_access permissions.runs", "resource stack_platform_team_project_access workspace_access.runs",
	}},
	{Value: "not a value", Want: `value must be one of: ["none" "read"]`, Attrs: []string{
		"resource stack_platform_team_access permissions.sentinel_mocks", "resource stack_platform_team_project_access workspace_access.sentinel_mocks",
	}},
	{Value: "not a value", Want: `value must be one of: ["none" "read-outputs" "read" "write"]`, Attrs: []string{
		"resource stack_platform_team_access permissions.state_versions", "resource stack_platform_team_project_access workspace_access.state_versions",
	}},
	{Value: "not a value", Want: `value must be one of: ["none" "read" "write"]`, Attrs: []string{
		"resource stack_platform_team_access permissions.variables", "resource stack_platform_team_project_access project_access.variable_sets",
		"resource stack_platform_team_project_access workspace_access.variables",
	}},
	{Value: "not-an-id", Want: "must be the ID of an organization membership", Attrs: []string{
		"resource stack_platform_team_member organization_membership_id",
	}},
	{Value: "not a value", Want: `value must be one of: ["read" "write" "maintain" "admin" "custom"]`, Attrs: []string{
		"resource stack_platform_team_project_access access",
	}},
	{Value: "not a value", Want: `value must be one of: ["read" "update" "delete"]`, Attrs: []string{
		"resource stack_platform_team_project_access project_access.settings",
	}},
	{Value: "not a value", Want: `value must be one of: ["none" "read" "manage"]`, Attrs: []string{
		"resource stack_platform_team_project_access project_access.teams",
	}},
	{Value: "not a value", Want: `value must be one of: ["terraform" "env"]`, Attrs: []string{
		"resource stack_platform_variable category",
	}},
	{Value: "not-an-id", Want: "must be the ID of a variable set", Attrs: []string{
		"resource stack_platform_variable variable_set_id", "resource stack_platform_variable_set_assignment variable_set_id",
	}},
	{Value: "bad value!", Want: "must be letters, digits, '-' and '_'", Attrs: []string{
		"resource stack_platform_workspace name",
	}},
	{Value: []string{"not a value!"}, Want: "must be lower-case letters, digits, ':', '-' and '_', starting and ending with a letter or a digit", Attrs: []string{
		"resource stack_platform_workspace tag_names",
	}},
	{Value: "not a value", Want: "must be the repository's owner and name, such as acme/networking", Attrs: []string{
		"resource stack_platform_workspace vcs_repo.identifier",
	}},
	{Value: "not a value", Want: `value must be one of: ["pre_plan" "post_plan" "pre_apply" "post_apply"]`, Attrs: []string{
		"resource stack_platform_workspace_run_task stage",
	}},
	{Value: "not-an-id", Want: "must be the ID of an SSH key", Attrs: []string{
		"resource stack_platform_workspace_settings ssh_key_id",
	}},
	{Value: "not a value", Want: `must be a duration of zero or more, such as "0s", "30s" or "5m"`, Attrs: []string{
		"resource stack_scheduler_acl_auth_method config.clock_skew_leeway", "resource stack_scheduler_acl_auth_method config.expiration_leeway",
		"resource stack_scheduler_acl_auth_method config.not_before_leeway",
	}},
	{Value: "bad value!", Want: "must contain only letters, digits and dashes", Attrs: []string{
		"resource stack_scheduler_acl_auth_method name",
	}},
	{Value: "not a value", Want: `value must be one of: ["local" "global"]`, Attrs: []string{
		"resource stack_scheduler_acl_auth_method token_locality",
	}},
	{Value: "not a value", Want: `value must be one of: ["OIDC" "JWT"]`, Attrs: []string{
		"resource stack_scheduler_acl_auth_method type",
	}},
	{Value: "bad value!", Want: "must have 1 to 128 characters: letters, digits, '.', '-' and '_', starting with a letter or a digit", Attrs: []string{
		"resource stack_secrets_sync_association destination_name", "resource stack_secrets_sync_cloudone_sm_destination name",
		"resource stack_secrets_sync_cloudthree_sm_destination name", "resource stack_secrets_sync_cloudtwo_kv_destination name",
		"resource stack_secrets_sync_codehost_app name", "resource stack_secrets_sync_codehost_destination name",
		"resource stack_secrets_sync_webhost_project_destination name",
	}},
	{Value: "not a value", Want: `value must be one of: ["cloudone-sm" "cloudtwo-kv" "cloudthree-sm" "codehost" "webhost-project"]`, Attrs: []string{
		"resource stack_secrets_sync_association destination_type",
	}},
	{Value: []string{"not a value!"}, Want: `must be an IPv4 CIDR block such as "192.0.2.0/24"`, Attrs: []string{
		"resource stack_secrets_sync_cloudone_sm_destination allowed_ipv4_addresses",
		"resource stack_secrets_sync_cloudthree_sm_destination allowed_ipv4_addresses",
		"resource stack_secrets_sync_cloudtwo_kv_destination allowed_ipv4_addresses",
		"resource stack_secrets_sync_codehost_destination allowed_ipv4_addresses",
		"resource stack_secrets_sync_webhost_project_destination allowed_ipv4_addresses",
	}},
	{Value: []string{"not a value!"}, Want: `must be an IPv6 CIDR block such as "2001:db8::/32"`, Attrs: []string{
		"resource stack_secrets_sync_cloudone_sm_destination allowed_ipv6_addresses",
		"resource stack_secrets_sync_cloudthree_sm_destination allowed_ipv6_addresses",
		"resource stack_secrets_sync_cloudtwo_kv_destination allowed_ipv6_addresses",
		"resource stack_secrets_sync_codehost_destination allowed_ipv6_addresses",
		"resource stack_secrets_sync_webhost_project_destination allowed_ipv6_addresses",
	}},
	{Value: []any{-1}, Want: "value must be between 1 and 65535", Attrs: []string{
		"resource stack_secrets_sync_cloudone_sm_destination allowed_ports", "resource stack_secrets_sync_cloudthree_sm_destination allowed_ports",
		"resource stack_secrets_sync_cloudtwo_kv_destination allowed_ports", "resource stack_secrets_sync_codehost_destination allowed_ports",
		"resource stack_secrets_sync_webhost_project_destination allowed_ports",
	}},
	{Value: "not a value", Want: `value must be one of: ["secret-path" "secret-key"]`, Attrs: []string{
		"resource stack_secrets_sync_cloudone_sm_destination granularity", "resource stack_secrets_sync_cloudthree_sm_destination granularity",
		"resource stack_secrets_sync_cloudtwo_kv_destination granularity", "resource stack_secrets_sync_codehost_destination granularity",
		"resource stack_secrets_sync_webhost_project_destination granularity",
	}},
	{Value: "not a value", Want: "must be a string containing a sequence of decimal numbers", Attrs: []string{
		"resource stack_secrets_sync_cloudone_sm_destination timeouts.delete", "resource stack_secrets_sync_cloudthree_sm_destination timeouts.delete",
		"resource stack_secrets_sync_cloudtwo_kv_destination timeouts.delete", "resource stack_secrets_sync_codehost_destination timeouts.delete",
		"resource stack_secrets_sync_webhost_project_destination timeouts.delete",
	}},
	{Value: "not a value", Want: "must be a PEM-encoded private key (RSA PRIVATE KEY, EC PRIVATE KEY or PRIVATE KEY): no PEM block found.", Attrs: []string{
		"resource stack_secrets_sync_codehost_app private_key",
	}},
	{Value: "not a value", Want: `must be a positive whole number of at most 18 digits, without sign or leading zero, such as "4242"`, Attrs: []string{
		"resource stack_secrets_sync_codehost_destination installation_id",
	}},
	{Value: "not a value", Want: `value must be one of: ["repository" "organization"]`, Attrs: []string{
		"resource stack_secrets_sync_codehost_destination secrets_location",
	}},
	{Value: "b", With: map[string]any{"{}_wo": "b"}, Want: "cannot be specified when", Attrs: []string{
		"resource stack_platform_notification_configuration token", "resource stack_platform_notification_configuration url",
		"resource stack_platform_oauth_client oauth_token", "resource stack_platform_oauth_client private_key", "resource stack_platform_oauth_client secret",
		"resource stack_platform_policy_set_parameter value", "resource stack_platform_run_task hmac_key", "resource stack_platform_ssh_key key",
		"resource stack_platform_variable value", "resource stack_scheduler_acl_auth_method config.oidc_client_secret",
		"resource stack_secrets_sync_cloudone_sm_destination access_key_id", "resource stack_secrets_sync_cloudone_sm_destination secret_access_key",
		"resource stack_secrets_sync_cloudthree_sm_destination credentials", "resource stack_secrets_sync_cloudtwo_kv_destination client_secret",
		"resource stack_secrets_sync_codehost_destination access_token", "resource stack_secrets_sync_webhost_project_destination access_token",
	}},

	// Data sources and ephemeral resources, whose bad values are refused
	// before their read or their open.
	{Value: "not-an-id", Want: "must be the ID of an agent pool", Attrs: []string{
		"data stack_platform_agent_pool id",
	}},
	{Value: "", Want: "must not be blank", Attrs: []string{
		"data stack_platform_agent_pool name", "data stack_platform_oauth_client name",
		"data stack_platform_registry_module namespace",
		"data stack_platform_registry_provider name", "data stack_platform_registry_provider namespace",
		"data stack_platform_run_task name", "data stack_platform_ssh_key name", "data stack_platform_team name",
		"data stack_platform_variable_set name", "ephemeral stack_platform_agent_token description",
	}},
	{Value: "bad value!", Want: "must have 1 to 40 characters: letters, digits, '-' and '_'", Attrs: []string{
		"data stack_platform_agent_pool organization", "data stack_platform_entitlements organization",
		"data stack_platform_explorer_workspaces organization", "data stack_platform_oauth_client organization",
		"data stack_platform_organization name", "data stack_platform_organization_members organization",
		"data stack_platform_organization_membership organization", "data stack_platform_outputs organization",
		"data stack_platform_policy organization", "data stack_platform_policy_set organization",
		"data stack_platform_project organization", "data stack_platform_projects organization",
		"data stack_platform_registry_module organization", "data stack_platform_registry_provider organization",
		"data stack_platform_registry_providers organization", "data stack_platform_run_task organization",
		"data stack_platform_ssh_key organization", "data stack_platform_team organization", "data stack_platform_teams organization",
		"data stack_platform_variable_set organization", "data stack_platform_workspace organization",
		"data stack_platform_workspaces organization", "ephemeral stack_platform_audit_trail_token organization",
		"ephemeral stack_platform_organization_token organization", "ephemeral stack_platform_outputs organization",
	}},
	{Value: -1, Want: "value must be at least 1", Attrs: []string{
		"data stack_platform_codehost_app_installation installation_id",
	}},
	{Value: "", Want: "string length must be at least 1", Attrs: []string{
		"data stack_platform_organization_membership username",
		"data stack_platform_codehost_app_installation name", "data stack_platform_explorer_workspaces search",
		"data stack_platform_registry_providers search", "data stack_platform_teams search", "data stack_platform_workspaces search",
	}},
	{Value: "not-an-id", Want: "must be the ID of an OAuth client", Attrs: []string{
		"data stack_platform_oauth_client id",
	}},
	{Value: "not a value", Want: "must be an email address", Attrs: []string{
		"data stack_platform_organization_membership email",
	}},
	{Value: "not-an-id", Want: "must be the ID of an organization membership", Attrs: []string{
		"data stack_platform_organization_membership organization_membership_id",
	}},
	{Value: "bad value!", Want: "must be letters, digits, '-' and '_'", Attrs: []string{
		"data stack_platform_outputs workspace", "data stack_platform_workspace name", "ephemeral stack_platform_outputs workspace",
	}},
	{Value: "not-an-id", Want: "must be the ID of a policy", Attrs: []string{
		"data stack_platform_policy id",
	}},
	{Value: "not-an-id", Want: "must be the ID of a policy set", Attrs: []string{
		"data stack_platform_policy_set id",
	}},
	{Value: "not-an-id", Want: "must be the ID of a project", Attrs: []string{
		"data stack_platform_project id", "data stack_platform_workspaces project_id",
	}},
	{Value: "bad value!", Want: "must be letters, digits, spaces, '-' and '_', not starting or ending with a space", Attrs: []string{
		"data stack_platform_project name",
	}},
	{Value: []string{}, Want: "list must contain at least 1 elements", Attrs: []string{
		"data stack_platform_projects names", "data stack_platform_teams names",
	}},
	{Value: "not a value", Want: `value must be one of: ["name" "-name"]`, Attrs: []string{
		"data stack_platform_projects sort",
	}},
	{Value: "not-an-id", Want: "must be the ID of a registry module", Attrs: []string{
		"data stack_platform_registry_module id",
	}},
	{Value: "b", Want: "must be specified when", Attrs: []string{
		"data stack_platform_registry_module module_provider", "data stack_platform_registry_module name",
	}},
	{Value: "not a value", Want: `value must be one of: ["private" "public"]`, Attrs: []string{
		"data stack_platform_registry_module registry_name", "data stack_platform_registry_provider registry_name",
		"data stack_platform_registry_providers registry_name",
	}},
	{Value: "not-an-id", Want: "must be the ID of a registry provider", Attrs: []string{
		"data stack_platform_registry_provider id",
	}},
	{Value: "not-an-id", Want: "must be the ID of a run task", Attrs: []string{
		"data stack_platform_run_task id", "data stack_platform_workspace_run_task task_id",
	}},
	{Value: "not-an-id", Want: "must be the ID of an SSH key", Attrs: []string{
		"data stack_platform_ssh_key id",
	}},
	{Value: "not-an-id", Want: "must be the ID of a team", Attrs: []string{
		"data stack_platform_team id", "data stack_platform_team_access team_id", "ephemeral stack_platform_team_token team_id",
	}},
	{Value: "not-an-id", Want: "must be the ID of a workspace", Attrs: []string{
		"data stack_platform_team_access workspace_id", "data stack_platform_variables workspace_id",
		"data stack_platform_workspace id", "data stack_platform_workspace_run_task workspace_id",
	}},
	{Value: "not-an-id", Want: "must be the ID of a variable set", Attrs: []string{
		"data stack_platform_variable_set id", "data stack_platform_variables variable_set_id",
	}},
	{Value: []string{}, Want: "set must contain at least 1 elements", Attrs: []string{
		"data stack_platform_workspaces exclude_tags", "data stack_platform_workspaces tags",
	}},
	{Value: "not a value", Want: `value must be one of: ["name" "-name" "current-run.created-at" "-current-run.created-at"]`, Attrs: []string{
		"data stack_platform_workspaces sort",
	}},
	{Value: "bad value!", Want: "must contain only letters, digits and dashes", Attrs: []string{
		"data stack_scheduler_acl_auth_method name",
	}},
	{Value: "not a value", Want: `value must be one of: ["OIDC" "JWT"]`, Attrs: []string{
		"data stack_scheduler_acl_auth_methods type",
	}},
	{Value: "b", Want: "These attributes must be configured together: [destination_type,destination_name]", Attrs: []string{
		"data stack_secrets_sync_associations destination_name", "data stack_secrets_sync_associations destination_type",
	}},
	{Value: "b", Want: "These attributes must be configured together: [mount,secret_name]", Attrs: []string{
		"data stack_secrets_sync_associations mount", "data stack_secrets_sync_associations secret_name",
	}},
	{Value: "bad value!", Want: "must have 1 to 128 characters: letters, digits, '.', '-' and '_', starting with a letter or a digit", Attrs: []string{
		"data stack_secrets_sync_destination name",
	}},
	{Value: "not a value", Want: `value must be one of: ["cloudone-sm" "cloudtwo-kv" "cloudthree-sm" "codehost" "webhost-project"]`, Attrs: []string{
		"data stack_secrets_sync_destination type", "data stack_secrets_sync_destinations type",
	}},
	{Value: "not-an-id", Want: "must be the ID of an agent pool", Attrs: []string{
		"ephemeral stack_platform_agent_token agent_pool_id",
	}},
}
