package secrets_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const (
	benchDestinations               = 100
	benchAssociationsPerDestination = 3
)

// benchConfig is 100 cloudone-sm destinations with three associations each.
func benchConfig() string {
	var b strings.Builder
	b.WriteString("provider \"stack\" {\n  max_retries = 6\n}\n")
	for i := range benchDestinations {
		fmt.Fprintf(&b, `
resource "stack_secrets_sync_cloudone_sm_destination" "d%d" {
  name              = "bench-%d"
  access_key_id     = "AKIA%d"
  secret_access_key = "secret-%d"
  region            = "us-east-1"
}
`, i, i, i, i)
		for j := range benchAssociationsPerDestination {
			fmt.Fprintf(&b, `
resource "stack_secrets_sync_association" "d%d_s%d" {
  destination_type = "cloudone-sm"
  destination_name = stack_secrets_sync_cloudone_sm_destination.d%d.name
  mount            = "secret"
  secret_name      = "app-%d/secret-%d"
}
`, i, j, i, i, j)
		}
	}
	return b.String()
}

func secretsEnv(s *acctest.Secrets) map[string]string {
	return map[string]string{"STACK_SECRETS_ADDR": s.URL, "STACK_SECRETS_TOKEN": s.Token}
}

// reads counts the GET requests an emulator answered.
func reads(emu *emulator.Emulator) int64 {
	var n int64
	for route, c := range emu.Stats().Requests {
		if strings.HasPrefix(route, "GET ") {
			n += c
		}
	}
	return n
}

// holds checks that the service holds exactly the benchmark's objects.
func holds(b *testing.B, s *acctest.Secrets) {
	b.Helper()
	ctx := context.Background()
	dests, _, err := s.Client(b).ListDestinations(ctx)
	if err != nil {
		b.Fatal(err)
	}
	assocs, _, err := s.Client(b).ListAssociations(ctx)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("the emulator holds %d destinations and %d associations (want %d and %d)",
		dests.TotalDestinations, assocs.TotalAssociations, benchDestinations, benchDestinations*benchAssociationsPerDestination)
	if dests.TotalDestinations != benchDestinations || assocs.TotalAssociations != benchDestinations*benchAssociationsPerDestination {
		b.Errorf("the emulator does not hold exactly what the configuration says")
	}
}

// BenchmarkSecretsApplyAndRefresh applies 100 destinations and 300
// associations, compares the time with Terraform's own cost of the same
// configuration, measured in the same run as the apply of its
// terraform_data twin (the same resources, values and references, without
// the provider), the fastest of three applies each, and counts the reads
// of one refresh.
func BenchmarkSecretsApplyAndRefresh(b *testing.B) {
	const objects = benchDestinations * (1 + benchAssociationsPerDestination)
	for range b.N {
		s := acctest.NewSecretsEmulator(b, emulator.Options{})
		config := benchConfig()
		twin := acctest.NewCLI(b, secretsEnv(s))
		twin.WriteConfig(b, acctest.TerraformDataTwin(config))
		cli := acctest.NewCLI(b, secretsEnv(s))
		cli.WriteConfig(b, config)

		tApply, tTwin := acctest.CompareApply(b, cli, twin)
		ratio := float64(tApply) / float64(tTwin)
		before := reads(s.Emulator)
		cli.MustRun(b, "plan", "-detailed-exitcode")
		refreshReads := reads(s.Emulator) - before

		b.ReportMetric(tTwin.Seconds(), "s-apply-twin")
		b.ReportMetric(tApply.Seconds(), "s-apply-secrets")
		b.ReportMetric(ratio, "ratio")
		b.ReportMetric(float64(refreshReads), "refresh-reads")
		b.Logf("apply of %d destinations + %d associations (fastest of %d): %s; of their terraform_data twin: %s; ratio %.3f (limit 1.5); refresh reads: %d (limit %d)",
			benchDestinations, objects-benchDestinations, acctest.ApplyRounds, tApply.Round(time.Millisecond), tTwin.Round(time.Millisecond), ratio, refreshReads, objects)
		holds(b, s)
		if refreshReads > objects {
			b.Errorf("a refresh made %d reads, more than one per destination and per association (%d)", refreshReads, objects)
		}
		if ratio > 1.5 {
			b.Errorf("the apply took %.3fx the apply of its terraform_data twin, limit 1.5x", ratio)
		}
		cli.MustRun(b, "destroy", "-auto-approve", "-refresh=false")
	}
}

// BenchmarkSecretsApplyUnderFaults applies the same configuration while a
// fifth of the requests fail with 429 or 503.
func BenchmarkSecretsApplyUnderFaults(b *testing.B) {
	for range b.N {
		s := acctest.NewSecretsEmulator(b, emulator.Options{FailRate: 0.2})
		cli := acctest.NewCLI(b, secretsEnv(s))
		cli.WriteConfig(b, benchConfig())

		tApply := acctest.Timed(func() { cli.MustRun(b, "apply", "-auto-approve") })
		code, out := cli.Run(b, "plan", "-detailed-exitcode")
		faults := s.Emulator.Stats().Faults
		s.Emulator.SetFailRate(0)
		b.ReportMetric(tApply.Seconds(), "s-apply")
		b.ReportMetric(float64(faults), "faults")
		b.Logf("apply with -fail-rate 0.2: %s, %d faults injected; next plan exit code %d (want 0)", tApply.Round(time.Millisecond), faults, code)
		if code != 0 {
			b.Errorf("the plan after apply is not empty (exit %d):\n%s", code, out)
		}
		holds(b, s)
		cli.MustRun(b, "destroy", "-auto-approve")
	}
}
