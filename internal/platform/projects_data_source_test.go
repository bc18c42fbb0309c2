package platform_test

import (
	"context"
	"fmt"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuplatform "github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// projectNames checks the names of a list of projects, in order.
func projectNames(names ...string) knownvalue.Check {
	checks := make([]knownvalue.Check, len(names))
	for i, n := range names {
		checks[i] = knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": check.Str(n)})
	}
	return knownvalue.ListExact(checks)
}

// The data source lists the organization's projects, sorted by name either
// way, or those of some names, which compare exactly.
func TestAccProjectsDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	for _, name := range []string{"gamma", "alpha", "Beta"} {
		newProject(t, p, p.Organization, platformclient.ProjectOptions{
			Name: check.Ptr(name), TagBindings: []*platformclient.TagBinding{{Key: "name", Value: name}},
		})
	}
	check.DataSource{
		Service: p, Type: "stack_platform_projects", Config: p.ProviderConfig(),
		PlanErrors: []check.Refusal{
			{Args: check.Args{"sort": "created-at"}, Want: check.Wrapped(`Attribute sort value must be one of: \["name" "-name"\], got: "created-at"`)},
			{Args: check.Args{"names": []string{}}, Want: check.Literal(`Attribute names list must contain at least 1 elements, got: 0`)},
			{Args: check.Args{"names": []string{"ok", "x"}}, Want: check.Wrapped(`Attribute names\[1\] string length must be between 3 and 40, got: 1`)},
		},
		Reads: []check.Read{
			{Label: "all", Want: map[string]knownvalue.Check{
				"organization": check.Str(p.Organization), "projects": projectNames("alpha", "Beta", "Default Project", "gamma"),
			}},
			{Label: "reversed", Args: check.Args{"organization": p.Organization, "sort": "-name"}, Want: map[string]knownvalue.Check{
				"projects": projectNames("gamma", "Default Project", "Beta", "alpha"),
			}},
			// Names compare exactly: "beta" is not "Beta".
			{Label: "named", Args: check.Args{"names": []string{"gamma", "alpha", "nobody", "beta"}, "sort": "name"}, Want: map[string]knownvalue.Check{
				"projects": knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectExact(map[string]knownvalue.Check{
						"id": idOf("prj"), "organization": check.Str(p.Organization), "name": check.Str("alpha"),
						"description": knownvalue.Null(), "auto_destroy_activity_duration": knownvalue.Null(),
						"tag_bindings": check.StrMap(map[string]string{"name": "alpha"}), "workspace_count": knownvalue.Int64Exact(0),
					}),
					knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"name": check.Str("gamma"), "tag_bindings": check.StrMap(map[string]string{"name": "gamma"}),
					}),
				}),
			}},
		},
	}.Run(t)
}

// A list longer than a page is read whole, at the largest page size: 250
// projects take three requests. Terraform runs once, so that the counts
// are those of one read. The emulator's rate limit is off, for the sake of
// the test's own creates.
func TestAccProjectsDataSource_pagesAtTheLargestSize(t *testing.T) {
	t.Parallel()
	p := acctest.NewPlatformEmulator(t, emulator.Options{Platform: emuplatform.Options{RateLimit: -1}})
	const n = 249 // and the default project
	c := p.Client(t)
	for i := range n {
		if _, err := c.Projects.Create(context.Background(), p.Organization, platformclient.ProjectOptions{Name: check.Ptr(fmt.Sprintf("project-%03d", i))}); err != nil {
			t.Fatal(err)
		}
	}
	names := output[[]string](t, readOnce(t, p, `
data "stack_platform_projects" "all" {}

output "names" {
  value = data.stack_platform_projects.all.projects[*].name
}
`, map[string]int64{"GET /api/v2/ping": 1, "GET /api/v2/organizations/{org}/projects": 3}), "names")
	if len(names) != n+1 {
		t.Fatalf("listed %d projects, want %d", len(names), n+1)
	}
	if names[0] != "Default Project" || names[1] != "project-000" || names[n] != "project-"+strconv.Itoa(n-1) {
		t.Errorf("listed %q, %q ... %q; want Default Project, project-000 ... project-%d", names[0], names[1], names[n], n-1)
	}
}
