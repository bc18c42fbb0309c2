package platform

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
)

// sharedFiles are the files that hold every noun and name none.
var sharedFiles = []string{"server.go", "state.go", "noun.go", "id.go", "list.go", "relationship.go", "request.go", "reply.go"}

// nounTables returns the tables the package's files declare, as
// "var name = &table[elem]{...}": each table's variable and element type,
// by the file that declares it.
func nounTables(t *testing.T) map[string][2]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][2]string{}
	fset := gotoken.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok || len(spec.Values) != len(spec.Names) {
				return true
			}
			for i, v := range spec.Values {
				u, ok := v.(*ast.UnaryExpr)
				if !ok {
					continue
				}
				lit, ok := u.X.(*ast.CompositeLit)
				if !ok {
					continue
				}
				idx, ok := lit.Type.(*ast.IndexExpr)
				if !ok {
					continue
				}
				generic, _ := idx.X.(*ast.Ident)
				elem, _ := idx.Index.(*ast.Ident)
				if generic == nil || generic.Name != "table" || elem == nil {
					continue
				}
				out[spec.Names[i].Name] = [2]string{elem.Name, name}
			}
			return true
		})
	}
	return out
}

// nounVars returns the package-level variables that the files other than
// the shared ones declare (a noun's table, its side state, its rules), by
// the file that declares each.
func nounVars(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	fset := gotoken.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || slices.Contains(sharedFiles, name) {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			if gen, ok := decl.(*ast.GenDecl); ok && gen.Tok == gotoken.VAR {
				for _, spec := range gen.Specs {
					if vs, ok := spec.(*ast.ValueSpec); ok {
						for _, id := range vs.Names {
							out[id.Name] = name
						}
					}
				}
			}
		}
	}
	return out
}

// Every table a noun file declares is registered, and the shared files
// name no table, no noun's type and no variable of another file (a noun's
// side state included): a new noun touches its own file only.
func TestNoun_sharedFilesNameNoNoun(t *testing.T) {
	tables, vars := nounTables(t), nounVars(t)
	if len(tables) != len(registry) || len(registry) == 0 {
		t.Fatalf("%d tables declared, %d registered: declare each as var x = &table[T]{...} and register it in its file's init", len(tables), len(registry))
	}
	fset := gotoken.NewFileSet()
	for _, name := range sharedFiles {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			for v, decl := range tables {
				if id.Name == v || id.Name == decl[0] {
					t.Errorf("%s: %s names %s, which %s declares", fset.Position(id.Pos()), name, id.Name, decl[1])
				}
			}
			if file, declared := vars[id.Name]; declared {
				t.Errorf("%s: %s names %s, which %s declares", fset.Position(id.Pos()), name, id.Name, file)
			}
			return true
		})
	}
}

// A noun's file is named for its type: teamWorkspace in team_workspace.go.
func TestNoun_fileIsNamedForItsType(t *testing.T) {
	for v, decl := range nounTables(t) {
		var want strings.Builder
		for i, r := range decl[0] {
			if unicode.IsUpper(r) {
				if i > 0 {
					want.WriteByte('_')
				}
				r = unicode.ToLower(r)
			}
			want.WriteRune(r)
		}
		if file := want.String() + ".go"; decl[1] != file {
			t.Errorf("table %s of type %s is declared in %s, not %s", v, decl[0], decl[1], file)
		}
	}
}

// Every registered table is written to the state file under its own key,
// read back from it, and emptied by Reset.
func TestNoun_everyTableIsSavedLoadedAndCleared(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.MintUserToken("alice"); err != nil {
		t.Fatal(err)
	}
	data, err := s.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := New(Options{})
	if err := b.UnmarshalState(data); err != nil {
		t.Fatal(err)
	}
	again, _ := b.MarshalState()
	if string(again) != string(data) {
		t.Errorf("after a round trip:\n%s\nwant\n%s", again, data)
	}
	if !strings.Contains(string(data), `"username": "alice"`) {
		t.Errorf("the state file has no user alice:\n%s", data)
	}
	b.Reset()
	data, _ = b.MarshalState()
	var saved map[string]json.RawMessage
	if err := json.Unmarshal(data, &saved); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, tb := range registry {
		key := tb.stateKey()
		if slices.Contains(keys, key) {
			t.Errorf("two tables are saved under %q", key)
		}
		keys = append(keys, key)
		if got := string(saved[key]); got != "[]" {
			t.Errorf("%s after Reset: %s, want []", key, got)
		}
	}
	if len(saved) != len(registry) {
		t.Errorf("the state file has %d members for %d tables", len(saved), len(registry))
	}
}

// Reset leaves the state every noun keeps outside the store as a new
// Server has it.
func TestNoun_resetClearsSideState(t *testing.T) {
	s, err := New(Options{RunTriggerLock: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	(*runTriggerLocks.on(s))["org-AAAAAAAAAAAAAAAA"] = s.now()
	verifyLimit.on(s).take("user:alice", s.now())
	deleteLimit.on(s).take("user:alice", s.now())
	s.Reset()
	for i, side := range sides {
		if got, want := s.sides[i], side.fresh(); !reflect.DeepEqual(got, want) {
			t.Errorf("side state %d after Reset: %#v, want %#v", i, got, want)
		}
	}
}
