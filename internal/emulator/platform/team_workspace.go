package platform

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Team workspace access
//
//   - POST /team-workspaces takes access (read, plan, write, admin or
//     custom) and the relationships team and workspace, required (422 at
//     /data/relationships/<name>/data) and of one organization (422); a
//     team or workspace not found is 404. It answers 200, not 201, as the
//     API's documents give. A team has one access per workspace: another
//     is 422 "Team has already been taken" at /data/relationships/team/data.
//     The team and the workspace are taken on create only; an update's are
//     ignored.
//   - Answers carry access, runs, variables, state-versions,
//     sentinel-mocks, workspace-locking, run-tasks and policy-overrides,
//     and the relationships team and workspace with related links. A fixed
//     level answers the permissions it implies, from the API's table
//     (below); the table has no policy-overrides, which clients send too:
//     admin implies it, as on projects those who administer the workspaces
//     override policies.
//   - With a fixed level a request may give the permissions the level
//     implies; another value is 422 at its pointer with the API's words,
//     "Runs is read-only when access level is 'read'; use the 'custom'
//     access level to set this attribute." (the attribute's name as a
//     phrase: Runs, Variables, State versions, Sentinel mocks, Workspace
//     locking, Run tasks, Policy overrides). Custom access takes the
//     permissions given; on create the others are custom's defaults, on an
//     update they stay as they are, so that a change from a fixed level to
//     custom starts from what the level implied. null leaves a permission
//     as it is.
//   - GET /team-workspaces requires filter[workspace][id] (400 naming the
//     parameter; 404 for a workspace the token does not see), takes
//     filter[team][id], and lists by team name: every access when the
//     request sends no page[] parameter, as the API pages this list only
//     when asked, and by pages when it does.
//   - Who manages: those who manage teams (the owners, a team with
//     manage-teams); others are answered 404. A token sees the accesses it
//     manages and those of the teams it sees. A deleted workspace or team
//     takes its accesses.
//   - An access is what a team's token may do with the workspace (see
//     workspace.go): with admin access it changes and deletes it, with
//     workspace-locking it locks it and unlocks its own lock (another's
//     unlock is 409 "... is locked by Team "name""), with any access it
//     sees it. Those who manage teams manage the accesses of every
//     workspace, seen or not.
//
// The permissions each level implies, and custom access's defaults:
//
//	permission          read   plan   write  admin  custom's default
//	runs                read   plan   apply  apply  read
//	variables           read   read   write  write  none
//	state-versions      read   read   write  write  none
//	sentinel-mocks      none   none   read   read   none
//	workspace-locking   false  false  true   true   false
//	run-tasks           false  false  false  true   false
//	policy-overrides    false  false  false  true   false

// prefixTeamWorkspace begins the IDs of this file's objects.
const prefixTeamWorkspace = "tws"

// teamWorkspace is a team's access to a workspace: a fixed level, or
// custom permissions.
type teamWorkspace struct {
	ID        string `json:"id"`
	Team      string `json:"team"`
	Workspace string `json:"workspace"`
	teamAccess
}

// workspaceAccess is the kind of a team's access to a workspace, with the
// API's table of the permissions each fixed level implies and the
// defaults of custom access. policy-overrides, which the table leaves
// out, is implied by admin alone, as on projects those who administer the
// workspaces override policies. A refusal names the permission as a
// phrase, in the API's words.
var workspaceAccess = accessKind{
	levels: []string{"read", "plan", "write", "admin", accessCustom},
	permissions: []permission{
		{"", "runs", "Runs", []string{"read", "plan", "apply"}, []string{"read", "plan", "apply", "apply", "read"}},
		{"", "variables", "Variables", []string{"none", "read", "write"}, []string{"read", "read", "write", "write", "none"}},
		{"", "state-versions", "State versions", []string{"none", "read-outputs", "read", "write"}, []string{"read", "read", "write", "write", "none"}},
		{"", "sentinel-mocks", "Sentinel mocks", []string{"none", "read"}, []string{"none", "none", "read", "read", "none"}},
		{"", "workspace-locking", "Workspace locking", nil, []string{"false", "false", "true", "true", "false"}},
		{"", "run-tasks", "Run tasks", nil, []string{"false", "false", "false", "true", "false"}},
		{"", "policy-overrides", "Policy overrides", nil, []string{"false", "false", "false", "true", "false"}},
	},
	nullKeeps: true,
	refuseFixed: func(pm permission, level, _ string) string {
		return fmt.Sprintf("%s is read-only when access level is '%s'; use the 'custom' access level to set this attribute.", pm.label, level)
	},
}

func (s *Server) registerTeamWorkspaceAccess(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/team-workspaces", s.listTeamWorkspaces)
	s.handle(mux, "POST "+apiPrefix+"/team-workspaces", s.createTeamWorkspace)
	s.handle(mux, "GET "+apiPrefix+"/team-workspaces/{id}", s.readTeamWorkspace)
	s.handle(mux, "PATCH "+apiPrefix+"/team-workspaces/{id}", s.updateTeamWorkspace)
	s.handle(mux, "DELETE "+apiPrefix+"/team-workspaces/{id}", s.deleteTeamWorkspace)
}

// visibleTeamWorkspaceLocked returns the access id when p may see it: p
// sees its workspace, and manages teams or sees its team.
func (s *Server) visibleTeamWorkspaceLocked(p principal, id string) (*teamWorkspace, reply, bool) {
	return teamWorkspaces.find(s, p, id, func(tw *teamWorkspace) bool {
		return s.managesTeamsLocked(p, teamWorkspaces.org(&s.store, tw)) || s.seesTeamLocked(p, teams.in(s)[tw.Team])
	})
}

// managedTeamWorkspaceLocked is visibleTeamWorkspaceLocked for changes,
// which those who do not manage teams are answered 404.
func (s *Server) managedTeamWorkspaceLocked(p principal, id string) (*teamWorkspace, reply, bool) {
	return teamWorkspaces.find(s, p, id, func(tw *teamWorkspace) bool { return s.managesTeamsLocked(p, teamWorkspaces.org(&s.store, tw)) })
}

func (tw *teamWorkspace) resource() resource {
	return resource{
		Type: "team-workspaces", ID: tw.ID,
		Attributes: workspaceAccess.attributes(tw.teamAccess),
		Relationships: map[string]any{
			"team":      withRelated(toOne("teams", tw.Team), apiPrefix+"/teams/"+tw.Team),
			"workspace": withRelated(toOne("workspaces", tw.Workspace), apiPrefix+"/workspaces/"+tw.Workspace),
		},
		Links: map[string]string{"self": apiPrefix + "/team-workspaces/" + tw.ID},
	}
}

// listTeamWorkspaces lists a workspace's team accesses, which
// filter[workspace][id] names, by team name: every one when the request
// sends no page[] parameter, as the API pages this list only when asked
// to, and by pages when it does.
func (s *Server) listTeamWorkspaces(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*teamWorkspace]{includes: noIncludes, pages: whenAsked, render: plain((*teamWorkspace).resource)}.serve(s, w, r, func(lq *listQuery) ([]*teamWorkspace, reply) {
		id := lq.Get("filter[workspace][id]")
		if id == "" {
			return nil, badParameter("filter[workspace][id]", "filter[workspace][id] is required: team access is listed by workspace")
		}
		ws, rep, found := s.accessedWorkspaceLocked(p, id)
		if !found {
			return nil, rep
		}
		o, team := organizations.in(s)[ws.Org], lq.Get("filter[team][id]")
		list := teamWorkspaces.where(s, func(tw *teamWorkspace) bool {
			return tw.Workspace == ws.ID && (team == "" || tw.Team == team) &&
				(s.managesTeamsLocked(p, o) || s.seesTeamLocked(p, teams.in(s)[tw.Team]))
		})
		return teamWorkspaces.order(list, false, byFold(func(tw *teamWorkspace) string { return teams.in(s)[tw.Team].Name })), reply{}
	})
}

func (s *Server) readTeamWorkspace(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, noIncludes, s.visibleTeamWorkspaceLocked, plain((*teamWorkspace).resource))
}

// accessedWorkspaceLocked is the workspace id, whose team accesses p
// reads or manages: one p sees, or any of the organization's when p
// manages its teams.
func (s *Server) accessedWorkspaceLocked(p principal, id string) (*workspace, reply, bool) {
	return workspaces.find(s, p, id, func(ws *workspace) bool {
		return s.mayOnWorkspaceLocked(p, ws, wsRead) || s.managesTeamsLocked(p, organizations.in(s)[ws.Org])
	})
}

// createTeamWorkspace answers 200, not 201: the API's documents give 200
// for this create.
func (s *Server) createTeamWorkspace(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		probs, rl := in.probs, in.rels
		teamID, workspaceID := in.requireOne("team"), in.requireOne("workspace")
		in.require("access", "access is required: "+workspaceAccess.levelList())
		if len(*probs) > 0 {
			return probs.reply()
		}
		ws, rep, found := s.accessedWorkspaceLocked(p, workspaceID)
		if !found {
			return rep
		}
		t, rep, found := s.visibleTeamLocked(p, teamID)
		if !found {
			return rep
		}
		if !s.managesTeamsLocked(p, organizations.in(s)[ws.Org]) {
			return notFound("workspace " + quote(ws.ID))
		}
		if t.Org != ws.Org {
			probs.add(rl.at("team"), "team %s is not a team of the workspace's organization", t.ID)
			return probs.reply()
		}
		tw := &teamWorkspace{Team: t.ID, Workspace: ws.ID}
		workspaceAccess.apply(&tw.teamAccess, in.attrs)
		if len(*probs) > 0 {
			return probs.reply()
		}
		for _, other := range teamWorkspaces.in(s) {
			if other.Team == t.ID && other.Workspace == ws.ID {
				probs.add(rl.at("team"), "Team has already been taken: team %s already has access to workspace %s (%s)", t.ID, ws.ID, other.ID)
				return probs.reply()
			}
		}
		tw.ID = newID(prefixTeamWorkspace)
		teamWorkspaces.in(s)[tw.ID] = tw
		return ok(document{Data: tw.resource()})
	})
}

func (s *Server) updateTeamWorkspace(w http.ResponseWriter, r *http.Request, p principal) {
	updateAccess(s, w, r, p, workspaceAccess, s.managedTeamWorkspaceLocked,
		func(tw *teamWorkspace) *teamAccess { return &tw.teamAccess }, (*teamWorkspace).resource)
}

func (s *Server) deleteTeamWorkspace(w http.ResponseWriter, r *http.Request, p principal) {
	removeOnPath(s, w, r, p, teamWorkspaces, s.managedTeamWorkspaceLocked)
}

// checkTeamWorkspace refuses an access of the state file that no request
// could have stored.
func (st *store) checkTeamWorkspace(tw *teamWorkspace) error {
	if tw == nil || !isID(prefixTeamWorkspace, tw.ID) {
		return errors.New("no valid ID")
	}
	t, ws := teams.in(st)[tw.Team], workspaces.in(st)[tw.Workspace]
	if t == nil || ws == nil || t.Org != ws.Org {
		return fmt.Errorf("team %q and workspace %q are not of one organization in the file", tw.Team, tw.Workspace)
	}
	if err := workspaceAccess.check(tw.teamAccess); err != nil {
		return err
	}
	for _, other := range teamWorkspaces.in(st) {
		if other.Team == tw.Team && other.Workspace == tw.Workspace {
			return fmt.Errorf("team %q has a second access to workspace %q", tw.Team, tw.Workspace)
		}
	}
	return nil
}

var teamWorkspaces = &table[teamWorkspace]{key: "team-workspaces", noun: "team workspace access", id: func(tw *teamWorkspace) string { return tw.ID }}

func init() {
	teamWorkspaces.needs = []anyTable{teams, workspaces}
	teamWorkspaces.check = (*store).checkTeamWorkspace
	// A team's or a workspace's delete deletes their accesses.
	teamWorkspaces.belongsTo(teams, func(tw *teamWorkspace) string { return tw.Team })
	teamWorkspaces.belongsTo(workspaces, func(tw *teamWorkspace) string { return tw.Workspace })
	teamWorkspaces.org = func(st *store, tw *teamWorkspace) *organization {
		return organizations.in(st)[workspaces.in(st)[tw.Workspace].Org]
	}
	register(teamWorkspaces)
	addRoutes((*Server).registerTeamWorkspaceAccess)
}
