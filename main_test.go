package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
)

// TestProviderLogsOnlyWhenTerraformLogs applies an auth method with and
// without TF_LOG and reads what the provider wrote to standard error:
// without TF_LOG, Terraform would throw the provider's log lines away, so
// the provider must not write them; with TF_LOG=debug, it must.
func TestProviderLogsOnlyWhenTerraformLogs(t *testing.T) {
	acctest.SkipUnlessAcceptance(t)
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "TF_LOG") {
			t.Setenv(name, "") // restores it after the test
			if err := os.Unsetenv(name); err != nil {
				t.Fatal(err)
			}
		}
	}
	s := acctest.NewScheduler(t)
	for _, tc := range []struct {
		name      string
		env       map[string]string
		wantLines bool
	}{
		{name: "no TF_LOG", env: nil, wantLines: false},
		{name: "TF_LOG=debug", env: map[string]string{"TF_LOG": "debug"}, wantLines: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cli := acctest.NewCLI(t, tc.env)
			stderr := cli.ProviderStderr(t)
			cli.WriteConfig(t, s.ProviderConfig()+fmt.Sprintf(`
resource "stack_scheduler_acl_auth_method" "m" {
  name           = %q
  type           = "OIDC"
  token_locality = "local"
  max_token_ttl  = "1h"
  config = {
    oidc_discovery_url    = "https://idp.example.com"
    oidc_client_id        = "client"
    oidc_client_secret    = "secret"
    allowed_redirect_uris = ["http://localhost/cb"]
  }
}
`, tfacctest.RandomWithPrefix("quiet")))
			cli.MustRun(t, "apply", "-auto-approve")
			cli.MustRun(t, "destroy", "-auto-approve")

			raw, err := os.ReadFile(stderr)
			if err != nil {
				t.Fatal(err)
			}
			var providerLines []string
			for line := range strings.Lines(string(raw)) {
				if strings.Contains(line, `"@module":"stack`) {
					providerLines = append(providerLines, line)
				}
			}
			if tc.wantLines && !strings.Contains(strings.Join(providerLines, ""), "Sending HTTP request") {
				t.Fatalf("with TF_LOG=debug the provider logged no request; it wrote:\n%s", raw)
			}
			if !tc.wantLines && len(providerLines) > 0 {
				t.Fatalf("without TF_LOG the provider wrote %d log lines, such as:\n%s", len(providerLines), providerLines[0])
			}
		})
	}
}

// TestMirrorInstallInits lays the provider out as `make install` does, into
// a scratch home directory, and runs `init` with the CLI configuration that
// README.md shows for the filesystem mirror, on a configuration that uses
// this provider and a built-in one: the README's configuration and the
// install script's layout must agree, for whichever engine runs the tests.
// Any attempt to reach a registry fails, through a proxy that is not there.
func TestMirrorInstallInits(t *testing.T) {
	acctest.SkipUnlessAcceptance(t)
	engine, err := acctest.TerraformPath()
	if err != nil {
		t.Fatal(err)
	}
	home, gobin := t.TempDir(), t.TempDir()

	// A scratch HOME would also move Go's caches and settings, which
	// default to directories under it: keep them where they are.
	goEnv := map[string]string{}
	for _, name := range []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOENV"} {
		out, err := exec.Command("go", "env", name).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", name, err)
		}
		goEnv[name] = strings.TrimSpace(string(out))
	}
	goEnv["HOME"], goEnv["GOBIN"] = home, gobin
	install := exec.Command("scripts/install.sh")
	install.Env = environ(goEnv, "MIRROR", "VERSION")
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("scripts/install.sh: %v\n%s", err, out)
	}
	built, err := os.ReadFile(filepath.Join(gobin, "terraform-provider-stack"))
	if err != nil {
		t.Fatalf("make install left no binary in GOBIN: %v", err)
	}

	mirror := filepath.Join(home, ".terraform.d", "plugins")
	versions, err := filepath.Glob(filepath.Join(mirror, acctest.RegistryHosts[0], acctest.ProviderSource, "*"))
	if err != nil || len(versions) != 1 {
		t.Fatalf("want one version of the provider in the mirror %s, found %q (%v)", mirror, versions, err)
	}
	version := filepath.Base(versions[0])
	for _, host := range acctest.RegistryHosts {
		bin := filepath.Join(mirror, host, acctest.ProviderSource, version, runtime.GOOS+"_"+runtime.GOARCH, "terraform-provider-stack_v"+version)
		laid, err := os.ReadFile(bin)
		if err != nil {
			t.Fatalf("the mirror lacks the provider under %s: %v", host, err)
		}
		if !bytes.Equal(laid, built) {
			t.Fatalf("%s is not the binary make install built", bin)
		}
	}

	rc := filepath.Join(t.TempDir(), "stack-mirror.tfrc")
	if err := os.WriteFile(rc, []byte(readmeMirrorConfig(t, home)), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	err = os.WriteFile(filepath.Join(dir, "main.tf"), []byte(fmt.Sprintf(`terraform {
  required_providers {
    stack = { source = %q }
  }
}

provider "stack" {}

resource "terraform_data" "beside" {}
`, acctest.ProviderSource)), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(engine, args...)
		cmd.Dir = dir
		cmd.Env = environ(map[string]string{
			"HOME":               home,
			"TF_CLI_CONFIG_FILE": rc,
			"CHECKPOINT_DISABLE": "1",
			"HTTPS_PROXY":        "http://127.0.0.1:1",
			"HTTP_PROXY":         "http://127.0.0.1:1",
		}, "TF_PLUGIN_CACHE_DIR", "TF_REATTACH_PROVIDERS", "NO_PROXY", "no_proxy", "https_proxy", "http_proxy")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", engine, strings.Join(args, " "), err, out)
		}
		return string(out)
	}

	run("init", "-input=false", "-no-color")
	name, _, _ := strings.Cut(run("version"), " ")
	host := acctest.RegistryHosts[0]
	if name == "OpenTofu" {
		host = acctest.RegistryHosts[1]
	}
	var v struct {
		ProviderSelections map[string]string `json:"provider_selections"`
	}
	if err := json.Unmarshal([]byte(run("version", "-json")), &v); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{host + "/" + acctest.ProviderSource: version}
	if !maps.Equal(v.ProviderSelections, want) {
		t.Fatalf("%s selected %v, want %v", name, v.ProviderSelections, want)
	}
	// validate starts the provider for its schema: the mirror's binary runs.
	if out := run("validate", "-no-color"); !strings.Contains(out, "The configuration is valid") {
		t.Fatalf("validate said:\n%s", out)
	}
}

// readmeMirrorConfig is the CLI configuration of README.md's filesystem
// mirror snippet: the here-document of the shell block that sets up a
// filesystem_mirror, with $HOME as the shell would expand it.
func readmeMirrorConfig(t *testing.T, home string) string {
	t.Helper()
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, block := range strings.Split(string(readme), "```shell\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		if !strings.Contains(block, "filesystem_mirror") {
			continue
		}
		_, doc, found := strings.Cut(block, "<<RC\n")
		doc, _, closed := strings.Cut(doc, "\nRC\n")
		if !found || !closed {
			t.Fatalf("README.md's filesystem_mirror block has no <<RC here-document:\n%s", block)
		}
		doc = strings.ReplaceAll(doc, "$HOME", home)
		if strings.Contains(doc, "$") {
			t.Fatalf("README.md's CLI configuration expands more than $HOME:\n%s", doc)
		}
		return doc + "\n"
	}
	t.Fatal("README.md has no shell block with a filesystem_mirror")
	return ""
}

// environ is the process environment without the variables named in drop,
// with set's values in place of the process's own.
func environ(set map[string]string, drop ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if _, ok := set[name]; !ok && !slices.Contains(drop, name) {
			env = append(env, kv)
		}
	}
	for name, value := range set {
		env = append(env, name+"="+value)
	}
	return env
}
