package platform_test

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

const root = "root-token"

type api struct {
	t      *testing.T
	url    string
	server *platform.Server
	// token is the bearer token of requests made with do.
	token string
	// opts are the Server's, which reload's new Server takes too.
	opts platform.Options
}

// newAPI serves a Server as the emulator does, with its admin routes. The
// rate limit is off unless opts sets one, so that tests of other rules
// never meet it.
func newAPI(t *testing.T, opts platform.Options) *api {
	t.Helper()
	if opts.Token == "" {
		opts.Token = root
	}
	if opts.RateLimit == 0 {
		opts.RateLimit = -1
	}
	s, err := platform.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	url := emutest.Serve(t, func(mux *http.ServeMux) {
		s.Register(mux)
		s.RegisterAdmin(mux)
	})
	return &api{t: t, url: url, server: s, token: root, opts: opts}
}

// as returns a copy of a that sends token.
func (a *api) as(token string) *api {
	c := *a
	c.token = token
	return &c
}

// clock is a clock the test moves.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock(a *api) *clock {
	c := &clock{now: time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)}
	platform.SetClock(a.server, c.Now)
	return c
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

type response emutest.Response

func (a *api) do(method, path string, body any) response {
	a.t.Helper()
	headers := map[string]string{"Content-Type": platform.MediaType, "Accept": platform.MediaType}
	if a.token != "" {
		headers["Authorization"] = "Bearer " + a.token
	}
	return response(emutest.Do(a.t, method, a.url+path, headers, body))
}

func (a *api) get(path string) response {
	a.t.Helper()
	return a.do(http.MethodGet, path, nil)
}

// body is a request document of one resource object; nil maps are left
// out.
func body(typ string, attrs, rels map[string]any) map[string]any {
	data := map[string]any{"type": typ}
	if attrs != nil {
		data["attributes"] = attrs
	}
	if rels != nil {
		data["relationships"] = rels
	}
	return map[string]any{"data": data}
}

// merged returns a new map of base's members and extra's, extra's
// replacing base's.
func merged(base, extra map[string]any) map[string]any {
	m := maps.Clone(base)
	maps.Copy(m, extra)
	return m
}

// rel is a relationship's request member naming one object, or null when
// id is empty.
func rel(typ, id string) map[string]any {
	if id == "" {
		return map[string]any{"data": nil}
	}
	return map[string]any{"data": map[string]any{"type": typ, "id": id}}
}

// bindings is a tag-bindings relationship or list document of key=value
// pairs.
func bindings(kv ...string) map[string]any {
	list := []any{}
	for i := 0; i+1 < len(kv); i += 2 {
		list = append(list, map[string]any{"type": "tag-bindings", "attributes": map[string]any{"key": kv[i], "value": kv[i+1]}})
	}
	return map[string]any{"data": list}
}

// data checks a 200 or 201 answer of one resource and returns its data.
func (r response) data(t *testing.T, status int) map[string]any {
	t.Helper()
	emutest.WantAPIStatus(t, r, status)
	d, ok := emutest.JSON(t, r)["data"].(map[string]any)
	if !ok {
		t.Fatalf("data of %s is not an object", r.Body)
	}
	return d
}

// list checks a 200 answer of a list and returns its data.
func (r response) list(t *testing.T) []map[string]any {
	t.Helper()
	emutest.WantAPIStatus(t, r, http.StatusOK)
	raw, ok := emutest.JSON(t, r)["data"].([]any)
	if !ok {
		t.Fatalf("data of %s is not a list", r.Body)
	}
	var out []map[string]any
	for _, item := range raw {
		m, ok := item.(map[string]any)
		if !ok {
			t.Fatalf("item %#v of %s is not an object", item, r.Body)
		}
		out = append(out, m)
	}
	return out
}

// attrs returns a resource's attributes.
func attrs(t *testing.T, res map[string]any) map[string]any {
	t.Helper()
	a, ok := res["attributes"].(map[string]any)
	if !ok {
		t.Fatalf("attributes of %v", res)
	}
	return a
}

// relData returns the data of a resource's relationship.
func relData(t *testing.T, res map[string]any, name string) any {
	t.Helper()
	rels, ok := res["relationships"].(map[string]any)
	if !ok {
		t.Fatalf("relationships of %v", res)
	}
	r, ok := rels[name].(map[string]any)
	if !ok {
		t.Fatalf("relationship %s of %v", name, res)
	}
	d, present := r["data"]
	if !present {
		t.Fatalf("relationship %s of %v has no data", name, res)
	}
	return d
}

// relID returns the ID a to-one relationship names, "" for null, after
// checking its type.
func relID(t *testing.T, res map[string]any, name, typ string) string {
	t.Helper()
	d := relData(t, res, name)
	if d == nil {
		return ""
	}
	m, ok := d.(map[string]any)
	if !ok || m["type"] != typ {
		t.Fatalf("relationship %s = %#v, want one of type %s", name, d, typ)
	}
	id, _ := m["id"].(string)
	return id
}

// ids returns the IDs of resources, in order.
func ids(list []map[string]any) []string {
	var out []string
	for _, r := range list {
		id, _ := r["id"].(string)
		out = append(out, id)
	}
	return out
}

// names returns the names of the items that the list at path answers,
// in order, joined by commas.
func (a *api) names(path string) string {
	a.t.Helper()
	var out []string
	for _, res := range a.get(path).list(a.t) {
		out = append(out, fmt.Sprint(attrs(a.t, res)["name"]))
	}
	return strings.Join(out, ",")
}

// wantNames checks the names of the items that the list at base followed
// by each query answers (see names).
func (a *api) wantNames(base string, want map[string]string) {
	a.t.Helper()
	for query, names := range want {
		if got := a.names(base + query); got != names {
			a.t.Errorf("%s: %s, want %s", base+query, got, names)
		}
	}
}

// wantStored checks that d, the answer of a create, links to itself at
// path, and that a read of path answers d.
func (a *api) wantStored(d map[string]any, path string) {
	a.t.Helper()
	if links, _ := d["links"].(map[string]any); links["self"] != path {
		a.t.Errorf("links %v, want self %s", d["links"], path)
	}
	if got := a.get(path).data(a.t, http.StatusOK); !emutest.EqualJSON(a.t, got, d) {
		a.t.Errorf("read %s: %v\nwant %v", path, got, d)
	}
}

// wantDeletes checks that a delete of path answers 204, after which the
// object is gone: a read and another delete are 404.
func (a *api) wantDeletes(path string) {
	a.t.Helper()
	emutest.WantAPIStatus(a.t, a.do(http.MethodDelete, path, nil), http.StatusNoContent)
	wantNotFound(a.t, a.get(path))
	wantNotFound(a.t, a.do(http.MethodDelete, path, nil))
}

// wantAttrs checks attributes against want, member by member, compared as
// JSON.
func wantAttrs(t *testing.T, res map[string]any, want map[string]any) {
	t.Helper()
	got := attrs(t, res)
	for k, v := range want {
		g, present := got[k]
		if !present {
			t.Errorf("attribute %s absent, want %v", k, v)
			continue
		}
		if !emutest.EqualJSON(t, g, v) {
			t.Errorf("attribute %s = %#v, want %#v", k, g, v)
		}
	}
}

// attrAt is the pointer of a request's attribute name.
func attrAt(name string) string { return "/data/attributes/" + name }

// wantInvalid checks a 422 that has an error at pointer whose detail has
// detail in it.
func wantInvalid(t *testing.T, r response, pointer, detail string) {
	t.Helper()
	wantErrorAt(t, r, http.StatusUnprocessableEntity, "invalid attribute", pointer, detail)
}

// refusedCreate is a create document that its endpoint refuses: 422 with
// an error at pointer whose detail has detail in it.
type refusedCreate struct {
	attrs, rels     map[string]any
	pointer, detail string
}

// wantCreatesRefused posts each document, of type typ, to path, and checks
// its refusal.
func (a *api) wantCreatesRefused(path, typ string, cases []refusedCreate) {
	a.t.Helper()
	for _, c := range cases {
		wantInvalid(a.t, a.do(http.MethodPost, path, body(typ, c.attrs, c.rels)), c.pointer, c.detail)
	}
}

// wantConflictAt checks a 409 that has an error at pointer whose detail
// has detail in it.
func wantConflictAt(t *testing.T, r response, pointer, detail string) {
	t.Helper()
	wantErrorAt(t, r, http.StatusConflict, "conflict", pointer, detail)
}

// wantErrorAt checks an error answer of the status that has an error of
// that title at pointer whose detail has detail in it.
func wantErrorAt(t *testing.T, r response, status int, title, pointer, detail string) {
	t.Helper()
	emutest.WantAPIStatus(t, r, status)
	var doc struct {
		Errors []struct {
			Status, Title, Detail string
			Source                struct{ Pointer string }
		}
	}
	if err := json.Unmarshal([]byte(r.Body), &doc); err != nil {
		t.Fatalf("%d body %s: %v", status, r.Body, err)
	}
	for _, e := range doc.Errors {
		if e.Status == strconv.Itoa(status) && e.Title == title && e.Source.Pointer == pointer && strings.Contains(e.Detail, detail) {
			return
		}
	}
	t.Fatalf("%d body %s, want an error at %s with %q", status, r.Body, pointer, detail)
}

// wantConflict checks a 409 whose detail has detail in it.
func wantConflict(t *testing.T, r response, detail string) {
	t.Helper()
	emutest.WantAPIError(t, r, http.StatusConflict, "conflict", detail)
}

func wantNotFound(t *testing.T, r response) {
	t.Helper()
	emutest.WantAPIError(t, r, http.StatusNotFound, "not found", "not found")
}

var idPattern = regexp.MustCompile(`^([a-z]+)-[1-9A-HJ-NP-Za-km-z]{16}$`)

// wantID checks that id is prefix, "-" and 16 base58 characters.
func wantID(t *testing.T, id any, prefix string) string {
	t.Helper()
	s, _ := id.(string)
	if m := idPattern.FindStringSubmatch(s); m == nil || m[1] != prefix {
		t.Fatalf("id %#v, want %s- and 16 base58 characters", id, prefix)
	}
	return s
}

// create posts a document of typ with attrs and rels (nil maps left out)
// to path, and returns the data of its 201.
func (a *api) create(path, typ string, attrs, rels map[string]any) map[string]any {
	a.t.Helper()
	return a.do(http.MethodPost, path, body(typ, attrs, rels)).data(a.t, http.StatusCreated)
}

// createOrg creates an organization as a's token and returns its default
// project's ID.
func (a *api) createOrg(name string) string {
	a.t.Helper()
	d := a.create("/api/v2/organizations", "organizations", map[string]any{"name": name, "email": name + "@example.com"}, nil)
	return relID(a.t, d, "default-project", "projects")
}

// createProject creates a project and returns its ID.
func (a *api) createProject(org, name string) string {
	a.t.Helper()
	d := a.create("/api/v2/organizations/"+org+"/projects", "projects", map[string]any{"name": name}, nil)
	return wantID(a.t, d["id"], "prj")
}

// createTeam creates a team as a's token and returns its ID.
func (a *api) createTeam(org, name string) string {
	a.t.Helper()
	d := a.create("/api/v2/organizations/"+org+"/teams", "teams", map[string]any{"name": name}, nil)
	return wantID(a.t, d["id"], "team")
}

// reload returns an api serving a new Server that loaded a's state file,
// and the file, after checking that it answers each of paths as a does (a
// list's links naming its own server).
func (a *api) reload(paths ...string) (*api, []byte) {
	a.t.Helper()
	data, err := a.server.MarshalState()
	if err != nil {
		a.t.Fatal(err)
	}
	b := newAPI(a.t, a.opts)
	if err := b.server.UnmarshalState(data); err != nil {
		a.t.Fatal(err)
	}
	for _, p := range paths {
		if got, want := strings.ReplaceAll(b.get(p).Body, b.url, a.url), a.get(p).Body; got != want {
			a.t.Errorf("%s after a round trip:\n%s\nwant\n%s", p, got, want)
		}
	}
	return b, data
}

// wantState checks that a's state file is data, as it was before a round
// trip.
func (a *api) wantState(data []byte) {
	a.t.Helper()
	if again, err := a.server.MarshalState(); err != nil || string(again) != string(data) {
		a.t.Errorf("state after a round trip:\n%s\nwant\n%s (%v)", again, data, err)
	}
}

// postJSON posts a JSON body, as a script does to the admin routes.
func postJSON(t *testing.T, url, body string) response {
	t.Helper()
	return sendJSON(t, http.MethodPost, url, body)
}

func sendJSON(t *testing.T, method, url, body string) response {
	t.Helper()
	return response(emutest.Do(t, method, url, map[string]string{"Content-Type": "application/json"}, body))
}

// sendChunked sends doc as a chunked body, without Content-Length.
func sendChunked(t *testing.T, method, url, token string, doc any) response {
	t.Helper()
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	go func() {
		_, _ = pw.Write(data[:len(data)/2])
		_, _ = pw.Write(data[len(data)/2:])
		_ = pw.Close()
	}()
	req, err := http.NewRequest(method, url, pr)
	if err != nil {
		t.Fatal(err)
	}
	// A body of unknown length (ContentLength 0 with a body) is sent
	// chunked; TestReadObject_chunkedAndAnyContentType sees it arrive so.
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", platform.MediaType)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(resp.Body)
	return response{Status: resp.StatusCode, Header: resp.Header, Body: string(answer)}
}

// included returns an answer's included resources.
func (r response) included(t *testing.T) []map[string]any {
	t.Helper()
	raw, _ := emutest.JSON(t, r)["included"].([]any)
	var out []map[string]any
	for _, item := range raw {
		out = append(out, emutest.Object(t, item))
	}
	return out
}

// pagination returns an answer's meta.pagination.
func (r response) pagination(t *testing.T) map[string]any {
	t.Helper()
	return emutest.Object(t, emutest.Object(t, emutest.JSON(t, r)["meta"])["pagination"])
}
