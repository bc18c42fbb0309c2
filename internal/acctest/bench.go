package acctest

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// Timed runs f and returns how long it took.
func Timed(f func()) time.Duration {
	start := time.Now()
	f()
	return time.Since(start)
}

// ApplyRounds is how many times CompareRuns applies, refreshes and destroys
// each configuration.
const ApplyRounds = 3

// FloorTarget is the most time the provider may take for an apply, a
// refresh or a destroy, as a multiple of the no-op floor's (NewNoopCLI):
// what the provider's own code and requests may add to what Terraform and
// the plugin framework spend on its schemas.
const FloorTarget = 1.10

// Subject is a configuration that CompareRuns measures.
type Subject struct {
	CLI *CLI
	// Reads, when set, is how many reads the service has answered so far:
	// CompareRuns gives those that each refresh made.
	Reads func() int64
	// Applied, when set, checks what the service holds after each apply,
	// outside the timings.
	Applied func()
}

// Timings are a subject's fastest apply, refresh and destroy over the
// rounds of CompareRuns, and the reads that each of its refreshes made.
type Timings struct {
	Apply, Refresh, Destroy time.Duration
	RefreshReads            []int64
}

// CompareRuns applies each subject's configuration, refreshes it (`plan
// -refresh-only`, without -detailed-exitcode: Terraform 1.11 exits 2 after
// refreshes of this provider's resources that it reports found no
// differences, even with the no-op provider) and destroys it (without a refresh, so that each step is
// timed alone), the subjects in turns, ApplyRounds times, and returns each
// subject's fastest of each step, in the order of subjects: the cost of
// the work itself, since other work on the machine only ever adds time,
// and single runs on a busy machine vary by a fifth.
func CompareRuns(tb testing.TB, subjects ...Subject) []Timings {
	tb.Helper()
	out := make([]Timings, len(subjects))
	fastest := func(d *time.Duration, f func()) {
		if t := Timed(f); *d == 0 || t < *d {
			*d = t
		}
	}
	for range ApplyRounds {
		for i, s := range subjects {
			t := &out[i]
			fastest(&t.Apply, func() { s.CLI.MustRun(tb, "apply", "-auto-approve") })
			if s.Applied != nil {
				s.Applied()
			}
			var before int64
			if s.Reads != nil {
				before = s.Reads()
			}
			fastest(&t.Refresh, func() { s.CLI.MustRun(tb, "plan", "-refresh-only") })
			if s.Reads != nil {
				t.RefreshReads = append(t.RefreshReads, s.Reads()-before)
			}
			fastest(&t.Destroy, func() { s.CLI.MustRun(tb, "destroy", "-auto-approve", "-refresh=false") })
		}
	}
	return out
}

// ReportFloor reports the provider's timings against the no-op floor's,
// with the terraform_data twin's for scale, for a configuration of what:
// as metrics, in the log with their ratios, and as an error for each step
// that takes more than FloorTarget times the floor's. The twin has no
// target: the plugin protocol and the framework alone take more than the
// twin, whatever the provider does.
func ReportFloor(b *testing.B, what string, provider, floor, twin Timings) {
	b.Helper()
	for _, step := range []struct {
		name                  string
		provider, floor, twin time.Duration
	}{
		{"apply", provider.Apply, floor.Apply, twin.Apply},
		{"refresh", provider.Refresh, floor.Refresh, twin.Refresh},
		{"destroy", provider.Destroy, floor.Destroy, twin.Destroy},
	} {
		toFloor := float64(step.provider) / float64(step.floor)
		toTwin := float64(step.provider) / float64(step.twin)
		b.ReportMetric(step.provider.Seconds(), "s-"+step.name+"-provider")
		b.ReportMetric(step.floor.Seconds(), "s-"+step.name+"-floor")
		b.ReportMetric(step.twin.Seconds(), "s-"+step.name+"-twin")
		b.ReportMetric(toFloor, "x-floor-"+step.name)
		b.ReportMetric(toTwin, "x-twin-"+step.name)
		verdict := "met"
		if toFloor > FloorTarget {
			verdict = "NOT MET"
		}
		b.Logf("%s of %s (fastest of %d): provider %s, no-op floor %s, terraform_data twin %s; "+
			"provider/floor %.3f (target at most %.2f: %s), provider/twin %.3f",
			step.name, what, ApplyRounds, step.provider.Round(time.Millisecond), step.floor.Round(time.Millisecond),
			step.twin.Round(time.Millisecond), toFloor, FloorTarget, verdict, toTwin)
		if toFloor > FloorTarget {
			b.Errorf("the provider's %s of %s took %.3fx the no-op floor's, target at most %.2fx", step.name, what, toFloor, FloorTarget)
		}
	}
}

var (
	resourceHeader = regexp.MustCompile(`^resource "stack_[a-z0-9_]+" ("[A-Za-z0-9_-]+") \{$`)
	resourceRef    = regexp.MustCompile(`\bstack_[a-z0-9_]+\.([A-Za-z0-9_-]+)\.`)
)

// TerraformDataTwin turns a configuration of this provider's resources into
// the same resources of terraform_data, Terraform's built-in resource, each
// with its arguments as one object in input, references included: the same
// number of resources, values and dependencies, without the provider. Its
// apply is what Terraform itself spends on such a configuration, the
// baseline benchmarks compare the provider's apply with.
//
// It reads the configurations benchmarks generate: top-level blocks open
// and close at the start of a line, resource bodies hold only arguments
// (nested objects are attribute values, not blocks), resource names are
// unique across types, and provider blocks are dropped.
func TerraformDataTwin(config string) string {
	var out strings.Builder
	inProvider := false
	for line := range strings.Lines(config) {
		line = strings.TrimSuffix(line, "\n")
		switch {
		case strings.HasPrefix(line, "provider "):
			inProvider = true
		case inProvider:
			inProvider = line != "}"
		case resourceHeader.MatchString(line):
			out.WriteString(resourceHeader.ReplaceAllString(line, `resource "terraform_data" $1 {`) + "\n  input = {\n")
		case line == "}":
			out.WriteString("  }\n}\n")
		case line == "":
			out.WriteString("\n")
		default:
			out.WriteString("  " + resourceRef.ReplaceAllString(line, "terraform_data.$1.input.") + "\n")
		}
	}
	return out.String()
}
