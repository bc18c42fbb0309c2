package platform_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// newProject creates a project outside Terraform and returns its ID.
func newProject(t *testing.T, p *acctest.Platform, org string, opts platformclient.ProjectOptions) string {
	t.Helper()
	prj, err := p.Client(t).Projects.Create(context.Background(), org, opts)
	if err != nil {
		t.Fatal(err)
	}
	return prj.ID
}

// The data source reads a project by ID or by name, in the provider's
// organization or another, with the resource's mapping.
func TestAccProjectDataSource_byIDAndByName(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	id := newProject(t, p, p.Organization, platformclient.ProjectOptions{
		Name: check.Ptr("Data Team"), Description: check.Ptr("Pipelines"), AutoDestroyActivityDuration: platformclient.Value("12h"),
		TagBindings: []*platformclient.TagBinding{{Key: "env", Value: "prod"}},
	})
	otherID := newProject(t, p, other, platformclient.ProjectOptions{Name: check.Ptr("Data Team")})
	const byID, byName, inOther = "data.stack_platform_project.by_id", "data.stack_platform_project.by_name", "data.stack_platform_project.in_other"
	same := map[string]knownvalue.Check{
		"id": check.Str(id), "organization": check.Str(p.Organization), "name": check.Str("Data Team"), "description": check.Str("Pipelines"),
		"auto_destroy_activity_duration": check.Str("12h"), "tag_bindings": stringMap(map[string]string{"env": "prod"}),
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfig() + `
data "stack_platform_project" "by_id" {
  id = "` + id + `"
}

data "stack_platform_project" "by_name" {
  name = "Data Team"
}

data "stack_platform_project" "in_other" {
  organization = "` + other + `"
  name         = "Data Team"
}
`,
			ConfigStateChecks: append(append(stateIs(byID, same), stateIs(byName, same)...),
				statecheck.ExpectKnownValue(inOther, check.Path("id"), check.Str(otherID)),
				statecheck.ExpectKnownValue(inOther, check.Path("organization"), check.Str(other)),
				statecheck.ExpectKnownValue(inOther, check.Path("description"), knownvalue.Null()),
				statecheck.ExpectKnownValue(inOther, check.Path("auto_destroy_activity_duration"), knownvalue.Null()),
				statecheck.ExpectKnownValue(inOther, check.Path("tag_bindings"), knownvalue.MapSizeExact(0)),
			),
		}},
	})
}

func TestAccProjectDataSource_planErrors(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	check.PlanErrors(t, p, []check.PlanError{
		{Config: p.ProviderConfig() + `
data "stack_platform_project" "none" {}
`, Want: check.Wrapped(`No attribute specified when one \(and only one\) of \[id,name\] is required`)},
		{Config: p.ProviderConfig() + `
data "stack_platform_project" "both" {
  id   = "prj-6p5RiCe5CRjBmsGt"
  name = "web"
}
`, Want: check.Wrapped(`2 attributes specified when one \(and only one\) of \[id,name\] is required`)},
		{Config: p.ProviderConfig() + `
data "stack_platform_project" "both" {
  id           = "prj-6p5RiCe5CRjBmsGt"
  organization = "acme"
}
`, Want: check.Wrapped(`Attribute "organization" cannot be specified when "id" is specified`)},
		{Config: p.ProviderConfig() + `
data "stack_platform_project" "bad" {
  id = "ws-6p5RiCe5CRjBmsGt"
}
`, Want: check.Literal(`id must be the ID of a project: prj- and 16 characters of the base58 alphabet, got "ws-6p5RiCe5CRjBmsGt".`)},
	})
}

// A name no project has is an error that says how names compare, and an
// ID the token may not see one that says that the token may be why.
func TestAccProjectDataSource_notFound(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	hidden := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("hidden")})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: p.ProviderConfig() + `
data "stack_platform_project" "missing" {
  name = "Hidden"
}
`,
				ExpectError: check.Literal(`The organization "` + p.Organization + `" has no project named "Hidden" that the token may see: ` +
					`the name is compared exactly, in its case, and the platform does not list the projects that the token may not see.`),
			},
			{
				Config: p.ProviderConfigWith(p.MintUserToken(t), p.Organization) + `
data "stack_platform_project" "hidden" {
  id = "` + hidden + `"
}
`,
				ExpectError: check.Wrapped(`Cannot read the project ` + hidden + `.*404 Not Found.*` + regexp.QuoteMeta(notVisibleHint)),
			},
		},
	})
}
