package platform_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
)

// noRetries is p's provider block with retries off, so that one fault
// that FailNext injects fails its request.
func noRetries(p *acctest.Platform) string {
	return strings.Replace(p.ProviderConfig(), "max_retries = 6", "max_retries = 0", 1)
}

// savedState checks, in a plan, what the state held before it: with the
// plan that does not refresh (PostApplyPreRefresh), what the last apply
// saved. want gives the attributes' values, compared as differences
// does, and "tainted" whether the resource is tainted.
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
		if r.Address == c.addr {
			got := map[string]any{"tainted": r.Tainted}
			for k, v := range r.AttributeValues {
				got[k] = v
			}
			if err := differences(got, c.want()); err != nil {
				resp.Error = fmt.Errorf("the state of %s: %w", c.addr, err)
			}
			return
		}
	}
	resp.Error = fmt.Errorf("%s is not in the state", c.addr)
}
