package fwutil

import (
	"strings"
	"testing"
)

func TestIDGrammar_parseAndRefusal(t *testing.T) {
	isID := func(s string) bool { return strings.HasPrefix(s, "ws-") && !strings.Contains(s, "/") }
	g := IDGrammar{Forms: []IDForm{
		{Says: "its ID, ws- and more", Parts: []IDPart{{Label: "<ID>", Match: isID}}},
		{Parts: []IDPart{{Label: "<ORGANIZATION>"}, {Label: "<NAME>"}}},
	}}
	for _, c := range []struct {
		id    string
		form  int
		parts []string
		ok    bool
	}{
		{"ws-1", 0, []string{"ws-1"}, true},
		{"acme/web", 1, []string{"acme", "web"}, true},
		// The last part takes the rest, slashes included.
		{"acme/web/x", 1, []string{"acme", "web/x"}, true},
		{"acme/", 0, nil, false},
		{"/web", 0, nil, false},
		{"web", 0, nil, false},
		{"", 0, nil, false},
	} {
		got, ok := g.Parse(c.id)
		if ok != c.ok || ok && (got.Form != c.form || strings.Join(got.Parts, "|") != strings.Join(c.parts, "|")) {
			t.Errorf("Parse(%q) = %+v, %v; want form %d %q, %v", c.id, got, ok, c.form, c.parts, c.ok)
		}
	}
	if got, want := g.Refusal("workspace", "web"), `The import ID of a workspace is its ID, ws- and more, or <ORGANIZATION>/<NAME>; got "web".`; got != want {
		t.Errorf("Refusal:\n got %s\nwant %s", got, want)
	}
	g = IDGrammar{Forms: []IDForm{{Says: "its name", Parts: []IDPart{{}}}}, Rule: "A name has letters.", Of: "the thing"}
	if got, want := g.Refusal("organization", ""), `The import ID of the thing is its name. A name has letters. Got "".`; got != want {
		t.Errorf("Refusal:\n got %s\nwant %s", got, want)
	}
	if got, want := (IDGrammar{Forms: g.Forms}).Refusal("organization", "x/"), `The import ID of an organization is its name; got "x/".`; got != want {
		t.Errorf("Refusal:\n got %s\nwant %s", got, want)
	}
	g = IDGrammar{Forms: []IDForm{{Says: "<TYPE>/<NAME>", Parts: []IDPart{{Match: func(s string) bool { return s == "a" }, Is: "a type: use a"}, {}}}}}
	if got, want := g.Refusal("association", "b/x"), `The import ID of an association is <TYPE>/<NAME>, and "b" is not a type: use a.`; got != want {
		t.Errorf("Refusal:\n got %s\nwant %s", got, want)
	}
	// Another part wrong too: the error names no part.
	if got, want := g.Refusal("association", "b/"), `The import ID of an association is <TYPE>/<NAME>; got "b/".`; got != want {
		t.Errorf("Refusal:\n got %s\nwant %s", got, want)
	}
}
