package platform_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const workspacePolicySetAddr = "stack_platform_workspace_policy_set.test"

// The workspace policy set: see policy_set_attachments_test.go.
func TestAccWorkspacePolicySet_lifecycle(t *testing.T) {
	l := linkCase{
		p: acctest.NewPlatform(t), typ: "stack_platform_workspace_policy_set", object: "workspace policy set", of: "a policy set's attachment to a workspace", workspace: true, attr: "workspace_id",
		linked: func(ps *platformclient.PolicySet) []*string { return linkedWorkspaceNames(ps.Workspaces) },
		add: func(ctx context.Context, c *platformclient.Client, set, member string) error {
			return c.PolicySets.AddWorkspaces(ctx, set, []string{member})
		},
		remove: func(ctx context.Context, c *platformclient.Client, set, member string) error {
			return c.PolicySets.RemoveWorkspaces(ctx, set, []string{member})
		},
	}
	l.run(t, check.Lifecycle[*platformclient.Client]{Address: workspacePolicySetAddr})
}

// A global set takes no workspace: the attachment fails with the
// platform's words. An import of a workspace that is not attached, by
// names, is refused.
func TestAccWorkspacePolicySet_globalSetAndImportOfNoAttachment(t *testing.T) {
	p := acctest.NewPlatform(t)
	ctx := context.Background()
	set, err := p.Client(t).PolicySets.Create(ctx, p.Organization, platformclient.PolicySetOptions{Name: check.Ptr("everywhere"), Global: check.Ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	ws := newWorkspace(t, p, "web")
	config := p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_workspace_policy_set" "test" {
  policy_set_id = %q
  workspace_id  = %q
}
`, set.ID, ws)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config, ExpectError: check.Wrapped(`a global policy set applies to every workspace: it takes none`)},
			{
				Config: config, ResourceName: workspacePolicySetAddr, ImportState: true, ImportStateId: p.Organization + "/web/everywhere",
				ExpectError: check.Literal(fmt.Sprintf("The workspace %s is not attached to the policy set %s.", ws, set.ID)),
			},
		},
	})
}
