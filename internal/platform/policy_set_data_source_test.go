package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The data source reads a set by ID or by name, with its policies and what
// it applies to and excludes; a name is compared exactly, in its case.
func TestAccPolicySetDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	ctx := context.Background()
	c := p.Client(t)
	pol := newPolicy(t, p, "deny", "opa")
	ps, err := c.PolicySets.Create(ctx, p.Organization, platformclient.PolicySetOptions{
		Name: check.Ptr("base"), Kind: check.Ptr("opa"), Description: check.Ptr("every run"), Policies: []*platformclient.Policy{{ID: pol}},
	})
	if err != nil {
		t.Fatal(err)
	}
	ws, prj, out, outPrj := newWorkspace(t, p, "web"), newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("apps")}),
		newWorkspace(t, p, "lab"), newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("labs")})
	for _, err := range []error{
		c.PolicySets.AddWorkspaces(ctx, ps.ID, []string{ws}), c.PolicySets.AddProjects(ctx, ps.ID, []string{prj}),
		c.PolicySets.AddWorkspaceExclusions(ctx, ps.ID, []string{out}), c.PolicySets.AddProjectExclusions(ctx, ps.ID, []string{outPrj}),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]knownvalue.Check{
		"id": check.Str(ps.ID), "organization": check.Str(p.Organization), "name": check.Str("base"), "description": check.Str("every run"),
		"kind": check.Str("opa"), "agent_enabled": knownvalue.Bool(true), "policy_tool_version": check.Str("latest"), "vcs_repo": knownvalue.Null(),
		"policy_ids": check.StrSet(pol), "policy_count": knownvalue.Int64Exact(1), "workspace_count": knownvalue.Int64Exact(1),
		"project_count": knownvalue.Int64Exact(1), "workspace_ids": check.StrSet(ws), "project_ids": check.StrSet(prj),
		"excluded_workspace_ids": check.StrSet(out), "excluded_project_ids": check.StrSet(outPrj),
	}
	check.DataSource{
		Service: p, Type: "stack_platform_policy_set", Config: p.ProviderConfig(), Samples: check.Args{"organization": p.Organization},
		ByID:   check.Read{Args: check.Args{"id": ps.ID}, Want: want},
		ByName: check.Read{Args: check.Args{"name": "base"}, Want: want},
		NotFound: []check.Refusal{{
			Args: check.Args{"name": "Base"},
			Want: check.Literal(`The organization "` + p.Organization + `" has no policy set named "Base" that the token may see: the name is compared exactly, in its case.`),
		}},
	}.Run(t)
}
