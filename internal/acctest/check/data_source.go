package check

import (
	"context"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/path"
	fwprovider "github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/provider"
)

// DataSource is the common shape of a data source's acceptance test, as a
// table: the plan errors, which send no request, both those that follow
// from the rules tying the data source's arguments together (derived from
// the validators of its schema and its ConfigValidators: exactly one of
// id and name, no organization with an id) and its own; the reads of its
// object by ID, by name, by name in another organization (or namespace),
// and its other reads; and the reads that find nothing, each with its
// error. Run runs the three as the subtests planErrors, reads and
// notFound, in that order, of one parallel test against one service; a
// phase left empty is not run. What only the data source does goes in its
// own tests.
type DataSource struct {
	// Service is the test's service, whose requests are counted.
	Service Counted
	// Type is the data source's type, such as stack_platform_project.
	Type string
	// Config is the configuration to which each phase adds its data
	// block: the provider's block, and what the arguments refer to.
	Config string

	// PlanErrors are the data source's own plan errors, planned after the
	// derived ones.
	PlanErrors []Refusal
	// Samples give the derived plan errors the values of arguments that
	// no read sets.
	Samples Args
	// ByID, ByName and InOther read the object by its ID, by its name,
	// and by its name in another organization (or namespace), in the data
	// blocks by_id, by_name and in_other; Reads are the data source's
	// other reads, each in a data block of its Label.
	ByID, ByName, InOther Read
	Reads                 []Read
	// NotFound are reads that find no one object (none, or several to
	// choose from), each with its error.
	NotFound []Refusal
}

// Read is one read of DataSource: a data block of the type with Args,
// whose values in the state must be Want.
type Read struct {
	// Label is the data block's label, for Reads.
	Label string
	// Config, when set, replaces the DataSource's Config for this read,
	// which then has a step of its own.
	Config string
	Args   Args
	// Want are the values of the data source's attributes, by name.
	Want map[string]knownvalue.Check
	// Checks check the state further: nested values, or other addresses.
	Checks []statecheck.StateCheck
}

// Refusal is a data block of the type with Args that the plan refuses,
// with an error matching Want.
type Refusal struct {
	// Config, when set, replaces the DataSource's Config.
	Config string
	// PreConfig, when set, runs before the step: an out-of-band change
	// that the refusal needs.
	PreConfig func()
	Args      Args
	Want      *regexp.Regexp
}

// Args are the arguments of a data block: a string is written quoted, a
// number or a boolean as it is, an Expr as given, such as a reference.
type Args map[string]any

// Expr is an HCL expression, written as it is.
type Expr string

// Address is the address of the data block labeled label.
func (d DataSource) Address(label string) string { return "data." + d.Type + "." + label }

// Run runs the phases as one parallel test.
func (d DataSource) Run(t *testing.T) {
	t.Helper()
	reads := d.reads()
	planErrors, err := d.derivedPlanErrors(reads)
	if err != nil {
		t.Fatal(err)
	}
	planErrors = append(planErrors, d.PlanErrors...)
	var readSteps []resource.TestStep
	for i, r := range reads {
		if i > 0 && r.Config == reads[i-1].Config {
			last := &readSteps[len(readSteps)-1]
			last.Config += d.block(r.Label, r.Args)
			last.ConfigStateChecks = append(last.ConfigStateChecks, d.stateChecks(r)...)
			continue
		}
		readSteps = append(readSteps, resource.TestStep{Config: d.config(r.Config) + d.block(r.Label, r.Args), ConfigStateChecks: d.stateChecks(r)})
	}
	if len(planErrors)+len(readSteps)+len(d.NotFound) == 0 {
		t.Fatalf("the data source %s has no phase", d.Type)
	}
	t.Parallel()
	if len(planErrors) > 0 {
		t.Run("planErrors", func(t *testing.T) {
			before, counted := d.Service.Stats()
			resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: acctest.ProviderFactories, Steps: d.refusalSteps(planErrors, true)})
			if counted {
				NoRequestsSince(t, d.Service, before)
			}
		})
	}
	if len(readSteps) > 0 {
		t.Run("reads", func(t *testing.T) {
			resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: acctest.ProviderFactories, Steps: readSteps})
		})
	}
	if len(d.NotFound) > 0 {
		t.Run("notFound", func(t *testing.T) {
			resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: acctest.ProviderFactories, Steps: d.refusalSteps(d.NotFound, false)})
		})
	}
}

// reads are the reads that are set, labeled, in order.
func (d DataSource) reads() []Read {
	var reads []Read
	for _, r := range append([]Read{withLabel(d.ByID, "by_id"), withLabel(d.ByName, "by_name"), withLabel(d.InOther, "in_other")}, d.Reads...) {
		if r.Args != nil || r.Want != nil || r.Checks != nil {
			reads = append(reads, r)
		}
	}
	return reads
}

func withLabel(r Read, label string) Read {
	r.Label = label
	return r
}

func (d DataSource) config(own string) string {
	if own != "" {
		return own
	}
	return d.Config
}

func (d DataSource) stateChecks(r Read) []statecheck.StateCheck {
	checks := make([]statecheck.StateCheck, 0, len(r.Want)+len(r.Checks))
	for _, name := range slices.Sorted(maps.Keys(r.Want)) {
		checks = append(checks, statecheck.ExpectKnownValue(d.Address(r.Label), Path(name), r.Want[name]))
	}
	return append(checks, r.Checks...)
}

func (d DataSource) refusalSteps(refusals []Refusal, planOnly bool) []resource.TestStep {
	steps := make([]resource.TestStep, 0, len(refusals))
	for _, r := range refusals {
		steps = append(steps, resource.TestStep{
			PreConfig: r.PreConfig, Config: d.config(r.Config) + d.block("test", r.Args), PlanOnly: planOnly, ExpectError: r.Want,
		})
	}
	return steps
}

// block is a data block of the type.
func (d DataSource) block(label string, args Args) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\ndata %q %q {\n", d.Type, label)
	for _, name := range slices.Sorted(maps.Keys(args)) {
		fmt.Fprintf(&b, "  %s = %s\n", name, hclValue(args[name]))
	}
	b.WriteString("}\n")
	return b.String()
}

// hclValue is v written in HCL.
func hclValue(v any) string {
	switch v := v.(type) {
	case Expr:
		return string(v)
	case string:
		// Quoted, with HCL's template sequences escaped.
		return strings.NewReplacer("${", "$${", "%{", "%%{").Replace(strconv.Quote(v))
	case []string:
		quoted := make([]string, len(v))
		for i, s := range v {
			quoted[i] = hclValue(s)
		}
		return "[" + strings.Join(quoted, ", ") + "]"
	default:
		return fmt.Sprint(v)
	}
}

// derivedPlanErrors are the plan errors that the rules of the data
// source's schema and its ConfigValidators imply, each planned with the
// values that the reads, or Samples, give the arguments.
func (d DataSource) derivedPlanErrors(reads []Read) ([]Refusal, error) {
	ds, err := dataSourceOf(d.Type)
	if err != nil {
		return nil, err
	}
	samples := Args{}
	for _, r := range reads {
		for name, v := range r.Args {
			if _, ok := samples[name]; !ok {
				samples[name] = v
			}
		}
	}
	for name, v := range d.Samples {
		samples[name] = v
	}
	refusals, err := planErrorsOf(ds, samples)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", d.Type, err)
	}
	return refusals, nil
}

// dataSourceOf is the provider's data source of the type typeName.
func dataSourceOf(typeName string) (datasource.DataSource, error) {
	ctx := context.Background()
	p := provider.New("test")()
	var meta fwprovider.MetadataResponse
	p.Metadata(ctx, fwprovider.MetadataRequest{}, &meta)
	for _, newDataSource := range p.DataSources(ctx) {
		ds := newDataSource()
		var resp datasource.MetadataResponse
		ds.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: meta.TypeName}, &resp)
		if resp.TypeName == typeName {
			return ds, nil
		}
	}
	return nil, fmt.Errorf("the provider has no data source %s", typeName)
}

// planErrorsOf derives the plan errors that ds's rules imply: for each
// rule that ties arguments together, a configuration that breaks it, with
// the error of the rule's validator (terraform-plugin-framework-validators
// words them; the configuration validators' errors are their
// descriptions). samples are the arguments' values.
func planErrorsOf(ds datasource.DataSource, samples Args) ([]Refusal, error) {
	ctx := context.Background()
	var resp datasource.SchemaResponse
	ds.Schema(ctx, datasource.SchemaRequest{}, &resp)
	var refusals []Refusal
	seen := map[string]bool{}
	var missing []string
	add := func(want *regexp.Regexp, names ...string) {
		args := Args{}
		for _, n := range names {
			v, ok := samples[n]
			if !ok {
				missing = append(missing, n)
			}
			args[n] = v
		}
		if key := want.String() + fmt.Sprint(names); !seen[key] {
			seen[key] = true
			refusals = append(refusals, Refusal{Args: args, Want: want})
		}
	}
	for _, attr := range slices.Sorted(maps.Keys(resp.Schema.Attributes)) {
		for _, v := range validatorsOf(resp.Schema.Attributes[attr]) {
			kind, exprs, ok := combination(v, "schemavalidator")
			if !ok {
				continue
			}
			// The validator words its rule with the paths it was given,
			// merged with the attribute's own (which, at the root, leaves
			// them as they are).
			merged := path.MatchRoot(attr).MergeExpressions(exprs...)
			names, err := rootNames(merged)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", attr, err)
			}
			// others are the attributes the rule ties to attr.
			others := slices.DeleteFunc(slices.Clone(names), func(n string) bool { return n == attr })
			switch kind {
			case "ExactlyOneOfValidator":
				add(Literal(fmt.Sprintf("No attribute specified when one (and only one) of %s is required", merged)))
				add(Literal(fmt.Sprintf("2 attributes specified when one (and only one) of %s is required", merged)), attr, others[0])
			case "AtLeastOneOfValidator":
				// This one names the attribute too, last.
				all := slices.Clone(merged)
				all.Append(path.MatchRoot(attr))
				add(Literal(fmt.Sprintf("At least one attribute out of %s must be specified", all)))
			case "ConflictsWithValidator":
				for _, other := range others {
					add(Literal(fmt.Sprintf("Attribute %q cannot be specified when %q is specified", other, attr)), attr, other)
				}
			case "AlsoRequiresValidator":
				for _, other := range others {
					add(Literal(fmt.Sprintf("Attribute %q must be specified when %q is specified", other, attr)), attr)
				}
			}
		}
	}
	if withValidators, ok := ds.(datasource.DataSourceWithConfigValidators); ok {
		for _, v := range withValidators.ConfigValidators(ctx) {
			kind, exprs, ok := combination(v, "configvalidator")
			if !ok {
				continue
			}
			names, err := rootNames(exprs)
			if err != nil {
				return nil, err
			}
			// The error of a configuration validator is its description;
			// that of a missing attribute has a summary of its own.
			rule := Literal(v.Description(ctx))
			missingOne := Wrapped(`Missing Attribute Configuration.*` + quoted(v.Description(ctx)))
			switch kind {
			case "ExactlyOneOfValidator":
				add(missingOne)
				add(rule, names[:2]...)
			case "AtLeastOneOfValidator":
				add(missingOne)
			case "RequiredTogetherValidator":
				add(rule, names[0])
			case "ConflictingValidator":
				add(rule, names[:2]...)
			}
		}
	}
	if missing != nil {
		slices.Sort(missing)
		return nil, fmt.Errorf("the plan errors of its rules need values of %s, which no read gives: give them in Samples",
			strings.Join(slices.Compact(missing), ", "))
	}
	return refusals, nil
}

// validatorsOf are the validators of a schema attribute, of any type.
func validatorsOf(attr any) []any {
	field := reflect.Indirect(reflect.ValueOf(attr)).FieldByName("Validators")
	if !field.IsValid() || field.Kind() != reflect.Slice {
		return nil
	}
	validators := make([]any, field.Len())
	for i := range validators {
		validators[i] = field.Index(i).Interface()
	}
	return validators
}

// combination reports the kind and the paths of a validator of
// terraform-plugin-framework-validators that ties attributes together:
// one of its package pkg (schemavalidator for an attribute's,
// configvalidator for a data source's), whose paths are PathExpressions.
func combination(v any, pkg string) (string, path.Expressions, bool) {
	rv := reflect.Indirect(reflect.ValueOf(v))
	if rv.Kind() != reflect.Struct || !strings.HasSuffix(rv.Type().PkgPath(), "terraform-plugin-framework-validators/internal/"+pkg) {
		return "", nil, false
	}
	exprs, ok := rv.FieldByName("PathExpressions").Interface().(path.Expressions)
	return rv.Type().Name(), exprs, ok
}

// rootNames are the attribute names of expressions of root attributes.
func rootNames(exprs path.Expressions) ([]string, error) {
	names := make([]string, 0, len(exprs))
	for _, e := range exprs {
		name := e.String()
		if strings.ContainsAny(name, ".[") {
			return nil, fmt.Errorf("the rule's path %s is not an attribute at the root, which the shape does not derive", name)
		}
		names = append(names, name)
	}
	return names, nil
}
