package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
	"time"
)

func TestExplorer_Workspaces(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"ws-1","type":"visibility-workspace","attributes":{
		"workspace-name":"web","external-id":"ws-1","organization-name":"acme","project-name":"Default Project",
		"project-external-id":"prj-1","current-rum-count":12,"workspace-terraform-version":"1.12.2",
		"state-version-terraform-version":null,"vcs-repo-identifier":"acme/web","workspace-created-at":"2025-06-01T12:00:00.000Z",
		"workspace-updated-at":"2025-06-02T12:00:00.000Z","providers":"hashicorp/null","provider-count":1,"modules":null,
		"module-count":0,"tags":"a, b","drifted":false,"current-run-status":null}}],
		"meta":{"pagination":{"current-page":1,"next-page":null,"total-pages":1,"total-count":1}}}`))
	got, err := c.Explorer.Workspaces(context.Background(), "acme",
		ExplorerFilter{Field: "workspace_name", Operator: "is", Values: []string{"web", "api"}},
		ExplorerFilter{Field: "vcs_repo_identifier", Operator: "is_not_empty"})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/explorer",
		"filter%5B0%5D%5Bworkspace_name%5D%5Bis%5D%5B0%5D=web&filter%5B0%5D%5Bworkspace_name%5D%5Bis%5D%5B1%5D=api"+
			"&filter%5B1%5D%5Bvcs_repo_identifier%5D%5Bis_not_empty%5D%5B0%5D=&page%5Bnumber%5D=1&page%5Bsize%5D=100&type=workspaces", "")
	want := ExplorerWorkspace{
		ID: "ws-1", WorkspaceName: "web", ExternalID: "ws-1", OrganizationName: "acme", ProjectName: "Default Project",
		ProjectID: "prj-1", CurrentRUMCount: 12, WorkspaceTerraformVersion: "1.12.2", VCSRepoIdentifier: "acme/web",
		WorkspaceCreatedAt: ptr(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)), WorkspaceUpdatedAt: ptr(time.Date(2025, 6, 2, 12, 0, 0, 0, time.UTC)),
		Providers: "hashicorp/null", ProviderCount: 1, Tags: "a, b", Drifted: ptr(false),
	}
	if len(got.Items) != 1 || !reflect.DeepEqual(*got.Items[0], want) {
		t.Errorf("rows %+v\nwant %+v", got.Items, want)
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{"organization name is empty": {errOf(c.Explorer.Workspaces(ctx, ""))}}
	})
}
