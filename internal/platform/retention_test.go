package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// retentionIs checks the data retention policy the platform holds for
// target, that of addr: its ID is the state's, and its days are days (0:
// a don't-delete policy).
func retentionIs(t *testing.T, p *acctest.Platform, addr string, target func(s *terraform.State) (platformclient.DataRetentionTarget, error), days int) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		tg, err := target(s)
		if err != nil {
			return err
		}
		got, err := p.Client(t).DataRetentionPolicies.Read(context.Background(), tg)
		if err != nil {
			return err
		}
		id, err := check.StateValue(s, addr, "id")
		if err != nil {
			return err
		}
		gotDays := 0
		if got.DeleteOlderThanNDays != nil {
			gotDays = *got.DeleteOlderThanNDays
		}
		return check.Differences(map[string]any{"id": got.ID, "days": gotDays}, map[string]any{"id": id, "days": days})
	}
}
