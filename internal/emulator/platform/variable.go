package platform

import (
	"cmp"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Variables
//
//   - A workspace's variables are at /workspaces/:id/vars, a set's at
//     /varsets/:id/relationships/vars; each variable has its read, update
//     and delete at .../:var_id (a variable of another parent is 404
//     there).
//   - key (required, not blank) and category (required, terraform or env);
//     value "", description "", hcl false and sensitive false unless
//     given. A key is unique within its parent and category, in its case:
//     409 "conflict" at /data/attributes/key, the contract's answer to a
//     duplicate, as the API's documents do not say.
//   - A sensitive variable's value is answered null, everywhere;
//     sensitive cannot go back to false (422 at /data/attributes/sensitive);
//     the value can still be written.
//   - description is at most 512 characters (422 "description is too long
//     (maximum is 512 characters, ...)"; go-tfe's tests send 516 and 539).
//   - version-id (64 hex digits) is new on create and on every update,
//     whatever it changes, one that changes nothing included (go-tfe's
//     "without any changes" expects a new one); reads keep it, and a
//     refused update changes nothing.
//   - PATCH changes the members it gives; data.id is neither required nor
//     checked (the path names the variable).
//   - Answers: key, value, description, category, hcl, sensitive,
//     version-id, created-at; the relationship configurable (type
//     workspaces, its related link the workspace's path by organization and
//     name) or varset (type varsets); links self, the variable's path.
//   - Lists are by key and category, by pages. The endpoints have no
//     includes (an include is 400).
//   - Whoever sees the workspace or the set manages its variables. A
//     deleted workspace or set takes its variables.

// prefixVariable begins the IDs of this file's objects.
const prefixVariable = "var"

// variable is a variable of a workspace or of a variable set.
type variable struct {
	ID string `json:"id"`
	// Workspace or Varset is the variable's parent.
	Workspace   string `json:"workspace,omitempty"`
	Varset      string `json:"varset,omitempty"`
	Key         string `json:"key"`
	Value       string `json:"value"`
	Description string `json:"description,omitempty"`
	Category    string `json:"category"`
	HCL         bool   `json:"hcl"`
	Sensitive   bool   `json:"sensitive"`
	// VersionID is new on every update, whatever it changes, so that
	// clients see a change of a value they cannot read.
	VersionID string    `json:"version-id"`
	CreatedAt time.Time `json:"created-at"`
}

var variableCategories = []string{"terraform", "env"}

// maxVariableDescription is the length of the longest description, in
// characters.
const maxVariableDescription = 512

// newVersionID returns a variable version: 64 hex digits, as the API's.
func newVersionID() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return hex.EncodeToString(b)
}

// variableParent is a workspace or a variable set, the parent of
// variables, found for a principal.
type variableParent struct {
	workspace   *workspace
	variableSet *variableSet
}

func (vp variableParent) id() string {
	if vp.workspace != nil {
		return vp.workspace.ID
	}
	return vp.variableSet.ID
}

func (v *variable) parent() string { return cmp.Or(v.Workspace, v.Varset) }

func (vp variableParent) adopt(v *variable) {
	if vp.workspace != nil {
		v.Workspace = vp.workspace.ID
	} else {
		v.Varset = vp.variableSet.ID
	}
}

// registerVariables adds the variable endpoints under base, the path of a
// parent's variables, whose parents find looks up for a principal:
// POST and GET base, and GET, PATCH and DELETE base/{var_id}.
func (s *Server) registerVariables(mux route.Mux, base string, find func(p principal, id string) (variableParent, reply, bool)) {
	s.handle(mux, "POST "+base, func(w http.ResponseWriter, r *http.Request, p principal) {
		obj, read := readObject(w, r)
		if !read {
			return
		}
		s.locked(w, func() reply {
			vp, rep, found := find(p, r.PathValue("id"))
			if !found {
				return rep
			}
			var probs problems
			f := attributesOf(obj, &probs)
			v := readNewVariable(f)
			if len(probs) > 0 {
				return probs.reply()
			}
			if rep, accepted := s.checkVariableLocked(vp, v, f); !accepted {
				return rep
			}
			s.storeVariableLocked(vp, v)
			s.variableChangedLocked(vp)
			return created(document{Data: s.variableResource(v)})
		})
	})
	s.handle(mux, "GET "+base, func(w http.ResponseWriter, r *http.Request, p principal) {
		listing[*variable]{includes: noIncludes, render: plain(s.variableResource)}.serve(s, w, r, func(*listQuery) ([]*variable, reply) {
			vp, rep, found := find(p, r.PathValue("id"))
			if !found {
				return nil, rep
			}
			return s.variablesOfLocked(vp.id()), reply{}
		})
	})
	one := func(p principal, r *http.Request) (variableParent, *variable, reply, bool) {
		vp, rep, found := find(p, r.PathValue("id"))
		if !found {
			return vp, nil, rep, false
		}
		id := r.PathValue("var_id")
		v := vars.in(s)[id]
		if v == nil || v.parent() != vp.id() {
			return vp, nil, notFound("variable " + quote(id)), false
		}
		return vp, v, reply{}, true
	}
	s.handle(mux, "GET "+base+"/{var_id}", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.locked(w, func() reply {
			if _, rep, valid := (includes{}).parse(r.URL.Query()); !valid {
				return rep
			}
			_, v, rep, found := one(p, r)
			if !found {
				return rep
			}
			return ok(document{Data: s.variableResource(v)})
		})
	})
	s.handle(mux, "PATCH "+base+"/{var_id}", func(w http.ResponseWriter, r *http.Request, p principal) {
		obj, read := readObject(w, r)
		if !read {
			return
		}
		s.locked(w, func() reply {
			vp, cur, rep, found := one(p, r)
			if !found {
				return rep
			}
			v := *cur
			var probs problems
			f := attributesOf(obj, &probs)
			applyVariable(&v, f)
			if len(probs) > 0 {
				return probs.reply()
			}
			if rep, accepted := s.checkVariableLocked(vp, &v, f); !accepted {
				return rep
			}
			v.VersionID = newVersionID()
			*cur = v
			s.variableChangedLocked(vp)
			return ok(document{Data: s.variableResource(cur)})
		})
	})
	s.handle(mux, "DELETE "+base+"/{var_id}", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.locked(w, func() reply {
			vp, v, rep, found := one(p, r)
			if !found {
				return rep
			}
			vars.remove(s, v)
			s.variableChangedLocked(vp)
			return noContent()
		})
	})
}

// readNewVariable reads a new variable from a request's attributes,
// recording what it refuses in f's problems.
func readNewVariable(f fields) *variable {
	for _, name := range []string{"key", "category"} {
		if _, given := f.str(name); !given {
			f.probs.add(f.at(name), "%s is required", name)
		}
	}
	v := &variable{}
	applyVariable(v, f)
	return v
}

// storeVariableLocked stores a new variable of vp.
func (s *Server) storeVariableLocked(vp variableParent, v *variable) {
	vp.adopt(v)
	v.ID, v.VersionID, v.CreatedAt = newID(prefixVariable), newVersionID(), s.now().UTC()
	vars.in(s)[v.ID] = v
}

// applyVariable sets v's attributes from a request, recording what it
// refuses in f's problems; v is a new variable, or a copy of the one an
// update changes.
func applyVariable(v *variable, f fields) {
	if key, given := f.text("key", "key must not be blank"); given {
		v.Key = key
	}
	if value, given := f.str("value"); given {
		v.Value = value
	}
	if description, given := f.str("description"); given {
		if n := utf8.RuneCountInString(description); n > maxVariableDescription {
			f.probs.add(f.at("description"), "description is too long (maximum is %d characters, got %d)", maxVariableDescription, n)
		}
		v.Description = description
	}
	if category, given := f.str("category"); given {
		if !slices.Contains(variableCategories, category) {
			f.probs.add(f.at("category"), "invalid category %q: must be terraform or env", category)
		}
		v.Category = category
	}
	if hcl, given := f.boolean("hcl"); given {
		v.HCL = hcl
	}
	if sensitive, given := f.boolean("sensitive"); given {
		if v.Sensitive && !sensitive {
			f.probs.add(f.at("sensitive"), "a sensitive variable cannot be made non-sensitive: delete it and create it again")
		}
		v.Sensitive = sensitive
	}
}

// checkVariableLocked refuses a variable whose key its parent has in that
// category already (409), and one that a global variable set would share
// with another global set of its organization (422).
func (s *Server) checkVariableLocked(vp variableParent, v *variable, f fields) (reply, bool) {
	for _, other := range vars.in(s) {
		if other.ID != v.ID && other.parent() == vp.id() && other.Key == v.Key && other.Category == v.Category {
			return conflict(f.at("key"), "key %q has already been taken by variable %s of category %s", v.Key, other.ID, v.Category), false
		}
	}
	if vp.variableSet != nil && vp.variableSet.Global {
		if mine, theirs := s.globalConflictLocked(vp.variableSet, []*variable{v}); theirs != nil {
			f.probs.add(f.at("key"), "variable %q of category %s is in global variable set %s too: global variable sets cannot share a variable", mine.Key, mine.Category, theirs.Varset)
			return f.probs.reply(), false
		}
	}
	return reply{}, true
}

// variableChangedLocked records a change of one of vp's variables.
func (s *Server) variableChangedLocked(vp variableParent) {
	if vp.variableSet != nil {
		vp.variableSet.UpdatedAt = s.now().UTC()
	}
}

// variablesOfLocked returns the variables of the workspace or set parent,
// by key and category.
func (s *Server) variablesOfLocked(parent string) []*variable {
	return vars.order(vars.where(s, func(v *variable) bool { return v.parent() == parent }), false,
		byString(func(v *variable) string { return v.Key }), byString(func(v *variable) string { return v.Category }))
}

// includeVariables is the include vars of a workspace or a set: its
// variables, by key and category.
func (s *Server) includeVariables(parent resource) []resource {
	return renderEach(s.variablesOfLocked(parent.ID), s.variableResource)
}

// variableResource renders v: the value of a sensitive variable is null;
// its parent is the relationship configurable (a workspace) or varset.
func (s *Server) variableResource(v *variable) resource {
	value := any(v.Value)
	if v.Sensitive {
		value = nil
	}
	var rels map[string]any
	var self string
	if ws := workspaces.in(s)[v.Workspace]; ws != nil {
		o := organizations.in(s)[ws.Org]
		rels = map[string]any{"configurable": withRelated(toOne("workspaces", ws.ID), apiPrefix+"/organizations/"+o.Name+"/workspaces/"+ws.Name)}
		self = apiPrefix + "/workspaces/" + ws.ID + "/vars/" + v.ID
	} else {
		rels = map[string]any{"varset": withRelated(toOne("varsets", v.Varset), apiPrefix+"/varsets/"+v.Varset)}
		self = apiPrefix + "/varsets/" + v.Varset + "/relationships/vars/" + v.ID
	}
	return resource{
		Type: "vars", ID: v.ID,
		Attributes: map[string]any{
			"key":         v.Key,
			"value":       value,
			"description": v.Description,
			"category":    v.Category,
			"hcl":         v.HCL,
			"sensitive":   v.Sensitive,
			"version-id":  v.VersionID,
			"created-at":  formatTime(v.CreatedAt),
		},
		Relationships: rels,
		Links:         map[string]string{"self": self},
	}
}

func (s *Server) registerWorkspaceVariables(mux route.Mux) {
	s.registerVariables(mux, apiPrefix+"/workspaces/{id}/vars", func(p principal, id string) (variableParent, reply, bool) {
		ws, rep, found := s.visibleWorkspaceLocked(p, id)
		return variableParent{workspace: ws}, rep, found
	})
}

// checkVariable refuses a variable of the state file that no request could
// have stored.
func (st *store) checkVariable(v *variable) error {
	if v == nil || !isID(prefixVariable, v.ID) || strings.TrimSpace(v.Key) == "" || v.VersionID == "" {
		return errors.New("no valid ID, key and version")
	}
	if !slices.Contains(variableCategories, v.Category) {
		return fmt.Errorf("category %q: must be terraform or env", v.Category)
	}
	if v.Workspace != "" && v.Varset != "" || workspaces.in(st)[v.Workspace] == nil && variableSets.in(st)[v.Varset] == nil {
		return fmt.Errorf("not of one workspace or variable set of the file (%q, %q)", v.Workspace, v.Varset)
	}
	return nil
}

var vars = &table[variable]{key: "vars", noun: "variable", id: func(v *variable) string { return v.ID }}

func init() {
	vars.needs = []anyTable{workspaces, variableSets}
	vars.check = (*store).checkVariable
	// A workspace's or a variable set's delete deletes its variables.
	vars.belongsTo(workspaces, func(v *variable) string { return v.Workspace })
	vars.belongsTo(variableSets, func(v *variable) string { return v.Varset })
	register(vars)
	addRoutes((*Server).registerWorkspaceVariables)
}
