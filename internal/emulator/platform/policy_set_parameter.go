package platform

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Policy set parameters
//
//   - A set's parameters are at /policy-sets/:id/parameters (list, paged,
//     by key; create), each with its read, update and delete at
//     .../:param_id (a parameter of another set is 404 there). They are
//     of type vars, with IDs "var-...".
//   - key (required, not blank; unique in its set, in its case: 409
//     "conflict" at /data/attributes/key, as variables answer a duplicate)
//     and category (required: policy-set, the only one a set's parameter
//     has; 422 otherwise); value "" and sensitive false unless given.
//   - A sensitive parameter's value is answered "", everywhere, as the
//     incumbent client's tests expect: never its value. sensitive cannot
//     go back to false (422 at /data/attributes/sensitive); the value can
//     still be written.
//   - PATCH changes the members it gives: key, value, sensitive; the
//     category is set once (another value is 422).
//   - Answers: key, value, category, sensitive; the relationship
//     configurable (type policy-sets). The endpoints have no includes.
//   - Whoever sees the set's organization reads its parameters; who
//     manages its policies writes them. A set's delete takes its
//     parameters.

// categoryPolicySet is the category of every parameter of a policy set.
const categoryPolicySet = "policy-set"

// policySetParameter is a parameter that a policy set passes to its
// policies.
type policySetParameter struct {
	ID        string    `json:"id"`
	PolicySet string    `json:"policy-set"`
	Key       string    `json:"key"`
	Value     string    `json:"value"`
	Sensitive bool      `json:"sensitive,omitempty"`
	CreatedAt time.Time `json:"created-at"`
}

func (s *Server) registerPolicySetParameters(mux route.Mux) {
	all := apiPrefix + "/policy-sets/{id}/parameters"
	s.handle(mux, "GET "+all, s.listPolicySetParameters)
	s.handle(mux, "POST "+all, s.createPolicySetParameter)
	s.handle(mux, "GET "+all+"/{param}", s.readPolicySetParameter)
	s.handle(mux, "PATCH "+all+"/{param}", s.updatePolicySetParameter)
	s.handle(mux, "DELETE "+all+"/{param}", s.deletePolicySetParameter)
}

// parameterOnPathLocked is the parameter that the path's {param} names,
// of the set its {id} names, which find finds for p (404 otherwise).
func (s *Server) parameterOnPathLocked(r *http.Request, p principal, find finder[policySet]) (*policySetParameter, reply, bool) {
	ps, rep, found := find(p, r.PathValue("id"))
	if !found {
		return nil, rep, false
	}
	v := policySetParameters.in(s)[r.PathValue("param")]
	if v == nil || v.PolicySet != ps.ID {
		return nil, notFound("parameter " + quote(r.PathValue("param"))), false
	}
	return v, reply{}, true
}

func (s *Server) policySetParameterResource(v *policySetParameter) resource {
	value := v.Value
	if v.Sensitive {
		value = ""
	}
	return resource{
		Type: "vars", ID: v.ID,
		Attributes: map[string]any{
			"key":       v.Key,
			"value":     value,
			"category":  categoryPolicySet,
			"sensitive": v.Sensitive,
		},
		Relationships: map[string]any{"configurable": toOne("policy-sets", v.PolicySet)},
		Links:         map[string]string{"self": apiPrefix + "/policy-sets/" + v.PolicySet + "/parameters/" + v.ID},
	}
}

func (s *Server) listPolicySetParameters(w http.ResponseWriter, r *http.Request, p principal) {
	listOnPath(listing[*policySetParameter]{includes: noIncludes, render: plain(s.policySetParameterResource)}, s, w, r, p, s.visiblePolicySetLocked,
		func(ps *policySet, _ *listQuery) ([]*policySetParameter, reply) {
			list := policySetParameters.where(s, func(v *policySetParameter) bool { return v.PolicySet == ps.ID })
			return policySetParameters.order(list, false, byString(func(v *policySetParameter) string { return v.Key })), reply{}
		})
}

func (s *Server) readPolicySetParameter(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		if _, rep, valid := noIncludes().parse(r.URL.Query()); !valid {
			return rep
		}
		v, rep, found := s.parameterOnPathLocked(r, p, s.visiblePolicySetLocked)
		if !found {
			return rep
		}
		return ok(document{Data: s.policySetParameterResource(v)})
	})
}

// createPolicySetParameter takes key and category (required), value and
// sensitive.
func (s *Server) createPolicySetParameter(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.managedPolicySetLocked, func(ps *policySet, in *input) reply {
		f := in.attrs
		v := &policySetParameter{PolicySet: ps.ID}
		if _, given := f.str("key"); !given {
			in.probs.add(f.at("key"), "key is required")
		}
		if category, _ := f.str("category"); category != categoryPolicySet {
			in.probs.add(f.at("category"), "invalid category %q: a policy set's parameter is of category %s", category, categoryPolicySet)
		}
		if rep, done := s.applyPolicySetParameter(v, f); done {
			return rep
		}
		v.ID, v.CreatedAt = newID(prefixVariable), s.now().UTC()
		policySetParameters.in(s)[v.ID] = v
		return created(document{Data: s.policySetParameterResource(v)})
	})
}

// applyPolicySetParameter sets what a create and an update take, and
// returns the refusal, when there is one, with done.
func (s *Server) applyPolicySetParameter(v *policySetParameter, f fields) (reply, bool) {
	if key, given := f.text("key", "key must not be blank"); given {
		v.Key = key
	}
	if value, given := f.str("value"); given {
		v.Value = value
	}
	if sensitive, given := f.boolean("sensitive"); given {
		if v.Sensitive && !sensitive {
			f.probs.add(f.at("sensitive"), "a sensitive parameter cannot be made non-sensitive: delete it and create it again")
		}
		v.Sensitive = sensitive
	}
	if len(*f.probs) > 0 {
		return f.probs.reply(), true
	}
	for _, other := range policySetParameters.in(s) {
		if other.PolicySet == v.PolicySet && other.ID != v.ID && other.Key == v.Key {
			return conflict(f.at("key"), "key %q has already been taken by parameter %s", v.Key, other.ID), true
		}
	}
	return reply{}, false
}

func (s *Server) updatePolicySetParameter(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		cur, rep, found := s.parameterOnPathLocked(r, p, s.managedPolicySetLocked)
		if !found {
			return rep
		}
		v := *cur
		if category, given := in.attrs.str("category"); given && category != categoryPolicySet {
			in.probs.add(in.attrs.at("category"), "invalid category %q: a policy set's parameter is of category %s", category, categoryPolicySet)
		}
		if rep, done := s.applyPolicySetParameter(&v, in.attrs); done {
			return rep
		}
		*cur = v
		return ok(document{Data: s.policySetParameterResource(cur)})
	})
}

func (s *Server) deletePolicySetParameter(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		v, rep, found := s.parameterOnPathLocked(r, p, s.managedPolicySetLocked)
		if !found {
			return rep
		}
		policySetParameters.remove(s, v)
		return noContent()
	})
}

// checkPolicySetParameter refuses a parameter of the state file that no
// request could have stored.
func (st *store) checkPolicySetParameter(v *policySetParameter) error {
	switch {
	case v == nil || !isID(prefixVariable, v.ID):
		return errors.New("no valid ID")
	case policySets.in(st)[v.PolicySet] == nil:
		return fmt.Errorf("policy set %q is not in the file", v.PolicySet)
	case strings.TrimSpace(v.Key) == "":
		return errors.New("no key")
	}
	for _, other := range policySetParameters.in(st) {
		if other.PolicySet == v.PolicySet && other.Key == v.Key {
			return fmt.Errorf("key %q is %s's too", v.Key, other.ID)
		}
	}
	return nil
}

var policySetParameters = &table[policySetParameter]{key: "policy-set-parameters", noun: "parameter", id: func(v *policySetParameter) string { return v.ID }}

func init() {
	policySetParameters.needs = []anyTable{policySets}
	policySetParameters.check = (*store).checkPolicySetParameter
	policySetParameters.belongsTo(policySets, func(v *policySetParameter) string { return v.PolicySet })
	policySetParameters.org = func(st *store, v *policySetParameter) *organization {
		return organizations.in(st)[policySets.in(st)[v.PolicySet].Org]
	}
	register(policySetParameters)
	addRoutes((*Server).registerPolicySetParameters)
}
