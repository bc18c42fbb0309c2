package platform

import (
	"errors"
	"fmt"
	"net/http"

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

// teamProjectAccess is a team's access to a project: a fixed level, or
// custom permissions on the project and its workspaces.
type teamProjectAccess struct {
	ID      string `json:"id"`
	Team    string `json:"team"`
	Project string `json:"project"`
	teamAccess
}

// projectAccess is the kind of a team's access to a project and its
// workspaces, with the API's table of the permissions each fixed level
// implies and the defaults of custom access. The table of the API's
// documents gives every row but project-access.variable-sets and
// workspace-access.policy-overrides, which clients send too: a project's
// variable sets are read at every level and written by its admins, and
// policies are overridden by those who administer its workspaces
// (maintain and admin), as the levels' descriptions read.
var projectAccess = accessKind{
	levels: []string{"read", "write", "maintain", "admin", accessCustom},
	permissions: []permission{
		{"project-access", "settings", "", []string{"read", "update", "delete"}, []string{"read", "read", "read", "delete", "read"}},
		{"project-access", "teams", "", []string{"none", "read", "manage"}, []string{"none", "none", "none", "manage", "none"}},
		{"project-access", "variable-sets", "", []string{"none", "read", "write"}, []string{"read", "read", "read", "write", "none"}},
		{"workspace-access", "runs", "", []string{"read", "plan", "apply"}, []string{"read", "apply", "apply", "apply", "read"}},
		{"workspace-access", "sentinel-mocks", "", []string{"none", "read"}, []string{"none", "read", "read", "read", "none"}},
		{"workspace-access", "state-versions", "", []string{"none", "read-outputs", "read", "write"}, []string{"read", "write", "write", "write", "none"}},
		{"workspace-access", "variables", "", []string{"none", "read", "write"}, []string{"read", "write", "write", "write", "none"}},
		{"workspace-access", "create", "", nil, []string{"false", "false", "true", "true", "false"}},
		{"workspace-access", "locking", "", nil, []string{"false", "true", "true", "true", "false"}},
		{"workspace-access", "delete", "", nil, []string{"false", "false", "true", "true", "false"}},
		{"workspace-access", "move", "", nil, []string{"false", "false", "false", "true", "false"}},
		{"workspace-access", "run-tasks", "", nil, []string{"false", "false", "true", "true", "false"}},
		{"workspace-access", "policy-overrides", "", nil, []string{"false", "false", "true", "true", "false"}},
	},
	refuseFixed: func(pm permission, level, implied string) string {
		return fmt.Sprintf("%s can only be set when access is custom: access %s implies %s", pm.key(), level, implied)
	},
	refusedByKey: true,
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
	return resource{
		Type: "team-projects", ID: tp.ID,
		Attributes: projectAccess.attributes(tp.teamAccess),
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
	readOnPath(s, w, r, p, noIncludes, s.visibleTeamProjectLocked, plain((*teamProjectAccess).resource))
}

func (s *Server) createTeamProject(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		probs, rl := in.probs, in.rels
		teamID, projectID := in.requireOne("team"), in.requireOne("project")
		in.require("access", "access is required: "+projectAccess.levelList())
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
		projectAccess.apply(&tp.teamAccess, in.attrs)
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

func (s *Server) updateTeamProject(w http.ResponseWriter, r *http.Request, p principal) {
	updateAccess(s, w, r, p, projectAccess, s.managedTeamProjectLocked,
		func(tp *teamProjectAccess) *teamAccess { return &tp.teamAccess }, (*teamProjectAccess).resource)
}

func (s *Server) deleteTeamProject(w http.ResponseWriter, r *http.Request, p principal) {
	removeOnPath(s, w, r, p, teamProjectAccesses, s.managedTeamProjectLocked)
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
	return projectAccess.check(tp.teamAccess)
}

var teamProjectAccesses = &table[teamProjectAccess]{key: "team-projects", noun: "team project access", id: func(tp *teamProjectAccess) string { return tp.ID }}

func init() {
	teamProjectAccesses.needs = []anyTable{teams, projects}
	teamProjectAccesses.check = (*store).checkTeamProject
	// A team's or a project's delete deletes their accesses.
	teamProjectAccesses.belongsTo(teams, func(tp *teamProjectAccess) string { return tp.Team })
	teamProjectAccesses.belongsTo(projects, func(tp *teamProjectAccess) string { return tp.Project })
	teamProjectAccesses.org = func(st *store, tp *teamProjectAccess) *organization {
		return organizations.in(st)[projects.in(st)[tp.Project].Org]
	}
	register(teamProjectAccesses)
	addRoutes((*Server).registerTeamProjectAccess)
}
