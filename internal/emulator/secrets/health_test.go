package secrets_test

import (
	"net/http"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

// The health of an initialized, unsealed, active server, to any token and
// in any namespace: clients read it to check that an address is the
// service's. It is no secrets-sync endpoint, so neither the token nor the
// license is checked.
func TestHealth_answersWithoutATokenOrLicense(t *testing.T) {
	a := newAPI(t, secrets.Options{NoLicense: true})
	for _, tc := range []struct{ token, ns string }{{"", ""}, {"unknown", "team-a"}, {root, ""}} {
		r := a.doAs(tc.token, tc.ns, http.MethodGet, "/v1/sys/health?standbyok=true", nil)
		if r.Status != http.StatusOK {
			t.Fatalf("token %q, namespace %q: %d %s", tc.token, tc.ns, r.Status, r.Body)
		}
		h := emutest.JSON(t, r)
		if h["initialized"] != true || h["sealed"] != false || h["standby"] != false || h["version"] == "" {
			t.Errorf("health %v", h)
		}
	}
}
