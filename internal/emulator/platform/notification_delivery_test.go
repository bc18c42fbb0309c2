package platform_test

import (
	"net/http"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
)

func init() {
	// A verify records a delivery, which the configuration's
	// delivery-responses answers and the admin route lists: one of each
	// kind of configuration.
	addStateFixture("notification-deliveries", func(a *api) roundTrip {
		ws, prj, team := a.workspaceID("acme", "state-delivered"), a.createProject("acme", "state-delivered"), a.createTeam("acme", "state-delivered")
		var paths []string
		for _, created := range []map[string]any{
			a.createNotification("workspaces", ws, webhook("verified", "run:errored"), nil),
			a.createNotification("projects", prj, webhook("verified"), nil),
			a.createNotification("teams", team, webhook("verified"), nil),
		} {
			nc := wantID(a.t, created["id"], "nc")
			emutest.WantAPIStatus(a.t, a.do(http.MethodPost, notificationPath(nc)+"/actions/verify", nil), http.StatusOK)
			paths = append(paths, notificationPath(nc), "/_emulator/platform/notification-deliveries?notification-configuration="+nc)
		}
		return roundTrip{paths: paths}
	})
}
