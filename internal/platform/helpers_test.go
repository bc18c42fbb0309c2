package platform_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

func attr(names ...string) tfjsonpath.Path {
	p := tfjsonpath.New(names[0])
	for _, n := range names[1:] {
		p = p.AtMapKey(n)
	}
	return p
}

func str(v string) knownvalue.Check { return knownvalue.StringExact(v) }

// idOf checks an ID of the kind prefix names.
func idOf(prefix string) knownvalue.Check {
	return knownvalue.StringRegexp(regexp.MustCompile(`^` + prefix + `-[1-9A-HJ-NP-Za-km-z]{16}$`))
}

// wrapped matches an error message that Terraform may have wrapped: each
// space of pattern (a regular expression) matches any run of white space,
// and "." matches newlines.
func wrapped(pattern string) *regexp.Regexp {
	return regexp.MustCompile(`(?s)` + strings.ReplaceAll(pattern, " ", `\s+`))
}

// literal is wrapped for plain text.
func literal(text string) *regexp.Regexp {
	return wrapped(regexp.QuoteMeta(strings.Join(strings.Fields(text), " ")))
}

// notVisibleHint is the client's wording of a 404, which says that the
// token may not see the object.
const notVisibleHint = "the platform answers 404 both for an object that does not exist and for one that the token may not see"

// planErrorCase is a configuration that planning must refuse with an error
// matching want.
type planErrorCase struct {
	config string
	want   *regexp.Regexp
}

// testPlanErrors plans each case, and checks that no request reached the
// emulator meanwhile: plan-time errors come from the provider, not the
// platform.
func testPlanErrors(t *testing.T, p *acctest.Platform, cases []planErrorCase) {
	t.Helper()
	steps := make([]resource.TestStep, 0, len(cases))
	for _, c := range cases {
		steps = append(steps, resource.TestStep{Config: c.config, PlanOnly: true, ExpectError: c.want})
	}
	before := p.Emulator.Stats()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps:                    steps,
	})
	if sent := requestsSince(p, before); len(sent) != 0 {
		t.Errorf("requests reached the emulator, want none: %v", sent)
	}
}

// requestsSince returns the requests the emulator counted since before,
// by route, leaving out the routes it saw no more of.
func requestsSince(p *acctest.Platform, before emulator.Stats) map[string]int64 {
	sent := map[string]int64{}
	for route, n := range p.Emulator.Stats().Requests {
		if d := n - before.Requests[route]; d != 0 {
			sent[route] = d
		}
	}
	return sent
}

// readOnce applies config, whose data sources read lists, once through
// the Terraform CLI, so that the requests counted are those of one read,
// checks that they were exactly want (by route), and returns the root
// module's outputs.
func readOnce(t *testing.T, p *acctest.Platform, config string, want map[string]int64) map[string]json.RawMessage {
	t.Helper()
	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, p.ProviderConfig()+config)
	before := p.Emulator.Stats()
	cli.MustRun(t, "apply", "-auto-approve")
	if sent := requestsSince(p, before); !maps.Equal(sent, want) {
		t.Errorf("the read sent %v, want %v", sent, want)
	}
	raw, err := os.ReadFile(filepath.Join(cli.Dir, "terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	var state struct {
		Outputs map[string]struct{ Value json.RawMessage } `json:"outputs"`
	}
	if err := json.Unmarshal(raw, &state); err != nil {
		t.Fatal(err)
	}
	outputs := map[string]json.RawMessage{}
	for name, o := range state.Outputs {
		outputs[name] = o.Value
	}
	return outputs
}

// output decodes the output of readOnce named name.
func output[T any](t *testing.T, outputs map[string]json.RawMessage, name string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(outputs[name], &v); err != nil {
		t.Fatalf("output %s = %s: %v", name, outputs[name], err)
	}
	return v
}

// outOfBand is a step's PreConfig that changes the platform outside
// Terraform.
func outOfBand(t *testing.T, p *acctest.Platform, change func(ctx context.Context, c *platformclient.Client) error) func() {
	return func() {
		t.Helper()
		if err := change(context.Background(), p.Client(t)); err != nil {
			t.Fatal(err)
		}
	}
}

// onServer checks an object the platform holds, read with the test's own
// client.
func onServer[T any](t *testing.T, p *acctest.Platform, read func(ctx context.Context, c *platformclient.Client) (*T, error), check func(*T) error) resource.TestCheckFunc {
	return func(*terraform.State) error {
		got, err := read(context.Background(), p.Client(t))
		if err != nil {
			return err
		}
		return check(got)
	}
}

// gone checks that a read finds nothing.
func gone(t *testing.T, p *acctest.Platform, what string, read func(ctx context.Context, c *platformclient.Client) error) resource.TestCheckFunc {
	return func(*terraform.State) error {
		err := read(context.Background(), p.Client(t))
		switch {
		case err == nil:
			return fmt.Errorf("%s still exists", what)
		case client.IsNotFound(err):
			return nil
		}
		return err
	}
}

// stateValue reads an attribute of a resource from the state, for checks
// that need a value the platform chose, such as an ID.
func stateValue(s *terraform.State, addr, name string) (string, error) {
	rs, ok := s.RootModule().Resources[addr]
	if !ok {
		return "", fmt.Errorf("no %s in the state", addr)
	}
	v, ok := rs.Primary.Attributes[name]
	if !ok {
		return "", fmt.Errorf("%s has no %s in the state", addr, name)
	}
	return v, nil
}

// differences lists, sorted, what differs between got and want.
func differences(got, want map[string]any) error {
	var problems []string
	for _, k := range slices.Sorted(maps.Keys(want)) {
		if g := got[k]; fmt.Sprint(g) != fmt.Sprint(want[k]) {
			problems = append(problems, fmt.Sprintf("%s is %v, want %v", k, g, want[k]))
		}
	}
	if problems != nil {
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

func ptr[T any](v T) *T { return &v }

// idKept records the ID of the resource at addr in *id, or checks that it
// is still the one recorded: an update, not a replacement.
func idKept(addr string, id *string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		got, err := stateValue(s, addr, "id")
		switch {
		case err != nil:
			return err
		case *id == "":
			*id = got
		case got != *id:
			return fmt.Errorf("the ID of %s is %s, want %s: it was replaced", addr, got, *id)
		}
		return nil
	}
}

// expiresByDefault checks that the expiry of the resource at addr is the
// platform's default for a token created without one: two years ahead.
func expiresByDefault(addr string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		v, err := stateValue(s, addr, "expired_at")
		if err != nil {
			return err
		}
		return twoYearsAhead(v)
	}
}

// twoYearsAhead says what is wrong with an expiry that should be the
// platform's default, two years from now, give or take an hour.
func twoYearsAhead(v string) error {
	expiry, err := time.Parse(time.RFC3339, v)
	if want := time.Now().AddDate(2, 0, 0); err != nil || expiry.Before(want.Add(-time.Hour)) || expiry.After(want.Add(time.Hour)) {
		return fmt.Errorf("expired_at %q, want the platform's default, two years ahead (%w)", v, err)
	}
	return nil
}
