package fwutil

import (
	"slices"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// OnlyChanged reports whether every difference between a planned and a
// prior value lies within the named top-level attributes (or blocks). An
// update that changes only attributes the API never sees, such as
// timeouts, then has nothing to send.
func OnlyChanged(plan, prior tftypes.Value, names ...string) (bool, error) {
	diffs, err := plan.Diff(prior)
	if err != nil {
		return false, err
	}
	for _, d := range diffs {
		steps := d.Path.Steps()
		if len(steps) == 0 {
			return false, nil
		}
		name, ok := steps[0].(tftypes.AttributeName)
		if !ok || !slices.Contains(names, string(name)) {
			return false, nil
		}
	}
	return true, nil
}
