package platform_test

import (
	"context"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const projectPolicySetExclusionAddr = "stack_platform_project_policy_set_exclusion.test"

// The project policy set exclusion: see policy_set_attachments_test.go.
func TestAccProjectPolicySetExclusion_lifecycle(t *testing.T) {
	l := linkCase{
		p: acctest.NewPlatform(t), typ: "stack_platform_project_policy_set_exclusion", object: "project policy set exclusion", of: "a project's exclusion from a policy set", workspace: false, attr: "project_id",
		linked: func(ps *platformclient.PolicySet) []*string { return linkedProjectNames(ps.ProjectExclusions) },
		add: func(ctx context.Context, c *platformclient.Client, set, member string) error {
			return c.PolicySets.AddProjectExclusions(ctx, set, []string{member})
		},
		remove: func(ctx context.Context, c *platformclient.Client, set, member string) error {
			return c.PolicySets.RemoveProjectExclusions(ctx, set, []string{member})
		},
	}
	l.run(t, check.Lifecycle[*platformclient.Client]{Address: projectPolicySetExclusionAddr})
}
