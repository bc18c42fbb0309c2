package platform

import (
	"context"
	"fmt"
	"net/http"
)

// adminSettingsWhat is what the calls manage, in the self-hosted edition's
// refusals.
const adminSettingsWhat = "the admin API's general settings"

// AdminSettingsID is the ID of the site's general settings, the one
// object of their type.
const AdminSettingsID = "general"

// AdminSettings are the site's general settings in the self-hosted
// edition's admin API, type general-settings at /admin/general-settings.
type AdminSettings struct {
	ID                                                string `jsonapi:"primary,general-settings"`
	LimitUserOrganizationCreation                     bool   `jsonapi:"attr,limit-user-organization-creation"`
	APIRateLimitingEnabled                            bool   `jsonapi:"attr,api-rate-limiting-enabled"`
	APIRateLimit                                      int    `jsonapi:"attr,api-rate-limit"`
	SendPassingStatusesForUntriggeredSpeculativePlans bool   `jsonapi:"attr,send-passing-statuses-for-untriggered-speculative-plans"`
	AllowSpeculativePlansOnPullRequestsFromForks      bool   `jsonapi:"attr,allow-speculative-plans-on-pull-requests-from-forks"`
	DefaultRemoteStateAccess                          bool   `jsonapi:"attr,default-remote-state-access"`
	RequireTwoFactorForAdmins                         bool   `jsonapi:"attr,require-two-factor-for-admins"`
	FairRunQueuingEnabled                             bool   `jsonapi:"attr,fair-run-queuing-enabled"`
	LimitOrganizationsPerUser                         bool   `jsonapi:"attr,limit-organizations-per-user"`
	DefaultOrganizationsPerUserCeiling                int    `jsonapi:"attr,default-organizations-per-user-ceiling"`
	LimitWorkspacesPerOrganization                    bool   `jsonapi:"attr,limit-workspaces-per-organization"`
	DefaultWorkspacesPerOrganizationCeiling           int    `jsonapi:"attr,default-workspaces-per-organization-ceiling"`
	// PlanTimeout and ApplyTimeout are the site's runs' timeouts,
	// durations such as "2h": the platform's names since 2024-08-01,
	// which Read and Update fill from a deprecated name when an older
	// release answers only that.
	PlanTimeout                      string `jsonapi:"attr,plan-timeout"`
	ApplyTimeout                     string `jsonapi:"attr,apply-timeout"`
	EngineBuildWorkerPlanTimeout     string `jsonapi:"attr,engine-build-worker-plan-timeout"`
	EngineBuildWorkerApplyTimeout    string `jsonapi:"attr,engine-build-worker-apply-timeout"`
	TerraformBuildWorkerPlanTimeout  string `jsonapi:"attr,terraform-build-worker-plan-timeout"`
	TerraformBuildWorkerApplyTimeout string `jsonapi:"attr,terraform-build-worker-apply-timeout"`
}

// AdminSettingsOptions is the body of an update: the settings it gives,
// the others left as they are. The timeouts go by their current names
// alone.
type AdminSettingsOptions struct {
	ID                                                string  `jsonapi:"primary,general-settings"`
	LimitUserOrganizationCreation                     *bool   `jsonapi:"attr,limit-user-organization-creation,omitempty"`
	APIRateLimitingEnabled                            *bool   `jsonapi:"attr,api-rate-limiting-enabled,omitempty"`
	APIRateLimit                                      *int    `jsonapi:"attr,api-rate-limit,omitempty"`
	SendPassingStatusesForUntriggeredSpeculativePlans *bool   `jsonapi:"attr,send-passing-statuses-for-untriggered-speculative-plans,omitempty"`
	AllowSpeculativePlansOnPullRequestsFromForks      *bool   `jsonapi:"attr,allow-speculative-plans-on-pull-requests-from-forks,omitempty"`
	DefaultRemoteStateAccess                          *bool   `jsonapi:"attr,default-remote-state-access,omitempty"`
	PlanTimeout                                       *string `jsonapi:"attr,plan-timeout,omitempty"`
	ApplyTimeout                                      *string `jsonapi:"attr,apply-timeout,omitempty"`
}

// AdminSettingsCalls are the calls of the site's general settings, the
// self-hosted edition's admin API: refused unsent on the hosted edition
// (*EditionError), and a 404 to a token that is not a site
// administrator's is an *AdminError.
type AdminSettingsCalls struct{ c *Client }

var adminSettings = ref{path: "/admin/general-settings"}

// Read reads the site's general settings.
func (s *AdminSettingsCalls) Read(ctx context.Context) (*AdminSettings, error) {
	return s.one(ctx, request{method: http.MethodGet, at: adminSettings})
}

// Update changes the settings that opts gives, and returns them all.
func (s *AdminSettingsCalls) Update(ctx context.Context, opts AdminSettingsOptions) (*AdminSettings, error) {
	opts.ID = AdminSettingsID
	return s.one(ctx, request{method: http.MethodPatch, at: adminSettings, body: &opts})
}

func (s *AdminSettingsCalls) one(ctx context.Context, r request) (*AdminSettings, error) {
	raw, err := s.c.admin(ctx, adminSettingsWhat, r)
	if err != nil {
		return nil, err
	}
	v, err := decodeOne[AdminSettings](raw)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", r.method, APIPrefix+r.at.path, err)
	}
	v.PlanTimeout = firstSet(v.PlanTimeout, v.EngineBuildWorkerPlanTimeout, v.TerraformBuildWorkerPlanTimeout)
	v.ApplyTimeout = firstSet(v.ApplyTimeout, v.EngineBuildWorkerApplyTimeout, v.TerraformBuildWorkerApplyTimeout)
	return v, nil
}
