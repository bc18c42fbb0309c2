package acctest

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
)

// SavedState checks, in a plan, what the state held before it: run as a
// PostApplyPreRefresh check (the plan that does not refresh), what the
// last apply saved, such as after a create or update that failed
// half-way. want gives the resource's attributes and "tainted", whether
// it is tainted, each compared by its fmt.Sprint form; it is called when
// the check runs, so that it may use values learnt by earlier steps.
func SavedState(addr string, want func() map[string]any) plancheck.PlanCheck {
	return savedState{addr, want}
}

// PlansFromSaved are the checks of a plan, run without a refresh, that
// follows a create or update that failed half-way: the plan takes action
// on addr (the replacement of a tainted create, or the update of what is
// left to do), from the state that SavedState checks. The step plans
// only (PlanOnly), and expects the plan not to be empty.
func PlansFromSaved(addr string, action plancheck.ResourceActionType, want func() map[string]any) resource.ConfigPlanChecks {
	return resource.ConfigPlanChecks{PostApplyPreRefresh: []plancheck.PlanCheck{
		plancheck.ExpectResourceAction(addr, action),
		SavedState(addr, want),
	}}
}

type savedState struct {
	addr string
	want func() map[string]any
}

func (c savedState) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	if req.Plan.PriorState == nil || req.Plan.PriorState.Values == nil || req.Plan.PriorState.Values.RootModule == nil {
		resp.Error = fmt.Errorf("the plan has no prior state: %s was not saved", c.addr)
		return
	}
	for _, r := range req.Plan.PriorState.Values.RootModule.Resources {
		if r.Address != c.addr {
			continue
		}
		want := c.want()
		var problems []string
		for _, k := range slices.Sorted(maps.Keys(want)) {
			got := r.AttributeValues[k]
			if k == "tainted" {
				got = r.Tainted
			}
			if fmt.Sprint(got) != fmt.Sprint(want[k]) {
				problems = append(problems, fmt.Sprintf("%s is %v, want %v", k, got, want[k]))
			}
		}
		if problems != nil {
			resp.Error = fmt.Errorf("the state of %s: %s", c.addr, strings.Join(problems, "; "))
		}
		return
	}
	resp.Error = fmt.Errorf("%s is not in the state", c.addr)
}
