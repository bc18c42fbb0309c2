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

// platformObjects are the names of the platform's registered resources,
// data sources and ephemeral resources, without their `stack_platform_`.
func platformObjects(t *testing.T) map[string]bool {
	t.Helper()
	resp := providerSchema(t)
	objects := map[string]bool{}
	for _, schemas := range []map[string]*tfprotov6.Schema{resp.ResourceSchemas, resp.DataSourceSchemas, resp.EphemeralResourceSchemas} {
		for name := range schemas {
			if kind, ok := strings.CutPrefix(name, "stack_platform_"); ok {
				objects[kind] = true
			}
		}
	}
	if len(objects) == 0 {
		t.Fatal("the provider registers no platform object")
	}
	return objects
}

// readmeServiceRow is the row of a service in the README's first table,
// which the docs' index shows too (scripts/generate-docs.sh).
func readmeServiceRow(t *testing.T, service string) string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(readme), "\n| Service | What the provider manages |")
	table, _, _ = strings.Cut(table, "\n\n")
	for line := range strings.SplitSeq(table, "\n") {
		if ok && strings.HasPrefix(line, "| "+service+" |") {
			return line
		}
	}
	t.Fatalf("the README's first table, | Service | What the provider manages |, has no row for the %s", service)
	return ""
}

// The README's first table names every kind of object the platform's
// resources and data sources manage or read, so that it cannot fall behind
// what is registered. A kind is an object whose name does not extend
// another's: agent_pool names agent_pool_allowed_workspaces too, team
// names team_token, and variable variable_set. Names are matched in words,
// in any case, singular or plural ("SSH keys" for ssh_key, "code-host app
// installations" for codehost_app_installation).
func TestProvider_readmeNamesEveryKindOfPlatformObject(t *testing.T) {
	objects := platformObjects(t)
	row := strings.ReplaceAll(strings.ToLower(readmeServiceRow(t, "platform")), "-", "")
	for name := range objects {
		extends := false
		for other := range objects {
			if other != name && (strings.HasPrefix(name, other+"_") || name == other+"s") {
				extends = true
			}
		}
		if extends {
			continue
		}
		kind := strings.ReplaceAll(name, "_", " ")
		plural := kind + "s"
		if base, ok := strings.CutSuffix(kind, "y"); ok && !strings.ContainsAny(base[len(base)-1:], "aeiou") {
			plural = base + "ies" // policy, policies; not key, keies
		}
		if !regexp.MustCompile(`\b(` + regexp.QuoteMeta(kind) + `|` + regexp.QuoteMeta(plural) + `)\b`).MatchString(row) {
			t.Errorf("stack_platform_%s is registered, but the platform's row of the README's first table does not name %ss: %s", name, kind, row)
		}
	}
}

// What the prose says of the platform's objects to come is a list after
// "Next:", and names nothing that is registered; no text says "the rest"
// or "coming releases", which no test can hold to the registered objects.
// The prose is the README's row (which the docs' index shows), the docs'
// index, the provider's description, DESIGN.md's row and the package
// documentation of internal/platform.
func TestProvider_proseSaysNothingRegisteredIsNext(t *testing.T) {
	objects := platformObjects(t)
	root := filepath.Join("..", "..")
	read := func(parts ...string) string {
		text, err := os.ReadFile(filepath.Join(append([]string{root}, parts...)...))
		if err != nil {
			t.Fatal(err)
		}
		return string(text)
	}
	designRow := ""
	for line := range strings.SplitSeq(read("DESIGN.md"), "\n") {
		if strings.HasPrefix(line, "| platform |") {
			designRow = line
			break
		}
	}
	doc, _, _ := strings.Cut(read("internal", "platform", "doc.go"), "\npackage platform")
	prose := map[string]string{
		"the README's row":                  readmeServiceRow(t, "platform"),
		"templates/index.md.tmpl":           read("templates", "index.md.tmpl"),
		"the provider's description":        providerSchema(t).Provider.Block.Description,
		"DESIGN.md's row":                   designRow,
		"internal/platform's documentation": doc,
	}
	vague := regexp.MustCompile(`(?i)\bthe rest\b|\b(coming|later|next|this) releases?\b|\bso far\b|\bnext\b[^:]`)
	nextList := regexp.MustCompile(`(?i)\bnext:\s*([^.|]*)`)
	item := regexp.MustCompile(`,\s*|\s+and\s+|\s+or\s+`)
	for where, text := range prose {
		if text == "" {
			t.Errorf("%s is empty: the test no longer finds it", where)
			continue
		}
		for _, m := range vague.FindAllString(text, -1) {
			t.Errorf("%s says %q: say what comes next as `Next: <objects>`, which this test holds to the registered objects", where, m)
		}
		for _, list := range nextList.FindAllStringSubmatch(text, -1) {
			for _, words := range item.Split(list[1], -1) {
				words = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(words)), "the ")
				name := strings.ReplaceAll(strings.ReplaceAll(words, "-", ""), " ", "_")
				forms := []string{name, strings.TrimSuffix(name, "s")}
				if base, ok := strings.CutSuffix(name, "ies"); ok {
					forms = append(forms, base+"y")
				}
				for object := range objects {
					for _, form := range forms {
						if form != "" && (object == form || strings.HasSuffix(object, "_"+form)) {
							t.Errorf("%s names %s as next, but stack_platform_%s is registered", where, words, object)
						}
					}
				}
			}
		}
	}
}
