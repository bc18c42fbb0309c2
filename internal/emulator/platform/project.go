package platform

import (
	"errors"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Projects
//
//   - A name is 3 to 40 letters, numbers, spaces, - and _, not starting or
//     ending with a space; unique within the organization in any case
//     (409, pointing at /data/attributes/name); the same name in another
//     organization is no conflict. description is at most 256 characters,
//     null unless set; auto-destroy-activity-duration is 1 to 4 digits and
//     d or h ("14d", "12h"), null unless set. null unsets both. Their 422s
//     are in the API's words, which clients match: "Name may only contain
//     letters, numbers, spaces, -, and _, ...", "Name is too short
//     (minimum is 3 characters)" (too long, maximum 40), "Auto destroy
//     activity duration has an incorrect format, we expect up to 4 numeric
//     digits and 1 unit ('d' or 'h') ..." (for workspaces too).
//   - A project inherits the organization's default-execution-mode and
//     default agent pool until it sets its own: default-execution-mode and
//     default-agent-pool-id (or the default-agent-pool relationship) set
//     both as the project's own, under the organization's rule
//     (organization.go); setting-overwrites {"default-execution-mode":
//     false, "default-agent-pool": false} goes back to inheriting either; a
//     request that gives both flags must give them equal (422 "If
//     agent-pool and execution-mode are both included in
//     setting-overwrites, their values must be the same.", for workspaces
//     too). Answers carry the settings in effect and the setting-overwrites
//     flags.
//   - The tag-bindings relationship of a create or an update sets the
//     project's tag bindings (replacing them on update).
//   - GET /organizations/:org/projects lists by name (in any case), sort
//     "name" or "-name" (the default is by name); filter[tagged] as for
//     workspaces, over the project's bindings; filter[names] is a
//     comma-separated list of exact names; q a case-insensitive substring
//     of the name. include= knows effective-tag-bindings (with underscores
//     too), which fills the relationship's data and includes them.
//   - Answers carry workspace-count, the workspaces it holds, and
//     team-count 0.
//   - Delete answers 204; the default project, and a project that still
//     holds workspaces, are 409.

// prefixProject begins the IDs of this file's objects.
const prefixProject = "prj"

// project is a project of an organization, which holds workspaces.
type project struct {
	ID          string    `json:"id"`
	Org         string    `json:"organization"` // the organization's external ID
	Name        string    `json:"name"`
	Description string    `json:"description,omitempty"`
	CreatedAt   time.Time `json:"created-at"`
	// AutoDestroyActivityDuration is "" when unset.
	AutoDestroyActivityDuration string        `json:"auto-destroy-activity-duration,omitempty"`
	Execution                   ownExecution  `json:"execution"`
	TagBindings                 []*tagBinding `json:"tag-bindings"`
}

const (
	minProjectName        = 3
	maxProjectName        = 40
	maxProjectDescription = 256
)

var (
	// validProjectName: 3 to 40 letters, numbers, spaces, - and _, not
	// starting or ending with a space (the length is checked apart).
	validProjectName = regexp.MustCompile(`^[A-Za-z0-9_-](?:[A-Za-z0-9_ -]*[A-Za-z0-9_-])?$`)
	// validActivityDuration is 1 to 4 digits and d (days) or h (hours).
	validActivityDuration = regexp.MustCompile(`^[0-9]{1,4}[dh]$`)
)

func (s *Server) registerProjects(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}/projects", s.listProjects)
	s.handle(mux, "POST "+apiPrefix+"/organizations/{org}/projects", s.createProject)
	s.handle(mux, "GET "+apiPrefix+"/projects/{id}", s.readProject)
	s.handle(mux, "PATCH "+apiPrefix+"/projects/{id}", s.updateProject)
	s.handle(mux, "DELETE "+apiPrefix+"/projects/{id}", s.deleteProject)
	s.registerTagBindings(mux, "projects", func(p principal, id string) (tagBindingOwner, reply, bool) {
		prj, rep, found := s.visibleProjectLocked(p, id)
		if !found {
			return tagBindingOwner{}, rep, false
		}
		return tagBindingOwner{
			bindings:  &prj.TagBindings,
			effective: func() []effectiveBinding { return effectiveBindings(prj.TagBindings, nil) },
			changed:   func() {},
		}, reply{}, true
	})
}

// newProjectLocked stores a new project of o with every default.
func (s *Server) newProjectLocked(o *organization, name string) *project {
	prj := &project{ID: newID(prefixProject), Org: o.ExternalID, Name: name, CreatedAt: s.now().UTC()}
	projects.in(s)[prj.ID] = prj
	return prj
}

// visibleProjectLocked returns the project id when p may see it, or the
// 404 that answers both a missing and a hidden one.
func (s *Server) visibleProjectLocked(p principal, id string) (*project, reply, bool) {
	return projects.find(s, p, id, nil)
}

// projectExecutionLocked is the execution settings in effect in prj.
func (s *Server) projectExecutionLocked(prj *project) execution {
	o := organizations.in(s)[prj.Org]
	return prj.Execution.over(execution{o.DefaultExecutionMode, o.DefaultAgentPool})
}

func (s *Server) projectIncludes() includes {
	return includes{
		"effective-tag-bindings": func(res resource) []resource {
			return renderEach(effectiveBindings(projects.in(s)[res.ID].TagBindings, nil), effectiveBinding.resource)
		},
	}
}

// projectResource renders prj; names are the request's includes, whose
// relationships carry their data.
func (s *Server) projectResource(prj *project, p principal, names []string) resource {
	o := organizations.in(s)[prj.Org]
	exec := s.projectExecutionLocked(prj)
	self := apiPrefix + "/projects/" + prj.ID
	effective := related(self + "/effective-tag-bindings")
	if slices.Contains(names, "effective-tag-bindings") {
		effective = toMany(bindingRefs(effectiveBindings(prj.TagBindings, nil)))
		effective["links"] = map[string]string{"related": self + "/effective-tag-bindings"}
	}
	return resource{
		Type: "projects", ID: prj.ID,
		Attributes: map[string]any{
			"name":                           prj.Name,
			"description":                    stringOrNull(prj.Description),
			"created-at":                     formatTime(prj.CreatedAt),
			"auto-destroy-activity-duration": stringOrNull(prj.AutoDestroyActivityDuration),
			"default-execution-mode":         exec.mode,
			"setting-overwrites": map[string]bool{
				"default-execution-mode": prj.Execution.OverwriteMode,
				"default-agent-pool":     prj.Execution.OverwritePool,
			},
			"workspace-count": s.workspaceCountLocked(prj),
			"team-count":      s.projectTeamCountLocked(prj),
			"is-unified":      false,
			"permissions": map[string]bool{
				"can-read": true, "can-update": true, "can-destroy": true,
				"can-create-workspace": true, "can-move-workspace": true,
				"can-manage-tags": true, "can-manage-teams": s.managesProjectTeamsLocked(p, prj), "can-manage-varsets": true,
				"can-read-teams": true,
			},
		},
		Relationships: map[string]any{
			"organization":           toOne("organizations", o.Name),
			"default-agent-pool":     toOne("agent-pools", exec.pool),
			"tag-bindings":           related(self + "/tag-bindings"),
			"effective-tag-bindings": effective,
		},
		Links: map[string]string{"self": self},
	}
}

// listProjects lists the organization's projects by name, whether or not
// sort asks for it (the ID breaks ties of names that differ only in
// case): filter[names] keeps those exact names, q a part of the name,
// filter[tagged] the projects whose bindings match.
func (s *Server) listProjects(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*project]{
		includes: s.projectIncludes,
		sorts:    []string{"name"},
		render:   func(prj *project, names []string) resource { return s.projectResource(prj, p, names) },
	}.serveInOrg(s, w, r, p, func(o *organization, lq *listQuery) ([]*project, reply) {
		only, tagged := commaList(lq.Get("filter[names]")), readTaggedFilters(lq.Values)
		list := projects.where(s, func(prj *project) bool {
			return prj.Org == o.ExternalID && (only == nil || slices.Contains(only, prj.Name)) && containsFold(prj.Name, lq.Get("q")) &&
				tagged.match(effectiveBindings(prj.TagBindings, nil))
		})
		return projects.order(list, lq.desc, byFold(func(prj *project) string { return prj.Name })), reply{}
	})
}

func (s *Server) readProject(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, s.projectIncludes, s.visibleProjectLocked,
		func(prj *project, names []string) resource { return s.projectResource(prj, p, names) })
}

func (s *Server) createProject(w http.ResponseWriter, r *http.Request, p principal) {
	s.writeInOrg(w, r, p, func(o *organization, in *input) reply {
		f, probs := in.attrs, in.probs
		in.require("name", "name is required")
		prj := &project{Org: o.ExternalID}
		bindings, setBindings := s.applyProject(prj, f, in.rels)
		if len(*probs) > 0 {
			return probs.reply()
		}
		if taken := s.projectNamedLocked(o, prj.Name); taken != nil {
			return conflict(f.at("name"), "name %q has already been taken by project %s in organization %q", prj.Name, taken.ID, o.Name)
		}
		prj.ID, prj.CreatedAt = newID(prefixProject), s.now().UTC()
		if setBindings {
			prj.TagBindings = s.setBindingsLocked(nil, bindings, true)
		}
		projects.in(s)[prj.ID] = prj
		return created(document{Data: s.projectResource(prj, p, nil)})
	})
}

func (s *Server) workspaceCountLocked(prj *project) int {
	n := 0
	for _, ws := range workspaces.in(s) {
		if ws.Project == prj.ID {
			n++
		}
	}
	return n
}

// projectNamedLocked returns o's project of that name, in any case.
func (s *Server) projectNamedLocked(o *organization, name string) *project {
	for _, prj := range projects.in(s) {
		if prj.Org == o.ExternalID && strings.EqualFold(prj.Name, name) {
			return prj
		}
	}
	return nil
}

// applyProject sets prj's attributes from a request, recording what it
// refuses in f's problems, and returns the tag bindings the request gives
// (to replace prj's) and whether it gives them.
func (s *Server) applyProject(prj *project, f fields, rl relationships) ([]tagBinding, bool) {
	if name, given := f.str("name"); given {
		switch n := utf8.RuneCountInString(name); {
		case n < minProjectName:
			f.probs.add(f.at("name"), "Name is too short (minimum is %d characters)", minProjectName)
		case n > maxProjectName:
			f.probs.add(f.at("name"), "Name is too long (maximum is %d characters)", maxProjectName)
		}
		if name != "" && !validProjectName.MatchString(name) {
			f.probs.add(f.at("name"), "Name may only contain letters, numbers, spaces, -, and _, and cannot start or end with a space")
		}
		prj.Name = name
	}
	if description, given := f.str("description"); given {
		if utf8.RuneCountInString(description) > maxProjectDescription {
			f.probs.add(f.at("description"), "invalid description: must be at most %d characters, not %d", maxProjectDescription, utf8.RuneCountInString(description))
		}
		prj.Description = description
	}
	if d, given := f.str("auto-destroy-activity-duration"); given {
		checkActivityDuration(f, d)
		prj.AutoDestroyActivityDuration = d
	}
	o := organizations.in(s)[prj.Org]
	er := readExecution(f, rl, "default-execution-mode", "default-agent-pool-id", "default-agent-pool")
	s.checkAgentPoolLocked(prj.Org, er, f.probs)
	prj.Execution.write(execution{o.DefaultExecutionMode, o.DefaultAgentPool}, er, f, "default-execution-mode", "default-agent-pool")
	objs, given := rl.many("tag-bindings")
	if !given {
		return nil, false
	}
	with := readTagBindings(objs, "/data/relationships/tag-bindings/data", f.probs)
	checkBindingCount(nil, with, true, "/data/relationships/tag-bindings/data", f.probs)
	return with, true
}

func (s *Server) updateProject(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.visibleProjectLocked, func(cur *project, in *input) reply {
		prj := *cur
		f, probs := in.attrs, in.probs
		bindings, setBindings := s.applyProject(&prj, f, in.rels)
		if len(*probs) > 0 {
			return probs.reply()
		}
		if taken := s.projectNamedLocked(organizations.in(s)[prj.Org], prj.Name); taken != nil && taken != cur {
			return conflict(f.at("name"), "name %q has already been taken by project %s", prj.Name, taken.ID)
		}
		if setBindings {
			prj.TagBindings = s.setBindingsLocked(cur.TagBindings, bindings, true)
		}
		*cur = prj
		return ok(document{Data: s.projectResource(cur, p, nil)})
	})
}

func (s *Server) deleteProject(w http.ResponseWriter, r *http.Request, p principal) {
	onPath(s, w, r, p, s.visibleProjectLocked, func(prj *project) reply {
		if o := organizations.in(s)[prj.Org]; o.DefaultProject == prj.ID {
			return conflict("", "project %s is the default project of organization %q, which cannot be deleted", prj.ID, o.Name)
		}
		if n := s.workspaceCountLocked(prj); n > 0 {
			return conflict("", "project %s still holds %d workspaces: move or delete them first", prj.ID, n)
		}
		projects.remove(s, prj)
		return noContent()
	})
}

// checkActivityDuration refuses an auto-destroy-activity-duration d that
// is neither empty (unset) nor 1 to 4 digits and d or h, in the API's
// words, which clients match.
func checkActivityDuration(f fields, d string) {
	if d != "" && !validActivityDuration.MatchString(d) {
		f.probs.add(f.at("auto-destroy-activity-duration"), "Auto destroy activity duration has an incorrect format, we expect up to 4 numeric digits and 1 unit ('d' or 'h'), such as 14d or 12h, not %q", d)
	}
}

var projects = &table[project]{key: "projects", noun: "project", id: func(prj *project) string { return prj.ID }}

func init() {
	projects.needs = []anyTable{organizations}
	projects.check = func(st *store, prj *project) error {
		if !isID(prefixProject, prj.ID) || organizations.in(st)[prj.Org] == nil {
			return errors.New("no valid ID and organization")
		}
		if err := checkExecution(prj.Execution); err != nil {
			return err
		}
		return checkBindings(prj.TagBindings)
	}
	// An organization's delete deletes its projects.
	projects.belongsTo(organizations, func(prj *project) string { return prj.Org })
	projects.org = func(st *store, prj *project) *organization { return organizations.in(st)[prj.Org] }
	register(projects)
	addRoutes((*Server).registerProjects)
}
