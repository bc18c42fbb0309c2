package platform

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Team project access
//
//   - POST /team-projects takes access (read, write, maintain, admin or
//     custom) and the relationships team and project, required (422 at
//     /data/relationships/<name>/data) and of one organization (422); a
//     team or project not found is 404. A team has one access per project:
//     another is 409. The team and the project are taken on create only;
//     an update's are ignored.
//   - Answers carry access, project-access {settings, teams,
//     variable-sets}, workspace-access {runs, sentinel-mocks,
//     state-versions, variables, create, locking, delete, move, run-tasks,
//     policy-overrides}, and the relationships team and project with
//     related links. A fixed level answers the permissions it implies,
//     from the API's table "Implied Custom Permission Levels". The table
//     has no row for project-access.variable-sets and
//     workspace-access.policy-overrides, which clients send too; the
//     emulator reads the levels' descriptions: every level reads the
//     project's variable sets and admin writes them, and those who
//     administer the workspaces (maintain, admin) override policies. The
//     table is at the end of this section.
//   - With a fixed level a request may give the permissions the level
//     implies (clients that send the whole object do); another value is
//     422 at its pointer, "... can only be set when access is custom".
//     Custom access takes the permissions given, each one of its values;
//     on create the others are custom's defaults, on an update they stay as
//     they are, so that a change from a fixed level to custom starts from
//     what the level implied.
//   - GET /team-projects requires filter[project][id] (400 naming the
//     parameter; 404 for a project the token does not see) and lists by
//     team name, by pages.
//   - Who manages: those who manage teams, and, for one project, a team
//     whose access lets it manage the project's teams (teams "manage":
//     admin, or custom); others are answered 404. A token sees the
//     accesses it manages and those of the teams it sees. A project's
//     team-count counts its accesses and its permissions.can-manage-teams
//     tells whether the token manages them. A deleted project or team takes
//     its accesses.
//
// The permissions each level implies, and custom access's defaults:
//
//	permission                         read   write  maintain  admin   custom's default
//	project-access.settings            read   read   read      delete  read
//	project-access.teams               none   none   none      manage  none
//	project-access.variable-sets       read   read   read      write   none
//	workspace-access.runs              read   apply  apply     apply   read
//	workspace-access.sentinel-mocks    none   read   read      read    none
//	workspace-access.state-versions    read   write  write     write   none
//	workspace-access.variables         read   write  write     write   none
//	workspace-access.create            false  false  true      true    false
//	workspace-access.locking           false  true   true      true    false
//	workspace-access.delete            false  false  true      true    false
//	workspace-access.move              false  false  false     true    false
//	workspace-access.run-tasks         false  false  true      true    false
//	workspace-access.policy-overrides  false  false  true      true    false

// prefixTeamProject begins the IDs of this file's objects.
const prefixTeamProject = "tprj"

// teamProjectAccess is a team's access to a project: a fixed level, or custom
// permissions on the project and its workspaces.
type teamProjectAccess struct {
	ID      string `json:"id"`
	Team    string `json:"team"`
	Project string `json:"project"`
	Access  string `json:"access"`
	// Permissions are the permissions in effect, by group and name
	// ("project-access.settings"), booleans as "true" and "false": a fixed
	// level's implied ones, or the custom ones.
	Permissions map[string]string `json:"permissions"`
}

// Access levels of a team on a project.
const accessCustom = "custom"

var accessLevels = []string{"read", "write", "maintain", "admin", accessCustom}

// projectPermission is one permission of a team on a project and its
// workspaces: its values (nil for a boolean), and its value at each
// level, "custom" giving the default of a custom access that does not
// set it.
type projectPermission struct {
	group, name string
	values      []string
	levels      map[string]string
}

func (pp projectPermission) key() string { return pp.group + "." + pp.name }

func levels(read, write, maintain, admin, custom string) map[string]string {
	return map[string]string{"read": read, "write": write, "maintain": maintain, "admin": admin, accessCustom: custom}
}

// projectPermissions is the API's table of the permissions each fixed
// level implies, and the defaults of custom access. The table of the API's
// documents gives every row but project-access.variable-sets and
// workspace-access.policy-overrides, which clients send too: a project's
// variable sets are read at every level and written by its admins, and
// policies are overridden by those who administer its workspaces
// (maintain and admin), as the levels' descriptions read.
var projectPermissions = []projectPermission{
	{"project-access", "settings", []string{"read", "update", "delete"}, levels("read", "read", "read", "delete", "read")},
	{"project-access", "teams", []string{"none", "read", "manage"}, levels("none", "none", "none", "manage", "none")},
	{"project-access", "variable-sets", []string{"none", "read", "write"}, levels("read", "read", "read", "write", "none")},
	{"workspace-access", "runs", []string{"read", "plan", "apply"}, levels("read", "apply", "apply", "apply", "read")},
	{"workspace-access", "sentinel-mocks", []string{"none", "read"}, levels("none", "read", "read", "read", "none")},
	{"workspace-access", "state-versions", []string{"none", "read-outputs", "read", "write"}, levels("read", "write", "write", "write", "none")},
	{"workspace-access", "variables", []string{"none", "read", "write"}, levels("read", "write", "write", "write", "none")},
	{"workspace-access", "create", nil, levels("false", "false", "true", "true", "false")},
	{"workspace-access", "locking", nil, levels("false", "true", "true", "true", "false")},
	{"workspace-access", "delete", nil, levels("false", "false", "true", "true", "false")},
	{"workspace-access", "move", nil, levels("false", "false", "false", "true", "false")},
	{"workspace-access", "run-tasks", nil, levels("false", "false", "true", "true", "false")},
	{"workspace-access", "policy-overrides", nil, levels("false", "false", "true", "true", "false")},
}

// permissionsAt returns the permissions of a level: those it implies, or
// custom access's defaults.
func permissionsAt(level string) map[string]string {
	out := map[string]string{}
	for _, pp := range projectPermissions {
		out[pp.key()] = pp.levels[level]
	}
	return out
}

func (s *Server) registerTeamProjectAccess(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/team-projects", s.listTeamProjects)
	s.handle(mux, "POST "+apiPrefix+"/team-projects", s.createTeamProject)
	s.handle(mux, "GET "+apiPrefix+"/team-projects/{id}", s.readTeamProject)
	s.handle(mux, "PATCH "+apiPrefix+"/team-projects/{id}", s.updateTeamProject)
	s.handle(mux, "DELETE "+apiPrefix+"/team-projects/{id}", s.deleteTeamProject)
}

// managesProjectTeamsLocked reports whether p manages the teams' access to
// prj: those who manage teams do, and a team whose access to prj lets it
// manage the project's teams (admin, or custom with teams "manage").
func (s *Server) managesProjectTeamsLocked(p principal, prj *project) bool {
	if s.managesTeamsLocked(p, organizations.in(s)[prj.Org]) {
		return true
	}
	own := s.teamOfLocked(p)
	if own == nil {
		return false
	}
	for _, tp := range teamProjectAccesses.in(s) {
		if tp.Team == own.ID && tp.Project == prj.ID && tp.Permissions["project-access.teams"] == "manage" {
			return true
		}
	}
	return false
}

// visibleTeamProjectLocked returns the access id when p may see it: p
// manages its project's teams or sees its team.
func (s *Server) visibleTeamProjectLocked(p principal, id string) (*teamProjectAccess, reply, bool) {
	return teamProjectAccesses.find(s, p, id, func(tp *teamProjectAccess) bool {
		return s.managesProjectTeamsLocked(p, projects.in(s)[tp.Project]) || s.seesTeamLocked(p, teams.in(s)[tp.Team])
	})
}

// managedTeamProjectLocked is visibleTeamProjectLocked for changes, which
// those who do not manage the project's teams are answered 404.
func (s *Server) managedTeamProjectLocked(p principal, id string) (*teamProjectAccess, reply, bool) {
	return teamProjectAccesses.find(s, p, id, func(tp *teamProjectAccess) bool { return s.managesProjectTeamsLocked(p, projects.in(s)[tp.Project]) })
}

// projectTeamCountLocked is the number of teams with access to prj.
func (s *Server) projectTeamCountLocked(prj *project) int {
	n := 0
	for _, tp := range teamProjectAccesses.in(s) {
		if tp.Project == prj.ID {
			n++
		}
	}
	return n
}

func (tp *teamProjectAccess) resource() resource {
	groups := map[string]map[string]any{"project-access": {}, "workspace-access": {}}
	for _, pp := range projectPermissions {
		v := tp.Permissions[pp.key()]
		if pp.values == nil {
			groups[pp.group][pp.name] = v == "true"
		} else {
			groups[pp.group][pp.name] = v
		}
	}
	return resource{
		Type: "team-projects", ID: tp.ID,
		Attributes: map[string]any{
			"access":           tp.Access,
			"project-access":   groups["project-access"],
			"workspace-access": groups["workspace-access"],
		},
		Relationships: map[string]any{
			"team":    withRelated(toOne("teams", tp.Team), apiPrefix+"/teams/"+tp.Team),
			"project": withRelated(toOne("projects", tp.Project), apiPrefix+"/projects/"+tp.Project),
		},
		Links: map[string]string{"self": apiPrefix + "/team-projects/" + tp.ID},
	}
}

// withRelated adds a related link to a relationship.
func withRelated(rel map[string]any, path string) map[string]any {
	rel["links"] = map[string]string{"related": path}
	return rel
}

// listTeamProjects lists a project's team accesses, which
// filter[project][id] names, by team name.
func (s *Server) listTeamProjects(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*teamProjectAccess]{includes: noIncludes, render: plain((*teamProjectAccess).resource)}.serve(s, w, r, func(lq *listQuery) ([]*teamProjectAccess, reply) {
		id := lq.Get("filter[project][id]")
		if id == "" {
			return nil, badParameter("filter[project][id]", "filter[project][id] is required: team access is listed by project")
		}
		prj, rep, found := s.visibleProjectLocked(p, id)
		if !found {
			return nil, rep
		}
		list := teamProjectAccesses.where(s, func(tp *teamProjectAccess) bool {
			return tp.Project == prj.ID && (s.managesProjectTeamsLocked(p, prj) || s.seesTeamLocked(p, teams.in(s)[tp.Team]))
		})
		return teamProjectAccesses.order(list, false, byFold(func(tp *teamProjectAccess) string { return teams.in(s)[tp.Team].Name })), reply{}
	})
}

func (s *Server) readTeamProject(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		if _, rep, valid := (includes{}).parse(r.URL.Query()); !valid {
			return rep
		}
		tp, rep, found := s.visibleTeamProjectLocked(p, r.PathValue("id"))
		if !found {
			return rep
		}
		return ok(document{Data: tp.resource()})
	})
}

func (s *Server) createTeamProject(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		probs := in.probs
		f, rl := in.attrs, in.rels
		required := func(name string) string {
			_, present := rl.raw[name]
			id, given := rl.one(name)
			if !present || given && id == "" {
				probs.add(rl.at(name), "relationship %s is required", name)
			}
			return id
		}
		teamID, projectID := required("team"), required("project")
		in.require("access", "access is required: read, write, maintain, admin or custom")
		if len(*probs) > 0 {
			return probs.reply()
		}
		prj, rep, found := s.visibleProjectLocked(p, projectID)
		if !found {
			return rep
		}
		t, rep, found := s.visibleTeamLocked(p, teamID)
		if !found {
			return rep
		}
		if !s.managesProjectTeamsLocked(p, prj) {
			return notFound("project " + quote(prj.ID))
		}
		if t.Org != prj.Org {
			probs.add(rl.at("team"), "team %s is not a team of the project's organization", t.ID)
			return probs.reply()
		}
		tp := &teamProjectAccess{Team: t.ID, Project: prj.ID}
		applyTeamProject(tp, f)
		if len(*probs) > 0 {
			return probs.reply()
		}
		for _, other := range teamProjectAccesses.in(s) {
			if other.Team == t.ID && other.Project == prj.ID {
				return conflict("", "team %s already has access to project %s: %s", t.ID, prj.ID, other.ID)
			}
		}
		tp.ID = newID(prefixTeamProject)
		teamProjectAccesses.in(s)[tp.ID] = tp
		return created(document{Data: tp.resource()})
	})
}

// applyTeamProject sets tp's access and permissions from a request,
// recording what it refuses in f's problems. A fixed level has the
// permissions it implies: a request may repeat them, but one that differs
// is refused, as they are set only with custom access. Custom access
// starts from the permissions tp has (a new access: custom access's
// defaults) and takes those the request gives.
func applyTeamProject(tp *teamProjectAccess, f fields) {
	if level, given := f.str("access"); given {
		if !slices.Contains(accessLevels, level) {
			f.probs.add(f.at("access"), "invalid access %q: must be read, write, maintain, admin or custom", level)
			return
		}
		tp.Access = level
	}
	if tp.Permissions == nil {
		tp.Permissions = permissionsAt(accessCustom)
	}
	given := map[string]string{}
	pointers := map[string]string{}
	for _, group := range []string{"project-access", "workspace-access"} {
		sub, present, null := f.object(group)
		if !present || null {
			continue
		}
		for _, pp := range projectPermissions {
			if pp.group != group {
				continue
			}
			pointers[pp.key()] = sub.at(pp.name)
			if pp.values == nil {
				if v, ok := sub.boolean(pp.name); ok {
					given[pp.key()] = strconv.FormatBool(v)
				}
				continue
			}
			v, ok := sub.str(pp.name)
			switch {
			case !ok:
			case !slices.Contains(pp.values, v):
				f.probs.add(sub.at(pp.name), "invalid %s %s %q: must be %s", group, pp.name, v, strings.Join(pp.values, ", "))
			default:
				given[pp.key()] = v
			}
		}
	}
	if tp.Access != accessCustom {
		implied := permissionsAt(tp.Access)
		for _, key := range slices.Sorted(maps.Keys(given)) {
			if given[key] != implied[key] {
				f.probs.add(pointers[key], "%s can only be set when access is custom: access %s implies %s", key, tp.Access, implied[key])
			}
		}
		tp.Permissions = implied
		return
	}
	maps.Copy(tp.Permissions, given)
}

func (s *Server) updateTeamProject(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.managedTeamProjectLocked, func(cur *teamProjectAccess, in *input) reply {
		tp := *cur
		tp.Permissions = maps.Clone(cur.Permissions)
		probs := in.probs
		applyTeamProject(&tp, in.attrs)
		if len(*probs) > 0 {
			return probs.reply()
		}
		*cur = tp
		return ok(document{Data: cur.resource()})
	})
}

func (s *Server) deleteTeamProject(w http.ResponseWriter, r *http.Request, p principal) {
	onPath(s, w, r, p, s.managedTeamProjectLocked, func(tp *teamProjectAccess) reply {
		teamProjectAccesses.remove(s, tp)
		return noContent()
	})
}

// checkTeamProject refuses an access of the state file that no request
// could have stored.
func (st *store) checkTeamProject(tp *teamProjectAccess) error {
	if tp == nil || !isID(prefixTeamProject, tp.ID) {
		return errors.New("no valid ID")
	}
	t, prj := teams.in(st)[tp.Team], projects.in(st)[tp.Project]
	if t == nil || prj == nil || t.Org != prj.Org {
		return fmt.Errorf("team %q and project %q are not of one organization in the file", tp.Team, tp.Project)
	}
	if !slices.Contains(accessLevels, tp.Access) {
		return fmt.Errorf("access %q: must be one of %s", tp.Access, strings.Join(accessLevels, ", "))
	}
	for _, pp := range projectPermissions {
		v := tp.Permissions[pp.key()]
		if pp.values == nil && v != "true" && v != "false" || pp.values != nil && !slices.Contains(pp.values, v) {
			return fmt.Errorf("permission %s %q is not one of its values", pp.key(), v)
		}
	}
	if tp.Access != accessCustom && !maps.Equal(tp.Permissions, permissionsAt(tp.Access)) {
		return fmt.Errorf("access %s with permissions it does not imply", tp.Access)
	}
	return nil
}

var teamProjectAccesses = &table[teamProjectAccess]{key: "team-projects", noun: "team project access", id: func(tp *teamProjectAccess) string { return tp.ID }}

func init() {
	teamProjectAccesses.needs = []anyTable{teams, projects}
	teamProjectAccesses.check = (*store).checkTeamProject
	// A team's or a project's delete deletes their accesses.
	teamProjectAccesses.onDelete = func(st *store, gone anyTable, id string) {
		switch gone {
		case teams:
			teamProjectAccesses.removeWhere(st, func(tp *teamProjectAccess) bool { return tp.Team == id })
		case projects:
			teamProjectAccesses.removeWhere(st, func(tp *teamProjectAccess) bool { return tp.Project == id })
		}
	}
	teamProjectAccesses.org = func(st *store, tp *teamProjectAccess) *organization {
		return organizations.in(st)[projects.in(st)[tp.Project].Org]
	}
	register(teamProjectAccesses)
	addRoutes((*Server).registerTeamProjectAccess)
}
