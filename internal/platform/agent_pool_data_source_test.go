package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The data source reads a pool by name, in the provider's organization or
// another, and by ID, with the resource's values and the pool's three
// lists, which say who may use it; a name is compared exactly, in its case.
func TestAccAgentPoolDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	ctx := context.Background()
	web := createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{Name: check.Ptr("web")})
	apps := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("apps")})
	pool, err := p.Client(t).AgentPools.Create(ctx, p.Organization, platformclient.AgentPoolOptions{
		Name: check.Ptr("runners"), OrganizationScoped: check.Ptr(false),
		AllowedWorkspaces: []*platformclient.Workspace{{ID: web.ID}}, AllowedProjects: []*platformclient.Project{{ID: apps}},
	})
	if err != nil {
		t.Fatal(err)
	}
	// A pool whose name holds the other's: the search matches both.
	if _, err := p.Client(t).AgentPools.Create(ctx, p.Organization, platformclient.AgentPoolOptions{Name: check.Ptr("runners-2")}); err != nil {
		t.Fatal(err)
	}
	batch := createWorkspace(t, p, other, platformclient.WorkspaceOptions{Name: check.Ptr("batch")})
	otherPool, err := p.Client(t).AgentPools.Create(ctx, other, platformclient.AgentPoolOptions{
		Name: check.Ptr("runners"), ExcludedWorkspaces: []*platformclient.Workspace{{ID: batch.ID}},
	})
	if err != nil {
		t.Fatal(err)
	}
	same := map[string]knownvalue.Check{
		"id": check.Str(pool.ID), "organization": check.Str(p.Organization), "name": check.Str("runners"), "organization_scoped": knownvalue.Bool(false),
		"allowed_workspace_ids": check.StrSet(web.ID), "allowed_project_ids": check.StrSet(apps), "excluded_workspace_ids": check.StrSet(),
	}
	check.DataSource{
		Service: p, Type: "stack_platform_agent_pool", Config: p.ProviderConfig(),
		ByID:   check.Read{Args: check.Args{"id": pool.ID}, Want: same},
		ByName: check.Read{Args: check.Args{"name": "runners"}, Want: same},
		InOther: check.Read{Args: check.Args{"organization": other, "name": "runners"}, Want: map[string]knownvalue.Check{
			"id": check.Str(otherPool.ID), "organization": check.Str(other), "organization_scoped": knownvalue.Bool(true),
			"allowed_workspace_ids": check.StrSet(), "allowed_project_ids": check.StrSet(), "excluded_workspace_ids": check.StrSet(batch.ID),
		}},
		NotFound: []check.Refusal{{
			Args: check.Args{"name": "Runners"},
			Want: check.Literal(`The organization "` + p.Organization + `" has no agent pool named "Runners" that the token may see: the name is compared exactly, in its case.`),
		}},
	}.Run(t)
}
