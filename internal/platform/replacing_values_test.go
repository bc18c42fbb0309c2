package platform_test

import (
	"fmt"
	"maps"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// A value whose change replaces its object is checked at plan, because the
// platform refuses it only after the apply has destroyed the live object.

// A slip in an OAuth client's code host or address would replace the
// client, and the platform would refuse the new one once the live one is
// gone, with the workspaces connected through it. The platform's list of
// code hosts is open, and its documents state no form for the addresses,
// so the plan does not refuse them: it warns, names the nearest code host,
// and says what the apply would lose. The test harness drops warnings, so
// this runs Terraform itself.
func TestAccOAuthClient_slipThatReplacesWarnsAtPlan(t *testing.T) {
	const slip = "github_enterprize" //nolint:misspell // the slip itself
	t.Parallel()
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	cli := acctest.NewCLI(t, nil)
	config := func(host, httpURL string) string {
		return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_oauth_client" "test" {
  service_provider = %q
  http_url         = %q
  api_url          = "https://api.github.com"
}
`, host, httpURL)
	}
	cli.WriteConfig(t, config("github", "https://github.com"))
	cli.MustRun(t, "apply", "-auto-approve")

	cli.WriteConfig(t, config(slip, "htps://github.com"))
	before := p.Emulator.Stats()
	diags, actions := cli.PlanJSON(t)
	if want := map[string]string{oauthClientAddr: "replace"}; !maps.Equal(actions, want) {
		t.Errorf("planned %v, want %v", actions, want)
	}
	if sent, want := p.RequestsSince(before), map[string]int64{"GET /api/v2/ping": 1, "GET /api/v2/oauth-clients/{id}": 1}; !maps.Equal(sent, want) {
		t.Errorf("the plan sent %v, want only the refresh's %v", sent, want)
	}
	const (
		summary = "Value the platform may refuse after the OAuth client is destroyed"
		risk    = "If the platform refuses it, the OAuth client is gone and nothing takes its place, and what refers to it is left referring to nothing. " +
			"Correct the value, or make sure that the platform takes it, before you apply."
	)
	want := map[string]string{
		`Changing service_provider from "github" to "` + slip + `" replaces the OAuth client: ` +
			`the apply destroys the live OAuth client before the platform answers the create. ` +
			`service_provider: "` + slip + `" is none of the values that the platform is known to take: "ado_server", "ado_services", ` +
			`"bitbucket_data_center", "bitbucket_hosted", "bitbucket_server", "bitbucket_server_legacy", "github", "github_enterprise", ` +
			`"gitlab_community_edition", "gitlab_enterprise_edition", "gitlab_hosted". Did you mean "github_enterprise"? ` + risk: summary,
		`Changing http_url from "https://github.com" to "htps://github.com" replaces the OAuth client: ` +
			`the apply destroys the live OAuth client before the platform answers the create. ` +
			`http_url: "htps://github.com" is not an http or https URL, the form that the platform is known to take. ` + risk: summary,
	}
	got := map[string]string{}
	for _, w := range acctest.Warnings(t, diags) {
		got[w.Detail] = w.Summary
	}
	if !maps.Equal(got, want) {
		t.Errorf("warnings %v, want %v", got, want)
	}

	// A code host the platform is known to take replaces the client
	// without a word beyond the plan's own.
	cli.WriteConfig(t, config("github_enterprise", "https://github.example.com"))
	diags, actions = cli.PlanJSON(t)
	if want := map[string]string{oauthClientAddr: "replace"}; !maps.Equal(actions, want) {
		t.Errorf("planned %v, want %v", actions, want)
	}
	if w := acctest.Warnings(t, diags); len(w) != 0 {
		t.Errorf("warnings %v, want none", w)
	}
}

// A variable's category is one of a closed list: a slip is refused at
// plan, before any request, and the live variable stays as it is.
func TestAccVariable_categorySlipIsRefusedBeforeTheReplacement(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ws := newWorkspace(t, p, "app")
	config := func(category string) string {
		return variableConfig(p, fmt.Sprintf("workspace_id = %q\n  key = \"region\"\n  value = \"eu-west-1\"\n  category = %q", ws, category))
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: check.SlipRefused(t, p, config, "terraform", "terrafrom",
			check.Literal(`Attribute category value must be one of: ["terraform" "env"], got: "terrafrom"`)),
	})
}
