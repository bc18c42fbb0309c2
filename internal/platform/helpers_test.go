package platform_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
)

// idOf checks an ID of the kind prefix names.
func idOf(prefix string) knownvalue.Check {
	return knownvalue.StringRegexp(regexp.MustCompile(`^` + prefix + `-[1-9A-HJ-NP-Za-km-z]{16}$`))
}

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
