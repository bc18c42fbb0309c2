package platform_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// The data source reads a set by ID or by its exact name, with the
// resource's mapping.
func TestAccVariableSetDataSource_byIDAndByName(t *testing.T) {
	p := acctest.NewPlatform(t)
	project := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("Payments")})
	vs, err := p.Client(t).VariableSets.Create(context.Background(), p.Organization, platformclient.VariableSetOptions{
		Name: check.Ptr("payments-creds"), Description: check.Ptr("Keys"), Priority: check.Ptr(true),
		Parent: &platformclient.VariableSetParent{Project: &platformclient.Project{ID: project}},
	})
	if err != nil {
		t.Fatal(err)
	}
	checks := func(addr string) []statecheck.StateCheck {
		return []statecheck.StateCheck{
			statecheck.ExpectKnownValue(addr, check.Path("id"), check.Str(vs.ID)),
			statecheck.ExpectKnownValue(addr, check.Path("organization"), check.Str(p.Organization)),
			statecheck.ExpectKnownValue(addr, check.Path("name"), check.Str("payments-creds")),
			statecheck.ExpectKnownValue(addr, check.Path("description"), check.Str("Keys")),
			statecheck.ExpectKnownValue(addr, check.Path("global"), knownvalue.Bool(false)),
			statecheck.ExpectKnownValue(addr, check.Path("priority"), knownvalue.Bool(true)),
			statecheck.ExpectKnownValue(addr, check.Path("parent_project_id"), check.Str(project)),
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
			ExpectError: check.Wrapped(fmt.Sprintf(`The organization %q has no variable set named "Payments-Creds"`, p.Organization)),
		}},
	})
}

func TestAccVariableSetDataSource_planErrors(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	check.PlanErrors(t, p, []check.PlanError{
		{Config: p.ProviderConfig() + `data "stack_platform_variable_set" "x" {}`, Want: check.Wrapped(`No attribute specified when one \(and only one\) of \[id,name\] is required`)},
		{Config: p.ProviderConfig() + `data "stack_platform_variable_set" "x" { id = "prj-6p5RiCe5CRjBmsGt" }`, Want: check.Wrapped(`id must be the ID of a variable set`)},
	})
}
