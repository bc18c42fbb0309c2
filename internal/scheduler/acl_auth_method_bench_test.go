package scheduler_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuscheduler "github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
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

// minimalTerraformData is n terraform_data resources holding one string
// each: Terraform's cost of a resource that carries almost nothing.
func minimalTerraformData(n int) string {
	return fmt.Sprintf(`
resource "terraform_data" "m" {
  count = %d
  input = "bench-${count.index}"
}
`, n)
}

func schedulerEnv(s *acctest.Scheduler) map[string]string {
	return map[string]string{"STACK_SCHEDULER_ADDR": s.URL, "STACK_SCHEDULER_TOKEN": s.Token}
}

// BenchmarkApply200AuthMethods times the apply, refresh and destroy of 200
// auth methods against their floor, in the same run: the same steps of
// the same configuration served by the no-op provider (the provider's
// schemas, with resources that make no request), over ApplyRounds rounds
// (target: a median ratio of at most FloorTarget to the floor). It reports
// for scale the same steps of the terraform_data twin (the same 200
// resources and values, without a provider) and the apply of 200 minimal
// terraform_data resources, and checks that each refresh reads each
// method once.
func BenchmarkApply200AuthMethods(b *testing.B) {
	const n = 200
	for range b.N {
		s := acctest.NewSchedulerEmulator(b, emulator.Options{})
		env := schedulerEnv(s)
		config := manyMethods(n)
		minimal := acctest.NewCLI(b, env)
		minimal.WriteConfig(b, minimalTerraformData(n))
		twin := acctest.NewCLI(b, env)
		twin.WriteConfig(b, acctest.TerraformDataTwin(config))
		floor := acctest.NewNoopCLI(b, env)
		floor.WriteConfig(b, config)
		methods := acctest.NewCLI(b, env)
		methods.WriteConfig(b, config)

		tMinimal := acctest.Timed(func() { minimal.MustRun(b, "apply", "-auto-approve") })
		reads := func() int64 { return s.Emulator.Stats().Requests["GET /v1/acl/auth-method/{name}"] }
		t := acctest.CompareRuns(b, acctest.Subject{CLI: twin}, acctest.Subject{CLI: floor}, acctest.Subject{CLI: methods, Reads: reads})
		tTwin, tFloor, tMethods := t[0], t[1], t[2]

		acctest.ReportFloor(b, fmt.Sprintf("%d auth methods", n), tMethods, tFloor, tTwin)
		b.ReportMetric(tMinimal.Seconds(), "s-apply-minimal")
		b.ReportMetric(float64(slices.Max(tMethods.RefreshReads)), "refresh-reads")
		b.Logf("apply of %d minimal terraform_data: %s (%.1fx less than the methods); reads of each refresh: %v (want %d)",
			n, tMinimal.Round(time.Millisecond), float64(acctest.Median(tMethods.Apply))/float64(tMinimal), tMethods.RefreshReads, n)
		for _, r := range tMethods.RefreshReads {
			if r != n {
				b.Errorf("a refresh of %d methods made %d reads, want exactly %d", n, r, n)
			}
		}
	}
}

// BenchmarkApply50UnderFaults applies 50 methods while a fifth of the
// requests fail with 429 or 503 and the replica lags 2s, then checks that
// the next plan is empty and the emulator holds exactly 50 methods.
func BenchmarkApply50UnderFaults(b *testing.B) {
	const n = 50
	for range b.N {
		s := acctest.NewSchedulerEmulator(b, emulator.Options{Scheduler: emuscheduler.Options{ReplicaLag: 2 * time.Second}, FailRate: 0.2})
		cli := acctest.NewCLI(b, schedulerEnv(s))
		cli.WriteConfig(b, manyMethods(n))

		tApply := acctest.Timed(func() { cli.MustRun(b, "apply", "-auto-approve") })
		code, out := cli.Run(b, "plan", "-detailed-exitcode")
		faults := s.Emulator.Stats().Faults
		s.Emulator.SetFailRate(0)
		list, _, err := s.Client(b).ListAuthMethods(context.Background(), nil)
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

// BenchmarkAuthMethodRPCs measures what the provider spends on each call
// Terraform makes for one auth method of BenchmarkApply200AuthMethods, in
// process and without Terraform: per method, an apply makes three
// validations, two plans and one create, and a refresh one read.
func BenchmarkAuthMethodRPCs(b *testing.B) {
	const typeName = "stack_scheduler_acl_auth_method"
	s := acctest.NewSchedulerEmulator(b, emulator.Options{})
	rpc := acctest.NewRPC(b, map[string]any{"scheduler": map[string]any{"address": s.URL, "token": s.Token}})
	method := func(i int) map[string]any {
		return map[string]any{
			"name": fmt.Sprintf("bench-%d", i), "type": "OIDC", "token_locality": "global", "max_token_ttl": "1h",
			"config": map[string]any{
				"oidc_discovery_url":    "https://idp.example.com",
				"oidc_client_id":        fmt.Sprintf("Client-%d", i),
				"oidc_client_secret":    fmt.Sprintf("secret-%d", i),
				"bound_audiences":       []string{fmt.Sprintf("Client-%d", i)},
				"allowed_redirect_uris": []string{"http://localhost/cb"},
			},
		}
	}
	b.Run("validate", func(b *testing.B) {
		config := method(0)
		for b.Loop() {
			rpc.Validate(b, typeName, config)
		}
	})
	b.Run("plan", func(b *testing.B) {
		config := method(0)
		for b.Loop() {
			rpc.PlanCreate(b, typeName, config)
		}
	})
	created := 0 // names stay unique across the runs of create
	b.Run("create", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			created++
			config := method(created)
			planned := rpc.PlanCreate(b, typeName, config)
			b.StartTimer()
			rpc.Create(b, typeName, config, planned)
		}
	})
	b.Run("read", func(b *testing.B) {
		created++
		config := method(created)
		state := rpc.Create(b, typeName, config, rpc.PlanCreate(b, typeName, config))
		for b.Loop() {
			rpc.Read(b, typeName, state)
		}
	})
}
