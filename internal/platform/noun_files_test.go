package platform_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// nounOf is the noun a file of the package is named after, "" for a file
// of what the nouns share. <noun>_resource.go,
// <noun>_ephemeral_resource.go, <noun>_list_resource.go, <noun>_data_source.go and
// <nouns>_data_source.go (a list) are the faces of <noun>: so
// workspaces_data_source.go is the workspace's, as its singular has a
// file of its own.
func nounOf(file string, singular map[string]bool) string {
	name := strings.TrimSuffix(file, ".go")
	for _, suffix := range []string{"_ephemeral_resource", "_list_resource", "_resource", "_data_source"} {
		if noun, ok := strings.CutSuffix(name, suffix); ok {
			if suffix == "_data_source" && singular != nil {
				if one, ok := strings.CutSuffix(noun, "s"); ok && singular[one] {
					return one
				}
			}
			return noun
		}
	}
	return ""
}

// TestPackage_nounFilesLeanOnNoOtherNoun holds the package's shape: what
// one noun's files define, no other noun's file uses. A rule, a text or a
// helper that two nouns need lives in a file named after what it is
// (tags.go, tokens.go, imports.go), not after the noun that needed it
// first, so that the next object finds it there.
func TestPackage_nounFilesLeanOnNoOtherNoun(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			files = append(files, n)
		}
	}
	singular := map[string]bool{}
	for _, f := range files {
		if n := nounOf(f, nil); n != "" {
			singular[n] = true
		}
	}
	fset := token.NewFileSet()
	parsed := map[string]*ast.File{}
	// definedIn is the file of each top-level name: functions (not
	// methods, which are reached through their type), types, variables
	// and constants.
	definedIn := map[string]string{}
	for _, f := range files {
		file, err := parser.ParseFile(fset, filepath.Join(".", f), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed[f] = file
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					definedIn[d.Name.Name] = f
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						definedIn[s.Name.Name] = f
					case *ast.ValueSpec:
						for _, n := range s.Names {
							definedIn[n.Name] = f
						}
					}
				}
			}
		}
	}
	if len(definedIn) == 0 {
		t.Fatal("no declarations found: the test runs in the wrong directory")
	}
	var leans []string
	for _, f := range files {
		noun := nounOf(f, singular)
		if noun == "" {
			continue
		}
		// The identifiers that a file does not declare itself are the
		// parser's unresolved ones: names of other files, imports and
		// the universe.
		seen := map[string]bool{}
		for _, id := range parsed[f].Unresolved {
			from, ok := definedIn[id.Name]
			if !ok || seen[id.Name] {
				continue
			}
			seen[id.Name] = true
			if other := nounOf(from, singular); other != "" && other != noun {
				leans = append(leans, f+" uses "+id.Name+" of "+from+" (noun "+other+")")
			}
		}
	}
	slices.Sort(leans)
	for _, l := range leans {
		t.Error(l)
	}
}
