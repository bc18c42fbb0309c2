package platform_test

import "testing"

func TestAccAgentPoolExcludedWorkspaces_lifecycle(t *testing.T) { excludedWorkspaces.lifecycle(t) }
