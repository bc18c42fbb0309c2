package platform

import (
	"context"
	"net/http"
	"testing"
)

const adminSettingsJSON = `{"data":{"id":"general","type":"general-settings","attributes":{
	"limit-user-organization-creation":true,"api-rate-limiting-enabled":true,"api-rate-limit":50,
	"send-passing-statuses-for-untriggered-speculative-plans":false,"allow-speculative-plans-on-pull-requests-from-forks":true,
	"default-remote-state-access":false,"require-two-factor-for-admins":false,"fair-run-queuing-enabled":true,
	"limit-organizations-per-user":false,"default-organizations-per-user-ceiling":10,
	"limit-workspaces-per-organization":false,"default-workspaces-per-organization-ceiling":10,
	"plan-timeout":"30m","apply-timeout":"2h"}}}`

func TestAdminSettings_readAndUpdate(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, adminSettingsJSON))
	got, err := c.AdminSettings.Read(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/admin/general-settings", "", "")
	if got.ID != "general" || !got.LimitUserOrganizationCreation || got.APIRateLimit != 50 || !got.AllowSpeculativePlansOnPullRequestsFromForks ||
		got.PlanTimeout != "30m" || got.ApplyTimeout != "2h" || got.DefaultRemoteStateAccess {
		t.Errorf("settings %+v", got)
	}
	if _, err := c.AdminSettings.Update(context.Background(), AdminSettingsOptions{
		APIRateLimit: ptr(50), DefaultRemoteStateAccess: ptr(false), PlanTimeout: ptr("30m"),
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/admin/general-settings", "",
		`{"data":{"type":"general-settings","id":"general","attributes":{"api-rate-limit":50,"default-remote-state-access":false,"plan-timeout":"30m"}}}`)
}

// A release older than the timeouts' new names answers the deprecated
// ones alone: the timeouts are read from them.
func TestAdminSettings_deprecatedTimeouts(t *testing.T) {
	c, _ := fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"general","type":"general-settings","attributes":{
		"terraform-build-worker-plan-timeout":"1h","engine-build-worker-apply-timeout":"3h"}}}`))
	got, err := c.AdminSettings.Read(context.Background())
	if err != nil || got.PlanTimeout != "1h" || got.ApplyTimeout != "3h" {
		t.Errorf("settings %+v, %v; want the deprecated names' timeouts", got, err)
	}
}

func init() {
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"AdminSettings.Update": {func(c *Client) error {
				return errOf(c.AdminSettings.Update(ctx, AdminSettingsOptions{APIRateLimit: ptr(40)}))
			}, sentOnce},
		}
	})
}
