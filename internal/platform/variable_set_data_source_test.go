package platform_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// The data source reads a set by ID or by its exact name, with the
// resource's mapping.
func TestAccVariableSetDataSource_byIDAndByName(t *testing.T) {
	p := acctest.NewPlatform(t)
	project := newProject(t, p, p.Organization, platformclient.ProjectCreateOptions{Name: ptr("Payments")})
	vs, err := p.Client(t).VariableSets.Create(context.Background(), p.Organization, platformclient.VariableSetCreateOptions{
		Name: ptr("payments-creds"), Description: ptr("Keys"), Priority: ptr(true),
		Parent: &platformclient.VariableSetParent{Project: &platformclient.Project{ID: project}},
	})
	if err != nil {
		t.Fatal(err)
	}
	checks := func(addr string) []statecheck.StateCheck {
		return []statecheck.StateCheck{
			statecheck.ExpectKnownValue(addr, attr("id"), str(vs.ID)),
			statecheck.ExpectKnownValue(addr, attr("organization"), str(p.Organization)),
			statecheck.ExpectKnownValue(addr, attr("name"), str("payments-creds")),
			statecheck.ExpectKnownValue(addr, attr("description"), str("Keys")),
			statecheck.ExpectKnownValue(addr, attr("global"), knownvalue.Bool(false)),
			statecheck.ExpectKnownValue(addr, attr("priority"), knownvalue.Bool(true)),
			statecheck.ExpectKnownValue(addr, attr("parent_project_id"), str(project)),
		}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfig() + fmt.Sprintf(`
data "stack_platform_variable_set" "by_name" { name = "payments-creds" }
data "stack_platform_variable_set" "by_id" { id = %q }
`, vs.ID),
			ConfigStateChecks: append(checks("data.stack_platform_variable_set.by_name"), checks("data.stack_platform_variable_set.by_id")...),
		}, {
			Config:      p.ProviderConfig() + `data "stack_platform_variable_set" "x" { name = "Payments-Creds" }`,
			ExpectError: wrapped(fmt.Sprintf(`The organization %q has no variable set named "Payments-Creds"`, p.Organization)),
		}},
	})
}

func TestAccVariableSetDataSource_planErrors(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	testPlanErrors(t, p, []planErrorCase{
		{config: p.ProviderConfig() + `data "stack_platform_variable_set" "x" {}`, want: wrapped(`No attribute specified when one \(and only one\) of \[id,name\] is required`)},
		{config: p.ProviderConfig() + `data "stack_platform_variable_set" "x" { id = "prj-6p5RiCe5CRjBmsGt" }`, want: wrapped(`id must be the ID of a variable set`)},
	})
}
