package platform

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/answer"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Policies
//
//   - POST /organizations/:org/policies takes name (required: letters,
//     digits, - and _; unique in the organization in any case, else 409
//     "Name has already been taken"), description, kind (sentinel, the
//     default, or opa), query (an OPA policy's, required there; a
//     Sentinel policy's is ignored, as the incumbent client's tests expect
//     of an update), enforcement-level (required: hard-mandatory,
//     soft-mandatory or advisory for Sentinel, mandatory or advisory for
//     OPA) and the relationship policy-sets (sets of the organization, of
//     the policy's kind, not VCS-backed: the policy joins them). The
//     deprecated enforce, a list of {path, mode}, is still taken in place
//     of enforcement-level: its first item's mode is the level (its path
//     is not checked). Given both, enforcement-level wins. Answers, of
//     type policies (ID "pol-..."), carry name, description, kind, query
//     (null but for OPA), enforcement-level, enforce, policy-set-count
//     and updated-at, and the relationship organization.
//   - enforce, as the incumbent clients read it, is empty until the
//     policy's text is uploaded, and then one item: {path:
//     <name>.sentinel or <name>.rego, mode: the level}.
//   - PUT /policies/:id/upload takes the policy's text as the raw body,
//     of any content type, empty included, and answers 204; GET
//     /policies/:id/download answers it, byte for byte, as text/plain,
//     and 404 before any upload. The emulator evaluates nothing.
//   - PATCH /policies/:id takes description, query (ignored on a
//     Sentinel policy), enforcement-level and enforce as a create does;
//     name and kind are set at create only: another value is 422.
//   - GET /organizations/:org/policies lists oldest first, paged, with
//     search[name] (a part of the name, in any case) and filter[kind].
//     GET and DELETE /policies/:id (204). A policy's delete takes it out
//     of its sets; an organization's takes its policies. Whoever sees the
//     organization reads its policies; its owners and the teams with
//     manage-policies create, change, upload and delete them.

// prefixPolicy begins the IDs of this file's objects.
const prefixPolicy = "pol"

// Kinds of policy and of policy set: the engine that evaluates them.
const (
	kindSentinel = "sentinel"
	kindOPA      = "opa"
)

// policyEnforcementLevels are the levels each kind of policy takes.
var policyEnforcementLevels = map[string][]string{
	kindSentinel: {"hard-mandatory", "soft-mandatory", "advisory"},
	kindOPA:      {"mandatory", "advisory"},
}

// kindNoun names a policy of each kind in errors.
var kindNoun = map[string]string{kindSentinel: "a Sentinel policy", kindOPA: "an OPA policy"}

// policyNameRe is what a policy's (and a policy set's) name is made of.
var policyNameRe = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// policy is a Sentinel or OPA policy of an organization, and its text once
// uploaded.
type policy struct {
	ID               string  `json:"id"`
	Org              string  `json:"organization"` // the organization's external ID
	Name             string  `json:"name"`
	Description      string  `json:"description,omitempty"`
	Kind             string  `json:"kind"`
	Query            *string `json:"query,omitempty"` // an OPA policy's
	EnforcementLevel string  `json:"enforcement-level"`
	// Text is what was uploaded, exactly; Uploaded tells an empty upload
	// from none.
	Text      []byte    `json:"text,omitempty"`
	Uploaded  bool      `json:"uploaded,omitempty"`
	CreatedAt time.Time `json:"created-at"`
	UpdatedAt time.Time `json:"updated-at"`
}

func (s *Server) registerPolicies(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}/policies", s.listPolicies)
	s.handle(mux, "POST "+apiPrefix+"/organizations/{org}/policies", s.createPolicy)
	byID := apiPrefix + "/policies/{id}"
	s.handle(mux, "GET "+byID, s.readPolicy)
	s.handle(mux, "PATCH "+byID, s.updatePolicy)
	s.handle(mux, "DELETE "+byID, s.deletePolicy)
	s.handle(mux, "PUT "+byID+"/upload", s.uploadPolicy)
	s.handle(mux, "GET "+byID+"/download", s.downloadPolicy)
}

// managesPoliciesLocked reports whether p may create, change and delete
// o's policies and policy sets: the owners and a team with
// manage-policies.
func (s *Server) managesPoliciesLocked(p principal, o *organization) bool {
	if p.owns(o) {
		return true
	}
	own := s.teamOfLocked(p)
	return own != nil && own.Org == o.ExternalID && own.Access["manage-policies"]
}

func (s *Server) visiblePolicyLocked(p principal, id string) (*policy, reply, bool) {
	return policies.find(s, p, id, nil)
}

// managedPolicyLocked is visiblePolicyLocked for changes, which who does
// not manage the organization's policies is answered 404.
func (s *Server) managedPolicyLocked(p principal, id string) (*policy, reply, bool) {
	return policies.find(s, p, id, func(pol *policy) bool {
		return s.managesPoliciesLocked(p, organizations.in(s)[pol.Org])
	})
}

// policySetCountLocked is the number of policy sets that hold pol.
func (s *Server) policySetCountLocked(pol *policy) int {
	return len(policySets.where(s, func(ps *policySet) bool { return slices.Contains(ps.Policies, pol.ID) }))
}

// policyPath is where an uploaded policy's text is found in its sets.
func (pol *policy) path() string {
	if pol.Kind == kindOPA {
		return pol.Name + ".rego"
	}
	return pol.Name + ".sentinel"
}

func (s *Server) policyResource(pol *policy) resource {
	enforce := []any{}
	if pol.Uploaded {
		enforce = append(enforce, map[string]any{"path": pol.path(), "mode": pol.EnforcementLevel})
	}
	var query any
	if pol.Kind == kindOPA && pol.Query != nil {
		query = *pol.Query
	}
	self := apiPrefix + "/policies/" + pol.ID
	return resource{
		Type: "policies", ID: pol.ID,
		Attributes: map[string]any{
			"name":              pol.Name,
			"description":       stringOrNull(pol.Description),
			"kind":              pol.Kind,
			"query":             query,
			"enforcement-level": pol.EnforcementLevel,
			"enforce":           enforce,
			"policy-set-count":  s.policySetCountLocked(pol),
			"updated-at":        formatTime(pol.UpdatedAt),
		},
		Relationships: map[string]any{
			"organization": toOne("organizations", organizations.in(s)[pol.Org].Name),
		},
		Links: map[string]string{"self": self, "upload": self + "/upload", "download": self + "/download"},
	}
}

// listPolicies lists the organization's policies, oldest first, paged,
// with search[name] and filter[kind].
func (s *Server) listPolicies(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*policy]{includes: noIncludes, render: plain(s.policyResource)}.serveInOrg(s, w, r, p, func(o *organization, lq *listQuery) ([]*policy, reply) {
		search, kind := strings.ToLower(lq.Get("search[name]")), lq.Get("filter[kind]")
		list := policies.where(s, func(pol *policy) bool {
			return pol.Org == o.ExternalID && strings.Contains(strings.ToLower(pol.Name), search) && (kind == "" || pol.Kind == kind)
		})
		return policies.order(list, false, byTime(func(pol *policy) time.Time { return pol.CreatedAt })), reply{}
	})
}

func (s *Server) readPolicy(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, noIncludes, s.visiblePolicyLocked, func(pol *policy, _ []string) resource { return s.policyResource(pol) })
}

// createPolicy takes name (required), kind and what applyPolicy reads.
func (s *Server) createPolicy(w http.ResponseWriter, r *http.Request, p principal) {
	s.writeInOrg(w, r, p, func(o *organization, in *input) reply {
		if !s.managesPoliciesLocked(p, o) {
			return notFound("organization " + quote(o.Name))
		}
		f, probs := in.attrs, in.probs
		pol := &policy{Org: o.ExternalID, Kind: kindSentinel}
		pol.Name = f.requiredText("name", "name is required")
		if pol.Name != "" && !policyNameRe.MatchString(pol.Name) {
			probs.add(f.at("name"), "invalid name %q: it may contain letters, numbers, - and _ only", pol.Name)
		}
		if kind, _ := f.str("kind"); kind != "" {
			if policyEnforcementLevels[kind] == nil {
				probs.add(f.at("kind"), "invalid kind %q: must be sentinel or opa", kind)
			}
			pol.Kind = kind
		}
		s.applyPolicy(pol, in, true)
		sets := s.policySetsJoinedLocked(o, pol, in)
		if len(*probs) > 0 {
			return probs.reply()
		}
		if taken := s.policyNamedLocked(o, pol.Name); taken != nil {
			return conflict(f.at("name"), "Name has already been taken: policy %s of organization %q is named %q", taken.ID, o.Name, taken.Name)
		}
		pol.ID = newID(prefixPolicy)
		pol.CreatedAt = s.now().UTC()
		pol.UpdatedAt = pol.CreatedAt
		policies.in(s)[pol.ID] = pol
		for _, ps := range sets {
			ps.Policies = append(ps.Policies, pol.ID)
		}
		return created(document{Data: s.policyResource(pol)})
	})
}

// policySetsJoinedLocked are the sets that a create's relationship
// policy-sets names, which the policy joins once stored.
func (s *Server) policySetsJoinedLocked(o *organization, pol *policy, in *input) []*policySet {
	objs, _ := in.rels.many("policy-sets")
	var sets []*policySet
	for i, obj := range objs {
		ps := policySets.in(s)[obj.ID]
		if ps == nil || ps.Org != o.ExternalID {
			in.probs.add(fmt.Sprintf("%s/%d/id", in.rels.at("policy-sets"), i), "policy set %q: not a policy set of this organization", obj.ID)
			continue
		}
		if why := s.policyRefusedBy(ps, pol, pol.Name); why != "" {
			in.probs.add(fmt.Sprintf("%s/%d/id", in.rels.at("policy-sets"), i), "policy set %q: %s", obj.ID, why)
			continue
		}
		if !slices.Contains(sets, ps) {
			sets = append(sets, ps)
		}
	}
	return sets
}

// policyNamedLocked is o's policy of that name, in any case; nil for none.
func (s *Server) policyNamedLocked(o *organization, name string) *policy {
	for _, pol := range policies.in(s) {
		if pol.Org == o.ExternalID && strings.EqualFold(pol.Name, name) {
			return pol
		}
	}
	return nil
}

// applyPolicy sets what a create and an update take: description, query
// (an OPA policy's: required when creating one), and enforcement-level, or
// the deprecated enforce in its place (required when creating).
func (s *Server) applyPolicy(pol *policy, in *input, create bool) {
	f, probs := in.attrs, in.probs
	if v, given := f.str("description"); given {
		pol.Description = v
	}
	if v, given := f.str("query"); given && pol.Kind == kindOPA {
		pol.Query = &v
	}
	if create && pol.Kind == kindOPA && (pol.Query == nil || strings.TrimSpace(*pol.Query) == "") {
		probs.add(f.at("query"), "query is required for an OPA policy")
	}
	level, given := f.str("enforcement-level")
	at := f.at("enforcement-level")
	if level == "" {
		level, given, at = enforceMode(f)
	}
	switch {
	case !given && create:
		probs.add(f.at("enforcement-level"), "enforcement-level is required: %s takes %s", kindNoun[pol.Kind], strings.Join(policyEnforcementLevels[pol.Kind], ", "))
	case given && !slices.Contains(policyEnforcementLevels[pol.Kind], level):
		probs.add(at, "invalid enforcement-level %q: %s takes %s", level, kindNoun[pol.Kind], strings.Join(policyEnforcementLevels[pol.Kind], ", "))
	case given:
		pol.EnforcementLevel = level
	}
}

// enforceMode reads the deprecated enforce: its first item's mode, and
// whether it gave one.
func enforceMode(f fields) (mode string, given bool, at string) {
	raw, ok := f.get("enforce")
	if !ok || raw == nil {
		return "", false, ""
	}
	var list []struct {
		Mode string `json:"mode"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		f.probs.add(f.at("enforce"), "invalid enforce %s: must be a list of {path, mode}", raw)
		return "", false, ""
	}
	if len(list) == 0 || list[0].Mode == "" {
		return "", false, ""
	}
	return list[0].Mode, true, f.at("enforce") + "/0/mode"
}

func (s *Server) updatePolicy(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.managedPolicyLocked, func(cur *policy, in *input) reply {
		pol := *cur
		f, probs := in.attrs, in.probs
		for _, attr := range []struct{ name, value string }{{"name", pol.Name}, {"kind", pol.Kind}} {
			if v, given := f.str(attr.name); given && v != attr.value {
				probs.add(f.at(attr.name), "%s cannot be changed: it is set when the policy is created", attr.name)
			}
		}
		s.applyPolicy(&pol, in, false)
		if len(*probs) > 0 {
			return probs.reply()
		}
		pol.UpdatedAt = s.now().UTC()
		*cur = pol
		return ok(document{Data: s.policyResource(cur)})
	})
}

func (s *Server) deletePolicy(w http.ResponseWriter, r *http.Request, p principal) {
	removeOnPath(s, w, r, p, policies, s.managedPolicyLocked)
}

// uploadPolicy keeps the body, as it is, as the policy's text.
func (s *Server) uploadPolicy(w http.ResponseWriter, r *http.Request, p principal) {
	text, read := readBody(w, r)
	if !read {
		return
	}
	onPath(s, w, r, p, s.managedPolicyLocked, func(pol *policy) reply {
		pol.Text, pol.Uploaded = text, true
		pol.UpdatedAt = s.now().UTC()
		return noContent()
	})
}

// downloadPolicy answers the policy's text as it was uploaded, or 404.
func (s *Server) downloadPolicy(w http.ResponseWriter, r *http.Request, p principal) {
	answer.Locked(&s.mu, w, func() answer.Sender {
		pol, rep, found := s.visiblePolicyLocked(p, r.PathValue("id"))
		switch {
		case !found:
			return rep
		case !pol.Uploaded:
			return errorReply(http.StatusNotFound, "policy "+quote(pol.ID)+" has no text: upload it first")
		}
		return answer.Reply{
			Status: http.StatusOK,
			Header: http.Header{"Content-Type": {"text/plain; charset=utf-8"}},
			Body:   slices.Clone(pol.Text),
		}
	})
}

// checkPolicy refuses a policy of the state file that no request could
// have stored.
func (st *store) checkPolicy(pol *policy) error {
	switch {
	case pol == nil || !isID(prefixPolicy, pol.ID):
		return errors.New("no valid ID")
	case organizations.in(st)[pol.Org] == nil:
		return fmt.Errorf("organization %q is not in the file", pol.Org)
	case !policyNameRe.MatchString(pol.Name):
		return fmt.Errorf("name %q is no policy's", pol.Name)
	case !slices.Contains(policyEnforcementLevels[pol.Kind], pol.EnforcementLevel):
		return fmt.Errorf("enforcement-level %q is no %q policy's", pol.EnforcementLevel, pol.Kind)
	case pol.Kind == kindOPA && pol.Query == nil:
		return errors.New("an OPA policy without a query")
	}
	return nil
}

var policies = &table[policy]{key: "policies", noun: "policy", id: func(pol *policy) string { return pol.ID }}

func init() {
	policies.needs = []anyTable{organizations}
	policies.check = (*store).checkPolicy
	policies.belongsTo(organizations, func(pol *policy) string { return pol.Org })
	policies.org = func(st *store, pol *policy) *organization { return organizations.in(st)[pol.Org] }
	register(policies)
	addRoutes((*Server).registerPolicies)
}
