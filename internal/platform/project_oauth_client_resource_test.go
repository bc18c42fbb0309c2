package platform_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const projectOAuthClientAddr = "stack_platform_project_oauth_client.test"

// projectOAuthClientConfig is a client that is not organization-scoped,
// two projects, and the client's attachment to project.
func projectOAuthClientConfig(p *acctest.Platform, project string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_oauth_client" "github" {
  name                = "github"
  service_provider    = "github"
  http_url            = "https://github.com"
  api_url             = "https://api.github.com"
  organization_scoped = false
}

resource "stack_platform_project" "first" {
  name = "first"
}

resource "stack_platform_project" "second" {
  name = "second"
}

resource "stack_platform_project_oauth_client" "test" {
  oauth_client_id = stack_platform_oauth_client.github.id
  project_id      = stack_platform_project.%s.id
}
`, project)
}

// clientAttachedTo checks the projects, by name, that the client named
// github is attached to on the platform.
func clientAttachedTo(t *testing.T, p *acctest.Platform, want ...string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		id, err := check.StateValue(s, "stack_platform_oauth_client.github", "id")
		if err != nil {
			return err
		}
		oc, err := p.Client(t).OAuthClients.Read(context.Background(), id)
		if err != nil {
			return err
		}
		var got []string
		for _, prj := range oc.Projects {
			full, err := p.Client(t).Projects.Read(context.Background(), prj.ID, platformclient.ProjectReadOptions{})
			if err != nil {
				return err
			}
			got = append(got, full.Name)
		}
		slices.Sort(got)
		return check.Differences(map[string]any{"projects": got}, map[string]any{"projects": want})
	}
}

// detach removes the attachment that the ID <OAUTH CLIENT ID>/<PROJECT
// ID> names, outside Terraform.
func detach(ctx context.Context, c *platformclient.Client, id string) error {
	oc, prj, _ := strings.Cut(id, "/")
	return c.OAuthClients.RemoveProjects(ctx, oc, []string{prj})
}

func TestAccProjectOAuthClient_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	one := func(body string) string {
		return p.ProviderConfig() + "resource \"stack_platform_project_oauth_client\" \"test\" {\n" + body + "\n}\n"
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: projectOAuthClientAddr,
		PlanErrors: []check.PlanError{
			{Config: one("oauth_client_id = \"github\"\nproject_id = \"prj-4pW7hPwDJ1fY3gSC\""),
				Want: check.Literal(`oauth_client_id must be the ID of an OAuth client: oc- and 16 characters of the base58 alphabet, got "github".`)},
			{Config: one("oauth_client_id = \"oc-4pW7hPwDJ1fY3gSC\"\nproject_id = \"first\""),
				Want: check.Literal(`project_id must be the ID of a project: prj- and 16 characters of the base58 alphabet, got "first".`)},
		},
		ImportErrors: []check.ImportError{{ID: "prj-4pW7hPwDJ1fY3gSC", Want: check.Literal(
			`The import ID of an OAuth client's attachment to a project is <OAUTH CLIENT ID>/<PROJECT ID>, or <ORGANIZATION>/<PROJECT ID>/<OAUTH CLIENT NAME>; got "prj-4pW7hPwDJ1fY3gSC".`)}},
		Create: check.Step{
			Config: projectOAuthClientConfig(p, "first"),
			StateChecks: stateIs(projectOAuthClientAddr, map[string]knownvalue.Check{
				"id":              knownvalue.StringRegexp(regexp.MustCompile(`^oc-\w{16}/prj-\w{16}$`)),
				"oauth_client_id": idOf("oc"), "project_id": idOf("prj"),
			}),
			Check: clientAttachedTo(t, p, "first"),
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }},
			{ID: func(id string) string { return p.Organization + "/" + id[strings.Index(id, "/")+1:] + "/github" }},
		},
		// Detached outside Terraform: attached again.
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do:   detach,
			Step: check.Step{Config: projectOAuthClientConfig(p, "first"), Check: clientAttachedTo(t, p, "first")},
		},
		// Another project: the client leaves the first.
		Replace: check.Step{
			Config: projectOAuthClientConfig(p, "second"),
			Check:  clientAttachedTo(t, p, "second"),
		},
	}.Run(t)
}

// An import of a client that is not attached to the project is refused.
func TestAccProjectOAuthClient_importOfNoAttachment(t *testing.T) {
	p := acctest.NewPlatform(t)
	ctx := context.Background()
	oc, err := p.Client(t).OAuthClients.Create(ctx, p.Organization, platformclient.OAuthClientOptions{
		ServiceProvider: check.Ptr("github"), Name: check.Ptr("github"), HTTPURL: check.Ptr("https://github.com"), APIURL: check.Ptr("https://api.github.com"),
	})
	if err != nil {
		t.Fatal(err)
	}
	prj, err := p.Client(t).Projects.Create(ctx, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("first")})
	if err != nil {
		t.Fatal(err)
	}
	config := p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_project_oauth_client" "test" {
  oauth_client_id = %q
  project_id      = %q
}
`, oc.ID, prj.ID)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config, ResourceName: projectOAuthClientAddr, ImportState: true, ImportStateId: oc.ID + "/" + prj.ID,
				ExpectError: check.Literal(fmt.Sprintf("The OAuth client %s is not attached to the project %s.", oc.ID, prj.ID)),
			},
			{
				Config: config, ResourceName: projectOAuthClientAddr, ImportState: true, ImportStateId: p.Organization + "/" + prj.ID + "/gitlab",
				ExpectError: check.Literal(fmt.Sprintf(`The organization %q has no OAuth client named "gitlab" that the token may see`, p.Organization)),
			},
		},
	})
}
