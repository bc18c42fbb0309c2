package platform

import (
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Plans and entitlements
//
//   - A new organization is on the Free plan. The site administrator alone
//     (anyone else: 404) lists the plans, GET /admin/feature-sets (q a
//     case-insensitive substring of the name): "Business", "Free" and
//     "Standard (entitlement)", each a feature set "fs-..." whose ID never
//     changes; and puts an organization on one, POST
//     /admin/organizations/:org/subscription with the relationship
//     feature-set (required, 422) and the limits go-tfe's test helpers send
//     (runs-ceiling, agents-ceiling, contract-user-limit,
//     contract-apply-limit, contract-managed-resources-limit,
//     contract-start-at, end-at), answered 201 as a subscriptions object
//     ("sub-..."). The plan changes no rule of the emulator but the
//     audit-trail token, the entitlements (entitlement_set.go) and the
//     organization's permissions (organization.go).

// prefixSubscription begins the IDs of this file's objects.
const prefixSubscription = "sub"

// An organization's subscription is its plan: a feature set, which decides
// the organization's entitlements. A new organization is on the free plan;
// the site administrator changes the plan through the admin API, as the
// platform's own test helpers do to give a test organization a paid plan.

// plan is a feature set: its name, its ID and what it entitles an
// organization to.
type plan struct {
	ID   string
	Name string
	// Entitled are the entitlements the plan has, by API name; the others
	// of entitlementNames it has not.
	Entitled []string
	// NoCode is whether the owners may deploy and manage no-code modules.
	NoCode bool
}

// plans are the feature sets, by name. Their IDs never change, so that a
// state file keeps naming them.
var plans = []plan{
	{
		ID: "fs-EmuFree111111111", Name: "Free",
		Entitled: []string{
			"operations", "private-module-registry", "run-tasks",
			"sso", "sentinel", "state-storage", "teams", "vcs-integrations",
		},
	},
	{
		ID: "fs-EmuStandard11111", Name: "Standard (entitlement)",
		Entitled: []string{
			"agents", "audit-logging", "cost-estimation", "operations", "private-module-registry",
			"run-tasks", "sso", "sentinel", "state-storage", "teams",
			"vcs-integrations", "waypoint-templates-and-addons", "infragraph",
		},
	},
	{
		ID: "fs-EmuBusiness11111", Name: "Business",
		Entitled: entitlementNames, NoCode: true,
	},
}

// freePlan is the plan of a new organization.
var freePlan = plans[0]

func planByID(id string) (plan, bool) {
	i := slices.IndexFunc(plans, func(p plan) bool { return p.ID == id })
	if i < 0 {
		return plan{}, false
	}
	return plans[i], true
}

// planOf is o's plan: its subscription's, or the free plan.
func planOf(o *organization) plan {
	if o.Subscription != nil {
		if p, found := planByID(o.Subscription.FeatureSet); found {
			return p
		}
	}
	return freePlan
}

func (p plan) entitled(name string) bool { return slices.Contains(p.Entitled, name) }

// subscription is what the administrator last set of an organization's
// subscription: its feature set and its limits, as given.
type subscription struct {
	ID         string         `json:"id"`
	FeatureSet string         `json:"feature-set"`
	Limits     map[string]int `json:"limits,omitempty"`
	StartAt    *time.Time     `json:"contract-start-at,omitempty"`
	EndAt      *time.Time     `json:"end-at,omitempty"`
	CreatedAt  time.Time      `json:"created-at"`
}

// subscriptionLimits are the subscription's integer attributes.
var subscriptionLimits = []string{
	"runs-ceiling", "agents-ceiling", "contract-user-limit", "contract-apply-limit",
	"contract-managed-resources-limit",
}

func (s *Server) registerSubscriptions(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/admin/feature-sets", s.listFeatureSets)
	s.handle(mux, "POST "+apiPrefix+"/admin/organizations/{org}/subscription", s.updateSubscription)
}

// adminOnly is the answer of the admin API to anyone but the site
// administrator: the admin API is not there for them.
func adminOnly(p principal) (reply, bool) {
	if p.admin {
		return reply{}, true
	}
	return errorReply(http.StatusNotFound, "the admin API is the site administrator's"), false
}

func featureSetResource(p plan) resource {
	return resource{Type: "feature-sets", ID: p.ID, Attributes: map[string]any{"name": p.Name}}
}

// listFeatureSets lists the plans by name; q is a case-insensitive
// substring of the name.
func (s *Server) listFeatureSets(w http.ResponseWriter, r *http.Request, p principal) {
	listing[plan]{render: plain(featureSetResource)}.serve(s, w, r, func(lq *listQuery) ([]plan, reply) {
		if rep, allowed := adminOnly(p); !allowed {
			return nil, rep
		}
		var list []plan
		for _, pl := range plans {
			if containsFold(pl.Name, lq.Get("q")) {
				list = append(list, pl)
			}
		}
		slices.SortFunc(list, func(a, b plan) int { return strings.Compare(a.Name, b.Name) })
		return list, reply{}
	})
}

// updateSubscription puts an organization on the feature set its
// relationship feature-set names, with the limits given.
func (s *Server) updateSubscription(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		if rep, allowed := adminOnly(p); !allowed {
			return rep
		}
		o, rep, found := s.visibleOrgLocked(p, r.PathValue("org"))
		if !found {
			return rep
		}
		f, probs := in.attrs, in.probs
		rl := in.rels
		sub := &subscription{Limits: map[string]int{}}
		id, _ := rl.one("feature-set")
		pl, known := planByID(id)
		switch {
		case id == "":
			probs.add(rl.at("feature-set"), "feature-set is required")
		case !known:
			probs.add(rl.at("feature-set"), "feature set %q not found", id)
		}
		for _, name := range subscriptionLimits {
			if v, given := f.integer(name); given {
				sub.Limits[name] = v
			}
		}
		sub.StartAt, _ = f.time("contract-start-at")
		sub.EndAt, _ = f.time("end-at")
		if len(*probs) > 0 {
			return probs.reply()
		}
		sub.ID, sub.FeatureSet, sub.CreatedAt = newID(prefixSubscription), pl.ID, s.now().UTC()
		o.Subscription = sub
		return created(document{Data: s.subscriptionResource(o)})
	})
}

func (s *Server) subscriptionResource(o *organization) resource {
	sub := o.Subscription
	pl := planOf(o)
	attrs := map[string]any{
		"is-active":           true,
		"is-public-free-tier": pl.ID == freePlan.ID,
		"contract-start-at":   timeOrNull(sub.StartAt),
		"end-at":              timeOrNull(sub.EndAt),
		"created-at":          formatTime(sub.CreatedAt),
	}
	for _, name := range subscriptionLimits {
		if v, given := sub.Limits[name]; given {
			attrs[name] = v
		} else {
			attrs[name] = nil
		}
	}
	return resource{
		Type: "subscriptions", ID: sub.ID, Attributes: attrs,
		Relationships: map[string]any{
			"organization": toOne("organizations", o.Name),
			"feature-set":  toOne("feature-sets", pl.ID),
		},
	}
}

func init() { addRoutes((*Server).registerSubscriptions) }
