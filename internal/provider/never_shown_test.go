package provider_test

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/provider"
)

// secret is one row of neverShown: how the test gives a sensitive or
// write-only attribute a value it can look for, and proves that the
// attribute carried it.
type secret struct {
	// Attr is "<kind> <type> <path>": kind resource, data or ephemeral;
	// the path in dots through nested attributes and blocks.
	Attr string
	// Set names the variable through which the configuration sets the
	// attribute: the server must receive its value. Form, if any, makes
	// the value of a distinctive text.
	Set  string
	Form func(canary string) string
	// Made is the address, in the state, of a resource or data source
	// whose attribute holds a value that the server made or answered: the
	// state must hold one.
	Made string
	// Route, for an ephemeral resource's value, which no state holds, is
	// a request ("METHOD /path", a regular expression) whose answers carry
	// the value in the JSON field Field: one of them at least must carry
	// a value that no state holds.
	Route, Field string
}

// Canaries, for the values that TestAccProvider_noSecretIsShown cannot
// set through a variable: the provider's tokens, the emulator's own, and
// the outputs of the workspaces' states, which the test stores.
const (
	tokenScheduler   = "canary-scheduler-token-5d1e"
	tokenSecrets     = "canary-secrets-token-7b3f"
	tokenPlatform    = "canary-platform-token-2a9c"
	outputCanary     = "canary-output-8e4d"
	outputEphCanary  = "canary-output-eph-4f7a"
	variableCanary   = "canary-variable-6c2b"
	neverShownOutput = "secret_out"
)

// neverShownConfig is the configuration of TestAccProvider_noSecretIsShown,
// all three services in one run; %[1]s is the second organization, where
// the ephemeral tokens are made, %[2]s and %[3]s are the workspaces whose
// outputs the data source and the ephemeral resource read, and %[4]s the
// ID of the first, whose variables the data source reads: a variable that
// is not sensitive on the platform is shown, by design, in its resource's
// readable_value, so the one read is made outside the configuration.
const neverShownConfig = `
resource "stack_platform_workspace" "app" {
  name = "app"
}

resource "stack_platform_team" "ops" {
  name = "ops"
}

resource "stack_platform_notification_configuration" "plain" {
  workspace_id     = stack_platform_workspace.app.id
  name             = "plain"
  destination_type = "generic"
  enabled          = false
  url              = var.notification_url
  token            = var.notification_token
}

resource "stack_platform_notification_configuration" "wo" {
  workspace_id     = stack_platform_workspace.app.id
  name             = "wo"
  destination_type = "generic"
  enabled          = false
  url_wo           = var.notification_url_wo
  url_wo_version   = 1
  token_wo         = var.notification_token_wo
  token_wo_version = 1
}

resource "stack_platform_oauth_client" "plain" {
  service_provider = "ado_server"
  http_url         = "https://ado.acme.example"
  api_url          = "https://ado.acme.example"
  secret           = var.oauth_secret
  private_key      = var.oauth_private_key
  oauth_token      = var.oauth_token
}

resource "stack_platform_oauth_client" "wo" {
  service_provider       = "ado_server"
  http_url               = "https://ado2.acme.example"
  api_url                = "https://ado2.acme.example"
  secret_wo              = var.oauth_secret_wo
  secret_wo_version      = 1
  private_key_wo         = var.oauth_private_key_wo
  private_key_wo_version = 1
  oauth_token_wo         = var.oauth_token_wo
  oauth_token_wo_version = 1
}

resource "stack_platform_policy_set" "params" {
  name = "params"
  kind = "opa"
}

resource "stack_platform_policy_set_parameter" "plain" {
  policy_set_id = stack_platform_policy_set.params.id
  key           = "plain"
  value         = var.parameter_value
}

resource "stack_platform_policy_set_parameter" "wo" {
  policy_set_id    = stack_platform_policy_set.params.id
  key              = "wo"
  sensitive        = true
  value_wo         = var.parameter_value_wo
  value_wo_version = 1
}

resource "stack_platform_run_task" "plain" {
  name     = "plain"
  url      = "https://scanner.example.com/plain"
  hmac_key = var.run_task_hmac_key
}

resource "stack_platform_run_task" "wo" {
  name                = "wo"
  url                 = "https://scanner.example.com/wo"
  hmac_key_wo         = var.run_task_hmac_key_wo
  hmac_key_wo_version = 1
}

resource "stack_platform_ssh_key" "plain" {
  name = "plain"
  key  = var.ssh_key
}

resource "stack_platform_ssh_key" "wo" {
  name           = "wo"
  key_wo         = var.ssh_key_wo
  key_wo_version = 1
}

resource "stack_platform_variable" "plain" {
  workspace_id = stack_platform_workspace.app.id
  key          = "plain"
  category     = "env"
  sensitive    = true
  value        = var.variable_value
}

resource "stack_platform_variable" "wo" {
  workspace_id     = stack_platform_workspace.app.id
  key              = "wo"
  category         = "env"
  sensitive        = true
  value_wo         = var.variable_value_wo
  value_wo_version = 1
}

resource "stack_platform_agent_pool" "runners" {
  name = "runners"
}

resource "stack_platform_agent_token" "runners" {
  agent_pool_id = stack_platform_agent_pool.runners.id
  description   = "runners"
}

resource "stack_platform_organization_token" "this" {}

resource "stack_platform_audit_trail_token" "this" {}

resource "stack_platform_team_token" "ops" {
  team_id = stack_platform_team.ops.id
}

data "stack_platform_variables" "network" {
  workspace_id = %[4]q
}

data "stack_platform_outputs" "network" {
  workspace = %[2]q
}

ephemeral "stack_platform_outputs" "network" {
  workspace = %[3]q
}

resource "stack_platform_agent_pool" "ephemeral" {
  name = "ephemeral"
}

ephemeral "stack_platform_agent_token" "run" {
  agent_pool_id = stack_platform_agent_pool.ephemeral.id
  description   = "one run"
}

ephemeral "stack_platform_organization_token" "run" {
  organization     = %[1]q
  replace_existing = true
}

ephemeral "stack_platform_audit_trail_token" "run" {
  organization     = %[1]q
  replace_existing = true
}

resource "stack_platform_team" "ephemeral" {
  name = "ephemeral"
}

ephemeral "stack_platform_team_token" "run" {
  team_id = stack_platform_team.ephemeral.id
}

resource "stack_scheduler_acl_auth_method" "plain" {
  name           = "plain"
  type           = "OIDC"
  token_locality = "global"
  max_token_ttl  = "1h"
  config = {
    oidc_discovery_url    = "https://idp.example.com"
    oidc_client_id        = "c"
    oidc_client_secret    = var.scheduler_secret
    allowed_redirect_uris = ["http://localhost/cb"]
  }
}

resource "stack_scheduler_acl_auth_method" "wo" {
  name           = "wo"
  type           = "OIDC"
  token_locality = "global"
  max_token_ttl  = "1h"
  config = {
    oidc_discovery_url            = "https://idp.example.com"
    oidc_client_id                = "c"
    oidc_client_secret_wo         = var.scheduler_secret_wo
    oidc_client_secret_wo_version = 1
    allowed_redirect_uris         = ["http://localhost/cb"]
  }
}

data "stack_scheduler_acl_auth_method" "plain" {
  name = stack_scheduler_acl_auth_method.plain.name
}

resource "stack_secrets_sync_cloudone_sm_destination" "plain" {
  name              = "plain"
  region            = "us-east-1"
  access_key_id     = var.cloudone_access_key_id
  secret_access_key = var.cloudone_secret_access_key
}

resource "stack_secrets_sync_cloudone_sm_destination" "wo" {
  name                         = "wo"
  region                       = "us-east-1"
  access_key_id_wo             = var.cloudone_access_key_id_wo
  access_key_id_wo_version     = 1
  secret_access_key_wo         = var.cloudone_secret_access_key_wo
  secret_access_key_wo_version = 1
}

data "stack_secrets_sync_destination" "plain" {
  type = "cloudone-sm"
  name = stack_secrets_sync_cloudone_sm_destination.plain.name
}

resource "stack_secrets_sync_cloudthree_sm_destination" "plain" {
  name        = "plain"
  credentials = var.cloudthree_credentials
}

resource "stack_secrets_sync_cloudthree_sm_destination" "wo" {
  name                   = "wo"
  credentials_wo         = var.cloudthree_credentials_wo
  credentials_wo_version = 1
}

resource "stack_secrets_sync_cloudtwo_kv_destination" "plain" {
  name          = "plain"
  key_vault_uri = "https://plain.vault.cloudtwo.example.com"
  tenant_id     = "00000000-0000-0000-0000-000000000000"
  client_id     = "11111111-1111-1111-1111-111111111111"
  client_secret = var.cloudtwo_client_secret
}

resource "stack_secrets_sync_cloudtwo_kv_destination" "wo" {
  name                     = "wo"
  key_vault_uri            = "https://wo.vault.cloudtwo.example.com"
  tenant_id                = "00000000-0000-0000-0000-000000000000"
  client_id                = "11111111-1111-1111-1111-111111111111"
  client_secret_wo         = var.cloudtwo_client_secret_wo
  client_secret_wo_version = 1
}

resource "stack_secrets_sync_codehost_app" "plain" {
  name        = "plain"
  app_id      = 1
  private_key = var.codehost_app_private_key
}

resource "stack_secrets_sync_codehost_app" "wo" {
  name                   = "wo"
  app_id                 = 2
  private_key_wo         = var.codehost_app_private_key_wo
  private_key_wo_version = 1
}

resource "stack_secrets_sync_codehost_destination" "plain" {
  name             = "plain"
  repository_owner = "acme"
  repository_name  = "plain"
  access_token     = var.codehost_access_token
}

resource "stack_secrets_sync_codehost_destination" "wo" {
  name                    = "wo"
  repository_owner        = "acme"
  repository_name         = "wo"
  access_token_wo         = var.codehost_access_token_wo
  access_token_wo_version = 1
}

resource "stack_secrets_sync_webhost_project_destination" "plain" {
  name                    = "plain"
  project_id              = "prj_plain"
  deployment_environments = ["production"]
  access_token            = var.webhost_access_token
}

resource "stack_secrets_sync_webhost_project_destination" "wo" {
  name                    = "wo"
  project_id              = "prj_wo"
  deployment_environments = ["production"]
  access_token_wo         = var.webhost_access_token_wo
  access_token_wo_version = 1
}
`

// neverShown gives every sensitive and write-only attribute of every
// resource, data source and ephemeral resource its value in
// neverShownConfig: TestProvider_everySecretIsNeverShown fails on an
// attribute without a row.
var neverShown = []secret{
	{Attr: "resource stack_platform_notification_configuration url", Set: "notification_url", Form: webhookURL},
	{Attr: "resource stack_platform_notification_configuration url_wo", Set: "notification_url_wo", Form: webhookURL},
	{Attr: "resource stack_platform_notification_configuration token", Set: "notification_token"},
	{Attr: "resource stack_platform_notification_configuration token_wo", Set: "notification_token_wo"},
	{Attr: "resource stack_platform_oauth_client secret", Set: "oauth_secret"},
	{Attr: "resource stack_platform_oauth_client secret_wo", Set: "oauth_secret_wo"},
	{Attr: "resource stack_platform_oauth_client private_key", Set: "oauth_private_key"},
	{Attr: "resource stack_platform_oauth_client private_key_wo", Set: "oauth_private_key_wo"},
	{Attr: "resource stack_platform_oauth_client oauth_token", Set: "oauth_token"},
	{Attr: "resource stack_platform_oauth_client oauth_token_wo", Set: "oauth_token_wo"},
	{Attr: "resource stack_platform_policy_set_parameter value", Set: "parameter_value"},
	{Attr: "resource stack_platform_policy_set_parameter value_wo", Set: "parameter_value_wo"},
	{Attr: "resource stack_platform_run_task hmac_key", Set: "run_task_hmac_key"},
	{Attr: "resource stack_platform_run_task hmac_key_wo", Set: "run_task_hmac_key_wo"},
	{Attr: "resource stack_platform_ssh_key key", Set: "ssh_key"},
	{Attr: "resource stack_platform_ssh_key key_wo", Set: "ssh_key_wo"},
	{Attr: "resource stack_platform_variable value", Set: "variable_value"},
	{Attr: "resource stack_platform_variable value_wo", Set: "variable_value_wo"},
	{Attr: "resource stack_platform_agent_token token", Made: "stack_platform_agent_token.runners"},
	{Attr: "resource stack_platform_organization_token token", Made: "stack_platform_organization_token.this"},
	{Attr: "resource stack_platform_audit_trail_token token", Made: "stack_platform_audit_trail_token.this"},
	{Attr: "resource stack_platform_team_token token", Made: "stack_platform_team_token.ops"},
	{Attr: "data stack_platform_variables variables.value", Made: "data.stack_platform_variables.network"},
	{Attr: "data stack_platform_outputs values", Made: "data.stack_platform_outputs.network"},
	{Attr: "ephemeral stack_platform_outputs values", Route: `^GET /api/v2/(workspaces/[^/]+/current-)?state-version-outputs`, Field: "value"},
	{Attr: "ephemeral stack_platform_agent_token token", Route: `^POST /api/v2/agent-pools/[^/]+/authentication-tokens$`, Field: "token"},
	{Attr: "ephemeral stack_platform_organization_token token", Route: `^POST /api/v2/organizations/[^/]+/authentication-token$`, Field: "token"},
	{Attr: "ephemeral stack_platform_audit_trail_token token", Route: `^POST /api/v2/organizations/[^/]+/authentication-token\?token=audit-trails$`, Field: "token"},
	{Attr: "ephemeral stack_platform_team_token token", Route: `^POST /api/v2/teams/[^/]+/authentication-token`, Field: "token"},

	{Attr: "resource stack_scheduler_acl_auth_method config.oidc_client_secret", Set: "scheduler_secret"},
	{Attr: "resource stack_scheduler_acl_auth_method config.oidc_client_secret_wo", Set: "scheduler_secret_wo"},
	{Attr: "data stack_scheduler_acl_auth_method config.oidc_client_secret", Made: "data.stack_scheduler_acl_auth_method.plain"},

	{Attr: "resource stack_secrets_sync_cloudone_sm_destination access_key_id", Set: "cloudone_access_key_id"},
	{Attr: "resource stack_secrets_sync_cloudone_sm_destination access_key_id_wo", Set: "cloudone_access_key_id_wo"},
	{Attr: "resource stack_secrets_sync_cloudone_sm_destination secret_access_key", Set: "cloudone_secret_access_key"},
	{Attr: "resource stack_secrets_sync_cloudone_sm_destination secret_access_key_wo", Set: "cloudone_secret_access_key_wo"},
	{Attr: "data stack_secrets_sync_destination connection_details", Made: "data.stack_secrets_sync_destination.plain"},
	{Attr: "resource stack_secrets_sync_cloudthree_sm_destination credentials", Set: "cloudthree_credentials"},
	{Attr: "resource stack_secrets_sync_cloudthree_sm_destination credentials_wo", Set: "cloudthree_credentials_wo"},
	{Attr: "resource stack_secrets_sync_cloudtwo_kv_destination client_secret", Set: "cloudtwo_client_secret"},
	{Attr: "resource stack_secrets_sync_cloudtwo_kv_destination client_secret_wo", Set: "cloudtwo_client_secret_wo"},
	{Attr: "resource stack_secrets_sync_codehost_app private_key", Set: "codehost_app_private_key", Form: pemKey},
	{Attr: "resource stack_secrets_sync_codehost_app private_key_wo", Set: "codehost_app_private_key_wo", Form: pemKey},
	{Attr: "resource stack_secrets_sync_codehost_destination access_token", Set: "codehost_access_token"},
	{Attr: "resource stack_secrets_sync_codehost_destination access_token_wo", Set: "codehost_access_token_wo"},
	{Attr: "resource stack_secrets_sync_webhost_project_destination access_token", Set: "webhost_access_token"},
	{Attr: "resource stack_secrets_sync_webhost_project_destination access_token_wo", Set: "webhost_access_token_wo"},
}

// webhookURL is a notification's URL that carries the canary, as a
// webhook's carries its secret.
func webhookURL(canary string) string { return "https://hooks.example.com/" + canary }

// pemKey is a new private key, PEM-encoded, for an attribute that takes
// nothing else; its text is distinctive enough, the canary is not in it.
func pemKey(string) string {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	der, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		panic(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: der}))
}

// secretAttributes are the sensitive and write-only attributes of every
// resource, data source and ephemeral resource that server serves, as
// secret.Attr names them, each with whether it is write-only.
func secretAttributes(t *testing.T, server tfprotov6.ProviderServer) map[string]bool {
	t.Helper()
	schemas := acctest.Schemas(t, server)
	out := map[string]bool{}
	for kind, m := range map[string]map[string]*tfprotov6.Schema{
		"resource": schemas.ResourceSchemas, "data": schemas.DataSourceSchemas, "ephemeral": schemas.EphemeralResourceSchemas,
	} {
		for typeName, s := range m {
			walkAttributes("", s.Block, func(path string, a *tfprotov6.SchemaAttribute) {
				if a.Sensitive || a.WriteOnly {
					out[kind+" "+typeName+" "+path] = a.WriteOnly
				}
			})
		}
	}
	return out
}

// walkAttributes calls f with every attribute of b and its path in dots,
// through nested attributes and blocks.
func walkAttributes(prefix string, b *tfprotov6.SchemaBlock, f func(string, *tfprotov6.SchemaAttribute)) {
	for _, a := range b.Attributes {
		f(prefix+a.Name, a)
		if a.NestedType != nil {
			walkAttributes(prefix+a.Name+".", &tfprotov6.SchemaBlock{Attributes: a.NestedType.Attributes}, f)
		}
	}
	for _, nb := range b.BlockTypes {
		walkAttributes(prefix+nb.TypeName+".", nb.Block, f)
	}
}

// TestProvider_everySecretIsNeverShown holds neverShown to the schemas:
// a new sensitive or write-only attribute has no proof until it has its
// row, and a row of an attribute that is gone, or no longer a secret, goes.
func TestProvider_everySecretIsNeverShown(t *testing.T) {
	server, err := providerserver.NewProtocol6WithError(provider.New("test")())()
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{}
	for _, s := range neverShown {
		if rows[s.Attr] {
			t.Errorf("neverShown has two rows of %s", s.Attr)
		}
		rows[s.Attr] = true
		if n := btoi(s.Set != "") + btoi(s.Made != "") + btoi(s.Route != ""); n != 1 {
			t.Errorf("%s: a row has exactly one of Set, Made and Route, not %d", s.Attr, n)
		}
	}
	for _, a := range slices.Sorted(maps.Keys(secretAttributes(t, server))) {
		if !rows[a] {
			t.Errorf("%s is sensitive or write-only, and has no row in neverShown, which TestAccProvider_noSecretIsShown proves it with: "+
				"give it a value in neverShownConfig (through a variable, or made by the server) and its row", a)
		}
		delete(rows, a)
	}
	for a := range rows {
		t.Errorf("neverShown has a row of %s, which is no sensitive or write-only attribute", a)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestAccProvider_noSecretIsShown proves neverShown's rows in one run of
// all three services, so that its cost does not grow with the number of
// secrets: the emulator as a command (whose output is its log), behind a
// proxy that records what the provider sends and is answered; Terraform
// at TF_LOG=trace plans to a file, shows it, applies it, plans again and
// destroys. Then no value of a row (nor a token of the provider's) is in
// the trace log, Terraform's output (the rendered plans among it) or the
// emulator's log; no write-only value is in the state or the saved plan,
// whose variables are ephemeral; and each row carried its value: the
// server received the one set, the state holds the one made, the
// answers gave the ephemeral one.
func TestAccProvider_noSecretIsShown(t *testing.T) {
	acctest.SkipUnlessAcceptance(t)
	server, err := providerserver.NewProtocol6WithError(provider.New("test")())()
	if err != nil {
		t.Fatal(err)
	}
	secrets := secretAttributes(t, server)
	emu := startEmulatorCommand(t, "-scheduler-token", tokenScheduler, "-secrets-token", tokenSecrets,
		"-platform-token", tokenPlatform, "-platform-rate-limit", "0")
	rec := newRecorder(t, emu.url)

	// The organizations, and the workspaces whose outputs are read, are
	// made beforehand, as a test's always are.
	org, other := newOrganization(t, rec.URL), newOrganization(t, rec.URL)
	workspaces := map[string]string{}
	for ws, canary := range map[string]string{"network": outputCanary, "network-eph": outputEphCanary} {
		id := platformPost(t, rec.URL, "/api/v2/organizations/"+org+"/workspaces", `{"data":{"type":"workspaces","attributes":{"name":"`+ws+`"}}}`)
		state := fmt.Sprintf(`{"version": 4, "serial": 1, "lineage": "l", "outputs": {%q: {"value": %q, "type": "string", "sensitive": true}}}`, neverShownOutput, canary)
		adminPut(t, emu.url+"/_emulator/platform/workspaces/"+id+"/state", state)
		workspaces[ws] = id
	}
	platformPost(t, rec.URL, "/api/v2/workspaces/"+workspaces["network"]+"/vars",
		`{"data":{"type":"vars","attributes":{"key":"shown","category":"terraform","sensitive":false,"value":"`+variableCanary+`"}}}`)
	before := len(rec.exchanges())

	logFile := filepath.Join(t.TempDir(), "trace.log")
	env := map[string]string{"TF_LOG": "trace", "TF_LOG_PATH": logFile}
	values := map[string]string{} // by variable
	var vars strings.Builder
	writeOnly := map[string]bool{}
	for _, s := range neverShown {
		if s.Set == "" {
			continue
		}
		canary := s.Set + "-" + randomHex(t)
		if s.Form != nil {
			canary = s.Form(canary)
		}
		values[s.Set] = canary
		env["TF_VAR_"+s.Set] = canary
		wo := secrets[s.Attr]
		writeOnly[s.Set] = wo
		// A write-only value comes from an ephemeral variable, which no
		// plan or state keeps; a sensitive one from a plain variable, so
		// that only the attribute's Sensitive hides it.
		fmt.Fprintf(&vars, "variable %q {\n  type      = string\n  ephemeral = %t\n}\n\n", s.Set, wo)
	}
	cli := acctest.NewCLI(t, env)
	cli.WriteConfig(t, fmt.Sprintf(`
provider "stack" {
  max_retries = 6
  scheduler {
    address = %[1]q
    token   = %[2]q
  }
  secrets {
    address = %[1]q
    token   = %[3]q
  }
  platform {
    address      = %[1]q
    token        = %[4]q
    organization = %[5]q
  }
}

`, rec.URL, tokenScheduler, tokenSecrets, tokenPlatform, org)+vars.String()+fmt.Sprintf(neverShownConfig, other, "network", "network-eph", workspaces["network"]))

	out := cli.MustRun(t, "plan", "-out=saved.tfplan")
	out += cli.MustRun(t, "show", "saved.tfplan")
	savedPlan := planEntries(t, filepath.Join(cli.Dir, "saved.tfplan"))
	out += cli.MustRun(t, "apply", "saved.tfplan")
	stateBytes, err := os.ReadFile(filepath.Join(cli.Dir, "terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	out += cli.MustRun(t, "plan")
	out += cli.MustRun(t, "destroy", "-auto-approve")
	logBytes, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	emuLog := emu.stop(t)
	exchanges := rec.exchanges()[before:]
	state := readState(t, stateBytes)

	// What each row carried, and the values that must never be shown.
	shown := map[string]string{
		"the trace log": string(logBytes), "Terraform's output": out, "the emulator's log": emuLog,
	}
	never := map[string]string{"the scheduler's token": tokenScheduler, "the secrets service's token": tokenSecrets, "the platform's token": tokenPlatform}
	held := state.strings()
	for _, s := range neverShown {
		switch {
		case s.Set != "":
			v := values[s.Set]
			if !slices.ContainsFunc(exchanges, func(e exchange) bool { return strings.Contains(e.request, jsonText(v)) }) {
				t.Errorf("%s: no request carried its value: the test proves nothing of it", s.Attr)
			}
			never[s.Attr] = v
			if writeOnly[s.Set] {
				for name, text := range savedPlan {
					if _, ok := find(text, v); ok {
						t.Errorf("%s: its value is in the saved plan's %s", s.Attr, name)
					}
				}
				if _, ok := find(string(stateBytes), v); ok {
					t.Errorf("%s: its value is in the state", s.Attr)
				}
			}
		case s.Made != "":
			path := strings.SplitN(s.Attr, " ", 3)[2]
			made := state.at(t, s.Made, path)
			if len(made) == 0 {
				t.Errorf("%s: the state of %s holds no value of it: the test proves nothing of it", s.Attr, s.Made)
			}
			for i, v := range made {
				// A value the configuration shows is no secret, nor is the
				// secrets service's mask of one (its connection details
				// answer every secret as asterisks: the destination's
				// rows check the secrets themselves).
				if !strings.Contains(neverShownConfig, v) && strings.Trim(v, "*") != "" {
					never[fmt.Sprintf("%s (%d)", s.Attr, i)] = v
				}
			}
		default:
			route := regexp.MustCompile(s.Route)
			n := 0
			for _, e := range exchanges {
				if !route.MatchString(e.route) {
					continue
				}
				for _, v := range fieldValues(e.response, s.Field) {
					if !held[v] {
						never[fmt.Sprintf("%s (%d)", s.Attr, n)] = v
						n++
					}
				}
			}
			if n == 0 {
				t.Errorf("%s: no answer to %s carried a value that no state holds: the test proves nothing of it", s.Attr, s.Route)
			}
		}
	}
	for _, what := range slices.Sorted(maps.Keys(never)) {
		for where, text := range shown {
			if at, ok := find(text, never[what]); ok {
				t.Errorf("the value of %s is in %s: %q", what, where, at)
			}
		}
	}
	t.Logf("%d values of %d rows looked for in the trace log, Terraform's output and the emulator's log, after %d requests", len(never), len(neverShown), len(exchanges))
}

// find reports whether text holds v (as it is, or as JSON spells it), or,
// for a value of several lines (a PEM key), one of its lines of more than
// a few characters; and if so, what surrounds it, v left out.
func find(text, v string) (string, bool) {
	needles := []string{v, jsonText(v)}
	for line := range strings.Lines(v) {
		if line = strings.TrimSpace(line); len(line) > 16 && !strings.HasPrefix(line, "-----") {
			needles = append(needles, line)
		}
	}
	for _, n := range needles {
		if i := strings.Index(text, n); i >= 0 {
			return text[max(0, i-120):i] + "<value>" + text[i+len(n):min(len(text), i+len(n)+40)], true
		}
	}
	return "", false
}

// jsonText is v as a JSON string spells it, without its quotes.
func jsonText(v string) string {
	b, _ := json.Marshal(v)
	return string(b[1 : len(b)-1])
}

func randomHex(t *testing.T) string {
	t.Helper()
	b := make([]byte, 4)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

// planEntries are the files in a saved plan, a zip archive, by name: its
// text is compressed, so that only its entries show what it holds.
func planEntries(t *testing.T, path string) map[string]string {
	t.Helper()
	r, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	out := map[string]string{}
	for _, f := range r.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name] = string(b)
	}
	if len(out) == 0 {
		t.Fatal("the saved plan holds nothing")
	}
	return out
}

// tfState is the part of a state file that the test reads.
type tfState struct {
	Resources []struct {
		Mode, Type, Name string
		Instances        []struct {
			Attributes map[string]any
		}
	}
}

func readState(t *testing.T, b []byte) tfState {
	t.Helper()
	var s tfState
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// at are the strings, not empty, that the state of address holds at
// path, through lists, sets, maps and objects.
func (s tfState) at(t *testing.T, address, path string) []string {
	t.Helper()
	mode, rest := "managed", address
	if r, ok := strings.CutPrefix(address, "data."); ok {
		mode, rest = "data", r
	}
	typ, name, _ := strings.Cut(rest, ".")
	for _, r := range s.Resources {
		if r.Mode != mode || r.Type != typ || r.Name != name {
			continue
		}
		var out []string
		for _, in := range r.Instances {
			out = append(out, stringsIn(descend(in.Attributes, strings.Split(path, ".")))...)
		}
		return out
	}
	t.Fatalf("the state has no %s", address)
	return nil
}

// strings are every string, not empty, that the state holds.
func (s tfState) strings() map[string]bool {
	out := map[string]bool{}
	for _, r := range s.Resources {
		for _, in := range r.Instances {
			for _, v := range stringsIn(in.Attributes) {
				out[v] = true
			}
		}
	}
	return out
}

// descend is what v holds at path, each step an attribute of an object
// or of every element of a list; of a dynamic value, which the state holds
// with its type, the value alone.
func descend(v any, path []string) any {
	if len(path) == 0 {
		if m, ok := v.(map[string]any); ok && len(m) == 2 && m["type"] != nil {
			if inner, ok := m["value"]; ok {
				return inner
			}
		}
		return v
	}
	switch x := v.(type) {
	case map[string]any:
		return descend(x[path[0]], path[1:])
	case []any:
		var out []any
		for _, e := range x {
			out = append(out, descend(e, path))
		}
		return out
	}
	return nil
}

func stringsIn(v any) []string {
	switch x := v.(type) {
	case string:
		if x != "" {
			return []string{x}
		}
	case map[string]any:
		var out []string
		for _, e := range x {
			out = append(out, stringsIn(e)...)
		}
		return out
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, stringsIn(e)...)
		}
		return out
	}
	return nil
}

// fieldValues are the strings, not empty, of every field named field in
// a JSON document, at any depth.
func fieldValues(doc, field string) []string {
	var v any
	if json.Unmarshal([]byte(doc), &v) != nil {
		return nil
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if s, ok := e.(string); ok && k == field && s != "" {
					out = append(out, s)
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

// exchange is one request through the recorder and its answer.
type exchange struct {
	route             string // "METHOD /path?query"
	request, response string
}

// recorder is a reverse proxy that records every request and answer.
type recorder struct {
	URL string
	mu  sync.Mutex
	all []exchange
}

func newRecorder(t *testing.T, target string) *recorder {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	r := &recorder{}
	proxy := httputil.NewSingleHostReverseProxy(u)
	proxy.Transport = roundTripFunc(func(req *http.Request) (*http.Response, error) {
		var reqBody []byte
		if req.Body != nil {
			reqBody, _ = io.ReadAll(req.Body)
			req.Body = io.NopCloser(bytes.NewReader(reqBody))
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			return nil, err
		}
		respBody, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		resp.Body = io.NopCloser(bytes.NewReader(respBody))
		route := req.Method + " " + req.URL.Path
		if req.URL.RawQuery != "" {
			route += "?" + req.URL.RawQuery
		}
		r.mu.Lock()
		r.all = append(r.all, exchange{route: route, request: string(reqBody), response: string(respBody)})
		r.mu.Unlock()
		return resp, nil
	})
	srv := httptest.NewServer(proxy)
	t.Cleanup(srv.Close)
	r.URL = srv.URL
	return r
}

func (r *recorder) exchanges() []exchange {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.all)
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// emulatorCommand is the emulator run as a command, as other projects and
// make demo run it, whose output is its log.
type emulatorCommand struct {
	url string
	cmd *exec.Cmd
	log *syncBuffer
	// copied is closed once the command's standard output is all in log.
	copied chan struct{}
}

// startEmulatorCommand builds stack-emulator and runs it with args on a
// free port, until the test ends or stop.
func startEmulatorCommand(t *testing.T, args ...string) *emulatorCommand {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "stack-emulator")
	_, file, _, _ := runtime.Caller(0)
	build := exec.Command("go", "build", "-o", bin, "./internal/emulator/cmd/stack-emulator")
	build.Dir = filepath.Join(filepath.Dir(file), "..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the emulator: %v\n%s", err, out)
	}
	e := &emulatorCommand{log: &syncBuffer{}, copied: make(chan struct{})}
	e.cmd = exec.Command(bin, append([]string{"-listen", "127.0.0.1:0"}, args...)...)
	stdout, err := e.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	e.cmd.Stderr = e.log
	if err := e.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = e.cmd.Process.Kill(); _ = e.cmd.Wait() })
	lines := bufio.NewScanner(stdout)
	if !lines.Scan() {
		t.Fatalf("the emulator printed nothing: %s", e.log.String())
	}
	ready := lines.Text()
	addr, ok := strings.CutPrefix(ready, "stack-emulator listening on ")
	if !ok {
		t.Fatalf("the emulator printed %q", ready)
	}
	_, _ = e.log.Write([]byte(ready + "\n"))
	go func() {
		defer close(e.copied)
		for lines.Scan() {
			_, _ = e.log.Write([]byte(lines.Text() + "\n"))
		}
	}()
	e.url = addr
	return e
}

// stop stops the emulator as a signal does, and returns its log.
func (e *emulatorCommand) stop(t *testing.T) string {
	t.Helper()
	if err := e.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	// Wait closes the output's pipe: what is left in it is read first.
	select {
	case <-e.copied:
	case <-time.After(30 * time.Second):
		t.Fatal("the emulator did not stop on SIGINT")
	}
	done := make(chan error, 1)
	go func() { done <- e.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("the emulator stopped with %v: %s", err, e.log.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the emulator did not stop on SIGINT")
	}
	return e.log.String()
}

// syncBuffer is a buffer that a process's output and the test share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// newOrganization creates an organization through base, as the platform's
// site administrator, on the Business plan, whose audit logging the audit
// trail token needs, and returns its name.
func newOrganization(t *testing.T, base string) string {
	t.Helper()
	name := "org-" + randomHex(t)
	platformCall(t, base, http.MethodPost, "/api/v2/organizations",
		`{"data":{"type":"organizations","attributes":{"name":"`+name+`","email":"admin@`+name+`.example"}}}`)
	var sets struct{ Data []struct{ ID string } }
	if err := json.Unmarshal(platformCall(t, base, http.MethodGet, "/api/v2/admin/feature-sets?q=Business", ""), &sets); err != nil || len(sets.Data) == 0 {
		t.Fatalf("no feature set named Business: %v", err)
	}
	platformCall(t, base, http.MethodPost, "/api/v2/admin/organizations/"+name+"/subscription",
		`{"data":{"type":"subscription","relationships":{"feature-set":{"data":{"type":"feature-sets","id":"`+sets.Data[0].ID+`"}}}}}`)
	return name
}

// platformPost posts a JSON:API document to the platform as its site
// administrator, and returns the ID of what it made.
func platformPost(t *testing.T, base, path, doc string) string {
	t.Helper()
	var made struct{ Data struct{ ID string } }
	if err := json.Unmarshal(platformCall(t, base, http.MethodPost, path, doc), &made); err != nil {
		t.Fatal(err)
	}
	return made.Data.ID
}

// platformCall sends a request to the platform as its site administrator,
// and returns the answer's body, failing the test on any but a success.
func platformCall(t *testing.T, base, method, path, doc string) []byte {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), method, base+path, strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+tokenPlatform)
	req.Header.Set("Content-Type", "application/vnd.api+json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		t.Fatalf("%s %s: %s: %s", method, path, resp.Status, body)
	}
	return body
}

// adminPut puts body to one of the emulator's own routes.
func adminPut(t *testing.T, u, body string) {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPut, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("PUT %s: %s: %s", u, resp.Status, b)
	}
}
