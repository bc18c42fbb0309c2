package platform_test

import (
	"context"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const workspacePolicySetExclusionAddr = "stack_platform_workspace_policy_set_exclusion.test"

// The workspace policy set exclusion: see policy_set_attachments_test.go.
func TestAccWorkspacePolicySetExclusion_lifecycle(t *testing.T) {
	l := linkCase{
		p: acctest.NewPlatform(t), typ: "stack_platform_workspace_policy_set_exclusion", object: "workspace policy set exclusion", of: "a workspace's exclusion from a policy set", workspace: true, attr: "workspace_id",
		linked: func(ps *platformclient.PolicySet) []*string { return linkedWorkspaceNames(ps.WorkspaceExclusions) },
		add: func(ctx context.Context, c *platformclient.Client, set, member string) error {
			return c.PolicySets.AddWorkspaceExclusions(ctx, set, []string{member})
		},
		remove: func(ctx context.Context, c *platformclient.Client, set, member string) error {
			return c.PolicySets.RemoveWorkspaceExclusions(ctx, set, []string{member})
		},
	}
	l.run(t, check.Lifecycle[*platformclient.Client]{Address: workspacePolicySetExclusionAddr})
}
