package platform

import (
	"context"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

const projectJSON = `{"data":{"id":"prj-6p5RiCe5CRjBmsGt","type":"projects","attributes":{
	"name":"Platform Team","description":"The platform's workspaces","auto-destroy-activity-duration":"14d",
	"default-execution-mode":"remote","setting-overwrites":{"default-execution-mode":true,"default-agent-pool":false},
	"is-unified":false,"workspace-count":3},
	"relationships":{
		"organization":{"data":{"id":"acme","type":"organizations"}},
		"default-agent-pool":{"data":null},
		"effective-tag-bindings":{"data":[{"id":"etb-1","type":"effective-tag-bindings"}]}}},
	"included":[{"id":"etb-1","type":"effective-tag-bindings","attributes":{"key":"env","value":"prod"}}]}`

func TestProjects_Create(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, projectJSON))
	got, err := c.Projects.Create(context.Background(), "acme", ProjectOptions{
		Name: ptr("Platform Team"), Description: ptr("The platform's workspaces"),
		AutoDestroyActivityDuration: Value("14d"),
		TagBindings:                 []*TagBinding{{ID: "tb-read-earlier", Key: "env", Value: "prod"}, {Key: "team"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	// Tag bindings go by key and value, whatever ID they were read with.
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/projects", "", `{"data":{"type":"projects",
		"attributes":{"name":"Platform Team","description":"The platform's workspaces","auto-destroy-activity-duration":"14d"},
		"relationships":{"tag-bindings":{"data":[
			{"type":"tag-bindings","attributes":{"key":"env","value":"prod"}},
			{"type":"tag-bindings","attributes":{"key":"team","value":""}}]}}}}`)
	want := Project{
		ID: "prj-6p5RiCe5CRjBmsGt", Name: "Platform Team", Description: "The platform's workspaces",
		AutoDestroyActivityDuration: ptr("14d"), DefaultExecutionMode: ExecutionModeRemote,
		SettingOverwrites: &ProjectSettingOverwrites{ExecutionMode: ptr(true), AgentPool: ptr(false)},
		WorkspaceCount:    3, Organization: &Organization{Name: "acme"},
		EffectiveTagBindings: []*EffectiveTagBinding{{ID: "etb-1", Key: "env", Value: "prod"}},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("project\n%+v\nwant\n%+v", *got, want)
	}
}

func TestProjects_ReadWithInclude(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, projectJSON))
	got, err := c.Projects.Read(context.Background(), "prj-6p5RiCe5CRjBmsGt", ProjectReadOptions{Include: []string{ProjectIncludeEffectiveTagBindings}})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/projects/prj-6p5RiCe5CRjBmsGt", "include=effective_tag_bindings", "")
	if len(got.EffectiveTagBindings) != 1 || *got.EffectiveTagBindings[0] != (EffectiveTagBinding{ID: "etb-1", Key: "env", Value: "prod"}) {
		t.Errorf("effective tag bindings %+v", got.EffectiveTagBindings)
	}
}

func TestProjects_Update(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, projectJSON))
	_, err := c.Projects.Update(context.Background(), "prj-1", ProjectOptions{
		Description: ptr(""), AutoDestroyActivityDuration: Null[string](), TagBindings: []*TagBinding{},
	})
	if err != nil {
		t.Fatal(err)
	}
	// An empty description is sent; null clears the duration; an empty
	// slice of bindings removes them all.
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/projects/prj-1", "", `{"data":{"type":"projects",
		"attributes":{"description":"","auto-destroy-activity-duration":null},
		"relationships":{"tag-bindings":{"data":[]}}}}`)

	if _, err := c.Projects.Update(context.Background(), "prj-1", ProjectOptions{Name: ptr("renamed")}); err != nil {
		t.Fatal(err)
	}
	// nil bindings are left as they are.
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/projects/prj-1", "", `{"data":{"type":"projects","attributes":{"name":"renamed"}}}`)
}

func TestProjects_Delete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.Projects.Delete(context.Background(), "prj-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/projects/prj-1", "", "")
}

func TestProjects_List(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK,
		`{"data":[{"id":"prj-1","type":"projects","attributes":{"name":"a"}},{"id":"prj-2","type":"projects","attributes":{"name":"b"}}]}`))
	got, err := c.Projects.List(context.Background(), "acme", ProjectListOptions{Query: "x", Names: []string{"a", "b"}, Sort: "-name"})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/projects",
		"filter%5Bnames%5D=a%2Cb&page%5Bnumber%5D=1&page%5Bsize%5D=100&q=x&sort=-name", "")
	if len(got.Items) != 2 || got.Items[1].ID != "prj-2" {
		t.Errorf("got %+v", got.Items)
	}
}

const bindingsJSON = `{"data":[{"id":"tb-1","type":"tag-bindings","attributes":{"key":"env","value":"prod"}},
	{"id":"tb-2","type":"tag-bindings","attributes":{"key":"team","value":""}}]}`

func TestProjects_TagBindings(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, bindingsJSON))
	got, err := c.Projects.ListTagBindings(context.Background(), "prj-1")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/projects/prj-1/tag-bindings", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")
	if len(got.Items) != 2 || *got.Items[0] != (TagBinding{ID: "tb-1", Key: "env", Value: "prod"}) {
		t.Errorf("bindings %+v", got.Items)
	}

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"etb-1","type":"effective-tag-bindings","attributes":{"key":"env","value":"prod"}}]}`))
	eff, err := c.Projects.ListEffectiveTagBindings(context.Background(), "prj-1")
	if err != nil || len(eff.Items) != 1 || eff.Items[0].Key != "env" {
		t.Fatalf("effective bindings %+v, %v", eff, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/projects/prj-1/effective-tag-bindings", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusOK, bindingsJSON))
	if err := c.Projects.AddTagBindings(context.Background(), "prj-1", []*TagBinding{{ID: "tb-1", Key: "env", Value: "prod"}}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/projects/prj-1/tag-bindings", "",
		`{"data":[{"type":"tag-bindings","attributes":{"key":"env","value":"prod"}}]}`)
}

// Servers take a project's tag bindings at /tag-bindings or at
// /relationships/tag-bindings. A server that routes only the second is
// found out once: later writes go there at once.
func TestProjects_AddTagBindingsAtTheOtherPath(t *testing.T) {
	c, f := fakePlatform(t, func(w http.ResponseWriter, r *http.Request) {
		if !strings.Contains(r.URL.Path, "/relationships/") {
			reply(http.StatusNotFound, `{"errors":[{"status":"404","title":"not found"}]}`)(w, r)
			return
		}
		reply(http.StatusOK, bindingsJSON)(w, r)
	})
	bindings := []*TagBinding{{Key: "env", Value: "prod"}}
	for range 2 {
		if err := c.Projects.AddTagBindings(context.Background(), "prj-1", bindings); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{
		"PATCH /api/v2/projects/prj-1/tag-bindings",
		"PATCH /api/v2/projects/prj-1/relationships/tag-bindings",
		"PATCH /api/v2/projects/prj-1/relationships/tag-bindings",
	}
	if got := f.Lines(); !slices.Equal(got, want) {
		t.Errorf("requests %q, want %q", got, want)
	}
	clienttest.AssertJSON(t, f.Last(t).Body, `{"data":[{"type":"tag-bindings","attributes":{"key":"env","value":"prod"}}]}`)
}

// A missing project is a 404 at both paths; the first answer is reported,
// and the next write tries the usual path first again.
func TestProjects_AddTagBindingsToAMissingProject(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusNotFound, `{"errors":[{"status":"404","title":"not found"}]}`))
	err := c.Projects.AddTagBindings(context.Background(), "prj-gone", []*TagBinding{{Key: "env"}})
	if err == nil || !strings.HasPrefix(clienttest.ErrText(err), "PATCH /api/v2/projects/prj-gone/tag-bindings: 404 Not Found") {
		t.Fatalf("error %v", err)
	}
	_ = c.Projects.AddTagBindings(context.Background(), "prj-gone", []*TagBinding{{Key: "env"}})
	if got := f.Lines(); len(got) != 4 || got[2] != "PATCH /api/v2/projects/prj-gone/tag-bindings" {
		t.Errorf("requests %q", got)
	}
}

// ReadByName searches the organization's projects by the name and takes
// the one of that name in any case; none is a 404.
func TestProjects_ReadByName(t *testing.T) {
	list := `{"data":[
	{"id":"prj-6p5RiCe5CRjBmsGt","type":"projects","attributes":{"name":"Platform Team 2"}},
	{"id":"prj-7q6SjDf6DSkCntHu","type":"projects","attributes":{"name":"Platform Team"}}],
	"meta":{"pagination":{"current-page":1,"next-page":null,"total-pages":1,"total-count":2}}}`
	c, f := fakePlatform(t, reply(http.StatusOK, list))
	got, err := c.Projects.ReadByName(context.Background(), "acme", "platform team")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/projects", "page%5Bnumber%5D=1&page%5Bsize%5D=100&q=platform+team", "")
	if got.ID != "prj-7q6SjDf6DSkCntHu" {
		t.Errorf("ReadByName found %s, want prj-7q6SjDf6DSkCntHu", got.ID)
	}
	if _, err := c.Projects.ReadByName(context.Background(), "acme", "builders"); !client.IsNotFound(err) {
		t.Errorf("ReadByName of a missing name: %v, want a 404", err)
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.Projects.List(ctx, "", ProjectListOptions{})),
				errOf(c.Projects.ReadByName(ctx, "", "x")),
				errOf(c.Projects.Create(ctx, "", ProjectOptions{})),
			},
			"project ID is empty": {
				errOf(c.Projects.Read(ctx, "", ProjectReadOptions{})),
				errOf(c.Projects.Update(ctx, "", ProjectOptions{})),
				c.Projects.Delete(ctx, ""),
				errOf(c.Projects.ListTagBindings(ctx, "")),
				errOf(c.Projects.ListEffectiveTagBindings(ctx, "")),
				c.Projects.AddTagBindings(ctx, "", nil),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"Projects.Create": {func(c *Client) error { return errOf(c.Projects.Create(ctx, "acme", ProjectOptions{})) }, sentOnce},
			"Projects.Update": {func(c *Client) error { return errOf(c.Projects.Update(ctx, "prj-1", ProjectOptions{})) }, sentOnce},
			"Projects.AddTagBindings": {func(c *Client) error {
				return c.Projects.AddTagBindings(ctx, "prj-1", []*TagBinding{{Key: "k", Value: "v"}})
			}, sentAgain},
		}
	})
	addLookups(func(ctx context.Context, c *Client) map[string]error {
		return map[string]error{
			`GET /api/v2/organizations/a%20b/projects: 404 Not Found: no project named "x"`: errOf(c.Projects.ReadByName(ctx, "a b", "x")),
		}
	})
}
