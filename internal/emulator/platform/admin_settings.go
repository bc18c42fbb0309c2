package platform

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Admin general settings
//
//   - GET|PATCH /admin/general-settings: the site's general settings, one
//     object, type general-settings, ID "general". The self-hosted
//     edition's admin API, the site administrator's alone: 404 to anyone
//     else, and on the hosted edition to everyone (see
//     admin_organization_settings.go).
//   - Settings and their defaults, the API's documents giving none:
//     limit-user-organization-creation false (the emulator lets users
//     create organizations), api-rate-limiting-enabled true, api-rate-limit
//     30 (at least 1), send-passing-statuses-for-untriggered-speculative-plans
//     false, allow-speculative-plans-on-pull-requests-from-forks false,
//     require-two-factor-for-admins false, fair-run-queuing-enabled true,
//     limit-organizations-per-user false,
//     default-organizations-per-user-ceiling 10 (at least 0),
//     limit-workspaces-per-organization false,
//     default-workspaces-per-organization-ceiling 10 (at least 0),
//     default-remote-state-access false (the emulator's new workspaces do
//     not share their state), and the timeouts of the site's runs,
//     plan-timeout "2h" and apply-timeout "24h", which take and answer
//     their deprecated names as an organization's do. Refusals are 422 at
//     the member; a refused PATCH changes nothing.
//   - A PATCH changes only the members it gives (null is not given) and
//     answers every setting. The settings are kept and answered, and
//     change nothing else of the emulator: its rate limit is its own
//     (Options.RateLimit), and its organizations and workspaces follow no
//     ceiling.

// adminSettingsID is the general settings' ID, the one there is.
const adminSettingsID = "general"

// adminSettings are the site's general settings, once the administrator
// set any; before, every default.
type adminSettings struct {
	ID           string          `json:"id"`
	Flags        map[string]bool `json:"flags"`
	Numbers      map[string]int  `json:"numbers"`
	PlanTimeout  string          `json:"plan-timeout"`
	ApplyTimeout string          `json:"apply-timeout"`
}

// adminSettingFlags are the boolean settings and their defaults.
var adminSettingFlags = []struct {
	name string
	def  bool
}{
	{"limit-user-organization-creation", false},
	{"api-rate-limiting-enabled", true},
	{"send-passing-statuses-for-untriggered-speculative-plans", false},
	{"allow-speculative-plans-on-pull-requests-from-forks", false},
	{"require-two-factor-for-admins", false},
	{"fair-run-queuing-enabled", true},
	{"limit-organizations-per-user", false},
	{"limit-workspaces-per-organization", false},
	{"default-remote-state-access", false},
}

// adminSettingNumbers are the integer settings, their defaults and their
// least values.
var adminSettingNumbers = []struct {
	name     string
	def, min int
}{
	{"api-rate-limit", 30, 1},
	{"default-organizations-per-user-ceiling", 10, 0},
	{"default-workspaces-per-organization-ceiling", 10, 0},
}

func newAdminSettings() *adminSettings {
	v := &adminSettings{ID: adminSettingsID, Flags: map[string]bool{}, Numbers: map[string]int{},
		PlanTimeout: defaultPlanTimeout, ApplyTimeout: defaultApplyTimeout}
	for _, f := range adminSettingFlags {
		v.Flags[f.name] = f.def
	}
	for _, n := range adminSettingNumbers {
		v.Numbers[n.name] = n.def
	}
	return v
}

func (s *Server) registerAdminSettings(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/admin/general-settings", s.readAdminSettings)
	s.handle(mux, "PATCH "+apiPrefix+"/admin/general-settings", s.updateAdminSettings)
}

// adminSettingsLocked are the site's settings: those kept, or the
// defaults.
func (s *Server) adminSettingsLocked() *adminSettings {
	if v := siteAdminSettings.in(s)[adminSettingsID]; v != nil {
		return v
	}
	return newAdminSettings()
}

func (s *Server) adminSettingsResource() resource {
	v := s.adminSettingsLocked()
	attrs := map[string]any{}
	for name, b := range v.Flags {
		attrs[name] = b
	}
	for name, n := range v.Numbers {
		attrs[name] = n
	}
	for _, name := range timeoutNames["plan-timeout"] {
		attrs[name] = v.PlanTimeout
	}
	for _, name := range timeoutNames["apply-timeout"] {
		attrs[name] = v.ApplyTimeout
	}
	return resource{Type: "general-settings", ID: adminSettingsID, Attributes: attrs, Links: map[string]string{"self": apiPrefix + "/admin/general-settings"}}
}

func (s *Server) readAdminSettings(w http.ResponseWriter, _ *http.Request, p principal) {
	s.locked(w, func() reply {
		if rep, allowed := s.selfHostedAdmin(p); !allowed {
			return rep
		}
		return ok(document{Data: s.adminSettingsResource()})
	})
}

// updateAdminSettings changes the settings the request gives.
func (s *Server) updateAdminSettings(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		if rep, allowed := s.selfHostedAdmin(p); !allowed {
			return rep
		}
		current := s.adminSettingsLocked()
		v := &adminSettings{ID: adminSettingsID, Flags: map[string]bool{}, Numbers: map[string]int{}}
		f := in.attrs
		for _, st := range adminSettingFlags {
			v.Flags[st.name] = current.Flags[st.name]
			if b, given := f.boolean(st.name); given {
				v.Flags[st.name] = b
			}
		}
		for _, st := range adminSettingNumbers {
			v.Numbers[st.name] = current.Numbers[st.name]
			switch n, given := f.integer(st.name); {
			case given && n < st.min:
				in.probs.add(f.at(st.name), "%s must be at least %d, got %d", st.name, st.min, n)
			case given:
				v.Numbers[st.name] = n
			}
		}
		v.PlanTimeout = timeoutOf(f, "plan-timeout", current.PlanTimeout)
		v.ApplyTimeout = timeoutOf(f, "apply-timeout", current.ApplyTimeout)
		if len(*in.probs) > 0 {
			return in.probs.reply()
		}
		siteAdminSettings.in(s)[adminSettingsID] = v
		return ok(document{Data: s.adminSettingsResource()})
	})
}

// checkAdminSettings refuses settings of the state file that no request
// could have stored; the ones it lacks take their defaults.
func (st *store) checkAdminSettings(v *adminSettings) error {
	if v.ID != adminSettingsID {
		return fmt.Errorf("ID %q is not %q", v.ID, adminSettingsID)
	}
	def := newAdminSettings()
	if v.Flags == nil {
		v.Flags = map[string]bool{}
	}
	if v.Numbers == nil {
		v.Numbers = map[string]int{}
	}
	for name, b := range def.Flags {
		if _, ok := v.Flags[name]; !ok {
			v.Flags[name] = b
		}
	}
	for _, n := range adminSettingNumbers {
		got, ok := v.Numbers[n.name]
		switch {
		case !ok:
			v.Numbers[n.name] = n.def
		case got < n.min:
			return fmt.Errorf("%s %d is less than %d", n.name, got, n.min)
		}
	}
	if len(v.Flags) != len(def.Flags) || len(v.Numbers) != len(def.Numbers) {
		return errors.New("a setting the API does not have")
	}
	for _, t := range []string{v.PlanTimeout, v.ApplyTimeout} {
		if d, err := time.ParseDuration(t); err != nil || d <= 0 {
			return fmt.Errorf("timeout %q is no duration greater than zero", t)
		}
	}
	return nil
}

// siteAdminSettings holds the site's general settings: the platform's,
// no organization's.
var siteAdminSettings = &table[adminSettings]{key: "admin-settings", noun: "general settings", id: func(v *adminSettings) string { return v.ID }}

func init() {
	siteAdminSettings.check = (*store).checkAdminSettings
	register(siteAdminSettings)
	addRoutes((*Server).registerAdminSettings)
}
