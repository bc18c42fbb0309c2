package platform

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Data retention policies
//
//   - The self-hosted edition's alone: on the hosted edition every route
//     below answers 404, as the hosted platform, which has none, answers
//     a path it does not serve, and organizations and workspaces carry no
//     data-retention-policy relationship.
//   - A policy is an organization's (GET|POST|DELETE
//     /organizations/:org/relationships/data-retention-policy), a
//     workspace's (the same under /workspaces/:id), or the site's (GET|POST|
//     DELETE /admin/data-retention-policy-settings, the site
//     administrator's alone: 404 to anyone else). Each has at most one.
//   - Its kind is its type: data-retention-policy-delete-olders, with
//     delete-older-than-n-days, or data-retention-policy-dont-deletes,
//     with no attribute. The POST's data.type gives the kind, the one place
//     where the emulator reads data.type: the legacy data-retention-policies
//     (self-hosted v202311-1 and v202312-1) is taken as delete-olders, and
//     no type at all is delete-olders when the days are given; another
//     type, or none without days, is 422 at /data/type.
//     delete-older-than-n-days is required of delete-olders (422), a whole
//     number of days of at least 1 (422: the API's documents give no
//     bound, and zero days would keep nothing); the documents' own sample
//     spells it deleteOlderThanNDays, which is taken too.
//   - A POST creates the policy or replaces the one there: a policy of the
//     same kind is updated in place and keeps its ID (200), one of another
//     kind gives way to a new policy with a new ID (201), as does a first
//     one. The documents say that a POST answers 204; the platform answers
//     the policy, as clients read it ("drp-..." and its attributes).
//   - GET answers the policy, 404 when there is none; DELETE deletes it,
//     204, or 404 when there is none. There is no PATCH: the legacy PATCH
//     of v202311-1 is a path this release does not have (404).
//   - Answers: type the kind, ID "drp-...", the relationship target (the
//     organization, by name, or the workspace; none for the site's).
//   - An organization's and a workspace's answers carry the relationship
//     data-retention-policy, naming the policy by its kind and ID (data
//     null without one): clients read its type to learn the kind before
//     they read the policy.
//   - Who may: whoever sees an organization reads its policy, and its
//     owners set and delete it (404 to others); whoever sees a workspace
//     reads, sets and deletes its policy, as it manages the workspace.
//   - An organization's delete deletes its policy and its workspaces';
//     a workspace's delete its own.

// prefixDataRetentionPolicy begins the IDs of this file's objects.
const prefixDataRetentionPolicy = "drp"

// The kinds of policy, each the type of its answers.
const (
	retentionDeleteOlder = "data-retention-policy-delete-olders"
	retentionDontDelete  = "data-retention-policy-dont-deletes"
	// retentionLegacy is the type of the policies of releases v202311-1
	// and v202312-1, which only deleted: taken as delete-olders.
	retentionLegacy = "data-retention-policies"
)

// dataRetentionPolicy is how long the runs' data of its target is kept:
// an organization's (Workspace empty), a workspace's, or, in
// siteRetentionPolicies, the site's (both empty).
type dataRetentionPolicy struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	// Days is delete-older-than-n-days, of delete-olders only.
	Days         int       `json:"delete-older-than-n-days,omitempty"`
	Organization string    `json:"organization,omitempty"` // its external ID
	Workspace    string    `json:"workspace,omitempty"`
	CreatedAt    time.Time `json:"created-at"`
}

// retentionTarget is what a policy's route names: the organization and,
// for a workspace's, the workspace; neither for the site's.
type retentionTarget struct {
	org *organization
	ws  *workspace
}

// table is where the target's policy is kept.
func (t retentionTarget) table() *table[dataRetentionPolicy] {
	if t.org == nil {
		return siteRetentionPolicies
	}
	return dataRetentionPolicies
}

// holds reports whether v is the target's policy.
func (t retentionTarget) holds(v *dataRetentionPolicy) bool {
	switch {
	case t.ws != nil:
		return v.Workspace == t.ws.ID
	case t.org != nil:
		return v.Organization == t.org.ExternalID && v.Workspace == ""
	default:
		return true
	}
}

// path is the target's policy's path under the API's base.
func (t retentionTarget) path() string {
	switch {
	case t.ws != nil:
		return "/workspaces/" + t.ws.ID + "/relationships/data-retention-policy"
	case t.org != nil:
		return "/organizations/" + t.org.Name + "/relationships/data-retention-policy"
	default:
		return "/admin/data-retention-policy-settings"
	}
}

func (s *Server) registerDataRetentionPolicies(mux route.Mux) {
	for _, at := range []string{
		"/organizations/{org}/relationships/data-retention-policy",
		"/workspaces/{id}/relationships/data-retention-policy",
		"/admin/data-retention-policy-settings",
	} {
		s.handle(mux, "GET "+apiPrefix+at, s.readRetentionPolicy)
		s.handle(mux, "POST "+apiPrefix+at, s.setRetentionPolicy)
		s.handle(mux, "DELETE "+apiPrefix+at, s.deleteRetentionPolicy)
	}
}

// retentionTargetLocked is the target that the request's path names, when
// the edition has policies and p may see it (write: change its policy),
// or the 404 that answers otherwise.
func (s *Server) retentionTargetLocked(p principal, r *http.Request, write bool) (retentionTarget, reply, bool) {
	if s.opts.Edition != EditionSelfHosted {
		return retentionTarget{}, errorReply(http.StatusNotFound, "not found: data retention policies are the self-hosted edition's"), false
	}
	switch {
	case r.PathValue("id") != "":
		ws, rep, found := s.visibleWorkspaceLocked(p, r.PathValue("id"))
		if !found {
			return retentionTarget{}, rep, false
		}
		return retentionTarget{org: organizations.in(s)[ws.Org], ws: ws}, reply{}, true
	case r.PathValue("org") != "":
		find := s.visibleOrgLocked
		if write {
			find = s.ownedOrgLocked
		}
		o, rep, found := find(p, r.PathValue("org"))
		if !found {
			return retentionTarget{}, rep, false
		}
		return retentionTarget{org: o}, reply{}, true
	default:
		rep, allowed := adminOnly(p)
		return retentionTarget{}, rep, allowed
	}
}

// retentionPolicyLocked is the target's policy, nil when it has none.
func (s *Server) retentionPolicyLocked(t retentionTarget) *dataRetentionPolicy {
	for _, v := range t.table().in(s) {
		if t.holds(v) {
			return v
		}
	}
	return nil
}

func (s *Server) retentionPolicyResource(t retentionTarget, v *dataRetentionPolicy) resource {
	attrs := map[string]any{}
	if v.Kind == retentionDeleteOlder {
		attrs["delete-older-than-n-days"] = v.Days
	}
	res := resource{Type: v.Kind, ID: v.ID, Attributes: attrs, Links: map[string]string{"self": apiPrefix + t.path()}}
	switch {
	case t.ws != nil:
		res.Relationships = map[string]any{"target": toOne("workspaces", t.ws.ID)}
	case t.org != nil:
		res.Relationships = map[string]any{"target": toOne("organizations", t.org.Name)}
	}
	return res
}

// withRetentionPolicy adds to rels, the relationships of an organization
// (workspace empty) or a workspace, its data-retention-policy on the
// self-hosted edition: the policy's kind and ID, or data null.
func (s *Server) withRetentionPolicy(org, workspace string, rels map[string]any) map[string]any {
	if s.opts.Edition != EditionSelfHosted {
		return rels
	}
	rels["data-retention-policy"] = toOne("", "")
	for _, v := range dataRetentionPolicies.in(s) {
		if v.Organization == org && v.Workspace == workspace {
			rels["data-retention-policy"] = toOne(v.Kind, v.ID)
		}
	}
	return rels
}

// onRetentionPolicy runs f under the store's lock with the policy of the
// path's target, found for p (write: to change it), or answers 404 when
// the target has none.
func (s *Server) onRetentionPolicy(w http.ResponseWriter, r *http.Request, p principal, write bool, f func(t retentionTarget, v *dataRetentionPolicy) reply) {
	s.locked(w, func() reply {
		t, rep, found := s.retentionTargetLocked(p, r, write)
		if !found {
			return rep
		}
		v := s.retentionPolicyLocked(t)
		if v == nil {
			return notFound("data retention policy")
		}
		return f(t, v)
	})
}

func (s *Server) readRetentionPolicy(w http.ResponseWriter, r *http.Request, p principal) {
	s.onRetentionPolicy(w, r, p, false, func(t retentionTarget, v *dataRetentionPolicy) reply {
		return ok(document{Data: s.retentionPolicyResource(t, v)})
	})
}

// setRetentionPolicy creates the target's policy, or replaces it: in
// place when the kind stays, by a new policy when it changes.
func (s *Server) setRetentionPolicy(w http.ResponseWriter, r *http.Request, p principal) {
	obj, read := readObject(w, r)
	if !read {
		return
	}
	s.locked(w, func() reply {
		t, rep, found := s.retentionTargetLocked(p, r, true)
		if !found {
			return rep
		}
		in := inputOf(obj)
		days, given := in.attrs.integer("delete-older-than-n-days")
		if !in.attrs.has("delete-older-than-n-days") {
			days, given = in.attrs.integer("deleteOlderThanNDays")
		}
		kind := obj.Type
		switch {
		case kind == retentionLegacy, kind == "" && given:
			kind = retentionDeleteOlder
		case kind != retentionDeleteOlder && kind != retentionDontDelete:
			in.probs.add("/data/type", "invalid type %q: a data retention policy is a %s, with delete-older-than-n-days, or a %s",
				obj.Type, retentionDeleteOlder, retentionDontDelete)
		}
		if kind == retentionDeleteOlder && len(*in.probs) == 0 {
			switch {
			case !given:
				in.probs.add(in.attrs.at("delete-older-than-n-days"), "delete-older-than-n-days is required: the days after which the runs' data is deleted")
			case days < 1:
				in.probs.add(in.attrs.at("delete-older-than-n-days"), "delete-older-than-n-days must be at least 1, got %d", days)
			}
		}
		if len(*in.probs) > 0 {
			return in.probs.reply()
		}
		if v := s.retentionPolicyLocked(t); v != nil {
			if v.Kind == kind {
				v.Days = days
				return ok(document{Data: s.retentionPolicyResource(t, v)})
			}
			t.table().remove(s, v)
		}
		v := &dataRetentionPolicy{ID: newID(prefixDataRetentionPolicy), Kind: kind, CreatedAt: s.now().UTC()}
		if kind == retentionDeleteOlder {
			v.Days = days
		}
		if t.org != nil {
			v.Organization = t.org.ExternalID
		}
		if t.ws != nil {
			v.Workspace = t.ws.ID
		}
		t.table().in(s)[v.ID] = v
		return created(document{Data: s.retentionPolicyResource(t, v)})
	})
}

func (s *Server) deleteRetentionPolicy(w http.ResponseWriter, r *http.Request, p principal) {
	s.onRetentionPolicy(w, r, p, true, func(t retentionTarget, v *dataRetentionPolicy) reply {
		t.table().remove(s, v)
		return noContent()
	})
}

// checkRetentionPolicy refuses a policy of the state file that no request
// could have stored: of the site's table (site true) or of the others'.
func (st *store) checkRetentionPolicy(v *dataRetentionPolicy, site bool) error {
	if !isID(prefixDataRetentionPolicy, v.ID) {
		return errors.New("no valid ID")
	}
	switch v.Kind {
	case retentionDeleteOlder:
		if v.Days < 1 {
			return fmt.Errorf("delete-older-than-n-days %d is less than 1", v.Days)
		}
	case retentionDontDelete:
		if v.Days != 0 {
			return errors.New("a dont-deletes policy has delete-older-than-n-days")
		}
	default:
		return fmt.Errorf("kind %q is none of %s and %s", v.Kind, retentionDeleteOlder, retentionDontDelete)
	}
	t := retentionTarget{}
	if !site {
		t.org = organizations.in(st)[v.Organization]
		if t.org == nil {
			return fmt.Errorf("organization %q is not in the file", v.Organization)
		}
		if v.Workspace != "" {
			t.ws = workspaces.in(st)[v.Workspace]
			if t.ws == nil || t.ws.Org != v.Organization {
				return fmt.Errorf("workspace %q is not one of organization %q in the file", v.Workspace, v.Organization)
			}
		}
	} else if v.Organization != "" || v.Workspace != "" {
		return errors.New("the site's policy names an organization or a workspace")
	}
	for _, other := range t.table().in(st) {
		if t.holds(other) {
			return fmt.Errorf("%s has two policies", cmp.Or(v.Workspace, v.Organization, "the site"))
		}
	}
	return nil
}

var (
	dataRetentionPolicies = &table[dataRetentionPolicy]{
		key: "data-retention-policies", noun: "data retention policy", id: func(v *dataRetentionPolicy) string { return v.ID },
	}
	// siteRetentionPolicies holds the site's policy, the platform's and no
	// organization's.
	siteRetentionPolicies = &table[dataRetentionPolicy]{
		key: "site-data-retention-policies", noun: "site data retention policy", id: func(v *dataRetentionPolicy) string { return v.ID },
	}
)

func init() {
	dataRetentionPolicies.needs = []anyTable{organizations, workspaces}
	dataRetentionPolicies.check = func(st *store, v *dataRetentionPolicy) error { return st.checkRetentionPolicy(v, false) }
	dataRetentionPolicies.belongsTo(organizations, func(v *dataRetentionPolicy) string { return v.Organization })
	dataRetentionPolicies.belongsTo(workspaces, func(v *dataRetentionPolicy) string { return v.Workspace })
	dataRetentionPolicies.org = func(st *store, v *dataRetentionPolicy) *organization { return organizations.in(st)[v.Organization] }
	siteRetentionPolicies.check = func(st *store, v *dataRetentionPolicy) error { return st.checkRetentionPolicy(v, true) }
	register(dataRetentionPolicies)
	register(siteRetentionPolicies)
	addRoutes((*Server).registerDataRetentionPolicies)
}
