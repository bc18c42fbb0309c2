package provider_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every resource's acceptance tests run the common shape, as
// CONTRIBUTING.md's new-resource checklist asks: the resource's test file,
// internal/<service>/<noun>_resource_test.go, runs a check.Lifecycle of
// the resource's address.
func TestProvider_everyResourceRunsTheCommonShape(t *testing.T) {
	resp := providerSchema(t)
	if len(resp.ResourceSchemas) == 0 {
		t.Fatal("the provider registers no resource")
	}
	// A resource's type is stack_<service>_<noun>; the secrets service's
	// types say sync_ too, which its files leave out but for the sync
	// configuration's.
	prefixes := map[string]string{"stack_scheduler_": "scheduler", "stack_secrets_": "secrets", "stack_platform_": "platform"}
	for name := range resp.ResourceSchemas {
		dir, noun := "", ""
		for prefix, d := range prefixes {
			if n, ok := strings.CutPrefix(name, prefix); ok {
				dir, noun = d, n
			}
		}
		if dir == "" {
			t.Errorf("resource %s belongs to no known service", name)
			continue
		}
		file := filepath.Join("..", dir, noun+"_resource_test.go")
		if n, ok := strings.CutPrefix(noun, "sync_"); ok && n != "config" {
			file = filepath.Join("..", dir, n+"_resource_test.go")
		}
		src, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("resource %s has no test file: %v", name, err)
			continue
		}
		// The lifecycle's address is a constant of the file, whose value
		// is the resource's type and a name.
		addr := regexp.MustCompile(`(?m)^\s*(?:const\s+)?(\w+)\s*=\s*"` + regexp.QuoteMeta(name) + `\.\w+"`).FindSubmatch(src)
		if addr == nil || !regexp.MustCompile(`check\.Lifecycle\[[^\]]+\]\{[^}]*Address:\s*`+string(addr[1])+`\b`).Match(src) {
			t.Errorf("%s does not run a check.Lifecycle of a %s", file, name)
		}
	}
}
