package fwutil

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
)

// Import is a resource's import: the grammar of its import ID, the import
// ID of an object that a model describes, and what the import reads and
// sets beyond the ID's parts.
//
// Absent (a nil Import on the Resource), the import ID is the object's
// name: the import sets the name attribute to it, and a create that finds
// the object in place prints the model's name as the ID to import.
type Import[M, C any] struct {
	// ID is the import ID's grammar. The lifecycle parses every import ID
	// with it before anything else, refuses one that no form matches
	// with the grammar's own error, and sets each part that names an
	// attribute.
	ID IDGrammar
	// Print is the import ID of the object that m describes, for the
	// error of a create that finds the object in place. Nil when the ID
	// needs more than the model holds: the error then points at the
	// resource's documentation.
	Print func(m *M) string
	// Read, when set, runs once the ID has parsed and its parts are set:
	// it reads the object that the ID names, so that an ID the server
	// does not answer fails in the provider's words, and sets what the
	// parts do not, such as an ID looked up by name or the default of an
	// attribute the server does not keep. It gets the ID parsed: which
	// form it took, and its parts, which it need not split again.
	Read func(ctx context.Context, c C, id ParsedID, state *tfsdk.State, diags *diag.Diagnostics)
}

// IDGrammar is the form of a resource's import IDs: one or more forms,
// each of parts separated by "/". One grammar words every refusal the same
// way: "The import ID of <Of> is <the forms' words>; got <id>.", or, with
// a Rule, "... is <the forms' words>. <Rule> Got <id>."
type IDGrammar struct {
	// Forms are the forms an ID may take, tried in order: the first that
	// matches is the ID's.
	Forms []IDForm
	// Rule, when set, is a sentence, after the forms in the error, that
	// says what the parts may hold, such as the rule of a name.
	Rule string
	// Of names the object in the error, with its article; empty, the
	// resource's Object with "a" or "an". For an ID that names another
	// object than the resource's, such as the workspace of its settings.
	Of string
}

// IDForm is one form of an import ID.
type IDForm struct {
	// Parts are the form's parts, in order, separated by "/" in the ID.
	// The last part takes the rest of the ID, slashes included, so that
	// a part that may hold a slash is last; its Match decides whether it
	// may.
	Parts []IDPart
	// Says is the form in the words of the error, such as "its ID, prj-
	// and 16 characters of the base58 alphabet"; empty, the parts'
	// labels joined by "/".
	Says string
}

// IDPart is one part of a form.
type IDPart struct {
	// Label names the part in the error, such as "<ORGANIZATION>".
	Label string
	// Match says whether the part is well formed; nil: any part that is
	// not empty.
	Match func(part string) bool
	// Attr, when set, is the attribute that the import sets to the part.
	Attr string
	// Is, when set, says what the part must be, for the error of an ID
	// whose every other part is well formed: "a destination type: use
	// one of ...", which the error puts as "..., and "x" is not <Is>."
	Is string
}

// ParsedID is an import ID that a grammar matched.
type ParsedID struct {
	// Form is the index of the form that matched.
	Form int
	// Parts are its parts, one for each of the form's.
	Parts []string
}

// String is the import ID as it was given.
func (p ParsedID) String() string { return strings.Join(p.Parts, "/") }

// Parse matches id against the grammar's forms, in order.
func (g IDGrammar) Parse(id string) (ParsedID, bool) {
	for i, f := range g.Forms {
		parts := strings.SplitN(id, "/", len(f.Parts))
		if len(parts) != len(f.Parts) {
			continue
		}
		ok := true
		for j, p := range f.Parts {
			if p.Match == nil && parts[j] == "" || p.Match != nil && !p.Match(parts[j]) {
				ok = false
				break
			}
		}
		if ok {
			return ParsedID{Form: i, Parts: parts}, true
		}
	}
	return ParsedID{}, false
}

// Refusal is the detail of the error that refuses id, which the grammar
// does not match, for a resource whose object is object.
func (g IDGrammar) Refusal(object, id string) string {
	of := g.Of
	if of == "" {
		of = WithArticle(object)
	}
	forms := make([]string, len(g.Forms))
	for i, f := range g.Forms {
		forms[i] = f.Says
		if forms[i] == "" {
			labels := make([]string, len(f.Parts))
			for j, p := range f.Parts {
				labels[j] = p.Label
			}
			forms[i] = strings.Join(labels, "/")
		}
	}
	says := strings.Join(forms, ", or ")
	if part, is, ok := g.wrongPart(id); ok {
		return fmt.Sprintf("The import ID of %s is %s, and %q is not %s.", of, says, part, is)
	}
	if g.Rule != "" {
		return fmt.Sprintf("The import ID of %s is %s. %s Got %q.", of, says, g.Rule, id)
	}
	return fmt.Sprintf("The import ID of %s is %s; got %q.", of, says, id)
}

// wrongPart is the one part of id that keeps it from its grammar's one
// form of as many parts, when that part says what it must be.
func (g IDGrammar) wrongPart(id string) (part, is string, ok bool) {
	var found []string
	for _, f := range g.Forms {
		parts := strings.SplitN(id, "/", len(f.Parts))
		if len(parts) != len(f.Parts) {
			continue
		}
		for j, p := range f.Parts {
			if p.Match == nil && parts[j] == "" || p.Match != nil && !p.Match(parts[j]) {
				found = append(found, parts[j])
				is = p.Is
			}
		}
	}
	if len(found) != 1 || is == "" {
		return "", "", false
	}
	return found[0], is, true
}

// importState runs the import of id: it parses id, sets the parts that
// name attributes, then runs Read.
func (imp *Import[M, C]) importState(ctx context.Context, c C, object, id string, state *tfsdk.State, diags *diag.Diagnostics) {
	parsed, ok := imp.ID.Parse(id)
	if !ok {
		diags.AddError("Invalid import ID", imp.ID.Refusal(object, id))
		return
	}
	for i, p := range imp.ID.Forms[parsed.Form].Parts {
		if p.Attr != "" {
			diags.Append(state.SetAttribute(ctx, path.Root(p.Attr), parsed.Parts[i])...)
		}
	}
	if imp.Read != nil && !diags.HasError() {
		imp.Read(ctx, c, parsed, state, diags)
	}
}
