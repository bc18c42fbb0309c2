package platform_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// The data source reads a project by ID or by name, in the provider's
// organization or another, with the resource's mapping. A name no project
// has is an error that says how names compare, and an ID the token may not
// see one that says that the token may be why.
func TestAccProjectDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	id := newProject(t, p, p.Organization, platformclient.ProjectOptions{
		Name: check.Ptr("Data Team"), Description: check.Ptr("Pipelines"), AutoDestroyActivityDuration: platformclient.Value("12h"),
		TagBindings: []*platformclient.TagBinding{{Key: "env", Value: "prod"}},
	})
	otherID := newProject(t, p, other, platformclient.ProjectOptions{Name: check.Ptr("Data Team")})
	// Two workspaces in the project: its workspace_count.
	for _, name := range []string{"ingest", "report"} {
		createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{Name: check.Ptr(name), Project: &platformclient.Project{ID: id}})
	}
	newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("hidden")})
	// A project of an emulator of its own, which a user's token there
	// does not see.
	e := acctest.NewPlatformEmulator(t, emulator.Options{})
	hidden := newProject(t, e, e.Organization, platformclient.ProjectOptions{Name: check.Ptr("hidden")})
	same := map[string]knownvalue.Check{
		"id": check.Str(id), "organization": check.Str(p.Organization), "name": check.Str("Data Team"), "description": check.Str("Pipelines"),
		"auto_destroy_activity_duration": check.Str("12h"), "tag_bindings": check.StrMap(map[string]string{"env": "prod"}),
		"workspace_count": knownvalue.Int64Exact(2),
	}
	check.DataSource{
		Service: p, Type: "stack_platform_project", Config: p.ProviderConfig(),
		PlanErrors: []check.Refusal{{
			Args: check.Args{"id": "ws-6p5RiCe5CRjBmsGt"},
			Want: check.Literal(`id must be the ID of a project: prj- and 16 characters of the base58 alphabet, got "ws-6p5RiCe5CRjBmsGt".`),
		}},
		ByID:   check.Read{Args: check.Args{"id": id}, Want: same},
		ByName: check.Read{Args: check.Args{"name": "Data Team"}, Want: same},
		InOther: check.Read{Args: check.Args{"organization": other, "name": "Data Team"}, Want: map[string]knownvalue.Check{
			"id": check.Str(otherID), "organization": check.Str(other), "description": knownvalue.Null(),
			"auto_destroy_activity_duration": knownvalue.Null(), "tag_bindings": knownvalue.MapSizeExact(0),
			"workspace_count": knownvalue.Int64Exact(0),
		}},
		NotFound: []check.Refusal{
			{
				Args: check.Args{"name": "Hidden"},
				Want: check.Literal(`The organization "` + p.Organization + `" has no project named "Hidden" that the token may see: ` +
					`the name is compared exactly, in its case, and the platform does not list the projects that the token may not see.`),
			},
			{
				Config: e.ProviderConfigWith(e.MintUserToken(t), e.Organization), Args: check.Args{"id": hidden},
				Want: check.Wrapped(`Cannot read the project ` + hidden + `.*404 Not Found.*` + regexp.QuoteMeta(notVisibleHint)),
			},
		},
	}.Run(t)
}
