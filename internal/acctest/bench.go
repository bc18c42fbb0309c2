package acctest

import (
	"regexp"
	"strings"
	"time"
)

// Timed runs f and returns how long it took.
func Timed(f func()) time.Duration {
	start := time.Now()
	f()
	return time.Since(start)
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
