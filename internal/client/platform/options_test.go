package platform_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestOptions_oneTypePerObject holds the client's convention: an object's
// create and update send one <Noun>Options, so a field is spelled once.
// An alias that names it again for one of the calls
// (<Noun>CreateOptions = <Noun>Options) says nothing the call does not,
// and lets the next object copy the pair; a type of its own is kept for
// an object that only one call sends (RunTriggerCreateOptions).
func TestOptions_oneTypePerObject(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("the package's files: %v %v", files, err)
	}
	fset := token.NewFileSet()
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.TypeSpec)
			if !ok || !spec.Assign.IsValid() {
				return true
			}
			target, ok := spec.Type.(*ast.Ident)
			if ok && strings.HasSuffix(target.Name, "Options") && strings.HasSuffix(spec.Name.Name, "Options") {
				t.Errorf("%s: %s is an alias of %s: call the type by its one name", file, spec.Name.Name, target.Name)
			}
			return true
		})
	}
}
