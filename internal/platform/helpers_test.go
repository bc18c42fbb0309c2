package platform_test

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// idOf checks an ID of the kind prefix names.
func idOf(prefix string) knownvalue.Check {
	return knownvalue.StringRegexp(regexp.MustCompile(`^` + prefix + `-[1-9A-HJ-NP-Za-km-z]{16}$`))
}

// stateIs checks the attributes of addr in the state, each by its check.
func stateIs(addr string, want map[string]knownvalue.Check) []statecheck.StateCheck {
	checks := make([]statecheck.StateCheck, 0, len(want))
	for name, c := range want {
		checks = append(checks, statecheck.ExpectKnownValue(addr, check.Path(name), c))
	}
	return checks
}

// elevenTagBindings is one tag binding more than the platform takes.
var elevenTagBindings = func() string {
	var pairs []string
	for i := range 11 {
		pairs = append(pairs, fmt.Sprintf("k%d = \"v\"", i))
	}
	return "tag_bindings = { " + strings.Join(pairs, ", ") + " }"
}()

// notVisibleHint is the client's wording of a 404, which says that the
// token may not see the object.
const notVisibleHint = "the platform answers 404 both for an object that does not exist and for one that the token may not see"

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
	if sent := p.RequestsSince(before); !maps.Equal(sent, want) {
		t.Errorf("the read sent %v, want %v", sent, want)
	}
	var state struct {
		Outputs map[string]struct{ Value json.RawMessage } `json:"outputs"`
	}
	cli.DecodeState(t, &state)
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

// expiresByDefault checks that the expiry of the resource at addr is the
// platform's default for a token created without one: two years ahead.
func expiresByDefault(addr string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		v, err := check.StateValue(s, addr, "expired_at")
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

// merged is a copy of base with over's checks in place of its own.
func merged(base, over map[string]knownvalue.Check) map[string]knownvalue.Check {
	out := make(map[string]knownvalue.Check, len(base))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		out[k] = v
	}
	return out
}

// holds checks the object that the platform holds under the ID of addr in
// the state: fields reads it with the test's own client and gives its
// fields by name, those of want each compared with want's
// (check.Differences).
func holds(t *testing.T, p *acctest.Platform, addr string, want map[string]any,
	fields func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error),
) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		id, err := check.StateValue(s, addr, "id")
		if err != nil {
			return err
		}
		got, err := fields(context.Background(), p.Client(t), id)
		if err != nil {
			return err
		}
		return check.Differences(got, want)
	}
}

// refreshCase is an object whose refresh refreshes shows.
type refreshCase struct {
	// addr is the resource's address in config's configuration, and noun
	// the object's name in the provider's messages.
	addr, noun string
	// read is the route of the refresh's one read, and idPrefix the
	// prefix of the object's IDs, which the read's path holds.
	read, idPrefix string
	// listed, when set, is the route of the organization's list, which
	// answers the refresh instead of the read while the provider has not
	// written (see the platform client's readCache); the read is still
	// what finds the object gone.
	listed string
	// config is the object's configuration after the provider block
	// provider.
	config func(provider string) string
	// deleteElsewhere deletes the object outside Terraform.
	deleteElsewhere func(ctx context.Context, c *platformclient.Client, org string) error
}

// refreshes runs Terraform itself, since the test harness drops warnings,
// to show what a refresh of c's object does: it reads the object with one
// request (its read, or its organization's list); with a token that sees no organization at all, it fails, and
// the resource stays in the state; and when the object is deleted
// elsewhere, it forgets the object with a warning that says the token may
// be why, and the plan creates it again.
func refreshes(t *testing.T, c refreshCase) {
	t.Helper()
	t.Parallel()
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, c.config(p.ProviderConfig()))
	cli.MustRun(t, "apply", "-auto-approve")

	before := p.Emulator.Stats()
	diags, actions := cli.PlanJSON(t)
	want := map[string]int64{"GET /api/v2/ping": 1, cmp.Or(c.listed, c.read): 1}
	if sent := p.RequestsSince(before); !maps.Equal(sent, want) {
		t.Errorf("the refresh sent %v, want %v", sent, want)
	}
	if len(actions) != 0 || len(acctest.Warnings(t, diags)) != 0 {
		t.Errorf("a plan without changes planned %v, with diagnostics %v", actions, diags)
	}

	cli.WriteConfig(t, c.config(p.ProviderConfigWith(p.MintUserToken(t), p.Organization)))
	if code, out := cli.Run(t, "plan"); code == 0 || !check.Wrapped(`Cannot read the `+c.noun+`.*sees no organization at all.*The resource stays in the state`).MatchString(out) {
		t.Errorf("a plan with a token that sees nothing exited %d:\n%s", code, out)
	}

	cli.WriteConfig(t, c.config(p.ProviderConfig()))
	check.OutOfBand(t, p.Client, func(ctx context.Context, client *platformclient.Client) error {
		return c.deleteElsewhere(ctx, client, p.Organization)
	})()
	diags, actions = cli.PlanJSON(t)
	got := acctest.Warnings(t, diags)
	path := strings.Replace(strings.TrimPrefix(c.read, "GET "), "{id}", c.idPrefix+"-", 1)
	if len(got) != 1 || got[0].Summary != strings.ToUpper(c.noun[:1])+c.noun[1:]+" not found: removed from the state" ||
		!strings.HasPrefix(got[0].Detail, "The refresh did not find the "+c.noun+", so Terraform forgets it and plans to create it again. "+
			"If it still exists and only the provider's token may not see it, give the token access instead of applying.\n\nServer said: GET http://") ||
		!strings.Contains(got[0].Detail, path) || !strings.Contains(got[0].Detail, ": 404 Not Found: ") || !strings.Contains(got[0].Detail, notVisibleHint) {
		t.Errorf("warnings %+v, want one that the %s was not found, which the token may be why", got, c.noun)
	}
	if actions[c.addr] != "create" {
		t.Errorf("planned %v, want the %s created", actions, c.noun)
	}
}
