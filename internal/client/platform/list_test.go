package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

// pagination styles of a list answer
const (
	withTotals    = "totals"     // meta.pagination with totals, and links
	withoutTotals = "no-totals"  // meta.pagination without totals, as the org runs list
	linksOnly     = "links-only" // links.next alone
)

// pagedWorkspaces serves n workspaces named ws-0… in pages of the size
// asked for (at most 100), each with its project included. As the
// platform, it answers an empty list with total-pages 0, its last link
// the first page.
func pagedWorkspaces(n int, style string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		size, _ := strconv.Atoi(q.Get("page[size]"))
		size = min(max(size, 1), 100)
		page, _ := strconv.Atoi(q.Get("page[number]"))
		page = max(page, 1)
		pages := (n + size - 1) / size
		var data, included []any
		for i := (page - 1) * size; i < min(n, page*size); i++ {
			data = append(data, map[string]any{
				"id": fmt.Sprintf("ws-%d", i), "type": "workspaces",
				"attributes": map[string]any{"name": fmt.Sprintf("w%d", i)},
				"relationships": map[string]any{
					"project": map[string]any{"data": map[string]any{"id": "prj-1", "type": "projects"}},
				},
			})
		}
		included = append(included, map[string]any{"id": "prj-1", "type": "projects", "attributes": map[string]any{"name": "Default Project"}})
		var next, prev any
		if page < pages {
			next = page + 1
		}
		if page > 1 {
			prev = page - 1
		}
		link := func(p int) string {
			return fmt.Sprintf("https://platform.example.com%s?page%%5Bnumber%%5D=%d&page%%5Bsize%%5D=%d", r.URL.Path, p, size)
		}
		doc := map[string]any{"data": data}
		if data == nil {
			doc["data"] = []any{}
		}
		if q.Get("include") == "project" {
			doc["included"] = included
		}
		links := map[string]any{"self": link(page), "first": link(1), "last": link(max(1, pages)), "prev": nil, "next": nil}
		if page < pages {
			links["next"] = link(page + 1)
		}
		switch style {
		case withTotals:
			doc["links"] = links
			doc["meta"] = map[string]any{"pagination": map[string]any{
				"current-page": page, "page-size": size, "prev-page": prev, "next-page": next, "total-pages": pages, "total-count": n,
			}}
		case withoutTotals:
			doc["meta"] = map[string]any{"pagination": map[string]any{"current-page": page, "page-size": size, "prev-page": prev, "next-page": next}}
		case linksOnly:
			doc["links"] = links
		}
		w.Header().Set("Content-Type", MediaType)
		_ = json.NewEncoder(w).Encode(doc)
	}
}

func TestList_readsEveryPageAtPageSize100(t *testing.T) {
	for _, style := range []string{withTotals, withoutTotals, linksOnly} {
		c, f := fakePlatform(t, pagedWorkspaces(250, style))
		got, err := c.Workspaces.List(context.Background(), "acme", WorkspaceListOptions{})
		if err != nil {
			t.Fatalf("%s: %v", style, err)
		}
		if len(got.Items) != 250 || got.Items[0].ID != "ws-0" || got.Items[249].Name != "w249" {
			t.Errorf("%s: %d items, want ws-0 … w249", style, len(got.Items))
		}
		want := []string{
			"GET /api/v2/organizations/acme/workspaces?page%5Bnumber%5D=1&page%5Bsize%5D=100",
			"GET /api/v2/organizations/acme/workspaces?page%5Bnumber%5D=2&page%5Bsize%5D=100",
			"GET /api/v2/organizations/acme/workspaces?page%5Bnumber%5D=3&page%5Bsize%5D=100",
		}
		if lines := f.Lines(); !slices.Equal(lines, want) {
			t.Errorf("%s: requests\n%q\nwant\n%q", style, lines, want)
		}
	}
}

func TestList_thousandItemsInTenRequests(t *testing.T) {
	c, f := fakePlatform(t, pagedWorkspaces(1000, withTotals))
	got, err := c.Workspaces.List(context.Background(), "acme", WorkspaceListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Items) != 1000 || len(f.Requests()) != 10 {
		t.Errorf("%d items in %d requests, want 1000 in 10", len(got.Items), len(f.Requests()))
	}
}

// An empty list, of no pages (total-pages 0), is read in one request, as
// a list of one page is.
func TestList_emptyAndSinglePage(t *testing.T) {
	for _, n := range []int{0, 1, 100} {
		c, f := fakePlatform(t, pagedWorkspaces(n, withTotals))
		got, err := c.Workspaces.List(context.Background(), "acme", WorkspaceListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Items) != n || got.Items == nil || len(f.Requests()) != 1 {
			t.Errorf("%d workspaces: %d items (nil %v) in %d requests, want all in 1", n, len(got.Items), got.Items == nil, len(f.Requests()))
		}
	}
}

func TestList_includeFillsRelations(t *testing.T) {
	c, f := fakePlatform(t, pagedWorkspaces(150, withTotals))
	got, err := c.Workspaces.List(context.Background(), "acme", WorkspaceListOptions{Include: []string{WorkspaceIncludeProject}})
	if err != nil {
		t.Fatal(err)
	}
	for _, ws := range []*Workspace{got.Items[0], got.Items[149]} {
		if ws.Project == nil || ws.Project.ID != "prj-1" || ws.Project.Name != "Default Project" {
			t.Errorf("%s: project %+v, want prj-1 with its name from included", ws.ID, ws.Project)
		}
	}
	for _, r := range f.Requests() {
		if q, _ := url.ParseQuery(r.Query); q.Get("include") != "project" {
			t.Errorf("request without include=project: %v", r.Query)
		}
	}
	// Without include= the relation has its ID only.
	c, _ = fakePlatform(t, pagedWorkspaces(1, withTotals))
	got, err = c.Workspaces.List(context.Background(), "acme", WorkspaceListOptions{})
	if err != nil || got.Items[0].Project.ID != "prj-1" || got.Items[0].Project.Name != "" {
		t.Errorf("project %+v, %v; want prj-1 without attributes", got.Items[0].Project, err)
	}
}

func TestList_nextPageMustMoveOn(t *testing.T) {
	c, _ := fakePlatform(t, reply(http.StatusOK, `{"data":[],"meta":{"pagination":{"current-page":1,"next-page":1}}}`))
	_, err := c.Teams.List(context.Background(), "acme", TeamListOptions{})
	if clienttest.ErrText(err) != "GET /api/v2/organizations/acme/teams page 1: the answer's next page is 1" {
		t.Errorf("error %v", err)
	}
	c, _ = fakePlatform(t, reply(http.StatusOK, `{"data":[],"links":{"next":"https://platform.example.com/api/v2/organizations/acme/teams?page%5Bsize%5D=100"}}`))
	_, err = c.Teams.List(context.Background(), "acme", TeamListOptions{})
	want := `GET /api/v2/organizations/acme/teams page 1: links.next "https://platform.example.com/api/v2/organizations/acme/teams?page%5Bsize%5D=100" names no page[number]`
	if clienttest.ErrText(err) != want {
		t.Errorf("error %v", err)
	}
}

func TestList_pageNumbersAsStrings(t *testing.T) {
	calls := 0
	c, _ := fakePlatform(t, func(w http.ResponseWriter, r *http.Request) {
		calls++
		next := `"2"`
		if r.URL.Query().Get("page[number]") == "2" {
			next = "null"
		}
		reply(http.StatusOK, `{"data":[{"id":"team-`+strconv.Itoa(calls)+`","type":"teams","attributes":{"name":"t"}}],"meta":{"pagination":{"current-page":"1","next-page":`+next+`}}}`)(w, r)
	})
	got, err := c.Teams.List(context.Background(), "acme", TeamListOptions{})
	if err != nil || len(got.Items) != 2 || got.Items[1].ID != "team-2" {
		t.Errorf("got %+v, %v; want team-1 and team-2", got, err)
	}
}
