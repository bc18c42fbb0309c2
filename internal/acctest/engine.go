package acctest

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// Engine is the engine that the acceptance tests run (see TerraformPath):
// which one, and its version.
type Engine struct {
	OpenTofu bool
	Version  *version.Version
}

var engine = sync.OnceValues(func() (Engine, error) {
	path, err := TerraformPath()
	if err != nil {
		return Engine{}, err
	}
	out, err := exec.Command(path, "version", "-json").Output()
	if err != nil {
		return Engine{}, err
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		return Engine{}, err
	}
	text, err := exec.Command(path, "version").Output()
	if err != nil {
		return Engine{}, err
	}
	ver, err := version.NewVersion(v.Version)
	return Engine{OpenTofu: strings.HasPrefix(string(text), "OpenTofu"), Version: ver}, err
})

// TestEngine is the engine that the acceptance tests run.
func TestEngine(tb testing.TB) Engine {
	tb.Helper()
	e, err := engine()
	if err != nil {
		tb.Fatalf("the engine's version: %v", err)
	}
	return e
}

// KeepsIdentity says whether the engine keeps resource identities and
// imports by them: Terraform 1.12 and later. The project tests identity on
// Terraform alone (make test-terraform-latest).
func (e Engine) KeepsIdentity() bool {
	return !e.OpenTofu && e.Version.Core().GreaterThanOrEqual(version.Must(version.NewVersion("1.12.0")))
}

// NeedsIdentity skips a test of resource identity alone where the engine
// keeps none (Terraform before 1.12, OpenTofu): the one reason a test may
// skip. Without TF_ACC, the acceptance test skips itself.
func NeedsIdentity(t *testing.T) {
	t.Helper()
	if os.Getenv("TF_ACC") != "" && !TestEngine(t).KeepsIdentity() {
		t.Skip("resource identity needs Terraform 1.12 or later, which keeps identities and imports by them; OpenTofu keeps none")
	}
}

// Queries says whether the engine runs list blocks (terraform query):
// Terraform 1.14 and later.
func (e Engine) Queries() bool {
	return !e.OpenTofu && e.Version.Core().GreaterThanOrEqual(version.Must(version.NewVersion("1.14.0")))
}

// IdentityAttributes are the names of the identity attributes of the
// resource type typeName, as the provider served in process answers
// Terraform's GetResourceIdentitySchemas, in sorted order.
func IdentityAttributes(tb testing.TB, typeName string) []string {
	tb.Helper()
	server, err := ProviderFactories["stack"]()
	if err != nil {
		tb.Fatal(err)
	}
	resp, err := server.GetResourceIdentitySchemas(context.Background(), &tfprotov6.GetResourceIdentitySchemasRequest{})
	if err != nil {
		tb.Fatal(err)
	}
	check(tb, "GetResourceIdentitySchemas", resp.Diagnostics)
	s := resp.IdentitySchemas[typeName]
	if s == nil {
		tb.Fatalf("%s has no identity schema", typeName)
	}
	var names []string
	for _, a := range s.IdentityAttributes {
		names = append(names, a.Name)
	}
	slices.Sort(names)
	return names
}
