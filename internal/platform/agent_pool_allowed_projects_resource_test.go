package platform_test

import "testing"

func TestAccAgentPoolAllowedProjects_lifecycle(t *testing.T) { allowedProjects.lifecycle(t) }
