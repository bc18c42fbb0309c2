package platform_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The objects that tests of more than one noun make outside Terraform,
// with the test's own client.

// newProject creates a project outside Terraform and returns its ID.
func newProject(t *testing.T, p *acctest.Platform, org string, opts platformclient.ProjectOptions) string {
	t.Helper()
	prj, err := p.Client(t).Projects.Create(context.Background(), org, opts)
	if err != nil {
		t.Fatal(err)
	}
	return prj.ID
}

// defaultProject is the ID of the test organization's default project.
func defaultProject(t *testing.T, p *acctest.Platform) string {
	t.Helper()
	org, err := p.Client(t).Organizations.Read(context.Background(), p.Organization, platformclient.OrganizationReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return org.DefaultProject.ID
}

// createWorkspace creates a workspace outside Terraform.
func createWorkspace(t *testing.T, p *acctest.Platform, org string, opts platformclient.WorkspaceOptions) *platformclient.Workspace {
	t.Helper()
	ws, err := p.Client(t).Workspaces.Create(context.Background(), org, opts)
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// newWorkspace creates a workspace of the test's organization, in its
// default project, outside Terraform, and returns its ID.
func newWorkspace(t *testing.T, p *acctest.Platform, name string) string {
	t.Helper()
	return createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{Name: check.Ptr(name)}).ID
}

// newTeam creates a team outside Terraform and returns its ID.
func newTeam(t *testing.T, p *acctest.Platform, org string, opts platformclient.TeamOptions) string {
	t.Helper()
	team, err := p.Client(t).Teams.Create(context.Background(), org, opts)
	if err != nil {
		t.Fatal(err)
	}
	return team.ID
}

// newVariableSet creates a variable set of the test's organization outside
// Terraform, and returns its ID.
func newVariableSet(t *testing.T, p *acctest.Platform, name string) string {
	t.Helper()
	vs, err := p.Client(t).VariableSets.Create(context.Background(), p.Organization, platformclient.VariableSetOptions{Name: check.Ptr(name)})
	if err != nil {
		t.Fatal(err)
	}
	return vs.ID
}

// onPlan puts the organization org on the plan named plan ("Business",
// "Standard (entitlement)", "Free"), which decides its entitlements,
// through the platform's admin API as go-tfe's tests do: the plan's
// feature set by name, then the organization's subscription. It needs the
// site administrator's token, an emulator's.
func onPlan(t testing.TB, p *acctest.Platform, org, plan string) {
	t.Helper()
	call := func(method, path, body string) []byte {
		req, err := http.NewRequest(method, p.URL+"/api/v2/admin/"+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+p.Token)
		req.Header.Set("Content-Type", platformclient.MediaType)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = resp.Body.Close() }()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode/100 != 2 {
			t.Fatalf("%s %s: %s: %s", method, path, resp.Status, b)
		}
		return b
	}
	var sets struct {
		Data []struct{ ID string } `json:"data"`
	}
	if err := json.Unmarshal(call(http.MethodGet, "feature-sets?q="+url.QueryEscape(plan), ""), &sets); err != nil || len(sets.Data) == 0 {
		t.Fatalf("no feature set named %q: %v", plan, err)
	}
	call(http.MethodPost, "organizations/"+org+"/subscription",
		`{"data":{"type":"subscription","relationships":{"feature-set":{"data":{"type":"feature-sets","id":"`+sets.Data[0].ID+`"}}}}}`)
}
