package provider_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Every resource's acceptance tests run the common shape, as
// CONTRIBUTING.md's new-resource checklist asks: the resource's test file,
// internal/<service>/<noun>_resource_test.go, holds a check.Lifecycle
// whose Address is one of the resource's type.
func TestProvider_everyResourceRunsTheCommonShape(t *testing.T) {
	runsItsShape(t, providerSchema(t).ResourceSchemas, "_resource_test.go", "Lifecycle", "Address",
		func(name, address string) bool { return strings.HasPrefix(address, name+".") })
}

// Every data source has its own test file,
// internal/<service>/<noun>_data_source_test.go (<nouns>_data_source_test.go
// for a list), which runs the common shape of a data source: it holds a
// check.DataSource of the data source's type.
func TestProvider_everyDataSourceRunsTheCommonShape(t *testing.T) {
	runsItsShape(t, providerSchema(t).DataSourceSchemas, "_data_source_test.go", "DataSource", "Type",
		func(name, typ string) bool { return typ == name })
}

// TestProvider_everyListResourceRunsTheQueryShape holds that each list
// resource's test file, <noun>_list_resource_test.go, runs check.Query of
// it.
func TestProvider_everyListResourceRunsTheQueryShape(t *testing.T) {
	runsItsShape(t, providerSchema(t).ListResourceSchemas, "_list_resource_test.go", "Query", "Type",
		func(name, typ string) bool { return typ == name })
}

// runsItsShape holds that the test file of each registered type,
// internal/<service>/<noun><suffix>, holds a check.<shape> whose field is
// the type's, as of says.
func runsItsShape[S any](t *testing.T, types map[string]S, suffix, shape, field string, of func(name, value string) bool) {
	t.Helper()
	if len(types) == 0 {
		t.Fatal("the provider registers none")
	}
	tests := testFiles{}
	for _, name := range slices.Sorted(maps.Keys(types)) {
		service, noun := serviceAndNoun(name)
		if service == "" {
			t.Errorf("%s belongs to no known service", name)
			continue
		}
		file := filepath.Join("..", service, noun+suffix)
		values, err := tests.fields(file, shape, field)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !slices.ContainsFunc(values, func(v string) bool { return of(name, v) }) {
			t.Errorf("%s holds no check.%s of %s: its %s values are %q", file, shape, name, field, values)
		}
	}
}

// testFiles reads test files as Go syntax, and the string constants of
// their packages, each package once.
type testFiles map[string]map[string]ast.Expr

// fields are the values of field in the composite literals of check.shape
// (a generic type or not) in file, each a string: a literal, or constants
// of the file's package, and their concatenations.
func (tf testFiles) fields(file, shape, field string) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		return nil, err
	}
	consts, err := tf.constants(filepath.Dir(file))
	if err != nil {
		return nil, err
	}
	var values []string
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok || !isCheck(lit.Type, shape) {
			return true
		}
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if key, ok := kv.Key.(*ast.Ident); ok && key.Name == field {
					if v, ok := stringValue(kv.Value, consts); ok {
						values = append(values, v)
					}
				}
			}
		}
		return true
	})
	return values, nil
}

// isCheck says whether typ is check.<name>, or check.<name>[...].
func isCheck(typ ast.Expr, name string) bool {
	switch t := typ.(type) {
	case *ast.IndexExpr:
		typ = t.X
	case *ast.IndexListExpr:
		typ = t.X
	}
	sel, ok := typ.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "check" && sel.Sel.Name == name
}

// constants are the constants that the test files of dir declare,
// anywhere in them, by name.
func (tf testFiles) constants(dir string) (map[string]ast.Expr, error) {
	if c, ok := tf[dir]; ok {
		return c, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	consts := map[string]ast.Expr{}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, e.Name()), nil, 0)
		if err != nil {
			return nil, err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if decl, ok := n.(*ast.GenDecl); ok && decl.Tok == token.CONST {
				for _, spec := range decl.Specs {
					vs := spec.(*ast.ValueSpec) //nolint:forcetypeassert // a const declaration's specs are value specs
					for i, name := range vs.Names {
						if i < len(vs.Values) {
							consts[name.Name] = vs.Values[i]
						}
					}
				}
			}
			return true
		})
	}
	tf[dir] = consts
	return consts, nil
}

// stringValue is the value of a string expression of literals and
// constants.
func stringValue(e ast.Expr, consts map[string]ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.Ident:
		if v, ok := consts[e.Name]; ok {
			return stringValue(v, consts)
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			x, okX := stringValue(e.X, consts)
			y, okY := stringValue(e.Y, consts)
			return x + y, okX && okY
		}
	case *ast.ParenExpr:
		return stringValue(e.X, consts)
	}
	return "", false
}
