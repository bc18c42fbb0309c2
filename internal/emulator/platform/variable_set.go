package platform

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Variable sets
//
//   - A name (required, not blank) is unique within the organization in
//     any case (409). Create defaults: description "", global false,
//     priority false, no assignments and no variables.
//   - The parent relationship is the organization, named by its name in
//     any case, as paths name it (or null), or one of its projects, named by
//     its ID; the two are told apart by the ID, whatever type the client
//     sends. Another organization, or
//     a project of another organization, is 422. The parent cannot change
//     (422 at /data/relationships/parent/data; giving the same one is
//     taken). A set owned by a project cannot be global (422 at
//     /data/attributes/global) and is assigned to that project and its
//     workspaces only (422 otherwise).
//   - PUT and PATCH both update, changing the attributes they give. The
//     relationships workspaces and projects, when given, replace the set's
//     assignments (empty clears them); vars adds the variables it gives,
//     complete definitions under the variables' rules (a key and category
//     given twice, or that the set has, is 422 at the variable's key).
//   - A global set applies to every workspace and is assigned to nothing:
//     a global set given workspaces or projects is 422 at
//     /data/attributes/global, making a set global drops its assignments,
//     and assigning a global set is 422. Two global sets of an organization
//     cannot share a variable (key and category): creating a global set,
//     making a set global, or adding or changing a variable of one so that
//     they would is 422.
//   - POST .../relationships/workspaces and .../relationships/projects add
//     the workspaces or projects data[] names ({type, id}), DELETE removes
//     them; both answer 204; adding what is assigned or removing what is
//     not changes nothing; one of another organization is 422 at
//     /data/<i>/id.
//   - Answers: name, description, global, priority, created-at, updated-at
//     (the last change of the set, its assignments or its variables),
//     var-count, workspace-count, project-count; relationships
//     organization, parent, vars, workspaces, projects, and stacks (always
//     empty).
//   - Lists, by name and by pages, q a case-insensitive substring of the
//     name: GET /organizations/:org/varsets every set; GET
//     /projects/:id/varsets the global sets and those assigned to the
//     project; GET /workspaces/:id/varsets the global sets and those
//     assigned to the workspace or to its project. include= knows
//     workspaces, projects and vars, which are included, and stacks, which
//     adds nothing, on reads and lists.
//   - Whoever sees the organization manages its sets, as its projects and
//     workspaces. Delete answers 204 and takes the set's variables. A
//     deleted workspace or project leaves the sets' assignments; a deleted
//     project takes the sets it owns.

// prefixVarset begins the IDs of this file's objects.
const prefixVarset = "varset"

// variableSet is a variable set of an organization, owned by the organization
// or by one of its projects, applied to every workspace (global) or to
// the workspaces and projects it is assigned to.
type variableSet struct {
	ID  string `json:"id"`
	Org string `json:"organization"` // the organization's external ID
	// ParentProject is the project that owns the set, "" when the
	// organization does.
	ParentProject string    `json:"parent-project,omitempty"`
	Name          string    `json:"name"`
	Description   string    `json:"description,omitempty"`
	Global        bool      `json:"global"`
	Priority      bool      `json:"priority"`
	Workspaces    []string  `json:"workspaces"`
	Projects      []string  `json:"projects"`
	CreatedAt     time.Time `json:"created-at"`
	UpdatedAt     time.Time `json:"updated-at"`
}

func (s *Server) registerVariableSets(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}/varsets", s.listOrganizationVarsets)
	s.handle(mux, "POST "+apiPrefix+"/organizations/{org}/varsets", s.createVarset)
	s.handle(mux, "GET "+apiPrefix+"/projects/{id}/varsets", s.listProjectVarsets)
	s.handle(mux, "GET "+apiPrefix+"/workspaces/{id}/varsets", s.listWorkspaceVarsets)
	s.handle(mux, "GET "+apiPrefix+"/varsets/{id}", s.readVarset)
	s.handle(mux, "PATCH "+apiPrefix+"/varsets/{id}", s.updateVarset)
	s.handle(mux, "PUT "+apiPrefix+"/varsets/{id}", s.updateVarset)
	s.handle(mux, "DELETE "+apiPrefix+"/varsets/{id}", s.deleteVarset)
	// The workspaces and projects a set is assigned to: a global set is
	// assigned to none.
	for _, assigned := range []struct {
		kind string
		list func(*variableSet) *[]string
	}{
		{"workspaces", func(vs *variableSet) *[]string { return &vs.Workspaces }},
		{"projects", func(vs *variableSet) *[]string { return &vs.Projects }},
	} {
		kind := assigned.kind
		relate(s, mux, apiPrefix+"/varsets/{id}/relationships/"+kind, relation[variableSet]{
			find: s.visibleVarsetLocked,
			member: func(vs *variableSet, id string, _ bool) (string, string) {
				return id, s.unassignableLocked(vs, kind, id)
			},
			members: keptIn(assigned.list),
			closed: func(vs *variableSet) string {
				if vs.Global {
					return fmt.Sprintf("variable set %s is global: it applies to every workspace and is assigned to none", vs.ID)
				}
				return ""
			},
			changed: func(vs *variableSet) { vs.UpdatedAt = s.now().UTC() },
		})
	}
	s.registerVariables(mux, apiPrefix+"/varsets/{id}/relationships/vars", func(p principal, id string) (variableParent, reply, bool) {
		vs, rep, found := s.visibleVarsetLocked(p, id)
		return variableParent{variableSet: vs}, rep, found
	})
}

// visibleVarsetLocked returns the variable set id when p may see it, or
// the 404 that answers both a missing and a hidden one.
func (s *Server) visibleVarsetLocked(p principal, id string) (*variableSet, reply, bool) {
	return variableSets.find(s, p, id, nil)
}

// varsetIncludes are the includes of the variable set endpoints; stacks,
// which the emulator does not hold, adds nothing.
func (s *Server) varsetIncludes(p principal) includes {
	return includes{
		"workspaces": func(res resource) []resource {
			return renderEach(variableSets.in(s)[res.ID].Workspaces, func(id string) resource { return s.workspaceResource(workspaces.in(s)[id], p, nil) })
		},
		"projects": func(res resource) []resource {
			return renderEach(variableSets.in(s)[res.ID].Projects, func(id string) resource { return s.projectResource(projects.in(s)[id], p, nil) })
		},
		"vars":   s.includeVariables,
		"stacks": nil,
	}
}

func (s *Server) varsetResource(vs *variableSet) resource {
	o := organizations.in(s)[vs.Org]
	parent := toOne("organizations", o.Name)
	if vs.ParentProject != "" {
		parent = toOne("projects", vs.ParentProject)
	}
	var vars []string
	for _, v := range s.variablesOfLocked(vs.ID) {
		vars = append(vars, v.ID)
	}
	return resource{
		Type: "varsets", ID: vs.ID,
		Attributes: map[string]any{
			"name":            vs.Name,
			"description":     vs.Description,
			"global":          vs.Global,
			"priority":        vs.Priority,
			"created-at":      formatTime(vs.CreatedAt),
			"updated-at":      formatTime(vs.UpdatedAt),
			"var-count":       len(vars),
			"workspace-count": len(vs.Workspaces),
			"project-count":   len(vs.Projects),
		},
		Relationships: map[string]any{
			"organization": toOne("organizations", o.Name),
			"parent":       parent,
			"vars":         toMany(refsOf("vars", vars)),
			"workspaces":   toMany(refsOf("workspaces", vs.Workspaces)),
			"projects":     toMany(refsOf("projects", vs.Projects)),
			"stacks":       toMany(nil),
		},
		Links: map[string]string{"self": apiPrefix + "/varsets/" + vs.ID},
	}
}

// varsetListing is the listing of the lists of variable sets.
func (s *Server) varsetListing(p principal) listing[*variableSet] {
	return listing[*variableSet]{includes: func() includes { return s.varsetIncludes(p) }, render: plain(s.varsetResource)}
}

// varsetsLocked returns the variable sets of org that match, by name; q is
// a case-insensitive substring of the name.
func (s *Server) varsetsLocked(lq *listQuery, org string, match func(*variableSet) bool) []*variableSet {
	list := variableSets.where(s, func(vs *variableSet) bool {
		return vs.Org == org && match(vs) && containsFold(vs.Name, lq.Get("q"))
	})
	return variableSets.order(list, false, byFold(func(vs *variableSet) string { return vs.Name }))
}

func (s *Server) listOrganizationVarsets(w http.ResponseWriter, r *http.Request, p principal) {
	s.varsetListing(p).serveInOrg(s, w, r, p, func(o *organization, lq *listQuery) ([]*variableSet, reply) {
		return s.varsetsLocked(lq, o.ExternalID, func(*variableSet) bool { return true }), reply{}
	})
}

// listProjectVarsets lists the sets applied to a project: the global ones
// and those assigned to it.
func (s *Server) listProjectVarsets(w http.ResponseWriter, r *http.Request, p principal) {
	listOnPath(s.varsetListing(p), s, w, r, p, s.visibleProjectLocked, func(prj *project, lq *listQuery) ([]*variableSet, reply) {
		return s.varsetsLocked(lq, prj.Org, func(vs *variableSet) bool {
			return vs.Global || slices.Contains(vs.Projects, prj.ID)
		}), reply{}
	})
}

// listWorkspaceVarsets lists the sets applied to a workspace: the global
// ones, those assigned to it and those assigned to its project.
func (s *Server) listWorkspaceVarsets(w http.ResponseWriter, r *http.Request, p principal) {
	listOnPath(s.varsetListing(p), s, w, r, p, s.visibleWorkspaceLocked, func(ws *workspace, lq *listQuery) ([]*variableSet, reply) {
		return s.varsetsLocked(lq, ws.Org, func(vs *variableSet) bool {
			return vs.Global || slices.Contains(vs.Workspaces, ws.ID) || slices.Contains(vs.Projects, ws.Project)
		}), reply{}
	})
}

func (s *Server) readVarset(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, func() includes { return s.varsetIncludes(p) }, s.visibleVarsetLocked,
		func(vs *variableSet, _ []string) resource { return s.varsetResource(vs) })
}

// applyVarset sets vs's attributes from a request, recording what it
// refuses in f's problems.
func applyVarset(vs *variableSet, f fields) {
	if name, given := f.text("name", "name must not be blank"); given {
		vs.Name = name
	}
	if description, given := f.str("description"); given {
		vs.Description = description
	}
	if global, given := f.boolean("global"); given {
		vs.Global = global
	}
	if priority, given := f.boolean("priority"); given {
		vs.Priority = priority
	}
}

// varsetParentLocked reads the parent relationship of a request for a set
// of o: the organization, named by its name in any case, as the platform
// matches the names in its paths (or null), or one of its
// projects, named by its ID. The two are told apart by the ID, whatever
// type the client sends. It returns the parent project, "" for the
// organization.
func (s *Server) varsetParentLocked(o *organization, rl relationships) (string, bool) {
	id, given := rl.one("parent")
	switch {
	case !given || id == "":
		return "", given
	case isID(prefixProject, id):
		if prj := projects.in(s)[id]; prj == nil || prj.Org != o.ExternalID {
			rl.probs.add(rl.at("parent"), "parent project %q is not a project of organization %q", id, o.Name)
		}
		return id, true
	case !strings.EqualFold(id, o.Name):
		rl.probs.add(rl.at("parent"), "parent organization %q: a variable set's parent is its own organization %q or one of its projects", id, o.Name)
	}
	return "", true
}

// assignmentsLocked reads the workspaces or projects (kind) a request
// assigns vs to, resource objects whose pointers are base and their index,
// each once.
func (s *Server) assignmentsLocked(vs *variableSet, kind string, objs []object, base string, probs *problems) []string {
	var ids []string
	for i, o := range objs {
		if refused := s.unassignableLocked(vs, kind, o.ID); refused != "" {
			probs.add(base+"/"+strconv.Itoa(i)+"/id", "%s", refused)
			continue
		}
		if !slices.Contains(ids, o.ID) {
			ids = append(ids, o.ID)
		}
	}
	return ids
}

// unassignableLocked says why vs cannot be assigned to the workspace or
// project (kind) id, "" when it can: it must be of vs's organization, and,
// when a project owns vs, that project or one of its workspaces.
func (s *Server) unassignableLocked(vs *variableSet, kind, id string) string {
	if kind == "workspaces" {
		switch ws := workspaces.in(s)[id]; {
		case ws == nil || ws.Org != vs.Org:
			return fmt.Sprintf("workspace %q: not a workspace of this organization", id)
		case vs.ParentProject != "" && ws.Project != vs.ParentProject:
			return fmt.Sprintf("workspace %s is not in project %s, which owns the variable set", id, vs.ParentProject)
		}
		return ""
	}
	switch prj := projects.in(s)[id]; {
	case prj == nil || prj.Org != vs.Org:
		return fmt.Sprintf("project %q: not a project of this organization", id)
	case vs.ParentProject != "" && prj.ID != vs.ParentProject:
		return fmt.Sprintf("project %s: a variable set owned by project %s is assigned to that project only", id, vs.ParentProject)
	}
	return ""
}

// varsetRequest is what a create or an update asks of a set's
// relationships.
type varsetRequest struct {
	workspaces, projects           []string
	workspacesGiven, projectsGiven bool
	vars                           []*variable
}

// readVarsetRelationshipsLocked reads the workspaces, projects and vars of
// a request for vs. The new variables must differ from each other and from
// vs's, by key and category.
func (s *Server) readVarsetRelationshipsLocked(vs *variableSet, rl relationships, probs *problems) varsetRequest {
	var req varsetRequest
	if objs, given := rl.many("workspaces"); given {
		req.workspaces, req.workspacesGiven = s.assignmentsLocked(vs, "workspaces", objs, rl.at("workspaces"), probs), true
	}
	if objs, given := rl.many("projects"); given {
		req.projects, req.projectsGiven = s.assignmentsLocked(vs, "projects", objs, rl.at("projects"), probs), true
	}
	objs, _ := rl.many("vars")
	for i, o := range objs {
		f := fields{raw: o.Attributes, pointer: rl.at("vars") + "/" + strconv.Itoa(i) + "/attributes", probs: probs}
		v := readNewVariable(f)
		same := func(other *variable) bool { return other.Key == v.Key && other.Category == v.Category }
		switch {
		case slices.ContainsFunc(req.vars, same):
			probs.add(f.at("key"), "variable %q of category %s is given twice", v.Key, v.Category)
		case vs.ID != "" && slices.ContainsFunc(s.variablesOfLocked(vs.ID), same):
			probs.add(f.at("key"), "key %q has already been taken by a variable of category %s of the set", v.Key, v.Category)
		}
		req.vars = append(req.vars, v)
	}
	return req
}

// settleVarsetLocked applies the request's assignments to vs, checks the rules of a
// global set and of a project's set, and the conflicts of a global set's
// variables (its own and the new ones) with other global sets'.
func (s *Server) settleVarsetLocked(vs *variableSet, req varsetRequest, f fields) {
	if req.workspacesGiven {
		vs.Workspaces = req.workspaces
	}
	if req.projectsGiven {
		vs.Projects = req.projects
	}
	if !vs.Global {
		return
	}
	if vs.ParentProject != "" {
		f.probs.add(f.at("global"), "a variable set owned by a project cannot be global")
	}
	if len(req.workspaces) > 0 || len(req.projects) > 0 {
		f.probs.add(f.at("global"), "a global variable set applies to every workspace: it cannot be assigned to workspaces or projects")
	}
	vs.Workspaces, vs.Projects = nil, nil
	vars := append(slices.Clone(req.vars), s.variablesOfLocked(vs.ID)...)
	if mine, theirs := s.globalConflictLocked(vs, vars); theirs != nil {
		f.probs.add(f.at("global"), "variable %q of category %s is in global variable set %s too: global variable sets cannot share a variable", mine.Key, mine.Category, theirs.Varset)
	}
}

// globalConflictLocked returns the first of vars whose key and category a
// variable of another global set of vs's organization has, and that
// variable; nils when there is none.
func (s *Server) globalConflictLocked(vs *variableSet, vars []*variable) (*variable, *variable) {
	for _, other := range slices.Sorted(maps.Keys(variableSets.in(s))) {
		o := variableSets.in(s)[other]
		if o.ID == vs.ID || o.Org != vs.Org || !o.Global {
			continue
		}
		for _, theirs := range s.variablesOfLocked(o.ID) {
			for _, mine := range vars {
				if mine.Key == theirs.Key && mine.Category == theirs.Category {
					return mine, theirs
				}
			}
		}
	}
	return nil, nil
}

// varsetNamed returns org's set of that name, in any case.
func (st *store) varsetNamed(org, name string) *variableSet {
	for _, vs := range variableSets.in(st) {
		if vs.Org == org && strings.EqualFold(vs.Name, name) {
			return vs
		}
	}
	return nil
}

func (s *Server) createVarset(w http.ResponseWriter, r *http.Request, p principal) {
	s.writeInOrg(w, r, p, func(o *organization, in *input) reply {
		probs := in.probs
		f, rl := in.attrs, in.rels
		in.require("name", "name is required")
		vs := &variableSet{Org: o.ExternalID}
		applyVarset(vs, f)
		vs.ParentProject, _ = s.varsetParentLocked(o, rl)
		req := s.readVarsetRelationshipsLocked(vs, rl, probs)
		s.settleVarsetLocked(vs, req, f)
		if len(*probs) > 0 {
			return probs.reply()
		}
		if taken := s.varsetNamed(o.ExternalID, vs.Name); taken != nil {
			return conflict(f.at("name"), "name %q has already been taken by variable set %s in organization %q", vs.Name, taken.ID, o.Name)
		}
		vs.ID, vs.CreatedAt = newID(prefixVarset), s.now().UTC()
		vs.UpdatedAt = vs.CreatedAt
		variableSets.in(s)[vs.ID] = vs
		for _, v := range req.vars {
			s.storeVariableLocked(variableParent{variableSet: vs}, v)
		}
		return created(document{Data: s.varsetResource(vs)})
	})
}

// updateVarset changes the attributes a request gives (PUT and PATCH
// alike); the workspaces and projects relationships, when given, replace
// the set's assignments, and vars add variables. The parent cannot
// change; making a set global drops its assignments.
func (s *Server) updateVarset(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.visibleVarsetLocked, func(cur *variableSet, in *input) reply {
		vs := *cur
		probs := in.probs
		f, rl := in.attrs, in.rels
		applyVarset(&vs, f)
		if parent, given := s.varsetParentLocked(organizations.in(s)[vs.Org], rl); given && parent != vs.ParentProject {
			probs.add(rl.at("parent"), "the parent of a variable set cannot change")
		}
		req := s.readVarsetRelationshipsLocked(&vs, rl, probs)
		s.settleVarsetLocked(&vs, req, f)
		if len(*probs) > 0 {
			return probs.reply()
		}
		if taken := s.varsetNamed(vs.Org, vs.Name); taken != nil && taken != cur {
			return conflict(f.at("name"), "name %q has already been taken by variable set %s", vs.Name, taken.ID)
		}
		vs.UpdatedAt = s.now().UTC()
		*cur = vs
		for _, v := range req.vars {
			s.storeVariableLocked(variableParent{variableSet: cur}, v)
		}
		return ok(document{Data: s.varsetResource(cur)})
	})
}

func (s *Server) deleteVarset(w http.ResponseWriter, r *http.Request, p principal) {
	removeOnPath(s, w, r, p, variableSets, s.visibleVarsetLocked)
}

// checkVarset refuses a variable set of the state file that no request
// could have stored.
func (st *store) checkVarset(vs *variableSet) error {
	if vs == nil || !isID(prefixVarset, vs.ID) || strings.TrimSpace(vs.Name) == "" {
		return errors.New("no valid ID and name")
	}
	if organizations.in(st)[vs.Org] == nil {
		return fmt.Errorf("organization %q is not in the file", vs.Org)
	}
	if vs.ParentProject != "" {
		if prj := projects.in(st)[vs.ParentProject]; prj == nil || prj.Org != vs.Org || vs.Global {
			return fmt.Errorf("parent project %q is not a project of its organization, or the set is global", vs.ParentProject)
		}
	}
	for _, id := range vs.Workspaces {
		if ws := workspaces.in(st)[id]; ws == nil || ws.Org != vs.Org || vs.ParentProject != "" && ws.Project != vs.ParentProject {
			return fmt.Errorf("workspace %q is not a workspace of its organization, or of its parent project", id)
		}
	}
	for _, id := range vs.Projects {
		if prj := projects.in(st)[id]; prj == nil || prj.Org != vs.Org || vs.ParentProject != "" && id != vs.ParentProject {
			return fmt.Errorf("project %q is not a project of its organization, or its parent project", id)
		}
	}
	if st.varsetNamed(vs.Org, vs.Name) != nil {
		return fmt.Errorf("name %q is there twice", vs.Name)
	}
	return nil
}

var variableSets = &table[variableSet]{key: "varsets", noun: "variable set", id: func(vs *variableSet) string { return vs.ID }}

func init() {
	variableSets.needs = []anyTable{organizations, projects, workspaces}
	variableSets.check = (*store).checkVarset
	// An organization's delete deletes its sets, a project's those it
	// owns; a deleted project or workspace leaves the sets it was
	// assigned to.
	variableSets.belongsTo(organizations, func(vs *variableSet) string { return vs.Org })
	variableSets.belongsTo(projects, func(vs *variableSet) string { return vs.ParentProject })
	variableSets.refersTo(projects, func(vs *variableSet) *[]string { return &vs.Projects })
	variableSets.refersTo(workspaces, func(vs *variableSet) *[]string { return &vs.Workspaces })
	variableSets.org = func(st *store, vs *variableSet) *organization { return organizations.in(st)[vs.Org] }
	register(variableSets)
	addRoutes((*Server).registerVariableSets)
}
