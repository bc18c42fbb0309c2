package provider_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every resource and data source has its line in the README's table, and
// every ephemeral resource its link to its page, as the new-resource
// checklist of CONTRIBUTING.md asks.
func TestProvider_everyResourceAndDataSourceIsInTheREADME(t *testing.T) {
	resp := providerSchema(t)
	if len(resp.ResourceSchemas) == 0 || len(resp.DataSourceSchemas) == 0 {
		t.Fatalf("the provider registers %d resources and %d data sources", len(resp.ResourceSchemas), len(resp.DataSourceSchemas))
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for name := range resp.ResourceSchemas {
		names[name] = "resource"
	}
	for name := range resp.DataSourceSchemas {
		names[name] = "data source"
	}
	for name, kind := range names {
		if !bytes.Contains(readme, []byte("\n| `"+name+"` |")) {
			t.Errorf("%s %s has no line in the README's table", kind, name)
		}
	}
	if len(resp.EphemeralResourceSchemas) == 0 {
		t.Fatal("the provider registers no ephemeral resource")
	}
	for name := range resp.EphemeralResourceSchemas {
		line := regexp.QuoteMeta("\n| `"+name+"` | [") + `[^\n]*` +
			regexp.QuoteMeta("](docs/ephemeral-resources/"+strings.TrimPrefix(name, "stack_")+".md) |")
		if !regexp.MustCompile(line).Match(readme) {
			t.Errorf("ephemeral resource %s has no line in the README's table of ephemeral resources", name)
		}
	}
}

// Every variable an example uses is declared in its directory, so that the
// example works as a reader copies it from its page.
func TestProvider_examplesDeclareTheirVariables(t *testing.T) {
	used := regexp.MustCompile(`\bvar\.([A-Za-z0-9_-]+)`)
	declared := regexp.MustCompile(`(?m)^variable "([^"]+)"`)
	byDir := examplesByDir(t)
	for dir, text := range byDir {
		have := map[string]bool{}
		for _, m := range declared.FindAllSubmatch(text, -1) {
			have[string(m[1])] = true
		}
		for _, m := range used.FindAllSubmatch(text, -1) {
			if name := string(m[1]); !have[name] {
				t.Errorf("%s uses var.%s without declaring it", dir, name)
				have[name] = true // once is enough
			}
		}
	}
}

// Every resource, data source and ephemeral resource an example refers to is
// declared in its directory, so that the example validates as a reader
// copies it from its page.
func TestProvider_examplesDeclareWhatTheyReferTo(t *testing.T) {
	used := regexp.MustCompile(`\b(data\.|ephemeral\.)?(stack_[a-z0-9_]+)\.([A-Za-z0-9_-]+)\b`)
	declared := regexp.MustCompile(`(?m)^(resource|data|ephemeral) "([^"]+)" "([^"]+)"`)
	byDir := examplesByDir(t)
	for dir, text := range byDir {
		have := map[string]bool{}
		for _, m := range declared.FindAllSubmatch(text, -1) {
			kind := string(m[1]) + "."
			if kind == "resource." {
				kind = ""
			}
			have[kind+string(m[2])+"."+string(m[3])] = true
		}
		for _, m := range used.FindAllSubmatch(text, -1) {
			if ref := string(m[0]); !have[ref] {
				t.Errorf("%s refers to %s without declaring it", dir, ref)
				have[ref] = true
			}
		}
	}
}

// Every HCL snippet of the README declares the variables it uses, so that
// a reader can copy it as it is.
func TestProvider_readmeSnippetsDeclareTheirVariables(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	used := regexp.MustCompile(`\bvar\.([A-Za-z0-9_-]+)`)
	declared := regexp.MustCompile(`(?m)^variable "([^"]+)"`)
	snippets := regexp.MustCompile("(?s)```hcl\n(.*?)```").FindAllSubmatch(readme, -1)
	if len(snippets) == 0 {
		t.Fatal("the README has no HCL snippet")
	}
	for i, s := range snippets {
		have := map[string]bool{}
		for _, m := range declared.FindAllSubmatch(s[1], -1) {
			have[string(m[1])] = true
		}
		for _, m := range used.FindAllSubmatch(s[1], -1) {
			if name := string(m[1]); !have[name] {
				t.Errorf("the README's HCL snippet %d uses var.%s without declaring it", i+1, name)
				have[name] = true
			}
		}
	}
}

// examplesByDir reads the examples' .tf files, each directory's files as
// one text, as a reader copies an example from its page.
func examplesByDir(t *testing.T) map[string][]byte {
	t.Helper()
	byDir := map[string][]byte{}
	err := filepath.WalkDir(filepath.Join("..", "..", "examples"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".tf" {
			return err
		}
		text, err := os.ReadFile(p)
		byDir[filepath.Dir(p)] = append(byDir[filepath.Dir(p)], text...)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(byDir) == 0 {
		t.Fatal("no example found")
	}
	return byDir
}
