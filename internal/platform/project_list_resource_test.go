package platform_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds every project, the default one among them, or those of
// the given names, each named by its organization and name; with include_resource, each is the state an import
// gives.
func TestAccProjectListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	apis := newProject(t, p, p.Organization, platformclient.ProjectOptions{
		Name: check.Ptr("APIs"), Description: check.Ptr("The APIs"), AutoDestroyActivityDuration: platformclient.Value("14d"),
		TagBindings: []*platformclient.TagBinding{{Key: "team", Value: "apis"}},
	})
	web := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("Web")})
	newProject(t, p, other, platformclient.ProjectOptions{Name: check.Ptr("Elsewhere")})
	names := map[string]string{apis: "APIs", web: "Web", defaultProject(t, p): "Default Project"}
	id := func(id string) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"organization": p.Organization, "name": names[id]})
	}
	in := func(org, name string) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"organization": org, "name": name})
	}
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
				Label: "other", Args: check.Args{"organization": other}, Found: []map[string]knownvalue.Check{in(other, "Elsewhere"), in(other, "Default Project")},
				DisplayName: "Elsewhere",
			},
		},
		Errors: []check.Refusal{
			{Args: check.Args{"names": []string{}}, Want: check.Wrapped(`Attribute names list must contain at least 1 elements, got: 0`)},
		},
	}.Run(t)
}
