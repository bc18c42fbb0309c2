package platform_test

import (
	"context"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const allowedWorkspacesAddr = "stack_platform_agent_pool_allowed_workspaces.test"

// The phases every pool list shares are poolListKind's (pool_lists_test.go).
func TestAccAgentPoolAllowedWorkspaces_lifecycle(t *testing.T) {
	allowedWorkspaces.lifecycle(t, func(p *acctest.Platform) check.Lifecycle[*platformclient.Client] {
		// A pool whose list has members already, in an organization of
		// its own, whose names do not take the lifecycle's.
		ctx := context.Background()
		c := p.Client(t)
		org := p.NewOrganization(t)
		ws, err := c.Workspaces.Create(ctx, org, platformclient.WorkspaceOptions{Name: check.Ptr("member-1")})
		if err != nil {
			t.Fatal(err)
		}
		pool, err := c.AgentPools.Create(ctx, org, platformclient.AgentPoolOptions{
			Name: check.Ptr("pool-a"), AllowedWorkspaces: []*platformclient.Workspace{{ID: ws.ID}},
		})
		if err != nil {
			t.Fatal(err)
		}
		return check.Lifecycle[*platformclient.Client]{
			Service: p, Client: p.Client, Address: allowedWorkspacesAddr,
			// The pool's list is not taken over: the create fails and
			// gives the import command.
			NotTakenOver: check.Existing{
				Config: p.ProviderConfig() + `
resource "stack_platform_agent_pool_allowed_workspaces" "test" {
  agent_pool_id         = "` + pool.ID + `"
  allowed_workspace_ids = []
}
`,
				ImportID: pool.ID, Said: `already exists`,
			},
		}
	})
}
