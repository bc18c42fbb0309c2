package platform_test

import "testing"

func TestAccAgentPoolAllowedWorkspaces_lifecycle(t *testing.T) { allowedWorkspaces.lifecycle(t) }
