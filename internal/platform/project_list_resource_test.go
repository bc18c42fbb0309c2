package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds every project, the default one among them, or those of
// the given names; with include_resource, each is the state an import
// gives.
func TestAccProjectListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	apis := newProject(t, p, p.Organization, platformclient.ProjectOptions{
		Name: check.Ptr("APIs"), Description: check.Ptr("The APIs"), AutoDestroyActivityDuration: platformclient.Value("14d"),
		TagBindings: []*platformclient.TagBinding{{Key: "team", Value: "apis"}},
	})
	web := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("Web")})
	elsewhere := newProject(t, p, other, platformclient.ProjectOptions{Name: check.Ptr("Elsewhere")})
	otherDefault, err := p.Client(t).Organizations.Read(context.Background(), other, platformclient.OrganizationReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	id := func(id string) map[string]knownvalue.Check { return check.Identity(map[string]string{"id": id}) }
	check.Query{
		Type: "stack_platform_project", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{id(apis), id(web), id(defaultProject(t, p))}, DisplayName: "APIs",
				Resource: map[string]knownvalue.Check{
					"id": check.Str(apis), "organization": check.Str(p.Organization), "name": check.Str("APIs"),
					"description": check.Str("The APIs"), "auto_destroy_activity_duration": check.Str("14d"),
					"tag_bindings": check.StrMap(map[string]string{"team": "apis"}),
				},
			},
			{Label: "names", Args: check.Args{"names": []string{"Web", "Nothing"}}, Found: []map[string]knownvalue.Check{id(web)}, DisplayName: "Web"},
			{
				Label: "other", Args: check.Args{"organization": other}, Found: []map[string]knownvalue.Check{id(elsewhere), id(otherDefault.DefaultProject.ID)},
				DisplayName: "Elsewhere",
			},
		},
		Errors: []check.Refusal{
			{Args: check.Args{"names": []string{}}, Want: check.Wrapped(`Attribute names list must contain at least 1 elements, got: 0`)},
		},
	}.Run(t)
}
