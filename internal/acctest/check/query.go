package check

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
)

// Query is the common shape of a list resource's acceptance test, as a
// table: list blocks of the resource's type, each with its filters, whose
// query must find exactly the objects of the given identities, with the
// display name and, with include_resource, the values of the first; and
// list blocks whose query fails, each with its error. Run runs them as one
// parallel test, with `terraform query`, on Terraform 1.14 and later, the
// engines that have list blocks: on any other, the test is skipped,
// saying why.
type Query struct {
	// Type is the resource's type, such as stack_platform_workspace.
	Type string
	// Config is the query configuration to which the list blocks are
	// added: the provider's block.
	Config string
	// Lists are the queries that succeed, run as one.
	Lists []Listed
	// Errors are the queries that fail, each on its own.
	Errors []Refusal
}

// Listed is one list block of Query, labeled Label, whose config block
// holds Args.
type Listed struct {
	Label string
	Args  Args
	// Found are the identities of the objects the query finds, each an
	// identity's values by attribute: exactly these, in any order; the
	// first is the one whose display name and values are checked.
	Found []map[string]knownvalue.Check
	// DisplayName is the display name of Found's first.
	DisplayName string
	// Resource, when set, asks for the resources (include_resource) and
	// holds the values of Found's first's, by attribute.
	Resource map[string]knownvalue.Check
}

// Address is the address of the list block labeled label in the query
// checks.
func (q Query) Address(label string) string { return q.Type + "." + label }

// Run runs the queries as one parallel test.
func (q Query) Run(t *testing.T) {
	t.Helper()
	if e := acctest.TestEngine(t); !e.Queries() {
		t.Skipf("list blocks and terraform query need Terraform 1.14 or later; the engine is %s %s", map[bool]string{true: "OpenTofu", false: "Terraform"}[e.OpenTofu], e.Version)
	}
	var steps []resource.TestStep
	if len(q.Lists) > 0 {
		config := q.Config
		var checks []querycheck.QueryResultCheck
		for _, l := range q.Lists {
			config += q.block(l.Label, l.Args, l.Resource != nil)
			checks = append(checks, q.checks(l)...)
		}
		steps = append(steps, resource.TestStep{Query: true, Config: config, QueryResultChecks: checks})
	}
	for _, r := range q.Errors {
		config := q.Config
		if r.Config != "" {
			config = r.Config
		}
		steps = append(steps, resource.TestStep{Query: true, PreConfig: r.PreConfig, Config: config + q.block("test", r.Args, false), ExpectError: r.Want})
	}
	resource.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: acctest.ProviderFactories, Steps: steps})
}

func (q Query) checks(l Listed) []querycheck.QueryResultCheck {
	addr := q.Address(l.Label)
	checks := []querycheck.QueryResultCheck{querycheck.ExpectLength(addr, len(l.Found))}
	for _, id := range l.Found {
		checks = append(checks, querycheck.ExpectIdentity(addr, id))
	}
	if len(l.Found) == 0 {
		return checks
	}
	first := queryfilter.ByResourceIdentity(l.Found[0])
	checks = append(checks, querycheck.ExpectResourceDisplayName(addr, first, knownvalue.StringExact(l.DisplayName)))
	if l.Resource != nil {
		var values []querycheck.KnownValueCheck
		for _, name := range slices.Sorted(maps.Keys(l.Resource)) {
			values = append(values, querycheck.KnownValueCheck{Path: tfjsonpath.New(name), KnownValue: l.Resource[name]})
		}
		checks = append(checks, querycheck.ExpectResourceKnownValues(addr, first, values))
	}
	return checks
}

// block is a list block of the type.
func (q Query) block(label string, args Args, includeResource bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nlist %q %q {\n  provider = stack\n", q.Type, label)
	if includeResource {
		b.WriteString("  include_resource = true\n")
	}
	if len(args) > 0 {
		b.WriteString("  config {\n")
		for _, name := range slices.Sorted(maps.Keys(args)) {
			fmt.Fprintf(&b, "    %s = %s\n", name, hclValue(args[name]))
		}
		b.WriteString("  }\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// Identity is an identity's values, all strings, by attribute.
func Identity(values map[string]string) map[string]knownvalue.Check {
	out := map[string]knownvalue.Check{}
	for k, v := range values {
		out[k] = Str(v)
	}
	return out
}
