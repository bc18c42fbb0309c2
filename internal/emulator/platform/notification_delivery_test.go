package platform_test

import (
	"net/http"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
)

func init() {
	// A verify records a delivery, which the configuration's
	// delivery-responses answers and the admin route lists.
	addStateFixture("notification-deliveries", func(a *api) roundTrip {
		ws := a.workspaceID("acme", "state-delivered")
		nc := wantID(a.t, a.createNotification("workspaces", ws, webhook("verified", "run:errored"), nil)["id"], "nc")
		emutest.WantAPIStatus(a.t, a.do(http.MethodPost, notificationPath(nc)+"/actions/verify", nil), http.StatusOK)
		return roundTrip{paths: []string{notificationPath(nc), "/_emulator/platform/notification-deliveries?notification-configuration=" + nc}}
	})
}
