package platform

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func objectOf(t *testing.T, doc string) *object {
	t.Helper()
	var d struct{ Data object }
	if err := json.Unmarshal([]byte(doc), &d); err != nil {
		t.Fatal(err)
	}
	return &d.Data
}

func TestFields_typedAccessors(t *testing.T) {
	var probs problems
	o := objectOf(t, `{"data":{"type":"whatever","attributes":{
		"s":"x","snull":null,"b":true,"bs":"false","bnull":null,"i":42,"is":"7","l":["a","b"],"lnull":null,
		"t":"2025-01-31T19:00:00+01:00","tnull":null,"o":{"x":"y"},"onull":null,
		"bad-s":1,"bad-b":"yes","bad-i":1.5,"bad-l":"a","bad-t":"yesterday","bad-o":[]}}}`)
	f := attributesOf(o, &probs)

	if v, ok := f.str("s"); v != "x" || !ok {
		t.Errorf("str = %q %t", v, ok)
	}
	if v, ok := f.str("snull"); v != "" || !ok {
		t.Errorf("null str = %q %t, want given empty", v, ok)
	}
	if _, ok := f.str("absent"); ok {
		t.Error("absent str given")
	}
	if v, ok := f.boolean("b"); !v || !ok {
		t.Errorf("boolean = %t %t", v, ok)
	}
	if v, ok := f.boolean("bs"); v || !ok {
		t.Errorf(`boolean "false" = %t %t`, v, ok)
	}
	if _, ok := f.boolean("bnull"); ok {
		t.Error("null boolean given")
	}
	if v, ok := f.integer("i"); v != 42 || !ok {
		t.Errorf("integer = %d %t", v, ok)
	}
	if v, ok := f.integer("is"); v != 7 || !ok {
		t.Errorf(`integer "7" = %d %t`, v, ok)
	}
	if v, ok := f.strings("l"); strings.Join(v, ",") != "a,b" || !ok {
		t.Errorf("strings = %q %t", v, ok)
	}
	if v, ok := f.strings("lnull"); v != nil || !ok {
		t.Errorf("null strings = %q %t", v, ok)
	}
	if v, ok := f.time("t"); !ok || !v.Equal(time.Date(2025, 1, 31, 18, 0, 0, 0, time.UTC)) || v.Location() != time.UTC {
		t.Errorf("time = %v %t", v, ok)
	}
	if v, ok := f.time("tnull"); v != nil || !ok {
		t.Errorf("null time = %v %t", v, ok)
	}
	if sub, given, null := f.object("o"); !given || null || sub.pointer != "/data/attributes/o" {
		t.Errorf("object = %+v %t %t", sub, given, null)
	} else if v, _ := sub.str("x"); v != "y" {
		t.Errorf("object member = %q", v)
	}
	if _, given, null := f.object("onull"); !given || !null {
		t.Errorf("null object: given %t null %t", given, null)
	}
	if !f.has("snull") || !f.has("s") || f.has("absent") {
		t.Error("has does not tell given members, null included, from absent ones")
	}
	if len(probs) != 0 {
		t.Fatalf("problems of valid members: %+v", probs)
	}

	f.str("bad-s")
	f.boolean("bad-b")
	f.integer("bad-i")
	f.strings("bad-l")
	f.time("bad-t")
	f.object("bad-o")
	want := map[string]string{
		"/data/attributes/bad-s": "invalid bad-s 1: must be a string",
		"/data/attributes/bad-b": `invalid bad-b "yes": must be true or false`,
		"/data/attributes/bad-i": "invalid bad-i 1.5: must be an integer",
		"/data/attributes/bad-l": `invalid bad-l "a": must be a list of strings`,
		"/data/attributes/bad-t": `invalid bad-t "yesterday": must be an ISO 8601 timestamp`,
		"/data/attributes/bad-o": "invalid bad-o []: must be an object",
	}
	if len(probs) != len(want) {
		t.Fatalf("problems %+v, want %d", probs, len(want))
	}
	for _, p := range probs {
		if p.Status != "422" || p.Title != "invalid attribute" || p.Source == nil || !strings.HasPrefix(p.Detail, want[p.Source.Pointer]) {
			t.Errorf("problem %+v, want %q", p, want[p.Source.Pointer])
		}
	}
	rep := probs.reply()
	if doc, _ := rep.body.(errorDocument); rep.status != http.StatusUnprocessableEntity || len(doc.Errors) != len(want) {
		t.Errorf("reply %+v", rep)
	}
}

func TestRelationships_oneAndMany(t *testing.T) {
	var probs problems
	o := objectOf(t, `{"data":{"relationships":{
		"project":{"data":{"type":"projects","id":"prj-1"}},
		"agent-pool":{"data":null},
		"tags":{"data":[{"type":"tags","attributes":{"name":"a"}},{"type":"tags","id":"tag-1"}]},
		"one-as-list":{"data":{"type":"tags","id":"tag-2"}},
		"bad-one":{"data":[{"type":"projects","id":"prj-1"}]},
		"bad-many":{"data":"x"},
		"no-data":"x"}}}`)
	rl := relationshipsOf(o, &probs)
	if id, ok := rl.one("project"); id != "prj-1" || !ok {
		t.Errorf("one = %q %t", id, ok)
	}
	if id, ok := rl.one("agent-pool"); id != "" || !ok {
		t.Errorf("null one = %q %t", id, ok)
	}
	if _, ok := rl.one("absent"); ok {
		t.Error("absent relationship given")
	}
	if list, ok := rl.many("tags"); !ok || len(list) != 2 || list[1].ID != "tag-1" || string(list[0].Attributes["name"]) != `"a"` {
		t.Errorf("many = %+v %t", list, ok)
	}
	if list, ok := rl.many("one-as-list"); !ok || len(list) != 1 || list[0].ID != "tag-2" {
		t.Errorf("many of one object = %+v %t", list, ok)
	}
	if len(probs) != 0 {
		t.Fatalf("problems of valid relationships: %+v", probs)
	}
	rl.one("bad-one")
	rl.many("bad-many")
	rl.one("no-data")
	if len(probs) != 3 || probs[0].Source.Pointer != "/data/relationships/bad-one/data" ||
		probs[1].Source.Pointer != "/data/relationships/bad-many/data" || probs[2].Source.Pointer != "/data/relationships/no-data" {
		t.Errorf("problems %+v", probs)
	}
}

// Bodies arrive chunked, without Content-Length, from many clients; and
// with or without the media type.
func TestReadObject_chunkedAndAnyContentType(t *testing.T) {
	var got *object
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if o, ok := readObject(w, r); ok {
			got = o
			w.WriteHeader(http.StatusNoContent)
		}
	}))
	defer ts.Close()
	send := func(contentType, body string, chunked bool) int {
		t.Helper()
		var rd io.Reader = strings.NewReader(body)
		if chunked {
			pr, pw := io.Pipe()
			go func() {
				_, _ = io.WriteString(pw, body[:len(body)/2])
				_, _ = io.WriteString(pw, body[len(body)/2:])
				_ = pw.Close()
			}()
			rd = pr
		}
		req, _ := http.NewRequest(http.MethodPost, ts.URL, rd)
		if chunked && req.ContentLength != 0 {
			t.Fatal("the chunked request has a length")
		}
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	body := `{"data":{"type":"workspaces","attributes":{"name":"w"}}}`
	for _, ct := range []string{MediaType, "application/json", ""} {
		for _, chunked := range []bool{true, false} {
			got = nil
			if status := send(ct, body, chunked); status != http.StatusNoContent || got == nil || string(got.Attributes["name"]) != `"w"` {
				t.Errorf("content type %q chunked %t: %d %+v", ct, chunked, status, got)
			}
		}
	}
	for bad, want := range map[string]int{
		`{`:              http.StatusBadRequest,
		`{"data":[]}`:    http.StatusBadRequest,
		`{"data":"x"}`:   http.StatusBadRequest,
		`{"data":null}`:  http.StatusNoContent,
		``:               http.StatusNoContent,
		`{"other":true}`: http.StatusNoContent,
	} {
		if status := send(MediaType, bad, false); status != want {
			t.Errorf("body %q: %d, want %d", bad, status, want)
		}
	}
}

func TestReadObjects_listsOneObjectOrNone(t *testing.T) {
	var got []object
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if list, ok := readObjects(w, r); ok {
			got = list
			w.WriteHeader(http.StatusNoContent)
		}
	}))
	defer ts.Close()
	for body, want := range map[string]int{
		`{"data":[{"type":"workspaces","id":"ws-1"},{"type":"workspaces","id":"ws-2"}]}`: 2,
		`{"data":{"type":"workspaces","id":"ws-1"}}`:                                     1,
		`{"data":[]}`:   0,
		`{"data":null}`: 0,
		``:              0,
		`{"data":"x"}`:  -1,
		`[`:             -1,
	} {
		got = nil
		resp, err := http.Post(ts.URL, MediaType, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		switch {
		case want < 0 && resp.StatusCode != http.StatusBadRequest:
			t.Errorf("body %s: %d, want 400", body, resp.StatusCode)
		case want >= 0 && (resp.StatusCode != http.StatusNoContent || len(got) != want):
			t.Errorf("body %s: %d with %d objects, want %d", body, resp.StatusCode, len(got), want)
		}
	}
}

func TestCommaList(t *testing.T) {
	if got := commaList(" a, ,b,,c "); strings.Join(got, "|") != "a|b|c" {
		t.Errorf("commaList = %q", got)
	}
	if got := commaList(""); got != nil {
		t.Errorf("commaList of nothing = %q", got)
	}
}

func TestID_prefixAndBase58(t *testing.T) {
	seen := map[string]bool{}
	for range 2000 {
		id := newID("ws")
		if !isID("ws", id) || isID("prj", id) || len(id) != len("ws-")+16 {
			t.Fatalf("newID = %q", id)
		}
		if strings.ContainsAny(id[3:], "0OIl") {
			t.Fatalf("newID = %q has a character outside base58", id)
		}
		seen[id] = true
	}
	if len(seen) != 2000 {
		t.Errorf("%d distinct IDs in 2000", len(seen))
	}
	for _, bad := range []string{"ws-123", "ws-0123456789abcdef", "ws-IIIIIIIIIIIIIIII", "WS-1111111111111111", "ws_1111111111111111"} {
		if isID("ws", bad) {
			t.Errorf("isID(ws, %q)", bad)
		}
	}
}
