package platform

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
)

func TestPageOf_defaultsAndBounds(t *testing.T) {
	for query, want := range map[string]page{
		"":                                 {1, 20},
		"page[number]=3&page[size]=50":     {3, 50},
		"page[size]=100":                   {1, 100},
		"page[size]=101":                   {1, 100},
		"page[size]=1000":                  {1, 100},
		"page[number]=0&page[size]=0":      {1, 20},
		"page[number]=-2&page[size]=-5":    {1, 20},
		"page[number]=two&page[size]=many": {1, 20},
	} {
		q, _ := url.ParseQuery(query)
		if got := pageOf(q); got != want {
			t.Errorf("pageOf(%q) = %+v, want %+v", query, got, want)
		}
	}
}

func resources(n int) []resource {
	var out []resource
	for i := range n {
		out = append(out, resource{Type: "things", ID: strconv.Itoa(i)})
	}
	return out
}

func listOf(t *testing.T, target string, n int) map[string]any {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, target, nil)
	data, err := json.Marshal(listDocument(r, resources(n), func(res resource) resource { return res }, nil))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

func arr(t *testing.T, v any) []any {
	t.Helper()
	l, ok := v.([]any)
	if !ok {
		t.Fatalf("%#v is not a list", v)
	}
	return l
}

func TestListDocument_paginationMetaAndLinks(t *testing.T) {
	doc := listOf(t, "http://example.com/api/v2/organizations/o/workspaces?search%5Bname%5D=x&page%5Bnumber%5D=2&page%5Bsize%5D=10", 25)
	meta := emutest.Object(t, emutest.Object(t, doc["meta"])["pagination"])
	want := map[string]any{"current-page": 2.0, "page-size": 10.0, "prev-page": 1.0, "next-page": 3.0, "total-pages": 3.0, "total-count": 25.0}
	for k, v := range want {
		if meta[k] != v {
			t.Errorf("meta.pagination.%s = %v, want %v", k, meta[k], v)
		}
	}
	if items := arr(t, doc["data"]); len(items) != 10 || emutest.Object(t, items[0])["id"] != "10" {
		t.Errorf("page 2 of 10 holds %v", items)
	}
	links := emutest.Object(t, doc["links"])
	base := "http://example.com/api/v2/organizations/o/workspaces?"
	for k, number := range map[string]string{"self": "2", "first": "1", "prev": "1", "next": "3", "last": "3"} {
		want := base + "page%5Bnumber%5D=" + number + "&page%5Bsize%5D=10&search%5Bname%5D=x"
		if links[k] != want {
			t.Errorf("links.%s = %v, want %s", k, links[k], want)
		}
	}

	// The edges: no prev on the first page, no next on the last; an empty
	// list has no pages, as the platform answers, its first page empty
	// and the last link that page.
	doc = listOf(t, "http://example.com/api/v2/x", 20)
	meta = emutest.Object(t, emutest.Object(t, doc["meta"])["pagination"])
	if meta["prev-page"] != nil || meta["next-page"] != nil || meta["total-pages"] != 1.0 || emutest.Object(t, doc["links"])["next"] != nil {
		t.Errorf("single full page: meta %v links %v", meta, doc["links"])
	}
	doc = listOf(t, "http://example.com/api/v2/x", 0)
	meta = emutest.Object(t, emutest.Object(t, doc["meta"])["pagination"])
	links = emutest.Object(t, doc["links"])
	if items := arr(t, doc["data"]); len(items) != 0 || meta["total-pages"] != 0.0 || meta["total-count"] != 0.0 ||
		meta["current-page"] != 1.0 || meta["next-page"] != nil || meta["prev-page"] != nil ||
		links["next"] != nil || links["last"] != "http://example.com/api/v2/x?page%5Bnumber%5D=1&page%5Bsize%5D=20" {
		t.Errorf("empty list: data %v meta %v links %v", doc["data"], meta, links)
	}
	// A page past the end is empty, its prev the page before it.
	doc = listOf(t, "http://example.com/api/v2/x?page[number]=9", 5)
	meta = emutest.Object(t, emutest.Object(t, doc["meta"])["pagination"])
	if items := arr(t, doc["data"]); len(items) != 0 || meta["prev-page"] != 8.0 || meta["next-page"] != nil {
		t.Errorf("page past the end: data %v meta %v", doc["data"], meta)
	}
}

func TestIncludes_parse(t *testing.T) {
	inc := includes{
		"organization":           func(resource) []resource { return nil },
		"effective-tag-bindings": func(resource) []resource { return nil },
		"current-run.plan":       nil,
	}
	for query, want := range map[string]string{
		"":                                         "",
		"include=":                                 "",
		"include=organization":                     "organization",
		"include=effective_tag_bindings":           "effective-tag-bindings",
		"include=effective-tag-bindings":           "effective-tag-bindings",
		"include=current_run.plan,,":               "current-run.plan",
		"include=organization,organization":        "organization",
		"include= organization , current-run.plan": "organization,current-run.plan",
	} {
		q, _ := url.ParseQuery(query)
		names, _, ok := inc.parse(q)
		if !ok || strings.Join(names, ",") != want {
			t.Errorf("parse(%q) = %q, %t; want %q", query, names, ok, want)
		}
	}
	q, _ := url.ParseQuery("include=organization,stacks")
	_, rep, ok := inc.parse(q)
	doc, _ := rep.body.(errorDocument)
	if ok || rep.status != http.StatusBadRequest || len(doc.Errors) != 1 || !strings.Contains(doc.Errors[0].Detail, `include parameter "stacks"`) ||
		doc.Errors[0].Source.Parameter != "include" {
		t.Errorf("unknown include: %t %+v", ok, rep)
	}
	_, rep, ok = includes{}.parse(q)
	if doc, _ := rep.body.(errorDocument); ok || !strings.Contains(doc.Errors[0].Detail, "has no includes") {
		t.Errorf("include on an endpoint without includes: %t %+v", ok, rep)
	}
}

func TestIncludes_collectOnceInOrder(t *testing.T) {
	org := resource{Type: "organizations", ID: "o"}
	inc := includes{
		"organization": func(resource) []resource { return []resource{org} },
		"project": func(p resource) []resource {
			return []resource{{Type: "projects", ID: "prj-" + p.ID}}
		},
		"outputs": nil,
	}
	got := inc.collect([]string{"outputs", "project", "organization"}, resources(2))
	var ids []string
	for _, r := range got {
		ids = append(ids, r.Type+"/"+r.ID)
	}
	if want := "projects/prj-0,organizations/o,projects/prj-1"; strings.Join(ids, ",") != want {
		t.Errorf("collect = %v, want %s", ids, want)
	}
	// A primary resource is never included again.
	got = includes{"self": func(p resource) []resource { return []resource{p} }}.collect([]string{"self"}, resources(1))
	if len(got) != 0 {
		t.Errorf("collect included a primary resource: %v", got)
	}
}

func TestSortOrder(t *testing.T) {
	for query, want := range map[string]string{"": "+", "sort=name": "name+", "sort=-name": "name-"} {
		q, _ := url.ParseQuery(query)
		field, desc, _, ok := sortOrder(q, "name", "created-at")
		got := field + map[bool]string{true: "-", false: "+"}[desc]
		if !ok || got != want {
			t.Errorf("sortOrder(%q) = %q, %t; want %q", query, got, ok, want)
		}
	}
	q, _ := url.ParseQuery("sort=size")
	if _, _, rep, ok := sortOrder(q, "name"); ok || rep.status != http.StatusBadRequest {
		t.Errorf("unknown sort: %t %+v", ok, rep)
	}
}
