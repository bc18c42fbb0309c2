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
//   - An access changes nothing of what a team token may do here: team
//     tokens manage every workspace of their organization (see the package
//     doc, Tokens and who sees what), so a team with access to a workspace
//     locks it with its token and unlocks its own lock, and another's
//     unlock is 409 "... is locked by Team "name"".
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
	Access    string `json:"access"`
	// Permissions are the permissions in effect, by attribute name
	// ("runs"), booleans as "true" and "false": a fixed level's implied
	// ones, or the custom ones.
	Permissions map[string]string `json:"permissions"`
}

var workspaceAccessLevels = []string{"read", "plan", "write", "admin", accessCustom}

// workspacePermission is one permission of a team on a workspace: its
// attribute, its name in messages, its values (nil for a boolean), and its
// value at each level, "custom" giving the default of a custom access
// that does not set it.
type workspacePermission struct {
	name, label string
	values      []string
	levels      map[string]string
}

func wsLevels(read, plan, write, admin, custom string) map[string]string {
	return map[string]string{"read": read, "plan": plan, "write": write, "admin": admin, accessCustom: custom}
}

// workspacePermissions is the API's table of the permissions each fixed
// level implies, and the defaults of custom access. policy-overrides,
// which the table leaves out, is implied by admin alone, as on projects
// those who administer the workspaces override policies.
var workspacePermissions = []workspacePermission{
	{"runs", "Runs", []string{"read", "plan", "apply"}, wsLevels("read", "plan", "apply", "apply", "read")},
	{"variables", "Variables", []string{"none", "read", "write"}, wsLevels("read", "read", "write", "write", "none")},
	{"state-versions", "State versions", []string{"none", "read-outputs", "read", "write"}, wsLevels("read", "read", "write", "write", "none")},
	{"sentinel-mocks", "Sentinel mocks", []string{"none", "read"}, wsLevels("none", "none", "read", "read", "none")},
	{"workspace-locking", "Workspace locking", nil, wsLevels("false", "false", "true", "true", "false")},
	{"run-tasks", "Run tasks", nil, wsLevels("false", "false", "false", "true", "false")},
	{"policy-overrides", "Policy overrides", nil, wsLevels("false", "false", "false", "true", "false")},
}

// workspacePermissionsAt returns the permissions of a level: those it
// implies, or custom access's defaults.
func workspacePermissionsAt(level string) map[string]string {
	out := map[string]string{}
	for _, wp := range workspacePermissions {
		out[wp.name] = wp.levels[level]
	}
	return out
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
	attrs := map[string]any{"access": tw.Access}
	for _, wp := range workspacePermissions {
		v := tw.Permissions[wp.name]
		if wp.values == nil {
			attrs[wp.name] = v == "true"
		} else {
			attrs[wp.name] = v
		}
	}
	return resource{
		Type: "team-workspaces", ID: tw.ID,
		Attributes: attrs,
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
		ws, rep, found := s.visibleWorkspaceLocked(p, id)
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
	s.locked(w, func() reply {
		if _, rep, valid := (includes{}).parse(r.URL.Query()); !valid {
			return rep
		}
		tw, rep, found := s.visibleTeamWorkspaceLocked(p, r.PathValue("id"))
		if !found {
			return rep
		}
		return ok(document{Data: tw.resource()})
	})
}

// createTeamWorkspace answers 200, not 201: the API's documents give 200
// for this create.
func (s *Server) createTeamWorkspace(w http.ResponseWriter, r *http.Request, p principal) {
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
		teamID, workspaceID := required("team"), required("workspace")
		in.require("access", "access is required: read, plan, write, admin or custom")
		if len(*probs) > 0 {
			return probs.reply()
		}
		ws, rep, found := s.visibleWorkspaceLocked(p, workspaceID)
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
		applyTeamWorkspace(tw, f)
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

// applyTeamWorkspace sets tw's access and permissions from a request,
// recording what it refuses in f's problems. A fixed level has the
// permissions it implies: a request may repeat them, but one that differs
// is refused with the API's words ("Runs is read-only when access level
// is 'read'; ..."). Custom access starts from the permissions tw has (a
// new access: custom access's defaults) and takes those the request
// gives.
func applyTeamWorkspace(tw *teamWorkspace, f fields) {
	if level, given := f.str("access"); given {
		if !slices.Contains(workspaceAccessLevels, level) {
			f.probs.add(f.at("access"), "invalid access %q: must be read, plan, write, admin or custom", level)
			return
		}
		tw.Access = level
	}
	if tw.Permissions == nil {
		tw.Permissions = workspacePermissionsAt(accessCustom)
	}
	given := map[string]string{}
	for _, wp := range workspacePermissions {
		if wp.values == nil {
			if v, ok := f.boolean(wp.name); ok {
				given[wp.name] = strconv.FormatBool(v)
			}
			continue
		}
		v, ok := f.str(wp.name)
		switch {
		case !ok || v == "" && f.has(wp.name):
		case !slices.Contains(wp.values, v):
			f.probs.add(f.at(wp.name), "invalid %s %q: must be %s", wp.name, v, strings.Join(wp.values, ", "))
		default:
			given[wp.name] = v
		}
	}
	if tw.Access != accessCustom {
		implied := workspacePermissionsAt(tw.Access)
		for _, wp := range workspacePermissions {
			if v, ok := given[wp.name]; ok && v != implied[wp.name] {
				f.probs.add(f.at(wp.name), "%s is read-only when access level is '%s'; use the 'custom' access level to set this attribute.", wp.label, tw.Access)
			}
		}
		tw.Permissions = implied
		return
	}
	maps.Copy(tw.Permissions, given)
}

func (s *Server) updateTeamWorkspace(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.managedTeamWorkspaceLocked, func(cur *teamWorkspace, in *input) reply {
		tw := *cur
		tw.Permissions = maps.Clone(cur.Permissions)
		probs := in.probs
		applyTeamWorkspace(&tw, in.attrs)
		if len(*probs) > 0 {
			return probs.reply()
		}
		*cur = tw
		return ok(document{Data: cur.resource()})
	})
}

func (s *Server) deleteTeamWorkspace(w http.ResponseWriter, r *http.Request, p principal) {
	onPath(s, w, r, p, s.managedTeamWorkspaceLocked, func(tw *teamWorkspace) reply {
		teamWorkspaces.remove(s, tw)
		return noContent()
	})
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
	if !slices.Contains(workspaceAccessLevels, tw.Access) {
		return fmt.Errorf("access %q: must be one of %s", tw.Access, strings.Join(workspaceAccessLevels, ", "))
	}
	for _, wp := range workspacePermissions {
		v := tw.Permissions[wp.name]
		if wp.values == nil && v != "true" && v != "false" || wp.values != nil && !slices.Contains(wp.values, v) {
			return fmt.Errorf("permission %s %q is not one of its values", wp.name, v)
		}
	}
	if tw.Access != accessCustom && !maps.Equal(tw.Permissions, workspacePermissionsAt(tw.Access)) {
		return fmt.Errorf("access %s with permissions it does not imply", tw.Access)
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
	teamWorkspaces.onDelete = func(st *store, gone anyTable, id string) {
		switch gone {
		case teams:
			teamWorkspaces.removeWhere(st, func(tw *teamWorkspace) bool { return tw.Team == id })
		case workspaces:
			teamWorkspaces.removeWhere(st, func(tw *teamWorkspace) bool { return tw.Workspace == id })
		}
	}
	teamWorkspaces.org = func(st *store, tw *teamWorkspace) *organization {
		return organizations.in(st)[workspaces.in(st)[tw.Workspace].Org]
	}
	register(teamWorkspaces)
	addRoutes((*Server).registerTeamWorkspaceAccess)
}
