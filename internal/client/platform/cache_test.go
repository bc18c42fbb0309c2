package platform

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// organizationOf serves n workspaces ws-0… of acme: their list by pages
// (see pagedWorkspaces), each by ID, but for those gone (listed, yet
// answered 404 when read, as one deleted between two requests) and
// those hidden (read, yet never listed); listFails answers the list 403.
// Every other request is answered 200 with a workspace, as an update is.
type organizationOf struct {
	n         int
	gone      map[string]bool
	listFails bool
}

func (o organizationOf) handler() http.HandlerFunc {
	list := pagedWorkspaces(o.n, withTotals)
	return func(w http.ResponseWriter, r *http.Request) {
		id, isRead := strings.CutPrefix(r.URL.Path, "/api/v2/workspaces/")
		isList := strings.EqualFold(r.URL.Path, "/api/v2/organizations/acme/workspaces")
		switch {
		case isList && o.listFails:
			reply(http.StatusForbidden, `{"errors":[{"status":"403","title":"forbidden"}]}`)(w, r)
		case isList:
			list(w, r)
		case isRead && r.Method == http.MethodGet && o.gone[id]:
			reply(http.StatusNotFound, `{"errors":[{"status":"404","title":"not found"}]}`)(w, r)
		default:
			reply(http.StatusOK, fmt.Sprintf(`{"data":{"id":%q,"type":"workspaces","attributes":{"name":"read-%s"}}}`, id, id))(w, r)
		}
	}
}

// readAll reads the workspaces ids by ID, ten at a time as Terraform
// refreshes, and returns their names by ID, or their errors.
func readAll(t *testing.T, c *Client, org string, ids []string) map[string]string {
	t.Helper()
	var mu sync.Mutex
	got := map[string]string{}
	slots := make(chan struct{}, 10)
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			ws, err := c.Workspaces.ReadByID(context.Background(), id, WorkspaceReadOptions{Organization: org})
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				got[id] = err.Error()
				return
			}
			got[id] = ws.Name
		}()
	}
	wg.Wait()
	return got
}

func workspaceIDs(from, to int) []string {
	var ids []string
	for i := from; i < to; i++ {
		ids = append(ids, fmt.Sprintf("ws-%d", i))
	}
	return ids
}

// counts tells the requests of f apart: list pages and reads by ID.
func counts(f interface{ Lines() []string }) (lists, reads, other int) {
	for _, l := range f.Lines() {
		switch {
		case strings.HasPrefix(l, "GET /api/v2/organizations/acme/workspaces?"):
			lists++
		case strings.HasPrefix(l, "GET /api/v2/workspaces/"):
			reads++
		default:
			other++
		}
	}
	return lists, reads, other
}

// A refresh of every workspace of an organization of 250 reads its list
// in three pages and no workspace by ID, and each read is answered the
// workspace the list carried.
func TestReadCache_refreshOfAnOrganizationReadsItsListPages(t *testing.T) {
	c, f := fakePlatform(t, organizationOf{n: 250}.handler())
	got := readAll(t, c, "acme", workspaceIDs(0, 250))
	for i := range 250 {
		if id := fmt.Sprintf("ws-%d", i); got[id] != fmt.Sprintf("w%d", i) {
			t.Fatalf("%s read as %q, want its listed name w%d", id, got[id], i)
		}
	}
	if lists, reads, other := counts(f); lists != 3 || reads != 0 || other != 0 {
		t.Errorf("%d list pages, %d reads, %d others; want 3 pages and nothing else:\n%s", lists, reads, other, strings.Join(f.Lines(), "\n"))
	}
}

// A few workspaces of a large organization cost at most a list page per
// read beside the read itself: the list is never read further than reads
// asked for.
func TestReadCache_fewReadsInALargeOrganizationCostAtMostTwiceTheirReads(t *testing.T) {
	c, f := fakePlatform(t, organizationOf{n: 5000}.handler())
	ids := []string{"ws-4999", "ws-4000", "ws-3000"}
	for _, id := range ids {
		readAll(t, c, "acme", []string{id})
	}
	lists, reads, _ := counts(f)
	if lists != 3 || reads != 3 {
		t.Errorf("%d list pages and %d reads for 3 workspaces beyond the first pages, want 3 and 3:\n%s", lists, reads, strings.Join(f.Lines(), "\n"))
	}
}

// A workspace the list does not carry is read directly, and its 404
// reaches the caller as the read's own: only a read removes a resource.
// One the list carries but the server has since deleted is answered as
// listed: the refresh is as of the list's read, and the next plan's
// read finds it gone.
func TestReadCache_workspaceMissingFromTheListIsReadDirectly(t *testing.T) {
	c, f := fakePlatform(t, organizationOf{n: 150, gone: map[string]bool{"ws-900": true}}.handler())
	got := readAll(t, c, "acme", append(workspaceIDs(0, 150), "ws-900", "ws-901"))
	if !strings.Contains(got["ws-900"], "404") {
		t.Errorf("ws-900, never listed and gone: %q, want the read's 404", got["ws-900"])
	}
	if got["ws-901"] != "read-ws-901" {
		t.Errorf("ws-901, never listed: %q, want the read's answer", got["ws-901"])
	}
	lines := strings.Join(f.Lines(), "\n")
	if lists, reads, _ := counts(f); lists != 2 || reads != 2 {
		t.Errorf("%d list pages and %d reads, want 2 pages and the 2 reads of what they do not carry:\n%s", lists, reads, lines)
	}
}

// The client's first write ends the cache: what the process wrote is read
// back from the server, as is everything after it.
func TestReadCache_endsAtTheFirstWrite(t *testing.T) {
	c, f := fakePlatform(t, organizationOf{n: 50}.handler())
	readAll(t, c, "acme", []string{"ws-1"})
	if _, err := c.Workspaces.Update(context.Background(), "ws-2", WorkspaceOptions{Name: ptr("renamed")}); err != nil {
		t.Fatal(err)
	}
	got := readAll(t, c, "acme", []string{"ws-2", "ws-3"})
	if got["ws-2"] != "read-ws-2" || got["ws-3"] != "read-ws-3" {
		t.Errorf("after a write: %v, want both read from the server", got)
	}
	if lists, reads, other := counts(f); lists != 1 || reads != 2 || other != 1 {
		t.Errorf("%d list pages, %d reads, %d others; want the page before the write, the update and 2 reads:\n%s", lists, reads, other, strings.Join(f.Lines(), "\n"))
	}
}

// A list the server refuses is read no further, and every workspace is
// read directly: a failed list never removes anything.
func TestReadCache_failedListFallsBackToReads(t *testing.T) {
	c, f := fakePlatform(t, organizationOf{n: 30, listFails: true}.handler())
	got := readAll(t, c, "acme", workspaceIDs(0, 30))
	for id, name := range got {
		if name != "read-"+id {
			t.Errorf("%s: %q, want its direct read", id, name)
		}
	}
	if lists, reads, _ := counts(f); lists != 1 || reads != 30 {
		t.Errorf("%d list requests and %d reads, want the refused page once and 30 reads", lists, reads)
	}
}

// A read that names no organization, and the same read with other
// includes, never take another read's list.
func TestReadCache_listIsKeptPerOrganizationAndIncludes(t *testing.T) {
	c, f := fakePlatform(t, organizationOf{n: 10}.handler())
	readAll(t, c, "", []string{"ws-1"})
	readAll(t, c, "acme", []string{"ws-2"})
	if _, err := c.Workspaces.ReadByID(context.Background(), "ws-3", WorkspaceReadOptions{Organization: "ACME", Include: []string{"project"}}); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"GET /api/v2/workspaces/ws-1",
		"GET /api/v2/organizations/acme/workspaces?page%5Bnumber%5D=1&page%5Bsize%5D=100",
		"GET /api/v2/organizations/ACME/workspaces?include=project&page%5Bnumber%5D=1&page%5Bsize%5D=100",
	}
	if got := f.Lines(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Reads of one variable set, as its assignments make, share one request;
// a failed read is not kept, and a write ends the sharing.
func TestReadCache_readsOfOneVariableSetShareARequest(t *testing.T) {
	var mu sync.Mutex
	fail := true
	c, f := fakePlatform(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if fail {
			fail = false
			reply(http.StatusForbidden, `{"errors":[{"status":"403","title":"forbidden"}]}`)(w, r)
			return
		}
		reply(http.StatusOK, `{"data":{"id":"varset-1","type":"varsets","attributes":{"name":"shared"}}}`)(w, r)
	})
	ctx := context.Background()
	if _, err := c.VariableSets.Read(ctx, "varset-1", VariableSetReadOptions{}); err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("first read: %v, want the 403", err)
	}
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			if vs, err := c.VariableSets.Read(ctx, "varset-1", VariableSetReadOptions{}); err != nil || vs.Name != "shared" {
				t.Errorf("read: %v, %v", vs, err)
			}
		})
	}
	wg.Wait()
	if n := len(f.Requests()); n != 2 {
		t.Errorf("%d requests for a failed read and 20 shared ones, want 2", n)
	}
	if err := c.VariableSets.Delete(ctx, "varset-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.VariableSets.Read(ctx, "varset-1", VariableSetReadOptions{}); err != nil {
		t.Fatal(err)
	}
	if n := len(f.Requests()); n != 4 {
		t.Errorf("%d requests after a delete and a read, want 4: the read goes to the server", n)
	}
}
