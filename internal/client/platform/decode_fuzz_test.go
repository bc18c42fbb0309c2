package platform

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// Any answer a server gives decodes to objects or to an error, never a
// panic: a list page's items and its next page, which is never one the
// loop has read (0 ends it, and list refuses a next page that is not
// ahead); a single object of the richest type, the workspace.
func FuzzDecodeAnswer(f *testing.F) {
	for _, seed := range []string{
		`{"data":[{"id":"ws-1","type":"workspaces","attributes":{"name":"a"}}],"meta":{"pagination":{"current-page":1,"next-page":2,"total-pages":3}}}`,
		`{"data":[],"meta":{"pagination":{"next-page":null}}}`,
		`{"data":[],"meta":{"pagination":{"next-page":"3"}}}`,
		`{"data":[],"links":{"next":"https://app.example.com/api/v2/organizations/o/workspaces?page%5Bnumber%5D=2"}}`,
		`{"data":[],"links":{"next":"::"}}`,
		`{"data":{"id":"ws-1","type":"workspaces","attributes":{"name":"a","tag-names":["x"]},"relationships":{"project":{"data":{"id":"prj-1","type":"projects"}}}},"included":[{"id":"prj-1","type":"projects","attributes":{"name":"p"}}]}`,
		`{"data":null}`, `{}`, `[]`, `null`, ``, `{"data":{"attributes":{"name":5}}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		items, err := decodeMany[Workspace](raw)
		if err == nil && items == nil {
			t.Errorf("decodeMany(%q) = nil, nil", raw)
		}
		if next, err := nextPage(raw); err == nil && next < 0 {
			t.Errorf("nextPage(%q) = %d", raw, next)
		}
		if one, err := decodeOne[Workspace](raw); err == nil && one == nil {
			t.Errorf("decodeOne(%q) = nil, nil", raw)
		}
	})
}

// Any error body gives a message that is valid text, and one for every
// JSON:API error document with a detail.
func FuzzDecodeError(f *testing.F) {
	for _, seed := range []string{
		`{"errors":[{"status":"422","title":"invalid attribute","detail":"Name has already been taken","source":{"pointer":"/data/attributes/name"}}]}`,
		`{"errors":[{"status":404,"title":"not found"}]}`,
		`{"errors":["Workspace is locked"]}`, `{"errors":[]}`, `{"errors":[null,7,{}]}`,
		`<html>Bad Gateway</html>`, ``, `null`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		msg := DecodeError(body, "application/vnd.api+json")
		if !utf8.ValidString(msg) && utf8.Valid(body) {
			t.Errorf("DecodeError(%q) = %q, not valid text", body, msg)
		}
		var doc struct {
			Errors []struct {
				Detail string `json:"detail"`
			} `json:"errors"`
		}
		if json.Unmarshal(body, &doc) == nil && len(doc.Errors) > 0 && doc.Errors[0].Detail != "" &&
			utf8.ValidString(doc.Errors[0].Detail) && !strings.Contains(msg, strings.TrimSpace(doc.Errors[0].Detail)) {
			t.Errorf("DecodeError(%q) = %q, which lost the detail", body, msg)
		}
	})
}
