package platform

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Admin organizations
//
//   - The self-hosted edition's admin API, the site administrator's alone:
//     to anyone else every route below answers 404 "the admin API is the
//     site administrator's" (the documents: "client is not an
//     administrator"), and on the hosted edition 404 to everyone.
//   - GET /admin/organizations lists every organization, by name: q is a
//     case-insensitive part of the name or the email, q[name] and q[email]
//     of one of them; filter[module_producer]=true keeps those that share
//     their modules (global-module-sharing, or module consumers), and
//     filter[provider_producer]=true those that share their providers;
//     include=owners includes the owners, users with their email.
//   - GET|PATCH|DELETE /admin/organizations/:name, type organizations, ID
//     the name: the organization's admin settings. A DELETE deletes the
//     organization, as DELETE /organizations/:name does (204).
//   - Settings and their defaults: access-beta-tools false,
//     global-module-sharing false, global-provider-sharing false,
//     is-disabled false, terraform-worker-sudo-enabled false, plan-timeout
//     "2h", apply-timeout "24h" (durations such as "90m" or "1h30m",
//     greater than zero, answered as given: 422 otherwise; null is not
//     given, as clients send it for a timeout they leave), workspace-limit
//     null until set (a whole number of at least 0; null clears it: 422
//     otherwise). The deprecated names of the timeouts,
//     terraform-build-worker-plan-timeout and
//     terraform-build-worker-apply-timeout (the incumbent client library's)
//     and engine-build-worker-plan-timeout and
//     engine-build-worker-apply-timeout (the changelog's), are taken when
//     the new name is not given, and answered, each the same as its new
//     name. Read-only: external-id, notification-email (the
//     organization's email), sso-enabled false; the relationship owners.
//     A PATCH changes only the members it gives; a refused one changes
//     nothing. is-disabled is kept and answered, and changes nothing else
//     of the emulator.
//   - GET /admin/organizations/:name/relationships/module-consumers lists
//     the organizations that may use its private modules, as admin
//     organizations, paged; PATCH replaces them with the list data names
//     (type organizations, ID the name): an organization that does not
//     exist is 422 at its member, itself too. Answers 204. An
//     organization's delete leaves the lists that named it.

// adminOrganizationSettings are what the administrator set of an organization's
// admin settings, kept by organization (its external ID): an organization
// without them has every default.
type adminOrganizationSettings struct {
	Organization          string   `json:"organization"`
	AccessBetaTools       bool     `json:"access-beta-tools,omitempty"`
	GlobalModuleSharing   bool     `json:"global-module-sharing,omitempty"`
	GlobalProviderSharing bool     `json:"global-provider-sharing,omitempty"`
	IsDisabled            bool     `json:"is-disabled,omitempty"`
	WorkerSudoEnabled     bool     `json:"terraform-worker-sudo-enabled,omitempty"`
	PlanTimeout           string   `json:"plan-timeout"`
	ApplyTimeout          string   `json:"apply-timeout"`
	WorkspaceLimit        *int     `json:"workspace-limit,omitempty"`
	ModuleConsumers       []string `json:"module-consumers"`
}

// The defaults of the timeouts, of an organization's runs and of the
// site's (admin_settings.go).
const (
	defaultPlanTimeout  = "2h"
	defaultApplyTimeout = "24h"
)

// timeoutNames are a timeout's names, the current one first, then the
// deprecated ones, which answers carry too.
var timeoutNames = map[string][]string{
	"plan-timeout":  {"plan-timeout", "terraform-build-worker-plan-timeout", "engine-build-worker-plan-timeout"},
	"apply-timeout": {"apply-timeout", "terraform-build-worker-apply-timeout", "engine-build-worker-apply-timeout"},
}

func newAdminOrgSettings(o *organization) *adminOrganizationSettings {
	return &adminOrganizationSettings{Organization: o.ExternalID, PlanTimeout: defaultPlanTimeout, ApplyTimeout: defaultApplyTimeout, ModuleConsumers: []string{}}
}

func (s *Server) registerAdminOrganizations(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/admin/organizations", s.listAdminOrganizations)
	s.handle(mux, "GET "+apiPrefix+"/admin/organizations/{org}", s.readAdminOrganization)
	s.handle(mux, "PATCH "+apiPrefix+"/admin/organizations/{org}", s.updateAdminOrganization)
	s.handle(mux, "DELETE "+apiPrefix+"/admin/organizations/{org}", s.deleteAdminOrganization)
	s.handle(mux, "GET "+apiPrefix+"/admin/organizations/{org}/relationships/module-consumers", s.listModuleConsumers)
	s.handle(mux, "PATCH "+apiPrefix+"/admin/organizations/{org}/relationships/module-consumers", s.setModuleConsumers)
}

// selfHostedAdmin is the answer of the self-hosted edition's admin API
// to anyone but the site administrator, and to everyone on the hosted
// edition: 404, as to a path that is not there.
func (s *Server) selfHostedAdmin(p principal) (reply, bool) {
	if s.opts.Edition != EditionSelfHosted {
		return errorReply(http.StatusNotFound, "not found: the admin API's settings are the self-hosted edition's"), false
	}
	return adminOnly(p)
}

// adminOrgLocked is the organization the path names, with its settings,
// for the administrator of the self-hosted edition; otherwise the 404
// that answers.
func (s *Server) adminOrgLocked(p principal, r *http.Request) (*organization, *adminOrganizationSettings, reply, bool) {
	if rep, allowed := s.selfHostedAdmin(p); !allowed {
		return nil, nil, rep, false
	}
	o := s.orgByNameLocked(r.PathValue("org"))
	if o == nil {
		return nil, nil, notFound("organization " + quote(r.PathValue("org"))), false
	}
	return o, s.adminOrgSettingsOf(o), reply{}, true
}

// adminOrgSettingsOf is o's settings: those kept, or the defaults.
func (s *Server) adminOrgSettingsOf(o *organization) *adminOrganizationSettings {
	if v := orgAdminSettings.in(s)[o.ExternalID]; v != nil {
		return v
	}
	return newAdminOrgSettings(o)
}

func (s *Server) adminOrgIncludes() includes {
	return includes{"owners": func(res resource) []resource {
		var out []resource
		for _, id := range s.orgByNameLocked(res.ID).Owners {
			if u := users.in(s)[id]; u != nil {
				out = append(out, u.resource())
			}
		}
		return out
	}}
}

func (s *Server) adminOrgResource(o *organization) resource {
	v := s.adminOrgSettingsOf(o)
	var limit any
	if v.WorkspaceLimit != nil {
		limit = *v.WorkspaceLimit
	}
	attrs := map[string]any{
		"name":                          o.Name,
		"external-id":                   o.ExternalID,
		"notification-email":            o.Email,
		"sso-enabled":                   false,
		"access-beta-tools":             v.AccessBetaTools,
		"global-module-sharing":         v.GlobalModuleSharing,
		"global-provider-sharing":       v.GlobalProviderSharing,
		"is-disabled":                   v.IsDisabled,
		"terraform-worker-sudo-enabled": v.WorkerSudoEnabled,
		"workspace-limit":               limit,
	}
	for _, name := range timeoutNames["plan-timeout"] {
		attrs[name] = v.PlanTimeout
	}
	for _, name := range timeoutNames["apply-timeout"] {
		attrs[name] = v.ApplyTimeout
	}
	self := apiPrefix + "/admin/organizations/" + o.Name
	return resource{
		Type: "organizations", ID: o.Name, Attributes: attrs,
		Relationships: map[string]any{
			"owners":           toMany(refsOf("users", o.Owners)),
			"module-consumers": related(self + "/relationships/module-consumers"),
		},
		Links: map[string]string{"self": self},
	}
}

// listAdminOrganizations lists every organization, by name.
func (s *Server) listAdminOrganizations(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*organization]{
		includes: s.adminOrgIncludes,
		render:   plain(s.adminOrgResource),
	}.serve(s, w, r, func(lq *listQuery) ([]*organization, reply) {
		if rep, allowed := s.selfHostedAdmin(p); !allowed {
			return nil, rep
		}
		list := organizations.where(s, func(o *organization) bool {
			v := s.adminOrgSettingsOf(o)
			return containsFold(o.Name, lq.Get("q[name]")) && containsFold(o.Email, lq.Get("q[email]")) &&
				(containsFold(o.Name, lq.Get("q")) || containsFold(o.Email, lq.Get("q"))) &&
				(lq.Get("filter[module_producer]") != "true" || v.GlobalModuleSharing || len(v.ModuleConsumers) > 0) &&
				(lq.Get("filter[provider_producer]") != "true" || v.GlobalProviderSharing)
		})
		return organizations.order(list, false, byString(func(o *organization) string { return o.Name })), reply{}
	})
}

func (s *Server) readAdminOrganization(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		inc := s.adminOrgIncludes()
		names, rep, valid := inc.parse(r.URL.Query())
		if !valid {
			return rep
		}
		o, _, rep, found := s.adminOrgLocked(p, r)
		if !found {
			return rep
		}
		return inc.one(s.adminOrgResource(o), names)
	})
}

// updateAdminOrganization changes the settings the request gives.
func (s *Server) updateAdminOrganization(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		o, current, rep, found := s.adminOrgLocked(p, r)
		if !found {
			return rep
		}
		v := *current
		f := in.attrs
		for name, field := range map[string]*bool{
			"access-beta-tools": &v.AccessBetaTools, "global-module-sharing": &v.GlobalModuleSharing,
			"global-provider-sharing": &v.GlobalProviderSharing, "is-disabled": &v.IsDisabled,
			"terraform-worker-sudo-enabled": &v.WorkerSudoEnabled,
		} {
			if b, given := f.boolean(name); given {
				*field = b
			}
		}
		v.PlanTimeout = timeoutOf(f, "plan-timeout", v.PlanTimeout)
		v.ApplyTimeout = timeoutOf(f, "apply-timeout", v.ApplyTimeout)
		if f.has("workspace-limit") {
			raw, _ := f.get("workspace-limit")
			switch n, given := f.integer("workspace-limit"); {
			case raw == nil:
				v.WorkspaceLimit = nil
			case given && n < 0:
				in.probs.add(f.at("workspace-limit"), "workspace-limit must be at least 0, got %d", n)
			case given:
				v.WorkspaceLimit = &n
			}
		}
		if len(*in.probs) > 0 {
			return in.probs.reply()
		}
		orgAdminSettings.in(s)[o.ExternalID] = &v
		return ok(document{Data: s.adminOrgResource(o)})
	})
}

// timeoutOf is the timeout name of f, by its name or, when that is not
// given, by a deprecated one; current when none is given (null is not
// given). A value that is not a duration greater than zero is a problem
// of f.
func timeoutOf(f fields, name, current string) string {
	for _, n := range timeoutNames[name] {
		if raw, given := f.get(n); !given || raw == nil {
			continue
		}
		d, isString := f.str(n)
		if !isString {
			return current
		}
		if parsed, err := time.ParseDuration(d); err != nil || parsed <= 0 {
			f.probs.add(f.at(n), "invalid %s %q: must be a duration greater than zero, such as \"30m\", \"2h\" or \"1h30m\"", n, d)
			return current
		}
		return d
	}
	return current
}

func (s *Server) deleteAdminOrganization(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		o, _, rep, found := s.adminOrgLocked(p, r)
		if !found {
			return rep
		}
		organizations.remove(s, o)
		return noContent()
	})
}

// listModuleConsumers lists the organizations that may use o's modules,
// by name.
func (s *Server) listModuleConsumers(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*organization]{render: plain(s.adminOrgResource)}.serve(s, w, r, func(*listQuery) ([]*organization, reply) {
		_, v, rep, found := s.adminOrgLocked(p, r)
		if !found {
			return nil, rep
		}
		list := organizations.where(s, func(o *organization) bool { return slices.Contains(v.ModuleConsumers, o.ExternalID) })
		return organizations.order(list, false, byString(func(o *organization) string { return o.Name })), reply{}
	})
}

// setModuleConsumers replaces the organizations that may use o's modules
// with those the document names, each an organization other than o.
func (s *Server) setModuleConsumers(w http.ResponseWriter, r *http.Request, p principal) {
	objs, read := readObjects(w, r)
	if !read {
		return
	}
	s.locked(w, func() reply {
		o, current, rep, found := s.adminOrgLocked(p, r)
		if !found {
			return rep
		}
		probs := problems{}
		consumers := []string{}
		for i, obj := range objs {
			c := s.orgByNameLocked(obj.ID)
			switch {
			case c == nil:
				probs.add(fmt.Sprintf("/data/%d/id", i), "Organization %s not found", obj.ID)
			case c == o:
				probs.add(fmt.Sprintf("/data/%d/id", i), "Organization %s cannot consume its own modules", obj.ID)
			case !slices.Contains(consumers, c.ExternalID):
				consumers = append(consumers, c.ExternalID)
			}
		}
		if len(probs) > 0 {
			return probs.reply()
		}
		v := *current
		v.ModuleConsumers = consumers
		orgAdminSettings.in(s)[o.ExternalID] = &v
		return noContent()
	})
}

// checkAdminOrgSettings refuses settings of the state file that no request
// could have stored.
func (st *store) checkAdminOrgSettings(v *adminOrganizationSettings) error {
	if organizations.in(st)[v.Organization] == nil {
		return fmt.Errorf("organization %q is not in the file", v.Organization)
	}
	for _, t := range []string{v.PlanTimeout, v.ApplyTimeout} {
		if d, err := time.ParseDuration(t); err != nil || d <= 0 {
			return fmt.Errorf("timeout %q is no duration greater than zero", t)
		}
	}
	if v.WorkspaceLimit != nil && *v.WorkspaceLimit < 0 {
		return errors.New("workspace-limit is less than 0")
	}
	if v.ModuleConsumers == nil {
		v.ModuleConsumers = []string{}
	}
	for _, c := range v.ModuleConsumers {
		if c == v.Organization || strings.TrimSpace(c) == "" {
			return fmt.Errorf("module consumer %q is the organization itself, or none", c)
		}
	}
	return nil
}

var orgAdminSettings = &table[adminOrganizationSettings]{
	key: "admin-organization-settings", noun: "organization's admin settings", id: func(v *adminOrganizationSettings) string { return v.Organization },
}

func init() {
	orgAdminSettings.needs = []anyTable{organizations}
	orgAdminSettings.check = (*store).checkAdminOrgSettings
	orgAdminSettings.verify = func(st *store) error {
		for _, v := range orgAdminSettings.in(st) {
			for _, c := range v.ModuleConsumers {
				if organizations.in(st)[c] == nil {
					return fmt.Errorf("module consumer %q of %q is not in the file", c, v.Organization)
				}
			}
		}
		return nil
	}
	orgAdminSettings.belongsTo(organizations, func(v *adminOrganizationSettings) string { return v.Organization })
	orgAdminSettings.refersTo(organizations, func(v *adminOrganizationSettings) *[]string { return &v.ModuleConsumers })
	orgAdminSettings.org = func(st *store, v *adminOrganizationSettings) *organization {
		return organizations.in(st)[v.Organization]
	}
	register(orgAdminSettings)
	addRoutes((*Server).registerAdminOrganizations)
}
