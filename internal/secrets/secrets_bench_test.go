package secrets_test

import (
	"context"
	"fmt"
	"net/http/httptest"
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

func startSecretsEmulator(b *testing.B, opts emulator.Options) (*emulator.Emulator, *acctest.Secrets, map[string]string) {
	b.Helper()
	emu, err := emulator.New(opts)
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(emu)
	b.Cleanup(func() { srv.Close(); _ = emu.Close() })
	s := &acctest.Secrets{URL: srv.URL, Token: "secrets-root", Emulator: emu}
	return emu, s, map[string]string{"STACK_SECRETS_ADDR": srv.URL, "STACK_SECRETS_TOKEN": "secrets-root"}
}

func timed(f func()) time.Duration {
	start := time.Now()
	f()
	return time.Since(start)
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
// associations, compares the time with as many terraform_data resources in
// the same run, and counts the reads of one refresh.
func BenchmarkSecretsApplyAndRefresh(b *testing.B) {
	const objects = benchDestinations * (1 + benchAssociationsPerDestination)
	for range b.N {
		emu, s, env := startSecretsEmulator(b, emulator.Options{})
		baseline := acctest.NewCLI(b, env)
		baseline.WriteConfig(b, fmt.Sprintf("resource \"terraform_data\" \"m\" {\n  count = %d\n  input = \"bench-${count.index}\"\n}\n", objects))
		cli := acctest.NewCLI(b, env)
		cli.WriteConfig(b, benchConfig())

		tBaseline := timed(func() { baseline.MustRun(b, "apply", "-auto-approve") })
		tApply := timed(func() { cli.MustRun(b, "apply", "-auto-approve") })
		ratio := float64(tApply) / float64(tBaseline)
		before := reads(emu)
		cli.MustRun(b, "plan", "-detailed-exitcode")
		refreshReads := reads(emu) - before

		b.ReportMetric(tBaseline.Seconds(), "s-apply-terraform_data")
		b.ReportMetric(tApply.Seconds(), "s-apply-secrets")
		b.ReportMetric(ratio, "ratio")
		b.ReportMetric(float64(refreshReads), "refresh-reads")
		b.Logf("apply of %d terraform_data: %s; of %d destinations + %d associations: %s; ratio %.2f (limit 1.5); refresh reads: %d (limit %d)",
			objects, tBaseline.Round(time.Millisecond), benchDestinations, objects-benchDestinations, tApply.Round(time.Millisecond), ratio, refreshReads, objects)
		holds(b, s)
		if refreshReads > objects {
			b.Errorf("a refresh made %d reads, more than one per destination and per association (%d)", refreshReads, objects)
		}
		if ratio > 1.5 {
			b.Errorf("the apply took %.2fx the terraform_data apply, limit 1.5x", ratio)
		}
		cli.MustRun(b, "destroy", "-auto-approve", "-refresh=false")
		baseline.MustRun(b, "destroy", "-auto-approve", "-refresh=false")
	}
}

// BenchmarkSecretsApplyUnderFaults applies the same configuration while a
// fifth of the requests fail with 429 or 503.
func BenchmarkSecretsApplyUnderFaults(b *testing.B) {
	for range b.N {
		emu, s, env := startSecretsEmulator(b, emulator.Options{FailRate: 0.2})
		cli := acctest.NewCLI(b, env)
		cli.WriteConfig(b, benchConfig())

		tApply := timed(func() { cli.MustRun(b, "apply", "-auto-approve") })
		code, out := cli.Run(b, "plan", "-detailed-exitcode")
		faults := emu.Stats().Faults
		emu.SetFailRate(0)
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
