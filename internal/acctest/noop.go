package acctest

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// NewNoopCLI is NewCLI with the no-op provider of internal/acctest/noop in
// place of the provider: the same schemas, validation and plan
// modification, and resources that copy the plan to the state and make no
// request. Its runs are the floor of the provider's: what Terraform and
// the plugin framework spend on this provider's schemas.
func NewNoopCLI(tb testing.TB, env map[string]string) *CLI {
	tb.Helper()
	c := NewCLI(tb, env)
	_, file, _, _ := runtime.Caller(0)
	build := exec.Command("go", "build", "-o", filepath.Join(c.providerDir, "terraform-provider-stack"), "./internal/acctest/noop")
	build.Dir = filepath.Join(filepath.Dir(file), "..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		tb.Fatalf("building the no-op provider: %v\n%s", err, out)
	}
	return c
}
