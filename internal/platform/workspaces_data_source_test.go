package platform_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuplatform "github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// workspacesAre checks a list data source's names and IDs, in order, and
// the names of its workspaces.
func workspacesAre(addr string, ws ...*platformclient.Workspace) []statecheck.StateCheck {
	names, ids, objects := make([]string, len(ws)), make([]string, len(ws)), make([]knownvalue.Check, len(ws))
	for i, w := range ws {
		names[i], ids[i] = w.Name, w.ID
		objects[i] = knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": check.Str(w.ID), "name": check.Str(w.Name)})
	}
	return []statecheck.StateCheck{
		statecheck.ExpectKnownValue(addr, check.Path("names"), check.StrList(names...)),
		statecheck.ExpectKnownValue(addr, check.Path("ids"), check.StrList(ids...)),
		statecheck.ExpectKnownValue(addr, check.Path("workspaces"), knownvalue.ListExact(objects)),
	}
}

// Each filter narrows the list, and they combine; the workspaces are
// mapped as the resource maps them. An organization the token may not see
// is an error that says the token may be why.
func TestAccWorkspacesDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	project := newProject(t, p, p.Organization, platformclient.ProjectOptions{
		Name: check.Ptr("APIs"), TagBindings: []*platformclient.TagBinding{{Key: "team", Value: "apis"}},
	})
	tags := func(names ...string) []*platformclient.Tag {
		out := make([]*platformclient.Tag, len(names))
		for i, n := range names {
			out[i] = &platformclient.Tag{Name: n}
		}
		return out
	}
	apiProd := createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{
		Name: check.Ptr("api-prod"), Description: check.Ptr("Production"), Project: &platformclient.Project{ID: project},
		Tags: tags("api", "prod"), TagBindings: []*platformclient.TagBinding{{Key: "env", Value: "prod"}},
	})
	apiStaging := createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{Name: check.Ptr("api-staging"), Tags: tags("api", "staging")})
	batch := createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{Name: check.Ptr("batch")})
	webProd := createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{Name: check.Ptr("web-prod"), Tags: tags("prod", "web")})
	// An emulator of its own, whose organization a user's token there
	// does not see.
	e := acctest.NewPlatformEmulator(t, emulator.Options{})
	ds := check.DataSource{
		Service: p, Type: "stack_platform_workspaces", Config: p.ProviderConfig(),
		PlanErrors: []check.Refusal{
			{Args: check.Args{"tags": []string{}}, Want: check.Literal(`Attribute tags set must contain at least 1 elements, got: 0`)},
			{
				Args: check.Args{"exclude_tags": []string{"Prod"}},
				Want: check.Wrapped(`Attribute exclude_tags\[Value\("Prod"\)\] must be lower-case letters, digits, ':', '-' and '_', starting and ending with a letter or a digit, got: Prod`),
			},
			{Args: check.Args{"search": ""}, Want: check.Literal(`Attribute search string length must be at least 1, got: 0`)},
			{
				Args: check.Args{"project_id": "ws-6p5RiCe5CRjBmsGt"},
				Want: check.Literal(`project_id must be the ID of a project: prj- and 16 characters of the base58 alphabet, got "ws-6p5RiCe5CRjBmsGt".`),
			},
		},
		NotFound: []check.Refusal{{
			Config: e.ProviderConfigWith(e.MintUserToken(t), e.Organization),
			Want:   check.Wrapped(`Cannot list the workspaces of the organization "` + e.Organization + `".*404 Not Found.*` + regexp.QuoteMeta(notVisibleHint)),
		}},
	}
	ds.InOther = check.Read{Args: check.Args{"organization": other}, Want: map[string]knownvalue.Check{"organization": check.Str(other)},
		Checks: workspacesAre(ds.Address("in_other"))}
	ds.Reads = []check.Read{
		{
			Label: "all", Want: map[string]knownvalue.Check{"organization": check.Str(p.Organization)},
			Checks: append(workspacesAre(ds.Address("all"), apiProd, apiStaging, batch, webProd),
				statecheck.ExpectKnownValue(ds.Address("all"), tfjsonpath.New("workspaces").AtSliceIndex(2), knownvalue.ObjectPartial(map[string]knownvalue.Check{
					"description": knownvalue.Null(), "project_id": check.Str(defaultProject(t, p)),
					"tag_names": knownvalue.SetSizeExact(0), "tag_bindings": knownvalue.MapSizeExact(0),
				}))),
		},
		{Label: "search", Args: check.Args{"search": "API"}, Checks: workspacesAre(ds.Address("search"), apiProd, apiStaging)},
		{Label: "tags", Args: check.Args{"tags": []string{"prod", "api"}}, Checks: workspacesAre(ds.Address("tags"), apiProd)},
		{Label: "exclude_tags", Args: check.Args{"exclude_tags": []string{"prod"}}, Checks: workspacesAre(ds.Address("exclude_tags"), apiStaging, batch)},
		{
			Label: "project", Args: check.Args{"project_id": project},
			Checks: append(workspacesAre(ds.Address("project"), apiProd),
				statecheck.ExpectKnownValue(ds.Address("project"), tfjsonpath.New("workspaces").AtSliceIndex(0), knownvalue.ObjectPartial(map[string]knownvalue.Check{
					"organization": check.Str(p.Organization), "description": check.Str("Production"), "project_id": check.Str(project),
					"tag_names": check.StrSet("api", "prod"),
					// Its own bindings, not its project's.
					"tag_bindings": check.StrMap(map[string]string{"env": "prod"}),
					"auto_apply":   knownvalue.Bool(false), "allow_destroy_plan": knownvalue.Bool(true),
					"trigger_prefixes": check.StrList(), "vcs_repo": knownvalue.Null(), "resource_count": knownvalue.Int64Exact(0),
					// Its own and its project's.
					"effective_tag_bindings": check.StrMap(map[string]string{"env": "prod", "team": "apis"}),
					"has_readme":             knownvalue.Bool(false), "current_configuration_version_id": knownvalue.Null(),
					"updated_at": knownvalue.NotNull(),
				}))),
		},
		{Label: "reversed", Args: check.Args{"sort": "-name"}, Checks: workspacesAre(ds.Address("reversed"), webProd, batch, apiStaging, apiProd)},
		{
			Label: "combined", Args: check.Args{"search": "api", "tags": []string{"api"}, "exclude_tags": []string{"staging"}},
			Checks: workspacesAre(ds.Address("combined"), apiProd),
		},
	}
	ds.Run(t)
}

// A list longer than a page is read whole, at the largest page size: 250
// workspaces take three requests. Terraform runs once, so that the counts
// are those of one read. The emulator's rate limit is off, for the sake of
// the test's own creates.
func TestAccWorkspacesDataSource_pagesAtTheLargestSize(t *testing.T) {
	t.Parallel()
	p := acctest.NewPlatformEmulator(t, emulator.Options{Platform: emuplatform.Options{RateLimit: -1}})
	const n = 250
	c := p.Client(t)
	for i := range n {
		if _, err := c.Workspaces.Create(context.Background(), p.Organization, platformclient.WorkspaceOptions{Name: check.Ptr(fmt.Sprintf("ws-%03d", i))}); err != nil {
			t.Fatal(err)
		}
	}
	names := output[[]string](t, readOnce(t, p, `
data "stack_platform_workspaces" "all" {}

output "names" {
  value = data.stack_platform_workspaces.all.names
}
`, map[string]int64{"GET /api/v2/ping": 1, "GET /api/v2/organizations/{org}/workspaces": 3}), "names")
	for i, name := range names {
		if want := fmt.Sprintf("ws-%03d", i); name != want {
			t.Fatalf("the list's workspace %d is %q, want %q", i, name, want)
		}
	}
	if len(names) != n {
		t.Errorf("listed %d workspaces, want %d", len(names), n)
	}
}
