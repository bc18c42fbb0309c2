package platform_test

import (
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const allowedProjectsAddr = "stack_platform_agent_pool_allowed_projects.test"

// The phases every pool list shares are poolListKind's (pool_lists_test.go).
func TestAccAgentPoolAllowedProjects_lifecycle(t *testing.T) {
	allowedProjects.lifecycle(t, func(p *acctest.Platform) check.Lifecycle[*platformclient.Client] {
		return check.Lifecycle[*platformclient.Client]{Service: p, Client: p.Client, Address: allowedProjectsAddr}
	})
}
