// Package check holds the checks that the acceptance tests of every
// service share: paths and values of the state, error patterns, plan-time
// errors that send no request, changes made outside Terraform, import
// verification, and Lifecycle, the common shape of a resource's
// acceptance test. A service's tests call these; they do not keep copies.
package check

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// Path is the path of an attribute, and of keys within it.
func Path(names ...string) tfjsonpath.Path {
	p := tfjsonpath.New(names[0])
	for _, n := range names[1:] {
		p = p.AtMapKey(n)
	}
	return p
}

// Str checks a string value exactly.
func Str(v string) knownvalue.Check { return knownvalue.StringExact(v) }

// StrList checks a list of strings exactly, in order.
func StrList(v ...string) knownvalue.Check { return knownvalue.ListExact(strs(v)) }

// StrSet checks a set of strings exactly.
func StrSet(v ...string) knownvalue.Check { return knownvalue.SetExact(strs(v)) }

// StrMap checks a map of strings exactly.
func StrMap(m map[string]string) knownvalue.Check {
	checks := make(map[string]knownvalue.Check, len(m))
	for k, v := range m {
		checks[k] = Str(v)
	}
	return knownvalue.MapExact(checks)
}

// strs are the checks of each of v.
func strs(v []string) []knownvalue.Check {
	checks := make([]knownvalue.Check, len(v))
	for i, s := range v {
		checks[i] = Str(s)
	}
	return checks
}

// Wrapped matches an error message that Terraform may have wrapped: each
// space of pattern (a regular expression) matches any run of white space,
// and "." matches newlines.
func Wrapped(pattern string) *regexp.Regexp {
	return regexp.MustCompile(`(?s)` + strings.ReplaceAll(pattern, " ", `\s+`))
}

// Literal is Wrapped for plain text.
func Literal(text string) *regexp.Regexp { return Wrapped(quoted(text)) }

// quoted is the pattern of Wrapped that matches text.
func quoted(text string) string { return regexp.QuoteMeta(strings.Join(strings.Fields(text), " ")) }

// Counted is a test's service whose requests the emulator counts: an
// acctest.Scheduler, Secrets or Platform.
type Counted interface {
	// Stats is false when the test targets a real server.
	Stats() (emulator.Stats, bool)
	RequestsSince(before emulator.Stats) map[string]int64
}

// PlanError is a configuration that planning must refuse with an error
// matching Want.
type PlanError struct {
	Config string
	Want   *regexp.Regexp
}

// PlanErrors plans each case, and checks that no request reached the
// emulator meanwhile: plan-time errors come from the provider, not the
// service. svc must be an emulator.
func PlanErrors(t *testing.T, svc Counted, cases []PlanError) {
	t.Helper()
	before, ok := svc.Stats()
	if !ok {
		t.Fatal("PlanErrors counts requests: it needs an emulator")
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps:                    planErrorSteps(cases),
	})
	NoRequestsSince(t, svc, before)
}

func planErrorSteps(cases []PlanError) []resource.TestStep {
	steps := make([]resource.TestStep, 0, len(cases))
	for _, c := range cases {
		steps = append(steps, resource.TestStep{Config: c.Config, PlanOnly: true, ExpectError: c.Want})
	}
	return steps
}

// SlipRefused are the steps that show a slip in a closed list refused at
// plan on a live object, whose change of the value would replace it: the
// server would refuse the slip only after the apply had destroyed the
// object. config(good) is applied; config(slip) is refused with want
// before any request reaches the emulator; and config(good), planned
// again, finds the object as it was. svc must be an emulator.
func SlipRefused(t *testing.T, svc Counted, config func(value string) string, good, slip string, want *regexp.Regexp) []resource.TestStep {
	var before emulator.Stats
	return []resource.TestStep{
		{Config: config(good)},
		{
			PreConfig: func() {
				var ok bool
				if before, ok = svc.Stats(); !ok {
					t.Fatal("SlipRefused counts requests: it needs an emulator")
				}
			},
			Config:      config(slip),
			ExpectError: want,
		},
		{
			// The refresh finds the object, and plans nothing.
			PreConfig: func() { NoRequestsSince(t, svc, before) },
			Config:    config(good), PlanOnly: true,
		},
	}
}

// NoRequestsSince fails the test if the emulator counted a request since
// before.
func NoRequestsSince(t testing.TB, svc Counted, before emulator.Stats) {
	t.Helper()
	if sent := svc.RequestsSince(before); len(sent) != 0 {
		t.Errorf("requests reached the emulator, want none: %v", sent)
	}
}

// OutOfBand is a step's PreConfig that changes the service outside
// Terraform, with the test's own client.
func OutOfBand[C any](t *testing.T, clientOf func(testing.TB) C, change func(ctx context.Context, c C) error) func() {
	return func() {
		t.Helper()
		if err := change(context.Background(), clientOf(t)); err != nil {
			t.Fatal(err)
		}
	}
}

// Import imports addr by id, and compares the result with the state but
// for ignore, what the server cannot return.
func Import(addr, id string, ignore ...string) resource.TestStep {
	return resource.TestStep{
		ResourceName:            addr,
		ImportState:             true,
		ImportStateId:           id,
		ImportStateVerify:       true,
		ImportStateVerifyIgnore: ignore,
	}
}

// ImportByName is Import of an object that its name identifies, as the
// state's "name", when it has no "id".
func ImportByName(addr, id string, ignore ...string) resource.TestStep {
	step := Import(addr, id, ignore...)
	step.ImportStateVerifyIdentifierAttribute = "name"
	return step
}

// OnServer checks an object the service holds, read with the test's own
// client.
func OnServer[C, T any](t *testing.T, clientOf func(testing.TB) C, read func(ctx context.Context, c C) (*T, error), check func(*T) error) resource.TestCheckFunc {
	return func(*terraform.State) error {
		got, err := read(context.Background(), clientOf(t))
		if err != nil {
			return err
		}
		return check(got)
	}
}

// Gone checks that a read, with the test's own client, finds nothing.
func Gone[C any](t *testing.T, clientOf func(testing.TB) C, what string, read func(ctx context.Context, c C) error) resource.TestCheckFunc {
	return func(*terraform.State) error {
		err := read(context.Background(), clientOf(t))
		switch {
		case err == nil:
			return fmt.Errorf("%s still exists", what)
		case client.IsNotFound(err):
			return nil
		}
		return err
	}
}

// StateValue reads an attribute of a resource from the state, for checks
// that need a value the service chose, such as an ID.
func StateValue(s *terraform.State, addr, name string) (string, error) {
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

// IDKept records the ID of the resource at addr in *id, or checks that it
// is still the one recorded: an update, not a replacement.
func IDKept(addr string, id *string) resource.TestCheckFunc {
	return Kept(addr, "id", id)
}

// Kept is IDKept for the attribute name.
func Kept(addr, name string, id *string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		got, err := StateValue(s, addr, name)
		switch {
		case err != nil:
			return err
		case *id == "":
			*id = got
		case got != *id:
			return fmt.Errorf("the %s of %s is %s, want %s: it was replaced", name, addr, got, *id)
		}
		return nil
	}
}

// Differences lists, sorted, what differs between got and want, each
// compared by its fmt.Sprint form.
func Differences(got, want map[string]any) error {
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

// Ptr is a pointer to v, for the clients' options.
func Ptr[T any](v T) *T { return &v }
