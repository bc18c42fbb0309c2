package platform_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

const generalSettingsPath = "/api/v2/admin/general-settings"

// The general settings are one object, ID general, of every default
// before any is set.
func TestAdminSettings_readAnswersEveryDefault(t *testing.T) {
	a := newSelfHosted(t)
	d := a.get(generalSettingsPath).data(t, http.StatusOK)
	if d["type"] != "general-settings" || d["id"] != "general" {
		t.Fatalf("general settings %v", d)
	}
	wantAttrs(t, d, map[string]any{
		"limit-user-organization-creation": false, "api-rate-limiting-enabled": true, "api-rate-limit": 30,
		"send-passing-statuses-for-untriggered-speculative-plans": false, "allow-speculative-plans-on-pull-requests-from-forks": false,
		"require-two-factor-for-admins": false, "fair-run-queuing-enabled": true,
		"limit-organizations-per-user": false, "default-organizations-per-user-ceiling": 10,
		"limit-workspaces-per-organization": false, "default-workspaces-per-organization-ceiling": 10,
		"default-remote-state-access": false,
		"plan-timeout":                "2h", "terraform-build-worker-plan-timeout": "2h", "engine-build-worker-plan-timeout": "2h",
		"apply-timeout": "24h", "terraform-build-worker-apply-timeout": "24h", "engine-build-worker-apply-timeout": "24h",
	})
	if n := len(attrs(t, d)); n != 18 {
		t.Errorf("%d attributes, want 18: %v", n, attrs(t, d))
	}
}

// A PATCH changes what it gives, the timeouts by any of their names, and
// answers every setting; what it refuses changes nothing.
func TestAdminSettings_update(t *testing.T) {
	a := newSelfHosted(t)
	d := a.do(http.MethodPatch, generalSettingsPath, body("general-settings", map[string]any{
		"limit-user-organization-creation": true, "api-rate-limit": "50", "default-remote-state-access": true,
		"apply-timeout": "2h", "engine-build-worker-plan-timeout": "30m", "api-rate-limiting-enabled": nil,
	}, nil)).data(t, http.StatusOK)
	want := map[string]any{
		"limit-user-organization-creation": true, "api-rate-limit": 50, "default-remote-state-access": true, "api-rate-limiting-enabled": true,
		"apply-timeout": "2h", "terraform-build-worker-apply-timeout": "2h", "plan-timeout": "30m", "fair-run-queuing-enabled": true,
	}
	wantAttrs(t, d, want)
	a.wantStored(d, generalSettingsPath)
	for _, c := range []struct {
		attrs           map[string]any
		pointer, detail string
	}{
		{map[string]any{"api-rate-limit": 0}, attrAt("api-rate-limit"), "api-rate-limit must be at least 1, got 0"},
		{map[string]any{"default-workspaces-per-organization-ceiling": -1}, attrAt("default-workspaces-per-organization-ceiling"), "must be at least 0"},
		{map[string]any{"plan-timeout": "2 hours", "limit-user-organization-creation": false}, attrAt("plan-timeout"), "must be a duration greater than zero"},
	} {
		wantInvalid(t, a.do(http.MethodPatch, generalSettingsPath, body("general-settings", c.attrs, nil)), c.pointer, c.detail)
	}
	wantAttrs(t, a.get(generalSettingsPath).data(t, http.StatusOK), want)
}

// The general settings are the administrator's, and the self-hosted
// edition's.
func TestAdminSettings_administratorsAlone(t *testing.T) {
	a := newSelfHosted(t)
	aliceToken, _ := a.server.MintUserToken("alice")
	alice := a.as(aliceToken)
	wantNotAdmin(t, alice.get(generalSettingsPath))
	wantNotAdmin(t, alice.do(http.MethodPatch, generalSettingsPath, body("general-settings", map[string]any{"api-rate-limit": 40}, nil)))
	hosted := newAPI(t, platform.Options{})
	emutest.WantAPIError(t, hosted.get(generalSettingsPath), http.StatusNotFound, "not found", "the admin API's settings are the self-hosted edition's")
}

func init() {
	const settings = `{"id":"general","flags":{"api-rate-limiting-enabled":false},"numbers":{"api-rate-limit":40},"plan-timeout":"1h","apply-timeout":"3h"}`
	refuseStates(stateFile("admin-settings", settings),
		stateFile("admin-settings", strings.Replace(settings, `"general"`, `"site"`, 1)),
		stateFile("admin-settings", strings.Replace(settings, `:40`, `:0`, 1)),
		stateFile("admin-settings", strings.Replace(settings, `"1h"`, `"soon"`, 1)),
		stateFile("admin-settings", strings.Replace(settings, `"flags":{`, `"flags":{"unknown-setting":true,`, 1)),
	)
	addStateFixture("admin-settings", func(a *api) roundTrip {
		emutest.WantAPIStatus(a.t, a.do(http.MethodPatch, generalSettingsPath, body("general-settings", map[string]any{
			"api-rate-limit": 45, "plan-timeout": "75m", "default-remote-state-access": true,
		}, nil)), http.StatusOK)
		return roundTrip{paths: []string{generalSettingsPath}}
	})
}
