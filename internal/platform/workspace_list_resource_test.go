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

// workspaceIdentity is the identity of the workspace ws of org.
func workspaceIdentity(org string, ws *platformclient.Workspace) map[string]knownvalue.Check {
	return check.Identity(map[string]string{"organization": org, "name": ws.Name})
}

// The list finds the workspaces of the provider's organization or of
// another, each filter narrowing it as the data source's does; with
// include_resource, each is the state an import gives.
func TestAccWorkspaceListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	project := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("APIs")})
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
	elsewhere := createWorkspace(t, p, other, platformclient.WorkspaceOptions{Name: check.Ptr("elsewhere")})
	id := func(ws *platformclient.Workspace) map[string]knownvalue.Check {
		return workspaceIdentity(p.Organization, ws)
	}
	e := acctest.NewPlatformEmulator(t, emulator.Options{})
	check.Query{
		Type: "stack_platform_workspace", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{id(apiProd), id(apiStaging), id(batch)}, DisplayName: "api-prod",
				Resource: map[string]knownvalue.Check{
					"id": check.Str(apiProd.ID), "organization": check.Str(p.Organization), "name": check.Str("api-prod"),
					"description": check.Str("Production"), "project_id": check.Str(project),
					"tag_names": check.StrSet("api", "prod"), "tag_bindings": check.StrMap(map[string]string{"env": "prod"}),
					"auto_apply": knownvalue.Bool(false), "vcs_repo": knownvalue.Null(), "force_delete": knownvalue.Bool(false),
				},
			},
			{Label: "search", Args: check.Args{"search": "API"}, Found: []map[string]knownvalue.Check{id(apiProd), id(apiStaging)}, DisplayName: "api-prod"},
			{Label: "tags", Args: check.Args{"tags": []string{"prod", "api"}}, Found: []map[string]knownvalue.Check{id(apiProd)}, DisplayName: "api-prod"},
			{
				Label: "exclude_tags", Args: check.Args{"exclude_tags": []string{"prod"}},
				Found: []map[string]knownvalue.Check{id(apiStaging), id(batch)}, DisplayName: "api-staging",
			},
			{Label: "project", Args: check.Args{"project_id": project}, Found: []map[string]knownvalue.Check{id(apiProd)}, DisplayName: "api-prod"},
			{
				Label: "other", Args: check.Args{"organization": other},
				Found: []map[string]knownvalue.Check{workspaceIdentity(other, elsewhere)}, DisplayName: "elsewhere",
				Resource: map[string]knownvalue.Check{"id": check.Str(elsewhere.ID), "organization": check.Str(other), "description": knownvalue.Null()},
			},
			{Label: "none", Args: check.Args{"search": "nothing-is-called-this"}},
		},
		Errors: []check.Refusal{
			{Args: check.Args{"tags": []string{}}, Want: check.Wrapped(`Attribute tags list must contain at least 1 elements, got: 0`)},
			{
				Args: check.Args{"project_id": "ws-6p5RiCe5CRjBmsGt"},
				Want: check.Wrapped(`project_id must be the ID of a project: prj- and 16 characters of the base58 alphabet, got\s+"ws-6p5RiCe5CRjBmsGt".`),
			},
			{
				Config: e.ProviderConfigWith(e.MintUserToken(t), e.Organization),
				Want:   check.Wrapped(`Cannot list the workspaces of the organization "` + e.Organization + `".*404 Not Found.*` + regexp.QuoteMeta(notVisibleHint)),
			},
		},
	}.Run(t)
}
