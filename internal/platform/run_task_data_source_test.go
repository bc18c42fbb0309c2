package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// The data source reads a task by name, in the provider's organization or
// another, and by ID, with the resource's values, never the HMAC key, and
// its global settings: null where the organization's plan has no global
// run tasks. A name is compared exactly, in its case.
func TestAccRunTaskDataSource_shape(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	onPlan(t, p, p.Organization, "Business")
	other := p.NewOrganization(t)
	ctx := context.Background()
	c := p.Client(t)
	pool, err := c.AgentPools.Create(ctx, p.Organization, platformclient.AgentPoolOptions{Name: check.Ptr("private")})
	if err != nil {
		t.Fatal(err)
	}
	task, err := c.RunTasks.Create(ctx, p.Organization, platformclient.RunTaskOptions{
		Name: check.Ptr("scanner"), URL: check.Ptr("https://scanner.example.com"), Category: check.Ptr("task"),
		Description: check.Ptr("Scans plans."), HMACKey: check.Ptr("s3cret"), Enabled: check.Ptr(false),
		AgentPool: platformclient.RunTaskAgentPool(pool.ID),
		GlobalConfiguration: &platformclient.RunTaskGlobalConfigurationOptions{
			Enabled: check.Ptr(true), Stages: []string{"pre_plan"}, EnforcementLevel: check.Ptr("mandatory"),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	// A task whose name holds the other's.
	newRunTask(t, p, p.Organization, "scanner-2")
	otherTask := newRunTask(t, p, other, "scanner")
	same := map[string]knownvalue.Check{
		"id": check.Str(task.ID), "organization": check.Str(p.Organization), "name": check.Str("scanner"),
		"url": check.Str("https://scanner.example.com"), "description": check.Str("Scans plans."), "category": check.Str("task"),
		"enabled": knownvalue.Bool(false), "agent_pool_id": check.Str(pool.ID),
		"global_configuration": knownvalue.ObjectExact(map[string]knownvalue.Check{
			"enabled": knownvalue.Bool(true), "stages": check.StrList("pre_plan"), "enforcement_level": check.Str("mandatory"),
		}),
	}
	check.DataSource{
		Service: p, Type: "stack_platform_run_task", Config: p.ProviderConfig(),
		ByID:   check.Read{Args: check.Args{"id": task.ID}, Want: same},
		ByName: check.Read{Args: check.Args{"name": "scanner"}, Want: same},
		InOther: check.Read{Args: check.Args{"organization": other, "name": "scanner"}, Want: map[string]knownvalue.Check{
			"id": check.Str(otherTask.ID), "organization": check.Str(other), "enabled": knownvalue.Bool(true),
			"description": check.Str(""), "agent_pool_id": knownvalue.Null(), "global_configuration": knownvalue.Null(),
		}},
		NotFound: []check.Refusal{{
			Args: check.Args{"name": "Scanner"},
			Want: check.Literal(`The organization "` + p.Organization + `" has no run task named "Scanner" that the token may see: the name is compared exactly, in its case.`),
		}},
	}.Run(t)
}
