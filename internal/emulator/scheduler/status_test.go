package scheduler_test

import (
	"net/http"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
)

// The leader's address, as JSON, to any token or none: clients read it to
// check that an address is the scheduler's.
func TestStatusLeader_answersWithoutAToken(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	for _, token := range []string{"", "unknown", root} {
		r := a.do(http.MethodGet, "/v1/status/leader", token, nil)
		if r.Status != http.StatusOK || r.Body != "\"127.0.0.1:4647\"\n" || r.Header.Get("Content-Type") != "application/json" {
			t.Errorf("token %q: %d %q (%s)", token, r.Status, r.Body, r.Header.Get("Content-Type"))
		}
	}
}
