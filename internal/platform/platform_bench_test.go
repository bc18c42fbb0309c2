package platform_test

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuplatform "github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// The benchmarks' estate: benchProjects projects of
// benchWorkspacesPerProject workspaces, a variable in each workspace, one
// variable set, with a variable of its own, applied to every project, one
// team with write access to every workspace, and in each project a run
// trigger from its first workspace to its second.
const (
	benchProjects             = 100
	benchWorkspacesPerProject = 10
	benchWorkspaces           = benchProjects * benchWorkspacesPerProject
	// benchResources is how many resources the estate holds: the
	// projects, the workspaces and their variables, the variable set, its
	// variable and its assignments, the team and its accesses, and the run
	// triggers.
	benchResources = benchProjects + 2*benchWorkspaces + 2 + benchProjects + 1 + benchWorkspaces + benchProjects
)

// rateLimitTarget is the most time a run of the estate may take, as a
// multiple of the larger of its two floors: the rate limit's (its
// requests at the platform's limit) and the framework's (the no-op
// provider's run of the same configuration).
const rateLimitTarget = 1.2

// estate is the benchmarks' configuration, in the organization the
// environment names.
func estate() string { return estateOf(benchProjects, benchWorkspacesPerProject) }

// estateOf is the estate's shape at another size: projects projects of
// perProject workspaces each (two at least, for the run triggers).
func estateOf(projects, perProject int) string {
	var b strings.Builder
	b.WriteString(`
resource "stack_platform_variable_set" "shared" {
  name = "shared"
}

resource "stack_platform_variable" "shared" {
  variable_set_id = stack_platform_variable_set.shared.id
  key             = "owner"
  value           = "platform-team"
  category        = "terraform"
}

resource "stack_platform_team" "deployers" {
  name = "deployers"
}
`)
	for p := range projects {
		fmt.Fprintf(&b, `
resource "stack_platform_project" "p%d" {
  name = "project-%d"
}

resource "stack_platform_variable_set_assignment" "p%d" {
  variable_set_id = stack_platform_variable_set.shared.id
  project_id      = stack_platform_project.p%d.id
}

resource "stack_platform_run_trigger" "p%d" {
  workspace_id  = stack_platform_workspace.p%d_w1.id
  sourceable_id = stack_platform_workspace.p%d_w0.id
}
`, p, p, p, p, p, p, p)
		for w := range perProject {
			fmt.Fprintf(&b, `
resource "stack_platform_workspace" "p%d_w%d" {
  name       = "workspace-%d-%d"
  project_id = stack_platform_project.p%d.id
}

resource "stack_platform_variable" "p%d_w%d" {
  workspace_id = stack_platform_workspace.p%d_w%d.id
  key          = "index"
  value        = "%d"
  category     = "terraform"
}

resource "stack_platform_team_access" "p%d_w%d" {
  team_id      = stack_platform_team.deployers.id
  workspace_id = stack_platform_workspace.p%d_w%d.id
  access       = "write"
}
`, p, w, p, w, p, p, w, p, w, p*perProject+w, p, w, p, w)
		}
	}
	return b.String()
}

// platformEnv points the provider at p's platform, with organization as
// its default; it leaves the provider's other settings, the rate limit
// included, at their defaults.
func platformEnv(p *acctest.Platform, organization string) map[string]string {
	return map[string]string{
		"STACK_PLATFORM_ADDR":         p.URL,
		"STACK_PLATFORM_TOKEN":        p.Token,
		"STACK_PLATFORM_ORGANIZATION": organization,
	}
}

// traffic is what the emulator's platform answered during a step.
type traffic struct {
	requests, pings, reads, limited int64
}

// measure runs step and returns its wall time and the traffic it caused.
func measure(emu *emulator.Emulator, step func()) (time.Duration, traffic) {
	before := count(emu)
	d := acctest.Timed(step)
	after := count(emu)
	return d, traffic{
		requests: after.requests - before.requests,
		pings:    after.pings - before.pings,
		reads:    after.reads - before.reads,
		limited:  after.limited - before.limited,
	}
}

func count(emu *emulator.Emulator) traffic {
	var t traffic
	for route, n := range emu.Stats().Requests {
		t.requests += n
		switch {
		case route == "GET /api/v2/ping":
			t.pings += n
		case strings.HasPrefix(route, "GET "):
			t.reads += n
		}
	}
	t.limited = emu.Platform().RateLimited()
	return t
}

// BenchmarkPlatformEstate applies, refreshes and destroys the estate (1,000
// workspaces in 100 projects, a variable and a team's access in each, a
// variable set applied to every project, a run trigger in each project)
// against an emulator at the platform's default rate limit, with
// Terraform's default parallelism, and holds each step to its
// targets: it succeeds, with no 429 in its output; the emulator refused
// (429) fewer than 2% of its requests; a refresh makes refreshReads reads;
// and its wall time is within rateLimitTarget of the larger of its floors,
// the rate limit's (its admitted requests at the limit) and the
// framework's (the no-op provider's same step, in the same run).
func BenchmarkPlatformEstate(b *testing.B) {
	for range b.N {
		p := acctest.NewPlatformEmulator(b, emulator.Options{})
		config := estate()
		floor := acctest.NewNoopCLI(b, platformEnv(p, p.Organization))
		floor.WriteConfig(b, config)
		cli := acctest.NewCLI(b, platformEnv(p, p.Organization))
		cli.WriteConfig(b, config)

		steps := []struct {
			name string
			args []string
		}{
			{"apply", []string{"apply", "-auto-approve"}},
			{"refresh", []string{"plan", "-refresh-only"}},
			{"destroy", []string{"destroy", "-auto-approve", "-refresh=false"}},
		}
		lister := acctest.NewCLI(b, platformEnv(p, p.Organization))
		lister.WriteConfig(b, `
data "stack_platform_workspaces" "all" {}

output "workspaces" {
  value = length(data.stack_platform_workspaces.all.ids)
}
`)
		for _, step := range steps {
			tFloor := acctest.Timed(func() { floor.MustRun(b, step.args...) })
			var out string
			tProvider, seen := measure(p.Emulator, func() { out = cli.MustRun(b, step.args...) })
			reportRateBound(b, step.name, tProvider, tFloor, seen, out, true)
			perResource := float64(seen.requests) / benchResources
			b.ReportMetric(perResource, "requests/resource-"+step.name)
			b.Logf("%s: %.3f requests a resource", step.name, perResource)
			if step.name == "apply" {
				listWorkspaces(b, p.Emulator, lister)
			}
			if step.name == "refresh" {
				b.ReportMetric(float64(seen.reads), "refresh-reads")
				// The floor of a refresh that read each resource once.
				oneRead := time.Duration(float64(benchResources) / emuplatform.DefaultRateLimit * float64(time.Second))
				b.ReportMetric(float64(tProvider)/float64(oneRead), "x-one-read-floor-refresh")
				b.Logf("refresh: %s, %.3fx the one-read floor (%s, a read of each resource at %d/s)",
					tProvider.Round(time.Millisecond), float64(tProvider)/float64(oneRead), oneRead.Round(time.Millisecond), emuplatform.DefaultRateLimit)
				if tProvider >= oneRead {
					b.Errorf("the refresh took %s, want less than the one-read floor, %s", tProvider.Round(time.Millisecond), oneRead.Round(time.Millisecond))
				}
				b.Logf("refresh: %d reads and %d pings for %d resources (want %d: %s)", seen.reads, seen.pings, benchResources, refreshReads, refreshReadsAre)
				if seen.reads != refreshReads || seen.requests != seen.reads+seen.pings {
					b.Errorf("the refresh made %d requests (%d reads, %d pings), want %d reads (%s) and the ping",
						seen.requests, seen.reads, seen.pings, refreshReads, refreshReadsAre)
				}
			}
		}
	}
}

// refreshReads is how many reads the estate's refresh makes: the
// workspaces' and the projects' organization lists, a page of 100 for
// every 100 objects (the projects' with the organization's default
// project besides the estate's); one read of the variable set, which its
// assignments share; and a read of every other resource.
const (
	refreshReads = benchResources -
		benchWorkspaces + (benchWorkspaces+99)/100 -
		benchProjects + (benchProjects+1+99)/100 -
		benchProjects // the assignments, answered by the variable set's read
	refreshReadsAre = "the workspaces' and the projects' lists, the variable set read once for itself and its assignments, and one read of every other resource"
)

// listWorkspaces reads the estate's workspaces through the
// stack_platform_workspaces data source and checks that it took one
// request for each page of 100 (and the ping).
func listWorkspaces(b *testing.B, emu *emulator.Emulator, lister *acctest.CLI) {
	b.Helper()
	var out string
	took, seen := measure(emu, func() { out = lister.MustRun(b, "apply", "-auto-approve") })
	pages := int64(benchWorkspaces / 100)
	b.ReportMetric(float64(seen.reads), "list-requests")
	b.Logf("data source listing %d workspaces: %s, %d list requests and %d pings (want %d and 1)",
		benchWorkspaces, took.Round(time.Millisecond), seen.reads, seen.pings, pages)
	if seen.reads != pages || seen.requests != seen.reads+seen.pings {
		b.Errorf("listing %d workspaces made %d requests (%d reads, %d pings), want %d reads and the ping",
			benchWorkspaces, seen.requests, seen.reads, seen.pings, pages)
	}
	if want := fmt.Sprintf("workspaces = %d", benchWorkspaces); !strings.Contains(out, want) {
		b.Errorf("the data source's output lacks %q:\n%s", want, out)
	}
}

// rateLimitRefusal is how a 429 would show in Terraform's output: the
// client's error names the status ("429 Too Many Requests") and the
// platform's message speaks of the rate limit.
var rateLimitRefusal = regexp.MustCompile(`(?i)too many requests|rate limit`)

// reportRateBound reports a step of the estate (metric, a name without
// spaces, such as "apply") that took took, against its floors: the rate
// limit's, its requests that the emulator admitted at the limit, and noop,
// the no-op provider's same step, when measured. It fails the benchmark
// when a 429 reached the user in out, the step's output, and, when held,
// when the step misses its targets: wall time within rateLimitTarget of
// the larger floor, and fewer than 2% of its requests refused.
func reportRateBound(b *testing.B, metric string, took, noop time.Duration, seen traffic, out string, held bool) {
	b.Helper()
	admitted := seen.requests - seen.limited
	rateFloor := time.Duration(float64(admitted) / emuplatform.DefaultRateLimit * float64(time.Second))
	floor := max(rateFloor, noop)
	ratio := float64(took) / float64(floor)
	limited := float64(seen.limited) / float64(seen.requests)
	b.ReportMetric(took.Seconds(), "s-"+metric)
	b.ReportMetric(ratio, "x-floor-"+metric)
	b.ReportMetric(float64(seen.requests), "requests-"+metric)
	b.ReportMetric(100*limited, "%429-"+metric)
	targets := "no target"
	if held {
		targets = fmt.Sprintf("targets: under 2%% refused, at most %.1fx the larger floor", rateLimitTarget)
	}
	noopFloor := "not measured"
	if noop > 0 {
		noopFloor = noop.Round(time.Millisecond).String()
	}
	b.Logf("%s: %s; %d requests, %d of them refused with 429 (%.2f%%); rate-limit floor %s (%d admitted at %d/s), "+
		"no-op floor %s; %.3fx the larger (%s)",
		metric, took.Round(time.Millisecond), seen.requests, seen.limited, 100*limited, rateFloor.Round(time.Millisecond),
		admitted, emuplatform.DefaultRateLimit, noopFloor, ratio, targets)
	if refusal := rateLimitRefusal.FindString(out); refusal != "" {
		b.Errorf("a 429 reached the user in the %s (%q):\n%s", metric, refusal, out)
	}
	if !held {
		return
	}
	if ratio > rateLimitTarget {
		b.Errorf("the %s took %.3fx its floor, target at most %.1fx", metric, ratio, rateLimitTarget)
	}
	if limited >= 0.02 {
		b.Errorf("the emulator refused %.2f%% of the %s's requests with 429, target under 2%%", 100*limited, metric)
	}
}

// BenchmarkPlatformConcurrentApplies applies the estate three times at
// once, in three organizations, with one token: three processes that
// share one user's rate limit, each of which starts at the whole limit.
// All three must succeed, with no 429 in their output. It reports, without
// a target, the wall time against the rate limit's floor for the three
// together (on two cores, three Terraform runs of this size are slower
// than the limit) and the share of requests the emulator refused.
func BenchmarkPlatformConcurrentApplies(b *testing.B) {
	const runs = 3
	for range b.N {
		p := acctest.NewPlatformEmulator(b, emulator.Options{})
		clis := make([]*acctest.CLI, runs)
		for i := range clis {
			organization := p.Organization
			if i > 0 {
				organization = p.NewOrganization(b)
			}
			clis[i] = acctest.NewCLI(b, platformEnv(p, organization))
			clis[i].WriteConfig(b, estate())
		}
		outs := make([]string, runs)
		codes := make([]int, runs)
		each := make([]time.Duration, runs)
		took, seen := measure(p.Emulator, func() {
			var wg sync.WaitGroup
			for i, cli := range clis {
				wg.Go(func() {
					each[i] = acctest.Timed(func() { codes[i], outs[i] = cli.Run(b, "apply", "-auto-approve") })
				})
			}
			wg.Wait()
		})
		for i := range clis {
			b.Logf("apply %d of %d: exit code %d after %s", i+1, runs, codes[i], each[i].Round(time.Millisecond))
			if codes[i] != 0 {
				b.Errorf("apply %d of %d exited %d:\n%s", i+1, runs, codes[i], outs[i])
			}
		}
		reportRateBound(b, "concurrent-applies", took, 0, seen, strings.Join(outs, "\n"), false)
	}
}
