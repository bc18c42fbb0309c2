package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// The explorer reads an organization's workspaces with their resources
// under management, which their states set, and their total; search keeps
// the names that contain it. A team that may not read every workspace
// gets nothing.
func TestAccExplorerWorkspacesDataSource_shape(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	network := newWorkspace(t, p, "network")
	setState(t, p, network, `{"version": 4, "terraform_version": "1.12.2", "serial": 1, "resources": [
	  {"mode": "managed", "type": "null_resource", "name": "a", "provider": "provider[\"registry.terraform.io/hashicorp/null\"]", "instances": [{}, {}]},
	  {"module": "module.vpc", "mode": "managed", "type": "random_pet", "name": "b", "provider": "provider[\"registry.terraform.io/hashicorp/random\"]", "instances": [{}]}]}`)
	app := newWorkspace(t, p, "app")
	if err := p.Emulator.Platform().SetResourceCount(app, 4); err != nil {
		t.Fatal(err)
	}
	project := defaultProject(t, p)
	ctx := context.Background()
	c := p.Client(t)
	team, err := c.Teams.Create(ctx, p.Organization, platformclient.TeamOptions{Name: check.Ptr("ci")})
	if err != nil {
		t.Fatal(err)
	}
	token, err := c.TeamTokens.Create(ctx, team.ID, platformclient.TeamTokenCreateOptions{Description: check.Ptr("ci")})
	if err != nil {
		t.Fatal(err)
	}

	networkRow := knownvalue.ObjectPartial(map[string]knownvalue.Check{
		"id": check.Str(network), "name": check.Str("network"), "project_id": check.Str(project), "project_name": check.Str("Default Project"),
		"current_rum_count": knownvalue.Int64Exact(3), "state_terraform_version": check.Str("1.12.2"),
		"providers": check.StrList("hashicorp/null", "hashicorp/random"), "modules": check.StrList("module.vpc"),
		"tag_names": check.StrList(), "drifted": knownvalue.Null(), "current_run_status": knownvalue.Null(),
		"vcs_repo_identifier": knownvalue.Null(), "created_at": knownvalue.NotNull(),
	})
	check.DataSource{
		Service: p, Type: "stack_platform_explorer_workspaces", Config: p.ProviderConfig(),
		Reads: []check.Read{
			{Label: "all", Want: map[string]knownvalue.Check{
				"organization": check.Str(p.Organization), "current_rum_count": knownvalue.Int64Exact(7),
				"workspaces": knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"name": check.Str("app"), "current_rum_count": knownvalue.Int64Exact(4), "providers": check.StrList(),
						"state_terraform_version": knownvalue.Null(),
					}),
					networkRow,
				}),
			}},
			{Label: "searched", Args: check.Args{"search": "NET"}, Want: map[string]knownvalue.Check{
				"current_rum_count": knownvalue.Int64Exact(3), "workspaces": knownvalue.ListExact([]knownvalue.Check{networkRow}),
			}},
		},
		PlanErrors: []check.Refusal{{Args: check.Args{"search": ""}, Want: check.Literal(`string length must be at least 1`)}},
		NotFound: []check.Refusal{{
			Config: p.ProviderConfigWith(token.Token, p.Organization),
			Want:   check.Wrapped(`Cannot list the workspaces, as the explorer shows them, of the organization.*/explorer.*404`),
		}},
	}.Run(t)
}
