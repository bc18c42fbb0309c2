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

// ApplyRounds is how many times CompareApply applies each configuration.
const ApplyRounds = 3

// CompareApply times the apply of subject's configuration and of twin's,
// its terraform_data twin, in turns, ApplyRounds times each, and returns the
// fastest apply of each: the cost of the work itself, since other work on
// the machine only ever adds time, and single runs on a busy machine vary
// by a fifth. Each is destroyed between its rounds; subject stays applied
// after the last.
func CompareApply(tb testing.TB, subject, twin *CLI) (tSubject, tTwin time.Duration) {
	tb.Helper()
	for i := range ApplyRounds {
		t := Timed(func() { twin.MustRun(tb, "apply", "-auto-approve") })
		twin.MustRun(tb, "destroy", "-auto-approve", "-refresh=false")
		s := Timed(func() { subject.MustRun(tb, "apply", "-auto-approve") })
		if i < ApplyRounds-1 {
			subject.MustRun(tb, "destroy", "-auto-approve", "-refresh=false")
		}
		if i == 0 || t < tTwin {
			tTwin = t
		}
		if i == 0 || s < tSubject {
			tSubject = s
		}
	}
	return tSubject, tTwin
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
