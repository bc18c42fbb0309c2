package secrets_test

import (
	"context"
	"fmt"
	"slices"
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
	// Silent when it holds: a benchmark keeps only its last lines of log,
	// and the figures come last.
	if dests.TotalDestinations != benchDestinations || assocs.TotalAssociations != benchDestinations*benchAssociationsPerDestination {
		b.Errorf("the emulator holds %d destinations and %d associations, want exactly the configuration's %d and %d",
			dests.TotalDestinations, assocs.TotalAssociations, benchDestinations, benchDestinations*benchAssociationsPerDestination)
	}
}

// BenchmarkSecretsApplyAndRefresh times the apply, refresh and destroy of
// 100 destinations and 300 associations against their floor, in the same
// run: the same steps of the same configuration served by the no-op
// provider (the provider's schemas, with resources that make no request),
// over ApplyRounds rounds (target: a median ratio of at most FloorTarget to
// the floor). It reports for scale the same steps of the terraform_data twin
// (the same resources, values and references, without a provider), checks
// after each apply that the service holds exactly the configuration, and
// that each refresh reads each destination and association once.
func BenchmarkSecretsApplyAndRefresh(b *testing.B) {
	const objects = benchDestinations * (1 + benchAssociationsPerDestination)
	for range b.N {
		s := acctest.NewSecretsEmulator(b, emulator.Options{})
		config := benchConfig()
		twin := acctest.NewCLI(b, secretsEnv(s))
		twin.WriteConfig(b, acctest.TerraformDataTwin(config))
		floor := acctest.NewNoopCLI(b, secretsEnv(s))
		floor.WriteConfig(b, config)
		cli := acctest.NewCLI(b, secretsEnv(s))
		cli.WriteConfig(b, config)

		t := acctest.CompareRuns(b, acctest.Subject{CLI: twin}, acctest.Subject{CLI: floor},
			acctest.Subject{CLI: cli, Reads: func() int64 { return reads(s.Emulator) }, Applied: func() { holds(b, s) }})
		tTwin, tFloor, tSecrets := t[0], t[1], t[2]

		acctest.ReportFloor(b, fmt.Sprintf("%d destinations + %d associations", benchDestinations, objects-benchDestinations), tSecrets, tFloor, tTwin)
		b.ReportMetric(float64(slices.Max(tSecrets.RefreshReads)), "refresh-reads")
		b.Logf("reads of each refresh: %v (want %d)", tSecrets.RefreshReads, objects)
		for _, r := range tSecrets.RefreshReads {
			if r != objects {
				b.Errorf("a refresh made %d reads, want exactly one per destination and per association (%d)", r, objects)
			}
		}
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
