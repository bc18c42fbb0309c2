package platform_test

import (
	"context"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// The estate of the benchmarks, at 3 projects of 3 workspaces (42
// resources of eight kinds), against a platform that refuses a fifth of
// the requests (429 or 503) and answers each after 50 ms: the apply
// succeeds, the plan after it is empty, the platform holds exactly what
// the configuration says, and the destroy leaves nothing. At that rate
// the default 4 retries let one request in 3,125 fail (0.2^5), one in a
// run of this size every few dozen runs: the test allows 10 (0.2^11, one
// in 49 million), as a user whose server fails that often would.
func TestAccPlatform_estateUnderFaultsConverges(t *testing.T) {
	t.Parallel()
	const projects, perProject = 3, 3
	p := acctest.NewPlatformEmulator(t, emulator.Options{Latency: 50 * time.Millisecond})
	env := platformEnv(p, p.Organization)
	env["STACK_MAX_RETRIES"] = "10"
	cli := acctest.NewCLI(t, env)
	cli.WriteConfig(t, estateOf(projects, perProject))
	p.Emulator.SetFailRate(0.2)
	cli.MustRun(t, "apply", "-auto-approve")
	if code, out := cli.Run(t, "plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after the apply under faults exited %d:\n%s", code, out)
	}
	faults := p.Emulator.Stats().Faults
	p.Emulator.SetFailRate(0)
	if faults == 0 {
		t.Fatal("no fault was injected: the test proves nothing")
	}
	t.Logf("%d faults injected", faults)

	ctx, c := context.Background(), p.Client(t)
	workspaces, err := c.Workspaces.List(ctx, p.Organization, platformclient.WorkspaceListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(workspaces.Items); got != projects*perProject {
		t.Errorf("the platform holds %d workspaces, want %d", got, projects*perProject)
	}
	var variables, accesses, triggers int
	for _, ws := range workspaces.Items {
		vars, err := c.Variables.List(ctx, platformclient.InWorkspace(ws.ID))
		if err != nil {
			t.Fatal(err)
		}
		access, err := c.TeamWorkspaces.List(ctx, ws.ID, platformclient.TeamWorkspaceListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		inbound, err := c.RunTriggers.List(ctx, ws.ID, "inbound")
		if err != nil {
			t.Fatal(err)
		}
		variables, accesses, triggers = variables+len(vars.Items), accesses+len(access.Items), triggers+len(inbound.Items)
	}
	if variables != projects*perProject || accesses != projects*perProject || triggers != projects {
		t.Errorf("the platform holds %d variables, %d team accesses and %d run triggers, want %d, %d and %d",
			variables, accesses, triggers, projects*perProject, projects*perProject, projects)
	}
	projectList, err := c.Projects.List(ctx, p.Organization, platformclient.ProjectListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(projectList.Items); got != projects+1 {
		t.Errorf("the platform holds %d projects, want %d and the default project", got, projects)
	}

	p.Emulator.SetFailRate(0.2)
	cli.MustRun(t, "destroy", "-auto-approve")
	p.Emulator.SetFailRate(0)
	if left, err := c.Workspaces.List(ctx, p.Organization, platformclient.WorkspaceListOptions{}); err != nil || len(left.Items) != 0 {
		t.Errorf("after the destroy under faults the platform holds %v workspaces (%v), want none", left, err)
	}
}
