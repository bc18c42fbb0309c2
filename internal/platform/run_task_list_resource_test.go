package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds the run tasks of an organization, the provider's or
// another; with include_resource, each is the state an import gives,
// without the HMAC key, which the platform never returns.
func TestAccRunTaskListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	task, err := p.Client(t).RunTasks.Create(context.Background(), p.Organization, platformclient.RunTaskOptions{
		Name: check.Ptr("scanner"), URL: check.Ptr("https://scanner.example.com"), Category: check.Ptr(platformclient.RunTaskCategory),
		Description: check.Ptr("Scans plans."), HMACKey: check.Ptr("s3cret"), Enabled: check.Ptr(false),
	})
	if err != nil {
		t.Fatal(err)
	}
	newRunTask(t, p, p.Organization, "costs")
	elsewhere := newRunTask(t, p, other, "scanner")
	in := func(org, name string) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"organization": org, "name": name})
	}
	check.Query{
		Type: "stack_platform_run_task", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{in(p.Organization, "scanner"), in(p.Organization, "costs")}, DisplayName: "scanner",
				Resource: map[string]knownvalue.Check{
					"id": check.Str(task.ID), "organization": check.Str(p.Organization), "name": check.Str("scanner"),
					"url": check.Str("https://scanner.example.com"), "description": check.Str("Scans plans."), "category": check.Str("task"),
					"enabled": knownvalue.Bool(false), "agent_pool_id": knownvalue.Null(), "hmac_key": knownvalue.Null(), "hmac_key_wo_version": knownvalue.Null(),
				},
			},
			{
				Label: "other", Args: check.Args{"organization": other}, Found: []map[string]knownvalue.Check{in(other, "scanner")}, DisplayName: "scanner",
				Resource: map[string]knownvalue.Check{"id": check.Str(elsewhere.ID), "enabled": knownvalue.Bool(true), "description": check.Str("")},
			},
		},
	}.Run(t)
}
