package acctest_test

import (
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// TestNoopCLI applies and destroys resources of both services, a data
// source and an ephemeral resource with the no-op provider, pointed at an
// emulator: the plan after the apply, with its refresh, must be empty,
// configured and default values must reach the state as planned, computed
// ones must be null, and the emulator must see no request at all.
func TestNoopCLI(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{})
	cli := acctest.NewNoopCLI(t, map[string]string{
		"STACK_SCHEDULER_ADDR": s.URL, "STACK_SCHEDULER_TOKEN": "scheduler-root",
		"STACK_SECRETS_ADDR": s.URL, "STACK_SECRETS_TOKEN": s.Token,
		"STACK_PLATFORM_ADDR": s.URL, "STACK_PLATFORM_TOKEN": "platform-root",
	})
	cli.WriteConfig(t, `
resource "stack_scheduler_acl_auth_method" "m" {
  name           = "noop"
  type           = "OIDC"
  token_locality = "global"
  max_token_ttl  = "1h"
  config = {
    oidc_discovery_url    = "https://idp.example.com"
    oidc_client_id        = "client"
    oidc_client_secret    = "secret"
    allowed_redirect_uris = ["http://localhost/cb"]
  }
}

data "stack_scheduler_acl_auth_method" "m" {
  name = stack_scheduler_acl_auth_method.m.name
}

resource "stack_secrets_sync_cloudone_sm_destination" "d" {
  name              = "noop"
  access_key_id     = "AKIA0"
  secret_access_key = "secret"
  region            = "us-east-1"
}

ephemeral "stack_platform_team_token" "t" {
  team_id = "team-6p5RiCe5CRjBmsGt"
}

resource "stack_secrets_sync_association" "a" {
  destination_type = "cloudone-sm"
  destination_name = stack_secrets_sync_cloudone_sm_destination.d.name
  mount            = "secret"
  secret_name      = "app/secret"
}
`)
	cli.MustRun(t, "apply", "-auto-approve")
	if code, out := cli.Run(t, "plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after the apply is not empty (exit %d):\n%s", code, out)
	}

	state := values(t, cli)
	method := state["stack_scheduler_acl_auth_method.m"]
	for name, want := range map[string]any{"name": "noop", "token_name_format": "${auth_method_type}-${auth_method_name}", "default": false, "create_time": nil} {
		if got := method[name]; got != want {
			t.Errorf("the method's %s is %#v in state, want %#v", name, got, want)
		}
	}
	if got := state["data.stack_scheduler_acl_auth_method.m"]; got["name"] != "noop" || got["type"] != nil {
		t.Errorf("the data source's name and type are %#v and %#v, want \"noop\" and null", got["name"], got["type"])
	}
	association := state["stack_secrets_sync_association.a"]
	if association["destination_name"] != "noop" || association["sync_status"] != nil {
		t.Errorf("the association's destination_name and sync_status are %#v and %#v, want \"noop\" and null",
			association["destination_name"], association["sync_status"])
	}

	cli.MustRun(t, "destroy", "-auto-approve")
	if left := values(t, cli); len(left) != 0 {
		t.Errorf("the state still holds %d objects after the destroy", len(left))
	}
	if requests := s.Emulator.Stats().Requests; len(requests) != 0 {
		t.Errorf("the no-op provider made requests: %v", requests)
	}
}

// values are the attributes of each object in the state file, by address.
func values(t *testing.T, cli *acctest.CLI) map[string]map[string]any {
	t.Helper()
	var state struct {
		Resources []struct {
			Mode, Type, Name string
			Instances        []struct{ Attributes map[string]any }
		}
	}
	cli.DecodeState(t, &state)
	out := map[string]map[string]any{}
	for _, r := range state.Resources {
		address := r.Type + "." + r.Name
		if r.Mode == "data" {
			address = "data." + address
		}
		if len(r.Instances) != 1 {
			t.Fatalf("%s has %d instances in state", address, len(r.Instances))
		}
		out[address] = r.Instances[0].Attributes
	}
	return out
}
