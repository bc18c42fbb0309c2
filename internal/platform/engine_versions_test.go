package platform_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// What the lifecycle tests of the engines' versions share: each
// engine's test file runs its check.Lifecycle with the phases an
// engineVersionCase gives.
type engineVersionCase struct {
	p *acctest.Platform
	// typ is the resource type, and object its object in messages.
	typ, object string
	calls       func(c *platformclient.Client) *platformclient.EngineVersions
	// version is a version number no other test uses, and example the
	// one of the import ID's refusal.
	version, example string
}

// run runs the engine's check.Lifecycle, lc, which gives its Address,
// with every phase of the case.
func (e engineVersionCase) run(t *testing.T, lc check.Lifecycle[*platformclient.Client]) {
	lc.Service, lc.Client, lc.FreshID = e.p, e.p.Client, true
	lc.PlanErrors = e.planErrors()
	of := "a " + e.object
	if strings.HasPrefix(e.object, "O") {
		of = "an " + e.object
	}
	lc.ImportErrors = []check.ImportError{{ID: "a/b", Want: check.Literal(fmt.Sprintf(
		`The import ID of %s is its ID, tool- and 16 characters of the base58 alphabet, or its version, such as %s; got "a/b".`, of, e.example))}}
	lc.Create, lc.Update, lc.Imports = e.create(t), e.update(t), e.imports()
	lc.OutOfBandChange, lc.OutOfBandDelete = e.outOfBandChange(t), e.outOfBandDelete(t)
	lc.Run(t)
}

func (e engineVersionCase) addr() string { return e.typ + ".test" }

// config is the version's configuration, with archs of the builds given
// as os/arch pairs.
func (e engineVersionCase) config(version, body string, builds ...string) string {
	archs := ""
	for _, b := range builds {
		archs += fmt.Sprintf("    { url = %q, sha = \"abc\", os = %q, arch = %q },\n", "https://example.com/"+version+"/"+b, "linux", b)
	}
	return e.p.ProviderConfig() + fmt.Sprintf(`
resource %q "test" {
  version = %q
  archs = [
%s  ]
  %s
}
`, e.typ, version, archs, body)
}

// is checks the version the platform holds under the ID in the state.
func (e engineVersionCase) is(t *testing.T, want map[string]any) resource.TestCheckFunc {
	return holds(t, e.p, e.addr(), want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		v, err := e.calls(c).Read(ctx, id)
		if err != nil {
			return nil, err
		}
		return map[string]any{"version": v.Version, "url": v.URL, "enabled": v.Enabled, "deprecated": v.Deprecated, "archs": len(v.Archs)}, nil
	})
}

func (e engineVersionCase) planErrors() []check.PlanError {
	return []check.PlanError{
		{Config: e.config(" ", "", "amd64"), Want: check.Literal(`Attribute version must not be blank, got:`)},
		{Config: e.config(e.version, ""), Want: check.Literal(`Attribute archs list must contain at least 1 elements, got: 0`)},
		{Config: e.config(e.version, `deprecated_reason = "old"`, "amd64"),
			Want: check.Literal(`deprecated_reason requires deprecated = true: the platform keeps no reason for a version that is not deprecated.`)},
	}
}

func (e engineVersionCase) create(t *testing.T) check.Step {
	url := "https://example.com/" + e.version + "/amd64"
	return check.Step{
		Config: e.config(e.version, "", "amd64", "arm64"),
		// url and sha are the linux/amd64 build's, known in the plan.
		PlanChecks: []plancheck.PlanCheck{
			plancheck.ExpectKnownValue(e.addr(), check.Path("url"), check.Str(url)),
			plancheck.ExpectKnownValue(e.addr(), check.Path("enabled"), knownvalue.Bool(true)),
		},
		StateChecks: stateIs(e.addr(), map[string]knownvalue.Check{
			"id": idOf("tool"), "version": check.Str(e.version), "url": check.Str(url), "sha": check.Str("abc"),
			"official": knownvalue.Bool(false), "enabled": knownvalue.Bool(true), "beta": knownvalue.Bool(false),
			"deprecated": knownvalue.Bool(false), "deprecated_reason": knownvalue.Null(), "usage": knownvalue.Int64Exact(0),
		}),
		Check: e.is(t, map[string]any{"version": e.version, "url": url, "enabled": true, "archs": 2}),
	}
}

// update deprecates the version, and drops its linux/amd64 build: url and
// sha are then null, as planned.
func (e engineVersionCase) update(t *testing.T) check.Step {
	return check.Step{
		Config:     e.config(e.version+"-1", "deprecated = true\n  deprecated_reason = \"old\"\n  enabled = false", "arm64"),
		PlanChecks: []plancheck.PlanCheck{plancheck.ExpectKnownValue(e.addr(), check.Path("url"), knownvalue.Null())},
		StateChecks: stateIs(e.addr(), map[string]knownvalue.Check{
			"version": check.Str(e.version + "-1"), "url": knownvalue.Null(), "sha": knownvalue.Null(), "deprecated_reason": check.Str("old"),
		}),
		Check: e.is(t, map[string]any{"version": e.version + "-1", "url": "", "enabled": false, "deprecated": true, "archs": 1}),
	}
}

func (e engineVersionCase) imports() []check.ImportID {
	return []check.ImportID{
		{ID: func(id string) string { return id }},
		{ID: func(string) string { return e.version + "-1" }},
	}
}

func (e engineVersionCase) outOfBandChange(t *testing.T) check.Change[*platformclient.Client] {
	return check.Change[*platformclient.Client]{
		Do: func(ctx context.Context, c *platformclient.Client, id string) error {
			_, err := e.calls(c).Update(ctx, id, platformclient.EngineVersionOptions{Enabled: check.Ptr(true), URL: check.Ptr("https://elsewhere.example.com")})
			return err
		},
		Step: check.Step{
			Config: e.config(e.version+"-1", "deprecated = true\n  deprecated_reason = \"old\"\n  enabled = false", "arm64"),
			Check:  e.is(t, map[string]any{"url": "", "enabled": false, "archs": 1}),
		},
	}
}

func (e engineVersionCase) outOfBandDelete(t *testing.T) check.Change[*platformclient.Client] {
	return check.Change[*platformclient.Client]{
		Do: func(ctx context.Context, c *platformclient.Client, id string) error {
			return e.calls(c).Delete(ctx, id)
		},
		Step: check.Step{
			Config: e.config(e.version+"-1", "", "amd64"),
			Check:  e.is(t, map[string]any{"version": e.version + "-1", "enabled": true, "archs": 1}),
		},
	}
}
