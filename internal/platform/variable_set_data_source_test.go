package platform_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The data source reads a set by ID or by its exact name, with the
// resource's mapping.
func TestAccVariableSetDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	project := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("Payments")})
	vs, err := p.Client(t).VariableSets.Create(context.Background(), p.Organization, platformclient.VariableSetOptions{
		Name: check.Ptr("payments-creds"), Description: check.Ptr("Keys"), Priority: check.Ptr(true),
		Parent: &platformclient.VariableSetParent{Project: &platformclient.Project{ID: project}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]knownvalue.Check{
		"id": check.Str(vs.ID), "organization": check.Str(p.Organization), "name": check.Str("payments-creds"), "description": check.Str("Keys"),
		"global": knownvalue.Bool(false), "priority": knownvalue.Bool(true), "parent_project_id": check.Str(project),
	}
	check.DataSource{
		Service: p, Type: "stack_platform_variable_set", Config: p.ProviderConfig(), Samples: check.Args{"organization": p.Organization},
		PlanErrors: []check.Refusal{{Args: check.Args{"id": "prj-6p5RiCe5CRjBmsGt"}, Want: check.Wrapped(`id must be the ID of a variable set`)}},
		ByID:       check.Read{Args: check.Args{"id": vs.ID}, Want: want},
		ByName:     check.Read{Args: check.Args{"name": "payments-creds"}, Want: want},
		NotFound: []check.Refusal{{
			Args: check.Args{"name": "Payments-Creds"},
			Want: check.Wrapped(fmt.Sprintf(`The organization %q has no variable set named "Payments-Creds"`, p.Organization)),
		}},
	}.Run(t)
}
