package provider_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// configurationOnly are the phrasings that speak of configuring an
// attribute: what a change of it does, what leaving it out gives, the
// schema's default, what a refresh or an import sees. A data source's
// computed attribute is only read, so its description has none of them;
// computedFrom keeps a resource's description unless the data source
// rewords it, and a resource's sentence left in would tell the reader of a
// data source that changing the value replaces the object. The service's
// own defaults ("the platform's default is false") are facts about the
// service, and stay.
var configurationOnly = regexp.MustCompile(`(?i)\bchang(e|es|ing) it\b|\breplac(e|es|ed|ing)\b|\bin place\b|\bleft out\b|` +
	`\ba refresh\b|\boutside Terraform\b|\bimport(s|ed)?\b|(^|[.;:]\s)((when )?not set|default)\b`)

// No computed attribute of a data source speaks of configuring it.
func TestProvider_dataSourceDescriptionsOnlyRead(t *testing.T) {
	resp := providerSchema(t)
	checked := 0
	for name, s := range resp.DataSourceSchemas {
		eachAttribute(name, s.Block, func(where string, a *tfprotov6.SchemaAttribute) {
			if a.Optional || a.Required {
				return // the data source's own arguments, which are configured
			}
			checked++
			if m := configurationOnly.FindString(a.Description); m != "" {
				t.Errorf("%s is only read, but its description speaks of configuring it (%q): %s", where, m, a.Description)
			}
		})
	}
	if checked == 0 {
		t.Fatal("no computed attribute of a data source was checked")
	}
}

// No description gives two examples of one thing one after the other
// ("such as `a`, such as `b`"), as a text that adds its own example to one
// that already has it would.
func TestProvider_descriptionsGiveOneExampleOfEachThing(t *testing.T) {
	resp := providerSchema(t)
	twice := regexp.MustCompile("such as `[^`]*`, such as")
	checked := 0
	check := func(where string, a *tfprotov6.SchemaAttribute) {
		checked++
		if twice.MatchString(a.Description) {
			t.Errorf("%s gives two examples in a row: %s", where, a.Description)
		}
	}
	eachAttribute("provider", resp.Provider.Block, check)
	for kind, schemas := range map[string]map[string]*tfprotov6.Schema{
		"resource": resp.ResourceSchemas, "data source": resp.DataSourceSchemas, "ephemeral resource": resp.EphemeralResourceSchemas,
	} {
		for name, s := range schemas {
			eachAttribute(kind+" "+name, s.Block, check)
		}
	}
	if checked == 0 {
		t.Fatal("no description was checked")
	}
}

// eachAttribute calls visit with every attribute of b, nested ones and
// those of nested blocks included, each with its path from where.
func eachAttribute(where string, b *tfprotov6.SchemaBlock, visit func(where string, a *tfprotov6.SchemaAttribute)) {
	var attrs func(where string, as []*tfprotov6.SchemaAttribute)
	attrs = func(where string, as []*tfprotov6.SchemaAttribute) {
		for _, a := range as {
			visit(where+"."+a.Name, a)
			if a.NestedType != nil {
				attrs(where+"."+a.Name, a.NestedType.Attributes)
			}
		}
	}
	attrs(where, b.Attributes)
	for _, nb := range b.BlockTypes {
		eachAttribute(where+"."+nb.TypeName, nb.Block, visit)
	}
}

// The emulator's guide has a line for each flag of stack-emulator, and
// none for a flag it no longer has. The flags are read from the command's
// source: each is declared by a call on its flag set whose first string
// argument is the flag's name (fs.StringVar(&v, "listen", ...),
// fs.Func("platform-edition", ...)).
func TestProvider_emulatorGuideListsEveryFlag(t *testing.T) {
	root := filepath.Join("..", "..")
	src := filepath.Join(root, "internal", "emulator", "cmd", "stack-emulator", "main.go")
	f, err := parser.ParseFile(token.NewFileSet(), src, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	flags := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "fs" || (sel.Sel.Name != "Func" && !strings.HasSuffix(sel.Sel.Name, "Var")) {
			return true
		}
		for _, arg := range call.Args {
			if lit, ok := arg.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				name, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				flags[name] = true
				break
			}
		}
		return true
	})
	if len(flags) < 10 {
		t.Fatalf("found %d flags in %s: the test no longer reads how the command declares them", len(flags), src)
	}
	guide, err := os.ReadFile(filepath.Join(root, "templates", "guides", "emulator.md.tmpl"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `-([a-z0-9-]+)` \\|").FindAllSubmatch(guide, -1) {
		listed[string(m[1])] = true
	}
	for name := range flags {
		if !listed[name] {
			t.Errorf("stack-emulator's flag -%s has no line in the emulator guide's table of flags", name)
		}
	}
	for name := range listed {
		if !flags[name] {
			t.Errorf("the emulator guide lists -%s, which stack-emulator does not have", name)
		}
	}
}

