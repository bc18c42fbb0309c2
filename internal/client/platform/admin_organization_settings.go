package platform

import (
	"context"
	"fmt"
	"net/http"
)

// adminOrganizationsWhat is what the calls manage, in the self-hosted
// edition's refusals.
const adminOrganizationsWhat = "the admin API's organization settings"

// AdminOrganizationSettings are an organization's settings in the
// self-hosted edition's admin API, type organizations at
// /admin/organizations/:name: what only the site administrator sets.
type AdminOrganizationSettings struct {
	Name                  string `jsonapi:"primary,organizations"`
	ExternalID            string `jsonapi:"attr,external-id"`
	NotificationEmail     string `jsonapi:"attr,notification-email"`
	SSOEnabled            bool   `jsonapi:"attr,sso-enabled"`
	AccessBetaTools       bool   `jsonapi:"attr,access-beta-tools"`
	GlobalModuleSharing   bool   `jsonapi:"attr,global-module-sharing"`
	GlobalProviderSharing bool   `jsonapi:"attr,global-provider-sharing"`
	IsDisabled            bool   `jsonapi:"attr,is-disabled"`
	WorkerSudoEnabled     bool   `jsonapi:"attr,terraform-worker-sudo-enabled"`
	// PlanTimeout and ApplyTimeout are durations such as "2h": the
	// platform's names since 2024-08-01, which Read and Update fill from
	// a deprecated name when an older release answers only that.
	PlanTimeout  string `jsonapi:"attr,plan-timeout"`
	ApplyTimeout string `jsonapi:"attr,apply-timeout"`
	// The deprecated names of the timeouts: the changelog's and the
	// incumbent client library's.
	EngineBuildWorkerPlanTimeout     string `jsonapi:"attr,engine-build-worker-plan-timeout"`
	EngineBuildWorkerApplyTimeout    string `jsonapi:"attr,engine-build-worker-apply-timeout"`
	TerraformBuildWorkerPlanTimeout  string `jsonapi:"attr,terraform-build-worker-plan-timeout"`
	TerraformBuildWorkerApplyTimeout string `jsonapi:"attr,terraform-build-worker-apply-timeout"`
	// WorkspaceLimit is nil while the organization has none.
	WorkspaceLimit *int `jsonapi:"attr,workspace-limit"`

	Owners []*User `jsonapi:"relation,owners"`
}

// timeouts fills the timeouts from their deprecated names where a server
// answered only those.
func (a *AdminOrganizationSettings) timeouts() *AdminOrganizationSettings {
	a.PlanTimeout = firstSet(a.PlanTimeout, a.EngineBuildWorkerPlanTimeout, a.TerraformBuildWorkerPlanTimeout)
	a.ApplyTimeout = firstSet(a.ApplyTimeout, a.EngineBuildWorkerApplyTimeout, a.TerraformBuildWorkerApplyTimeout)
	return a
}

// firstSet is the first of values that is not empty.
func firstSet(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}

// AdminOrganizationSettingsOptions is the body of an update: the settings
// it gives, the others left as they are. The timeouts go by their current
// names alone.
type AdminOrganizationSettingsOptions struct {
	Type                  string  `jsonapi:"primary,organizations"`
	AccessBetaTools       *bool   `jsonapi:"attr,access-beta-tools,omitempty"`
	GlobalModuleSharing   *bool   `jsonapi:"attr,global-module-sharing,omitempty"`
	GlobalProviderSharing *bool   `jsonapi:"attr,global-provider-sharing,omitempty"`
	IsDisabled            *bool   `jsonapi:"attr,is-disabled,omitempty"`
	WorkerSudoEnabled     *bool   `jsonapi:"attr,terraform-worker-sudo-enabled,omitempty"`
	PlanTimeout           *string `jsonapi:"attr,plan-timeout,omitempty"`
	ApplyTimeout          *string `jsonapi:"attr,apply-timeout,omitempty"`
	// WorkspaceLimit is sent as null (Null) to clear it.
	WorkspaceLimit Nullable[int] `jsonapi:"attr,workspace-limit"`
}

// AdminOrganizationSettingsCalls are the calls of organizations' admin
// settings, the self-hosted edition's admin API: refused unsent on the
// hosted edition (*EditionError), and a 404 to a token that is not a site
// administrator's is an *AdminError.
type AdminOrganizationSettingsCalls struct{ c *Client }

var adminOrganizations = collection{path: "/admin/organizations", id: "organization name"}

// Read reads the admin settings of the organization named org.
func (s *AdminOrganizationSettingsCalls) Read(ctx context.Context, org string) (*AdminOrganizationSettings, error) {
	return s.one(ctx, request{method: http.MethodGet, at: adminOrganizations.at(org)})
}

// Update changes the settings that opts gives, and returns them all.
func (s *AdminOrganizationSettingsCalls) Update(ctx context.Context, org string, opts AdminOrganizationSettingsOptions) (*AdminOrganizationSettings, error) {
	return s.one(ctx, request{method: http.MethodPatch, at: adminOrganizations.at(org), body: &opts})
}

func (s *AdminOrganizationSettingsCalls) one(ctx context.Context, r request) (*AdminOrganizationSettings, error) {
	raw, err := s.c.admin(ctx, adminOrganizationsWhat, r)
	if err != nil {
		return nil, err
	}
	v, err := decodeOne[AdminOrganizationSettings](raw)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", r.method, APIPrefix+r.at.path, err)
	}
	return v.timeouts(), nil
}

// ModuleConsumers are the names of the organizations that may use the
// private modules of the organization named org.
func (s *AdminOrganizationSettingsCalls) ModuleConsumers(ctx context.Context, org string) ([]string, error) {
	at := adminOrganizations.at(org).sub("relationships/module-consumers")
	if err := s.c.refuseOnHosted(ctx, adminOrganizationsWhat, http.MethodGet, at); err != nil {
		return nil, err
	}
	l, err := list[AdminOrganizationSettings](ctx, s.c, at, nil)
	if err != nil {
		return nil, s.c.adminNotFound(ctx, err)
	}
	names := make([]string, 0, len(l.Items))
	for _, o := range l.Items {
		names = append(names, o.Name)
	}
	return names, nil
}

// SetModuleConsumers makes the organizations named consumers, and no
// other, those that may use the private modules of the organization named
// org. Setting the same list twice is setting it once, so the request is
// sent again after a lost answer.
func (s *AdminOrganizationSettingsCalls) SetModuleConsumers(ctx context.Context, org string, consumers []string) error {
	_, err := s.c.admin(ctx, adminOrganizationsWhat, request{
		method: http.MethodPatch, at: adminOrganizations.at(org).sub("relationships/module-consumers"),
		body: linkTo("organizations", consumers), idempotent: true,
	})
	return err
}
