package platform_test

import (
	"context"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const projectPolicySetAddr = "stack_platform_project_policy_set.test"

// The project policy set: see policy_set_attachments_test.go.
func TestAccProjectPolicySet_lifecycle(t *testing.T) {
	l := linkCase{
		p: acctest.NewPlatform(t), typ: "stack_platform_project_policy_set", object: "project policy set", of: "a policy set's attachment to a project", workspace: false, attr: "project_id",
		linked: func(ps *platformclient.PolicySet) []*string { return linkedProjectNames(ps.Projects) },
		add: func(ctx context.Context, c *platformclient.Client, set, member string) error {
			return c.PolicySets.AddProjects(ctx, set, []string{member})
		},
		remove: func(ctx context.Context, c *platformclient.Client, set, member string) error {
			return c.PolicySets.RemoveProjects(ctx, set, []string{member})
		},
	}
	l.run(t, check.Lifecycle[*platformclient.Client]{Address: projectPolicySetAddr})
}
