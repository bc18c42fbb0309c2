package platform

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

// The rules below hold for every call of the client. Each noun's test file
// registers its calls' cases from its init (refuseEmptyIDs, addWrites,
// addLookups), as a function that makes the calls with the context and
// client it is given; the tests here run them all.

// errOf drops a call's answer and keeps its error.
func errOf(_ any, err error) error { return err }

// emptyIDCases make calls given an empty ID or name, and return their
// errors by the error each must be.
var emptyIDCases []func(ctx context.Context, c *Client) map[string][]error

// refuseEmptyIDs registers calls given an empty ID or name, which must
// send nothing and return the error they are listed under.
func refuseEmptyIDs(f func(ctx context.Context, c *Client) map[string][]error) {
	emptyIDCases = append(emptyIDCases, f)
}

// How many requests a write sends when the first one's answer is lost.
const (
	// sentOnce: a create, an update or an action may have been done.
	sentOnce = 1
	// sentAgain: adding to a relationship, or replacing a relationship or
	// a binding, is done once however often it is sent.
	sentAgain = 2
)

// write is a write of the client, its answer dropped, and how many
// requests it sends when the first one's answer is lost.
type write struct {
	call func(c *Client) error
	sent int
}

// writeCases return the client's writes, by name ("Projects.Create").
var writeCases []func(ctx context.Context) map[string]write

// addWrites registers writes.
func addWrites(f func(ctx context.Context) map[string]write) { writeCases = append(writeCases, f) }

// lookupCases make lookups by name or email that find nothing, and
// return their errors by the error each must be.
var lookupCases []func(ctx context.Context, c *Client) map[string]error

// addLookups registers lookups that find nothing.
func addLookups(f func(ctx context.Context, c *Client) map[string]error) {
	lookupCases = append(lookupCases, f)
}

// where is the file and line of a registered function, for a test's
// errors.
func where(f any) string {
	pc := reflect.ValueOf(f).Pointer()
	file, line := runtime.FuncForPC(pc).FileLine(pc)
	return fmt.Sprintf("%s:%d", filepath.Base(file), line)
}

// Every call that names an object refuses an ID (or a name) it cannot
// send before sending anything, and says which: an empty one would
// address the collection above.
func TestClient_everyCallRefusesAnEmptyIDUnsent(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, ""))
	ctx := context.Background()
	for _, calls := range emptyIDCases {
		for want, errs := range calls(ctx, c) {
			for i, err := range errs {
				if err == nil || err.Error() != want {
					t.Errorf("%s: %q, call %d: error %v", where(calls), want, i, err)
				}
			}
		}
	}
	if n := len(f.Requests()); n != 0 {
		t.Errorf("%d requests sent, want none: %v", n, f.Lines())
	}
}

// Every exported call of the client's <Nouns> that takes a string (an ID,
// a name, an email) is among the calls that refuseEmptyIDs registers, so
// that the test above holds for the next call too. It reads the package's
// syntax: the calls' types are those of Client's fields, and a call is
// registered when a refuseEmptyIDs of a test file makes it.
func TestClient_everyCallTakingAnIDIsTriedWithAnEmptyOne(t *testing.T) {
	code, tests := parsePackage(t)
	types := clientFieldTypes(code)
	registered := map[string]bool{}
	for _, f := range tests {
		ast.Inspect(f, func(n ast.Node) bool {
			if reg, ok := n.(*ast.CallExpr); ok && isIdent(reg.Fun, "refuseEmptyIDs") {
				for _, m := range callsMade(reg, types) {
					registered[m] = true
				}
				return false
			}
			return true
		})
	}
	calls := callsTakingAString(code, types)
	if len(calls) == 0 || len(registered) == 0 {
		t.Fatalf("%d calls take a string, %d are registered: this test no longer reads the package's syntax", len(calls), len(registered))
	}
	for _, m := range calls {
		if !registered[m] {
			t.Errorf("%s takes an ID or a name: register its call with an empty one, with refuseEmptyIDs in its noun's test file", m)
		}
	}
}

// parsePackage returns the syntax of the package's files, its code's and
// its tests'.
func parsePackage(t *testing.T) (code, tests []*ast.File) {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("the package's files: %v %v", files, err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, "_test.go") {
			tests = append(tests, f)
		} else {
			code = append(code, f)
		}
	}
	return code, tests
}

// clientFieldTypes returns the type of each field of Client that points
// to one (*Projects), by the field's name: the calls' types.
func clientFieldTypes(code []*ast.File) map[string]string {
	out := map[string]string{}
	for _, f := range code {
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.TypeSpec)
			if !ok || spec.Name.Name != "Client" {
				return true
			}
			if st, ok := spec.Type.(*ast.StructType); ok {
				for _, field := range st.Fields.List {
					if star, ok := field.Type.(*ast.StarExpr); ok && len(field.Names) == 1 {
						if typ, ok := star.X.(*ast.Ident); ok {
							out[field.Names[0].Name] = typ.Name
						}
					}
				}
			}
			return false
		})
	}
	return out
}

// callsTakingAString returns, as Type.Method, the exported methods of the
// calls' types that take a string.
func callsTakingAString(code []*ast.File, types map[string]string) []string {
	isCalls := map[string]bool{}
	for _, typ := range types {
		isCalls[typ] = true
	}
	var out []string
	for _, f := range code {
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || !fn.Name.IsExported() || !isCalls[receiverType(fn)] {
				continue
			}
			if slices.ContainsFunc(fn.Type.Params.List, func(p *ast.Field) bool { return isIdent(p.Type, "string") }) {
				out = append(out, receiverType(fn)+"."+fn.Name.Name)
			}
		}
	}
	return out
}

// callsMade returns, as Type.Method, the calls that n makes as
// c.<Field>.<Method>(...).
func callsMade(n ast.Node, types map[string]string) []string {
	var out []string
	ast.Inspect(n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if method, ok := call.Fun.(*ast.SelectorExpr); ok {
			if field, ok := method.X.(*ast.SelectorExpr); ok && types[field.Sel.Name] != "" {
				out = append(out, types[field.Sel.Name]+"."+method.Sel.Name)
			}
		}
		return true
	})
	return out
}

// receiverType is the name of the type of fn's receiver, a pointer or not.
func receiverType(fn *ast.FuncDecl) string {
	typ := fn.Recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// isIdent reports whether e is the identifier name.
func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// A write that the platform takes twice as once (adding to a relationship,
// replacing a relationship or a binding) is sent again after a lost answer
// (502); a create, an update or an action is not, as it may have been done.
func TestClient_onlyRepeatableWritesAreSentAgainAfterALostAnswer(t *testing.T) {
	ctx := context.Background()
	writes := map[string]write{}
	for _, cases := range writeCases {
		for name, w := range cases(ctx) {
			if _, ok := writes[name]; ok {
				t.Errorf("%s: a second write named %s", where(cases), name)
			}
			writes[name] = w
		}
	}
	if len(writes) == 0 {
		t.Fatal("no write registered")
	}
	for name, w := range writes {
		c, f := fakePlatform(t, answerLostOnce())
		_ = w.call(c)
		if got := f.Lines(); len(got) != w.sent {
			t.Errorf("%s: sent %v, want %d requests", name, got, w.sent)
		}
	}
}

// A lookup by name or email that the list does not answer is the list's
// 404, worded as the platform's, so that callers tell it by
// client.IsNotFound.
func TestClient_lookupsThatFindNothingAreThe404OfTheirList(t *testing.T) {
	c, _ := fakePlatform(t, reply(http.StatusOK, `{"data":[]}`))
	ctx := context.Background()
	n := 0
	for _, lookups := range lookupCases {
		for want, err := range lookups(ctx, c) {
			n++
			if !client.IsNotFound(err) || !strings.HasPrefix(clienttest.ErrText(err), want+" (the platform answers 404 both for an object that does not exist") {
				t.Errorf("error %v, want %s", err, want)
			}
		}
	}
	if n == 0 {
		t.Fatal("no lookup registered")
	}
}
