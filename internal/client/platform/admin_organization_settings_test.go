package platform

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"slices"
	"testing"
)

const adminOrganizationJSON = `{"data":{"id":"acme","type":"organizations","attributes":{
	"external-id":"org-6p5RiCe5CRjBmsGt","notification-email":"ops@acme.example","sso-enabled":false,
	"access-beta-tools":true,"global-module-sharing":false,"global-provider-sharing":true,"is-disabled":false,
	"terraform-worker-sudo-enabled":true,"plan-timeout":"90m","apply-timeout":"12h",
	"engine-build-worker-plan-timeout":"90m","terraform-build-worker-plan-timeout":"90m",
	"engine-build-worker-apply-timeout":"12h","terraform-build-worker-apply-timeout":"12h","workspace-limit":null},
	"relationships":{"owners":{"data":[{"id":"user-1","type":"users"}]}}}}`

func TestAdminOrganizationSettings_readAndUpdate(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, adminOrganizationJSON))
	got, err := c.AdminOrganizationSettings.Read(context.Background(), "acme")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/admin/organizations/acme", "", "")
	if got.Name != "acme" || got.ExternalID != "org-6p5RiCe5CRjBmsGt" || !got.AccessBetaTools || !got.GlobalProviderSharing ||
		!got.WorkerSudoEnabled || got.PlanTimeout != "90m" || got.ApplyTimeout != "12h" || got.WorkspaceLimit != nil ||
		got.NotificationEmail != "ops@acme.example" || len(got.Owners) != 1 {
		t.Errorf("settings %+v", got)
	}

	c, f = fakePlatform(t, reply(http.StatusOK, adminOrganizationJSON))
	if _, err := c.AdminOrganizationSettings.Update(context.Background(), "acme", AdminOrganizationSettingsOptions{
		AccessBetaTools: ptr(true), GlobalModuleSharing: ptr(false), PlanTimeout: ptr("90m"), WorkspaceLimit: Null[int](),
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/admin/organizations/acme", "",
		`{"data":{"type":"organizations","attributes":{"access-beta-tools":true,"global-module-sharing":false,"plan-timeout":"90m","workspace-limit":null}}}`)
	// A limit of 0 is a limit, sent as such; none left out is not sent.
	for opts, want := range map[*AdminOrganizationSettingsOptions]string{
		{WorkspaceLimit: Value(0)}: `{"data":{"type":"organizations","attributes":{"workspace-limit":0}}}`,
		{}:                         `{"data":{"type":"organizations"}}`,
	} {
		if _, err := c.AdminOrganizationSettings.Update(context.Background(), "acme", *opts); err != nil {
			t.Fatal(err)
		}
		assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/admin/organizations/acme", "", want)
	}
}

// A release older than the timeouts' new names (2024-08-01) answers the
// deprecated ones alone: the timeouts are read from them.
func TestAdminOrganizationSettings_deprecatedTimeouts(t *testing.T) {
	for answer, want := range map[string][2]string{
		`{"data":{"id":"acme","type":"organizations","attributes":{"engine-build-worker-plan-timeout":"1h","engine-build-worker-apply-timeout":"3h"}}}`:       {"1h", "3h"},
		`{"data":{"id":"acme","type":"organizations","attributes":{"terraform-build-worker-plan-timeout":"4h","terraform-build-worker-apply-timeout":"5h"}}}`: {"4h", "5h"},
	} {
		c, _ := fakePlatform(t, reply(http.StatusOK, answer))
		got, err := c.AdminOrganizationSettings.Read(context.Background(), "acme")
		if err != nil || got.PlanTimeout != want[0] || got.ApplyTimeout != want[1] {
			t.Errorf("%s: %+v, %v; want %v", answer, got, err, want)
		}
	}
}

func TestAdminOrganizationSettings_moduleConsumers(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"beta","type":"organizations","attributes":{}},{"id":"corp","type":"organizations","attributes":{}}]}`))
	got, err := c.AdminOrganizationSettings.ModuleConsumers(context.Background(), "acme")
	if err != nil || !slices.Equal(got, []string{"beta", "corp"}) {
		t.Fatalf("consumers %v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/admin/organizations/acme/relationships/module-consumers", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	for _, consumers := range [][]string{{"beta"}, {}} {
		if err := c.AdminOrganizationSettings.SetModuleConsumers(context.Background(), "acme", consumers); err != nil {
			t.Fatal(err)
		}
		want := `{"data":[]}`
		if len(consumers) == 1 {
			want = `{"data":[{"type":"organizations","id":"beta"}]}`
		}
		assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/admin/organizations/acme/relationships/module-consumers", "", want)
	}
}

// On the hosted edition every call is refused unsent, the list's too.
func TestAdminOrganizationSettings_hostedEdition(t *testing.T) {
	c, srv := editionPlatform(t, HostedAppName, reply(http.StatusOK, adminOrganizationJSON))
	_, readErr := c.AdminOrganizationSettings.Read(context.Background(), "acme")
	_, listErr := c.AdminOrganizationSettings.ModuleConsumers(context.Background(), "acme")
	setErr := c.AdminOrganizationSettings.SetModuleConsumers(context.Background(), "acme", nil)
	for _, err := range []error{readErr, listErr, setErr} {
		var e *EditionError
		if !errors.As(err, &e) {
			t.Errorf("%T %v, want an *EditionError", err, err)
		}
	}
	if got := srv.Lines(); !reflect.DeepEqual(got, []string{"GET /api/v2/ping"}) {
		t.Errorf("requests %v, want the ping alone", got)
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.AdminOrganizationSettings.Read(ctx, "")),
				errOf(c.AdminOrganizationSettings.Update(ctx, "", AdminOrganizationSettingsOptions{})),
				errOf(c.AdminOrganizationSettings.ModuleConsumers(ctx, "")),
				c.AdminOrganizationSettings.SetModuleConsumers(ctx, "", nil),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"AdminOrganizationSettings.Update": {func(c *Client) error {
				return errOf(c.AdminOrganizationSettings.Update(ctx, "acme", AdminOrganizationSettingsOptions{AccessBetaTools: ptr(true)}))
			}, sentOnce},
			"AdminOrganizationSettings.SetModuleConsumers": {func(c *Client) error {
				return c.AdminOrganizationSettings.SetModuleConsumers(ctx, "acme", []string{"beta"})
			}, sentAgain},
		}
	})
}
