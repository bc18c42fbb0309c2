package platform_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

const explorerPath = "/api/v2/organizations/acme/explorer?type=workspaces"

// names of the rows of an explorer's answer, in order.
func explorerNames(t *testing.T, r response) []string {
	t.Helper()
	var out []string
	for _, row := range r.list(t) {
		out = append(out, fmt.Sprint(attrs(t, row)["workspace-name"]))
	}
	return out
}

// A workspace's row gives its resources under management, which its state
// sets, and what the emulator knows of it; what runs would give is null.
func TestExplorer_workspacesView(t *testing.T) {
	a := newAPI(t, platform.Options{})
	defaultProject := a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	a.createState(ws, 3)
	other := a.workspaceID("acme", "empty")

	rows := a.get(explorerPath).list(t)
	if len(rows) != 2 || rows[0]["id"] != other || rows[0]["type"] != "visibility-workspace" || rows[1]["id"] != ws {
		t.Fatalf("rows %v", rows)
	}
	wantAttrs(t, rows[1], map[string]any{
		"workspace-name": "web", "external-id": ws, "organization-name": "acme", "project-external-id": defaultProject,
		"project-name": "Default Project", "current-rum-count": 3, "workspace-terraform-version": platform.DefaultTerraformVersion,
		"state-version-terraform-version": "1.12.2", "providers": "hashicorp/http, hashicorp/null, hashicorp/random",
		"provider-count": 3, "modules": "module.db", "module-count": 1, "vcs-repo-identifier": nil, "tags": nil,
		"current-run-status": nil, "drifted": nil, "all-checks-succeeded": nil, "resources-drifted": nil,
	})
	wantAttrs(t, rows[0], map[string]any{"current-rum-count": 0, "providers": nil, "provider-count": 0, "state-version-terraform-version": nil})
	if got := len(attrs(t, rows[0])); got != 27 {
		t.Errorf("a row has %d fields, want the view's 27", got)
	}

	// The admin API's count is the resources under management too.
	if err := a.server.SetResourceCount(other, 12); err != nil {
		t.Fatal(err)
	}
	wantAttrs(t, a.get(explorerPath + "&sort=-current_rum_count").list(t)[0], map[string]any{"workspace-name": "empty", "current-rum-count": 12})
}

func TestExplorer_sortFieldsFiltersAndPages(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	for _, name := range []string{"web", "db", "cache"} {
		a.workspaceID("acme", name)
	}
	a.createState(a.workspaceID("acme", "api"), 3)

	for query, want := range map[string][]string{
		"":                         {"api", "cache", "db", "web"},
		"&sort=-workspace_name":    {"web", "db", "cache", "api"},
		"&sort=-current_rum_count": {"api", "cache", "db", "web"},
		"&filter[0][workspace_name][contains][0]=A":                                                 {"api", "cache"},
		"&filter[0][workspace_name][is][0]=db&filter[0][workspace_name][is][1]=web":                 {"db", "web"},
		"&filter[0][workspace_name][is_not][0]=db":                                                  {"api", "cache", "web"},
		"&filter[0][current_rum_count][gt][0]=0":                                                    {"api"},
		"&filter[0][current_rum_count][lteq][0]=0&filter[1][workspace_name][does_not_contain][0]=e": {"db"},
		"&filter[0][providers][is_not_empty][0]=":                                                   {"api"},
		"&filter[0][providers][is_empty][0]=":                                                       {"cache", "db", "web"},
		"&filter[0][workspace_created_at][is_before][0]=2000-01-01T00:00:00Z":                       nil,
		"&filter[0][workspace_created_at][is_after][0]=2000-01-01T00:00:00Z":                        {"api", "cache", "db", "web"},
	} {
		if got := explorerNames(t, a.get(explorerPath+query)); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", query, got, want)
		}
	}

	// fields= keeps those fields only.
	row := a.get(explorerPath + "&fields=workspace_name,current_rum_count").list(t)[0]
	if got := attrs(t, row); len(got) != 2 || got["workspace-name"] != "api" || got["current-rum-count"] != float64(3) {
		t.Errorf("fields: %v", got)
	}

	// Paged, the platform's page sizes only.
	r := a.get(explorerPath + "&page[size]=3&page[number]=2")
	if got := explorerNames(t, r); !slices.Equal(got, []string{"web"}) || r.pagination(t)["total-count"] != float64(4) {
		t.Errorf("page 2: %v %v", got, r.pagination(t))
	}
	for _, q := range []string{"&page[size]=101", "&page[size]=0", "&page[number]=0", "&page[size]=x"} {
		emutest.WantAPIError(t, a.get(explorerPath+q), http.StatusUnprocessableEntity, "invalid attribute", "page[size] must be between 1 and 100")
	}
	for q, detail := range map[string]string{
		"&sort=name":                          `Invalid sort "name"`,
		"&fields=name":                        `Invalid field "name"`,
		"&filter[0][name][is][0]=x":           `Invalid filter field "name"`,
		"&filter[0][workspace_name][eq][0]=x": `Invalid filter operator "eq"`,
	} {
		emutest.WantAPIError(t, a.get(explorerPath+q), http.StatusBadRequest, "bad request", detail)
	}
	emutest.WantAPIError(t, a.get("/api/v2/organizations/acme/explorer"), http.StatusBadRequest, "bad request", "type is required, one of workspaces, tf_versions, providers, modules")
	emutest.WantAPIError(t, a.get("/api/v2/organizations/acme/explorer?type=providers"), http.StatusBadRequest, "bad request", "serves the workspaces view only")
}

// Only who may read every workspace or project queries the explorer.
func TestExplorer_whoQueries(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.workspaceID("acme", "web")
	mint := func(team string) *api {
		token, err := a.server.MintTeamToken("acme", team)
		if err != nil {
			t.Fatal(err)
		}
		return a.as(token)
	}
	plain := mint(a.createTeam("acme", "plain"))
	wantNotFound(t, plain.get(explorerPath))
	readers := a.create("/api/v2/organizations/acme/teams", "teams", map[string]any{"name": "readers", "organization-access": map[string]any{"read-projects": true}}, nil)
	if got := explorerNames(t, mint(wantID(t, readers["id"], "team")).get(explorerPath)); !slices.Equal(got, []string{"web"}) {
		t.Errorf("a team that reads every project: %v", got)
	}
	orgToken, err := a.server.MintOrganizationToken("acme")
	if err != nil {
		t.Fatal(err)
	}
	if got := explorerNames(t, a.as(orgToken).get(explorerPath)); !slices.Equal(got, []string{"web"}) {
		t.Errorf("the organization's token: %v", got)
	}
	outsider, err := a.server.MintUserToken("outsider")
	if err != nil {
		t.Fatal(err)
	}
	wantNotFound(t, a.as(outsider).get(explorerPath))
}
