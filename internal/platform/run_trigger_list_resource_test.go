package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds the triggers that queue runs in a workspace, not those
// it is the source of; with include_resource, each is the state an import
// gives.
func TestAccRunTriggerListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	app, network, dns := newWorkspace(t, p, "app"), newWorkspace(t, p, "network"), newWorkspace(t, p, "dns")
	trigger := func(workspace, source string) *platformclient.RunTrigger {
		rt, err := p.Client(t).RunTriggers.Create(context.Background(), workspace, platformclient.RunTriggerCreateOptions{Sourceable: &platformclient.Workspace{ID: source}})
		if err != nil {
			t.Fatal(err)
		}
		return rt
	}
	fromNetwork, fromDNS := trigger(app, network), trigger(app, dns)
	trigger(network, app) // app is its source: not one of app's
	id := func(rt *platformclient.RunTrigger) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"id": rt.ID})
	}
	check.Query{
		Type: "stack_platform_run_trigger", Config: p.ProviderConfig(),
		Lists: []check.Listed{{
			Label: "app", Args: check.Args{"workspace_id": app}, Found: []map[string]knownvalue.Check{id(fromNetwork), id(fromDNS)}, DisplayName: "network -> app",
			Resource: map[string]knownvalue.Check{
				"id": check.Str(fromNetwork.ID), "workspace_id": check.Str(app), "sourceable_id": check.Str(network),
				"workspace_name": check.Str("app"), "sourceable_name": check.Str("network"),
			},
		}},
		Errors: []check.Refusal{{
			Args: check.Args{"workspace_id": "prj-6p5RiCe5CRjBmsGt"},
			Want: check.Wrapped(`workspace_id must be the ID of a workspace: ws- and 16 characters of the base58 alphabet, got\s+"prj-6p5RiCe5CRjBmsGt".`),
		}},
	}.Run(t)
}
