package scheduler_test

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

func manyMethods(n int) string {
	var b strings.Builder
	b.WriteString("provider \"stack\" {\n  max_retries = 6\n}\n")
	for i := range n {
		fmt.Fprintf(&b, `
resource "stack_scheduler_acl_auth_method" "m%d" {
  name           = "bench-%d"
  type           = "OIDC"
  token_locality = "global"
  max_token_ttl  = "1h"
  config = {
    oidc_discovery_url    = "https://idp.example.com"
    oidc_client_id        = "Client-%d"
    oidc_client_secret    = "secret-%d"
    bound_audiences       = ["Client-%d"]
    allowed_redirect_uris = ["http://localhost/cb"]
  }
}
`, i, i, i, i, i)
	}
	return b.String()
}

func manyTerraformData(n int) string {
	return fmt.Sprintf(`
resource "terraform_data" "m" {
  count = %d
  input = "bench-${count.index}"
}
`, n)
}

func startEmulator(b *testing.B, opts emulator.Options) (*emulator.Emulator, map[string]string) {
	b.Helper()
	emu, err := emulator.New(opts)
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(emu)
	b.Cleanup(func() { srv.Close(); _ = emu.Close() })
	return emu, map[string]string{"STACK_SCHEDULER_ADDR": srv.URL, "STACK_SCHEDULER_TOKEN": "scheduler-root"}
}

func timed(f func()) time.Duration {
	start := time.Now()
	f()
	return time.Since(start)
}

// BenchmarkApply200AuthMethods compares the apply of 200 auth methods with
// the apply of 200 terraform_data resources, Terraform's own cost, in the
// same run, and counts the reads a refresh of the methods makes.
func BenchmarkApply200AuthMethods(b *testing.B) {
	const n = 200
	for range b.N {
		emu, env := startEmulator(b, emulator.Options{})
		baseline := acctest.NewCLI(b, env)
		baseline.WriteConfig(b, manyTerraformData(n))
		methods := acctest.NewCLI(b, env)
		methods.WriteConfig(b, manyMethods(n))

		tBaseline := timed(func() { baseline.MustRun(b, "apply", "-auto-approve") })
		tMethods := timed(func() { methods.MustRun(b, "apply", "-auto-approve") })
		ratio := float64(tMethods) / float64(tBaseline)

		before := emu.Stats().Requests["GET /v1/acl/auth-method/{name}"]
		methods.MustRun(b, "plan", "-detailed-exitcode")
		reads := emu.Stats().Requests["GET /v1/acl/auth-method/{name}"] - before

		b.ReportMetric(tBaseline.Seconds(), "s-apply-terraform_data")
		b.ReportMetric(tMethods.Seconds(), "s-apply-methods")
		b.ReportMetric(ratio, "ratio")
		b.ReportMetric(float64(reads), "refresh-reads")
		b.Logf("apply of %d terraform_data: %s; of %d auth methods: %s; ratio %.2f (limit 1.5); refresh reads: %d (want %d)",
			n, tBaseline.Round(time.Millisecond), n, tMethods.Round(time.Millisecond), ratio, reads, n)
		if reads != n {
			b.Errorf("a refresh of %d methods made %d reads, want exactly %d", n, reads, n)
		}
		if ratio > 1.5 {
			b.Errorf("apply of the methods took %.2fx the terraform_data apply, limit 1.5x", ratio)
		}
		methods.MustRun(b, "destroy", "-auto-approve", "-refresh=false")
		baseline.MustRun(b, "destroy", "-auto-approve", "-refresh=false")
	}
}

// BenchmarkApply50UnderFaults applies 50 methods while a fifth of the
// requests fail with 429 or 503 and the replica lags 2s, then checks that
// the next plan is empty and the emulator holds exactly 50 methods.
func BenchmarkApply50UnderFaults(b *testing.B) {
	const n = 50
	for range b.N {
		emu, env := startEmulator(b, emulator.Options{FailRate: 0.2, ReplicaLag: 2 * time.Second})
		cli := acctest.NewCLI(b, env)
		cli.WriteConfig(b, manyMethods(n))

		tApply := timed(func() { cli.MustRun(b, "apply", "-auto-approve") })
		code, out := cli.Run(b, "plan", "-detailed-exitcode")
		faults := emu.Stats().Faults
		emu.SetFailRate(0)
		list, _, err := (&acctest.Scheduler{URL: env["STACK_SCHEDULER_ADDR"], Token: env["STACK_SCHEDULER_TOKEN"]}).Client(b).ListAuthMethods(context.Background(), nil)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(tApply.Seconds(), "s-apply")
		b.ReportMetric(float64(faults), "faults")
		b.ReportMetric(float64(len(list)), "methods")
		b.Logf("apply of %d methods with -fail-rate 0.2 -replica-lag 2s: %s, %d faults injected; next plan exit code %d (want 0); emulator holds %d methods (want %d)",
			n, tApply.Round(time.Millisecond), faults, code, len(list), n)
		if code != 0 {
			b.Errorf("the plan after apply is not empty (exit %d):\n%s", code, out)
		}
		if len(list) != n {
			b.Errorf("the emulator holds %d methods, want %d", len(list), n)
		}
		cli.MustRun(b, "destroy", "-auto-approve")
	}
}
