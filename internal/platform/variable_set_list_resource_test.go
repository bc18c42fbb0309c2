package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds every variable set, a project's among them, or those
// whose names contain the search; with include_resource, each is the
// state an import gives.
func TestAccVariableSetListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	project := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("APIs")})
	owned, err := p.Client(t).VariableSets.Create(context.Background(), p.Organization, platformclient.VariableSetOptions{
		Name: check.Ptr("api-credentials"), Description: check.Ptr("Credentials of the APIs"), Priority: check.Ptr(true),
		Parent: &platformclient.VariableSetParent{Project: &platformclient.Project{ID: project}},
	})
	if err != nil {
		t.Fatal(err)
	}
	global, err := p.Client(t).VariableSets.Create(context.Background(), p.Organization, platformclient.VariableSetOptions{
		Name: check.Ptr("everywhere"), Global: check.Ptr(true),
	})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{owned.ID: "api-credentials", global.ID: "everywhere"}
	id := func(id string) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"organization": p.Organization, "name": names[id]})
	}
	check.Query{
		Type: "stack_platform_variable_set", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{id(owned.ID), id(global.ID)}, DisplayName: "api-credentials",
				Resource: map[string]knownvalue.Check{
					"id": check.Str(owned.ID), "organization": check.Str(p.Organization), "name": check.Str("api-credentials"),
					"description": check.Str("Credentials of the APIs"), "priority": knownvalue.Bool(true), "global": knownvalue.Bool(false),
					"parent_project_id": check.Str(project),
				},
			},
			{
				Label: "search", Args: check.Args{"search": "Where"}, Found: []map[string]knownvalue.Check{id(global.ID)}, DisplayName: "everywhere",
				Resource: map[string]knownvalue.Check{"global": knownvalue.Bool(true), "description": knownvalue.Null(), "parent_project_id": knownvalue.Null()},
			},
		},
	}.Run(t)
}
