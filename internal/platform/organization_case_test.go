package platform_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
)

// organizationCase is a resource that lives in an organization, for the
// tests of organization names in another case: its address, whether it has
// an ID of its own, and its configuration after the provider block
// provider, with the organization set to org ("" leaves it out).
type organizationCase struct {
	name, addr string
	hasID      bool
	config     func(provider, org string) string
}

// organizationCases are the resources whose model takes the organization
// from the platform's answer.
var organizationCases = []organizationCase{
	{"project", projectAddr, true, func(provider, org string) string {
		return projectResource(provider, "cased", organizationArgument(org))
	}},
	{"workspace", workspaceAddr, true, func(provider, org string) string {
		return workspaceResource(provider, "cased", organizationArgument(org))
	}},
	{"variable set", variableSetAddr, true, func(provider, org string) string {
		return provider + fmt.Sprintf(`
resource "stack_platform_variable_set" "test" {
  name = "cased"
  %s
}
`, organizationArgument(org))
	}},
	{"team", teamAddr, true, func(provider, org string) string {
		return provider + fmt.Sprintf(`
resource "stack_platform_team" "test" {
  name = "cased"
  %s
}
`, organizationArgument(org))
	}},
	{"default settings", settingsAddr, false, func(provider, org string) string {
		return provider + fmt.Sprintf(`
resource "stack_platform_organization_default_settings" "test" {
  default_execution_mode = "local"
  %s
}
`, organizationArgument(org))
	}},
}

// kept is idKept for a resource that has an ID.
func (c organizationCase) kept(id *string) resource.TestCheckFunc {
	if !c.hasID {
		return func(*terraform.State) error { return nil }
	}
	return check.IDKept(c.addr, id)
}

func organizationArgument(org string) string {
	if org == "" {
		return ""
	}
	return fmt.Sprintf("organization = %q", org)
}

// The platform matches organization names in any case: a resource keeps
// the configuration's spelling of its organization, so that the plan
// after an apply and a refresh is empty, and a change of case alone is an
// update in place, not a replacement.
func TestAccOrganizationCase_configurationSpellingIsKept(t *testing.T) {
	for _, c := range organizationCases {
		t.Run(c.name, func(t *testing.T) {
			p := acctest.NewPlatform(t)
			upper := strings.ToUpper(p.Organization)
			var id string
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.ProviderFactories,
				Steps: []resource.TestStep{
					{
						Config: c.config(p.ProviderConfig(), upper),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
						},
						ConfigStateChecks: []statecheck.StateCheck{
							statecheck.ExpectKnownValue(c.addr, check.Path("organization"), check.Str(upper)),
						},
						Check: c.kept(&id),
					},
					{
						Config: c.config(p.ProviderConfig(), p.Organization),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(c.addr, plancheck.ResourceActionUpdate)},
							PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
						},
						ConfigStateChecks: []statecheck.StateCheck{
							statecheck.ExpectKnownValue(c.addr, check.Path("organization"), check.Str(p.Organization)),
						},
						Check: c.kept(&id),
					},
				},
			})
		})
	}
}

// A provider's default organization that changes only in case names the
// same organization: the resources that follow it plan nothing, and keep
// the spelling they have. One that names another organization still
// replaces them.
func TestAccOrganizationCase_providerDefaultInAnotherCaseReplacesNothing(t *testing.T) {
	for _, c := range organizationCases {
		t.Run(c.name, func(t *testing.T) {
			p := acctest.NewPlatform(t)
			other := p.NewOrganization(t)
			var id string
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.ProviderFactories,
				Steps: []resource.TestStep{
					{
						Config: c.config(p.ProviderConfig(), ""),
						Check:  c.kept(&id),
					},
					{
						Config: c.config(p.ProviderConfigWith(p.Token, strings.ToUpper(p.Organization)), ""),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
						},
						ConfigStateChecks: []statecheck.StateCheck{
							statecheck.ExpectKnownValue(c.addr, check.Path("organization"), check.Str(p.Organization)),
						},
						Check: c.kept(&id),
					},
					{
						Config: c.config(p.ProviderConfigWith(p.Token, other), ""),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(c.addr, plancheck.ResourceActionDestroyBeforeCreate)},
						},
						ConfigStateChecks: []statecheck.StateCheck{
							statecheck.ExpectKnownValue(c.addr, check.Path("organization"), check.Str(other)),
						},
					},
				},
			})
		})
	}
}
