package acctest

import (
	"fmt"
	"math"
	"regexp"
	"slices"
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
const ApplyRounds = 7

// RefreshesPerRound is how many times each round of CompareRuns refreshes
// each configuration. A refresh takes a fraction of an apply and varies as
// much, and its ratio to the floor is the one nearest the target, so it
// gets three times the samples for a tenth more time.
const RefreshesPerRound = 3

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

// Timings are a subject's apply and destroy times, one per round of
// CompareRuns, its refresh times, RefreshesPerRound per round, and the
// reads that each of its refreshes made.
type Timings struct {
	Apply, Refresh, Destroy []time.Duration
	RefreshReads            []int64
}

// CompareRuns measures the subjects' configurations side by side,
// ApplyRounds times. Each round applies every subject's configuration,
// then refreshes each, RefreshesPerRound times over (`plan -refresh-only`,
// without -detailed-exitcode: Terraform 1.11 exits 2 after refreshes of
// this provider's resources that it reports found no differences, even
// with the no-op provider), then destroys each (without a refresh, so that
// each step is timed alone). So
// the same step of the subjects runs back to back, and in every other
// round in the reverse order of subjects, which leaves neither the first
// nor the last place to one subject. It returns the subjects' timings in
// the order of subjects.
func CompareRuns(tb testing.TB, subjects ...Subject) []Timings {
	tb.Helper()
	out := make([]Timings, len(subjects))
	order := make([]int, len(subjects))
	for i := range order {
		order[i] = i
	}
	each := func(f func(s Subject, t *Timings)) {
		for _, i := range order {
			f(subjects[i], &out[i])
		}
	}
	for range ApplyRounds {
		each(func(s Subject, t *Timings) {
			t.Apply = append(t.Apply, Timed(func() { s.CLI.MustRun(tb, "apply", "-auto-approve") }))
			if s.Applied != nil {
				s.Applied()
			}
		})
		for range RefreshesPerRound {
			each(func(s Subject, t *Timings) {
				var before int64
				if s.Reads != nil {
					before = s.Reads()
				}
				t.Refresh = append(t.Refresh, Timed(func() { s.CLI.MustRun(tb, "plan", "-refresh-only") }))
				if s.Reads != nil {
					t.RefreshReads = append(t.RefreshReads, s.Reads()-before)
				}
			})
		}
		each(func(s Subject, t *Timings) {
			t.Destroy = append(t.Destroy, Timed(func() { s.CLI.MustRun(tb, "destroy", "-auto-approve", "-refresh=false") }))
		})
		slices.Reverse(order)
	}
	return out
}

// Ratios are the ratios of a's times to b's, round by round.
func Ratios(a, b []time.Duration) []float64 {
	r := make([]float64, min(len(a), len(b)))
	for i := range r {
		r[i] = float64(a[i]) / float64(b[i])
	}
	return r
}

// Median is the middle of xs, or the mean of the two in the middle.
func Median[T time.Duration | float64](xs []T) T {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// MedianInterval returns an interval that holds the true median of what
// xs samples with a confidence of at least conf (such as 0.9), and that
// confidence: the k-th smallest and k-th largest of xs, for the largest k
// at which fewer than k of n samples fall below the median with a
// probability of at most (1-conf)/2. It assumes nothing of the samples'
// distribution, only that they are independent. With too few samples for
// conf it returns the smallest and largest, at their own confidence; with
// none, zeros.
func MedianInterval(xs []float64, conf float64) (lo, hi, level float64) {
	n := len(xs)
	if n == 0 {
		return 0, 0, 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	// below[j] is the probability that at most j of n samples fall below
	// the median: the binomial(n, 1/2) distribution function.
	below := make([]float64, n+1)
	p, sum := math.Pow(0.5, float64(n)), 0.0
	for j := 0; j <= n; j++ {
		sum += p
		below[j] = sum
		p = p * float64(n-j) / float64(j+1)
	}
	k := 1
	for k < (n+1)/2 && below[k] <= (1-conf)/2 {
		k++
	}
	return s[k-1], s[n-k], 1 - 2*below[k-1]
}

// ReportFloor reports the provider's timings against the no-op floor's,
// with the terraform_data twin's for scale, for a configuration of what:
// as metrics, in the log with their ratios, and as an error for each step
// whose ratio to the floor is above FloorTarget. A step's ratio is the
// median of the ratios of the provider's time to the floor's in the same
// pair of runs, one after the other. Single runs on a 2-core machine vary
// by a tenth or more, and not only upwards: now and then Terraform itself
// runs a step a sixth faster than usual. A fastest-of-rounds would pick
// such a run for one subject and not the other; the median of paired runs
// ignores it, and a pair that other work slowed. Beside each median it logs
// the interval that holds the true median with 90% confidence
// (MedianInterval), so that a reader can tell a miss of the target from
// noise. The twin has no target: the plugin protocol and the framework
// alone take more than the twin, whatever the provider does.
func ReportFloor(b *testing.B, what string, provider, floor, twin Timings) {
	b.Helper()
	for _, step := range []struct {
		name                  string
		provider, floor, twin []time.Duration
	}{
		{"apply", provider.Apply, floor.Apply, twin.Apply},
		{"refresh", provider.Refresh, floor.Refresh, twin.Refresh},
		{"destroy", provider.Destroy, floor.Destroy, twin.Destroy},
	} {
		ratios := Ratios(step.provider, step.floor)
		toFloor := Median(ratios)
		toTwin := Median(Ratios(step.provider, step.twin))
		p, f, t := Median(step.provider), Median(step.floor), Median(step.twin)
		b.ReportMetric(p.Seconds(), "s-"+step.name+"-provider")
		b.ReportMetric(f.Seconds(), "s-"+step.name+"-floor")
		b.ReportMetric(t.Seconds(), "s-"+step.name+"-twin")
		b.ReportMetric(toFloor, "x-floor-"+step.name)
		b.ReportMetric(toTwin, "x-twin-"+step.name)
		verdict := "met"
		if toFloor > FloorTarget {
			verdict = "NOT MET"
		}
		lo, hi, level := MedianInterval(ratios, 0.9)
		b.Logf("%s of %s (medians of %d runs each): provider %s, no-op floor %s, terraform_data twin %s; "+
			"provider/floor %.3f (target at most %.2f: %s; %.0f%% interval of the median %.3f to %.3f; by pair %s), provider/twin %.3f",
			step.name, what, len(ratios), p.Round(time.Millisecond), f.Round(time.Millisecond),
			t.Round(time.Millisecond), toFloor, FloorTarget, verdict, 100*level, lo, hi, formatRatios(ratios), toTwin)
		if toFloor > FloorTarget {
			b.Errorf("the provider's %s of %s took a median %.3fx the no-op floor's, target at most %.2fx", step.name, what, toFloor, FloorTarget)
		}
	}
}

func formatRatios(rs []float64) string {
	s := make([]string, len(rs))
	for i, r := range rs {
		s[i] = fmt.Sprintf("%.3f", r)
	}
	return strings.Join(s, " ")
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
