package acctest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// CLI runs the engine's binary (Terraform or OpenTofu, see TerraformPath) in
// a directory of its own against the provider built from this module,
// through dev_overrides: no init and no network. Benchmarks use it to
// measure whole Terraform runs, and tests to see what the in-process test
// harness does not show, such as warnings.
type CLI struct {
	Dir         string
	env         []string
	providerDir string
}

// RegistryHosts are the hosts under which the engines look the provider up:
// a source of "stackworks/stack" means the first to Terraform and the second
// to OpenTofu. A CLI configuration that points either engine at a local
// build names both.
var RegistryHosts = []string{"registry.terraform.io", "registry.opentofu.org"}

// ProviderSource is the provider's source address without its host.
const ProviderSource = "stackworks/stack"

// TerraformPath is the engine tests run, Terraform or OpenTofu, as for the
// tests that terraform-plugin-testing runs: TF_ACC_TERRAFORM_PATH, else
// /usr/local/bin/terraform, else terraform on PATH.
func TerraformPath() (string, error) {
	if p := os.Getenv("TF_ACC_TERRAFORM_PATH"); p != "" {
		return p, nil
	}
	if _, err := os.Stat("/usr/local/bin/terraform"); err == nil {
		return "/usr/local/bin/terraform", nil
	}
	p, err := exec.LookPath("terraform")
	if err != nil {
		return "", errors.New("terraform not found: install Terraform 1.11+ at /usr/local/bin/terraform, or set TF_ACC_TERRAFORM_PATH to a Terraform 1.11+ or OpenTofu 1.12+ binary (make test-opentofu builds one, make test-terraform-latest a Terraform 1.15)")
	}
	return p, nil
}

// SkipUnlessAcceptance skips a test that runs Terraform itself unless
// TF_ACC is set, as resource.Test does for the others. NewCLI calls it; a
// test that runs the engine without NewCLI calls it first.
func SkipUnlessAcceptance(tb testing.TB) {
	tb.Helper()
	if os.Getenv("TF_ACC") == "" {
		tb.Skip("acceptance test: it runs Terraform; set TF_ACC=1 (make test does)")
	}
}

// NewCLI builds the provider into a directory of the benchmark's own (the
// build cache makes all but the first build a link) and prepares a working
// directory whose runs see env in addition to the process environment.
//
// A test that runs Terraform itself is an acceptance test: without TF_ACC
// it stops here, skipped, as resource.Test stops the others, so that
// every such test is gated in this one place (make test sets TF_ACC=1).
func NewCLI(tb testing.TB, env map[string]string) *CLI {
	tb.Helper()
	SkipUnlessAcceptance(tb)
	providerDir := tb.TempDir()
	_, file, _, _ := runtime.Caller(0)
	build := exec.Command("go", "build", "-o", filepath.Join(providerDir, "terraform-provider-stack"), ".")
	build.Dir = filepath.Join(filepath.Dir(file), "..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		tb.Fatalf("building the provider: %v\n%s", err, out)
	}
	dir := tb.TempDir()
	var overrides strings.Builder
	for _, host := range RegistryHosts {
		fmt.Fprintf(&overrides, "    %q = %q\n", host+"/"+ProviderSource, providerDir)
	}
	rc := filepath.Join(dir, "terraformrc")
	err := os.WriteFile(rc, []byte(fmt.Sprintf(`provider_installation {
  dev_overrides {
%s  }
  direct {}
}
`, overrides.String())), 0o600)
	if err != nil {
		tb.Fatal(err)
	}
	err = os.WriteFile(filepath.Join(dir, "versions.tf"), []byte(fmt.Sprintf(`terraform {
  required_providers {
    stack = { source = %q }
  }
}
`, ProviderSource)), 0o600)
	if err != nil {
		tb.Fatal(err)
	}
	c := &CLI{Dir: dir, providerDir: providerDir, env: append(os.Environ(), "TF_CLI_CONFIG_FILE="+rc, "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1")}
	for k, v := range env {
		c.env = append(c.env, k+"="+v)
	}
	return c
}

// ProviderStderr makes the provider, in the runs that follow, append what
// it writes to standard error (its log lines, which Terraform reads and
// hides unless TF_LOG is set) to a file, and returns the file's path.
func (c *CLI) ProviderStderr(tb testing.TB) string {
	tb.Helper()
	bin := filepath.Join(c.providerDir, "terraform-provider-stack")
	wrapped := bin + "-wrapped"
	if err := os.Rename(bin, wrapped); err != nil {
		tb.Fatal(err)
	}
	file := filepath.Join(tb.TempDir(), "provider-stderr")
	wrapper := fmt.Sprintf("#!/bin/sh\nexec '%s' \"$@\" 2>>'%s'\n", wrapped, file)
	if err := os.WriteFile(bin, []byte(wrapper), 0o700); err != nil {
		tb.Fatal(err)
	}
	return file
}

// WriteConfig replaces the directory's configuration.
func (c *CLI) WriteConfig(tb testing.TB, hcl string) {
	tb.Helper()
	if err := os.WriteFile(filepath.Join(c.Dir, "main.tf"), []byte(hcl), 0o600); err != nil {
		tb.Fatal(err)
	}
}

// DecodeState decodes the directory's state file (terraform.tfstate, of
// the local backend) into v.
func (c *CLI) DecodeState(tb testing.TB, v any) {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(c.Dir, "terraform.tfstate"))
	if err != nil {
		tb.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		tb.Fatal(err)
	}
}

// Run runs the engine with args, the command first, and returns its exit
// code and output.
func (c *CLI) Run(tb testing.TB, args ...string) (int, string) {
	tb.Helper()
	tf, err := TerraformPath()
	if err != nil {
		tb.Fatal(err)
	}
	// The flags go before the command's own arguments, such as a plan
	// file, which end its flags; show and query never ask, and take no
	// -input.
	flags := []string{"-no-color"}
	if args[0] != "show" && args[0] != "query" {
		flags = append(flags, "-input=false")
	}
	cmd := exec.Command(tf, slices.Concat(args[:1], flags, args[1:])...)
	cmd.Dir = c.Dir
	cmd.Env = c.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	code := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			tb.Fatalf("terraform %s: %v", strings.Join(args, " "), err)
		}
		code = ee.ExitCode()
	}
	return code, out.String()
}

// MustRun is Run that fails the test or benchmark on a non-zero exit code.
func (c *CLI) MustRun(tb testing.TB, args ...string) string {
	tb.Helper()
	code, out := c.Run(tb, args...)
	if code != 0 {
		tb.Fatalf("terraform %s exited %d:\n%s", strings.Join(args, " "), code, out)
	}
	return out
}

// Diagnostic is an error or warning of a Terraform run.
type Diagnostic struct {
	Severity, Summary, Detail string
}

// Warnings are the provider's warnings among diags, as PlanJSON returns
// them, and fail the test on an error among them. Terraform's warning that
// development overrides are in effect, which is how the tests run the
// provider, is not the provider's: it is left out.
func Warnings(tb testing.TB, diags []Diagnostic) []Diagnostic {
	tb.Helper()
	var out []Diagnostic
	for _, d := range diags {
		switch {
		case d.Summary == "Provider development overrides are in effect":
		case d.Severity != "warning":
			tb.Errorf("%s %q: %s", d.Severity, d.Summary, d.Detail)
		default:
			out = append(out, d)
		}
	}
	return out
}

// PlanJSON runs terraform plan -json and returns its diagnostics and the
// action planned for each resource, by address ("create", "update",
// "replace", ...; a resource without changes has none).
func (c *CLI) PlanJSON(tb testing.TB) ([]Diagnostic, map[string]string) {
	tb.Helper()
	var diags []Diagnostic
	actions := map[string]string{}
	for line := range strings.Lines(c.MustRun(tb, "plan", "-json")) {
		var msg struct {
			Type       string
			Diagnostic Diagnostic
			Change     struct {
				Resource struct{ Addr string }
				Action   string
			}
		}
		if err := json.Unmarshal([]byte(line), &msg); err != nil {
			tb.Fatalf("plan -json line %q: %v", line, err)
		}
		switch msg.Type {
		case "diagnostic":
			diags = append(diags, msg.Diagnostic)
		case "planned_change":
			actions[msg.Change.Resource.Addr] = msg.Change.Action
		}
	}
	return diags, actions
}
