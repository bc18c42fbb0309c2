package platform

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Agent pools
//
//   - An agent pool (type agent-pools, ID "apool-...") is a name, unique
//     within the organization in any case (409), not blank (422 "Name
//     can't be blank"); organization-scoped, true unless given; and the
//     relationships allowed-workspaces, allowed-projects and
//     excluded-workspaces, each a list of the organization's workspaces or
//     projects (422 at the relationship otherwise), which a create or an
//     update that gives it replaces (an update that leaves it out keeps
//     it). A deleted workspace or project leaves every list. The emulator
//     runs no agents: agent-count is 0.
//   - Routes: GET and POST /organizations/:org/agent-pools, GET, PATCH and
//     DELETE /agent-pools/:id. Whoever sees the organization sees its
//     pools; its owners and teams with manage-agent-pools create, update
//     and delete them; to the others a write is 404, as is everything to
//     who does not see the organization.
//   - Answers carry name, created-at, organization-scoped, agent-count and
//     the relationships organization, workspaces (those whose execution in
//     effect, their own or inherited, runs on the pool, by ID),
//     allowed-workspaces, allowed-projects, excluded-workspaces and
//     hyok-configurations ([]). include= knows workspaces and
//     hyok-configurations (nothing to include).
//   - The list is by name (in any case, the ID breaking ties); sort name or
//     created-at, "-" before it to reverse. q is a case-insensitive
//     substring of the name; filter[allowed_workspaces][name] keeps the
//     pools the workspace of that name may use (organization-scoped and
//     not excluding it, or allowing it or its project), and
//     filter[allowed_projects][name] those the project may use
//     (organization-scoped, or allowing it); a name that is no workspace
//     (project) of the organization keeps none.
//   - Delete answers 204; a pool that the organization's default, a
//     project's or a workspace's own settings name is 409, saying which.
//     The organization's delete takes its pools.

// prefixAgentPool begins the IDs of this file's objects.
const prefixAgentPool = "apool"

// agentPool is an organization's agent pool: the pool whose agents run the
// workspaces that name it. The emulator has no agents: a pool is its name,
// its scope and the references to it.
type agentPool struct {
	ID        string    `json:"id"`
	Org       string    `json:"organization"` // the organization's external ID
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"created-at"`
	// OrganizationScoped: every workspace of the organization may use the
	// pool but those excluded; otherwise only the allowed ones.
	OrganizationScoped bool     `json:"organization-scoped"`
	AllowedWorkspaces  []string `json:"allowed-workspaces,omitempty"`
	AllowedProjects    []string `json:"allowed-projects,omitempty"`
	ExcludedWorkspaces []string `json:"excluded-workspaces,omitempty"`
}

func (s *Server) registerAgentPools(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}/agent-pools", s.listAgentPools)
	s.handle(mux, "POST "+apiPrefix+"/organizations/{org}/agent-pools", s.createAgentPool)
	s.handle(mux, "GET "+apiPrefix+"/agent-pools/{id}", s.readAgentPool)
	s.handle(mux, "PATCH "+apiPrefix+"/agent-pools/{id}", s.updateAgentPool)
	s.handle(mux, "DELETE "+apiPrefix+"/agent-pools/{id}", s.deleteAgentPool)
}

// managesAgentPoolsLocked reports whether p manages o's agent pools: the
// owners do, and a team with manage-agent-pools.
func (s *Server) managesAgentPoolsLocked(p principal, o *organization) bool {
	if p.owns(o) {
		return true
	}
	own := s.teamOfLocked(p)
	return own != nil && own.Org == o.ExternalID && own.Access["manage-agent-pools"]
}

// visibleAgentPoolLocked returns the pool id when p may see it (whoever
// sees its organization), or the 404 that answers both a missing and a
// hidden one.
func (s *Server) visibleAgentPoolLocked(p principal, id string) (*agentPool, reply, bool) {
	return agentPools.find(s, p, id, nil)
}

// managedAgentPoolLocked is visibleAgentPoolLocked for the writes: to who
// does not manage the organization's pools, a pool it sees is not found
// either.
func (s *Server) managedAgentPoolLocked(p principal, id string) (*agentPool, reply, bool) {
	return agentPools.find(s, p, id, func(pool *agentPool) bool {
		return s.managesAgentPoolsLocked(p, organizations.in(s)[pool.Org])
	})
}

// checkAgentPoolLocked refuses a pool that an execution request names when
// it is no agent pool of the organization org (its external ID): the
// reference must be real.
func (s *Server) checkAgentPoolLocked(org string, er executionRequest, probs *problems) {
	if !er.poolGiven || er.pool == "" {
		return
	}
	if pool := agentPools.in(s)[er.pool]; pool == nil || pool.Org != org {
		probs.add(er.poolPointer, "%s %q: no agent pool of this organization has that ID", er.poolMessage, er.pool)
	}
}

// agentPoolUsersLocked is the workspaces that run on pool: those whose
// execution in effect, their own or inherited, names it.
func (s *Server) agentPoolUsersLocked(pool *agentPool) []*workspace {
	var out []*workspace
	for _, ws := range workspaces.in(s) {
		if ws.Org == pool.Org && s.workspaceExecutionLocked(ws).pool == pool.ID {
			out = append(out, ws)
		}
	}
	slices.SortFunc(out, func(a, b *workspace) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// agentPoolInUseLocked says what still names pool as its own, "" when
// nothing does: the organization's default, a project's or a
// workspace's own pool.
func (s *Server) agentPoolInUseLocked(pool *agentPool) string {
	o := organizations.in(s)[pool.Org]
	if o.DefaultAgentPool == pool.ID {
		return "it is the default agent pool of organization " + quote(o.Name)
	}
	for _, id := range slices.Sorted(maps.Keys(projects.in(s))) {
		if prj := projects.in(s)[id]; prj.Execution.OverwritePool && prj.Execution.Pool == pool.ID {
			return "it is the default agent pool of project " + prj.ID
		}
	}
	for _, id := range slices.Sorted(maps.Keys(workspaces.in(s))) {
		if ws := workspaces.in(s)[id]; ws.Execution.OverwritePool && ws.Execution.Pool == pool.ID {
			return "it is the agent pool of workspace " + ws.ID
		}
	}
	return ""
}

// allowsWorkspaceLocked reports whether pool lets ws use it: an
// organization-scoped pool every workspace it does not exclude, any pool
// the workspaces it allows and those of the projects it allows.
func (s *Server) allowsWorkspaceLocked(pool *agentPool, ws *workspace) bool {
	if pool.OrganizationScoped && !slices.Contains(pool.ExcludedWorkspaces, ws.ID) {
		return true
	}
	return slices.Contains(pool.AllowedWorkspaces, ws.ID) || slices.Contains(pool.AllowedProjects, ws.Project)
}

// allowsProject reports whether pool lets prj's workspaces use it:
// an organization-scoped pool every project, any pool those it allows.
func allowsProject(pool *agentPool, prj *project) bool {
	return pool.OrganizationScoped || slices.Contains(pool.AllowedProjects, prj.ID)
}

func (s *Server) agentPoolIncludes(p principal) includes {
	return includes{
		"workspaces": func(res resource) []resource {
			return renderEach(s.agentPoolUsersLocked(agentPools.in(s)[res.ID]), func(ws *workspace) resource { return s.workspaceResource(ws, p, nil) })
		},
		"hyok-configurations": nil,
	}
}

func (s *Server) agentPoolResource(pool *agentPool) resource {
	var users []string
	for _, ws := range s.agentPoolUsersLocked(pool) {
		users = append(users, ws.ID)
	}
	self := apiPrefix + "/agent-pools/" + pool.ID
	return resource{
		Type: "agent-pools", ID: pool.ID,
		Attributes: map[string]any{
			"name":                pool.Name,
			"created-at":          formatTime(pool.CreatedAt),
			"organization-scoped": pool.OrganizationScoped,
			"agent-count":         0,
		},
		Relationships: map[string]any{
			"organization":        toOne("organizations", organizations.in(s)[pool.Org].Name),
			"workspaces":          toMany(refsOf("workspaces", users)),
			"allowed-workspaces":  toMany(refsOf("workspaces", pool.AllowedWorkspaces)),
			"allowed-projects":    toMany(refsOf("projects", pool.AllowedProjects)),
			"excluded-workspaces": toMany(refsOf("workspaces", pool.ExcludedWorkspaces)),
			"hyok-configurations": toMany(nil),
			"authentication-tokens": map[string]any{
				"links": map[string]string{"related": self + "/authentication-tokens"},
			},
		},
		Links: map[string]string{"self": self},
	}
}

// listAgentPools lists the organization's pools by name (in any case) or
// created-at; q is a substring of the name, filter[allowed_workspaces][name]
// and filter[allowed_projects][name] keep the pools that workspace or
// project may use.
func (s *Server) listAgentPools(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*agentPool]{
		includes: func() includes { return s.agentPoolIncludes(p) },
		sorts:    []string{"name", "created-at"},
		render:   plain(s.agentPoolResource),
	}.serveInOrg(s, w, r, p, func(o *organization, lq *listQuery) ([]*agentPool, reply) {
		keep := func(pool *agentPool) bool { return pool.Org == o.ExternalID && containsFold(pool.Name, lq.Get("q")) }
		if name := lq.Get("filter[allowed_workspaces][name]"); name != "" {
			ws, kept := s.workspaceNamedLocked(o.ExternalID, name), keep
			keep = func(pool *agentPool) bool { return kept(pool) && ws != nil && s.allowsWorkspaceLocked(pool, ws) }
		}
		if name := lq.Get("filter[allowed_projects][name]"); name != "" {
			prj, kept := s.projectNamedLocked(o, name), keep
			keep = func(pool *agentPool) bool { return kept(pool) && prj != nil && allowsProject(pool, prj) }
		}
		by := byFold(func(pool *agentPool) string { return pool.Name })
		if lq.sort == "created-at" {
			by = byTime(func(pool *agentPool) time.Time { return pool.CreatedAt })
		}
		return agentPools.order(agentPools.where(s, keep), lq.desc, by), reply{}
	})
}

func (s *Server) readAgentPool(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, func() includes { return s.agentPoolIncludes(p) }, s.visibleAgentPoolLocked,
		func(pool *agentPool, _ []string) resource { return s.agentPoolResource(pool) })
}

func (s *Server) createAgentPool(w http.ResponseWriter, r *http.Request, p principal) {
	s.writeInOrg(w, r, p, func(o *organization, in *input) reply {
		if !s.managesAgentPoolsLocked(p, o) {
			return notFound("organization " + quote(o.Name))
		}
		f, probs := in.attrs, in.probs
		in.require("name", "Name can't be blank")
		pool := &agentPool{Org: o.ExternalID, OrganizationScoped: true}
		s.applyAgentPool(pool, f, in.rels)
		if len(*probs) > 0 {
			return probs.reply()
		}
		if taken := s.agentPoolNamedLocked(o.ExternalID, pool.Name); taken != nil {
			return conflict(f.at("name"), "Name has already been taken: agent pool %s of organization %q is named %q", taken.ID, o.Name, taken.Name)
		}
		pool.ID, pool.CreatedAt = newID(prefixAgentPool), s.now().UTC()
		agentPools.in(s)[pool.ID] = pool
		return created(document{Data: s.agentPoolResource(pool)})
	})
}

// agentPoolNamedLocked returns the pool of organization org (its external
// ID) of that name, in any case.
func (s *Server) agentPoolNamedLocked(org, name string) *agentPool {
	for _, pool := range agentPools.in(s) {
		if pool.Org == org && strings.EqualFold(pool.Name, name) {
			return pool
		}
	}
	return nil
}

// applyAgentPool sets pool's attributes and relationships from a request,
// recording what it refuses in f's problems. Each relationship given
// replaces the list; its members must be workspaces (or projects) of the
// pool's organization.
func (s *Server) applyAgentPool(pool *agentPool, f fields, rl relationships) {
	if name, given := f.text("name", "Name can't be blank"); given {
		pool.Name = name
	}
	if scoped, given := f.boolean("organization-scoped"); given {
		pool.OrganizationScoped = scoped
	}
	isWorkspace := func(id string) bool { ws := workspaces.in(s)[id]; return ws != nil && ws.Org == pool.Org }
	isProject := func(id string) bool { prj := projects.in(s)[id]; return prj != nil && prj.Org == pool.Org }
	for _, m := range []struct {
		name, noun string
		is         func(string) bool
		field      *[]string
	}{
		{"allowed-workspaces", "workspace", isWorkspace, &pool.AllowedWorkspaces},
		{"allowed-projects", "project", isProject, &pool.AllowedProjects},
		{"excluded-workspaces", "workspace", isWorkspace, &pool.ExcludedWorkspaces},
	} {
		objs, given := rl.many(m.name)
		if !given {
			continue
		}
		var ids []string
		for _, obj := range objs {
			if !m.is(obj.ID) {
				f.probs.add(rl.at(m.name), "%s %q: not a %s of this organization", m.noun, obj.ID, m.noun)
				continue
			}
			if !slices.Contains(ids, obj.ID) {
				ids = append(ids, obj.ID)
			}
		}
		*m.field = ids
	}
}

func (s *Server) updateAgentPool(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.managedAgentPoolLocked, func(cur *agentPool, in *input) reply {
		pool := *cur
		f, probs := in.attrs, in.probs
		s.applyAgentPool(&pool, f, in.rels)
		if len(*probs) > 0 {
			return probs.reply()
		}
		if taken := s.agentPoolNamedLocked(pool.Org, pool.Name); taken != nil && taken != cur {
			return conflict(f.at("name"), "Name has already been taken: agent pool %s is named %q", taken.ID, taken.Name)
		}
		*cur = pool
		return ok(document{Data: s.agentPoolResource(cur)})
	})
}

func (s *Server) deleteAgentPool(w http.ResponseWriter, r *http.Request, p principal) {
	onPath(s, w, r, p, s.managedAgentPoolLocked, func(pool *agentPool) reply {
		if why := s.agentPoolInUseLocked(pool); why != "" {
			return conflict("", "agent pool %s cannot be deleted while it is in use: %s", pool.ID, why)
		}
		agentPools.remove(s, pool)
		return noContent()
	})
}

// checkAgentPool refuses a saved pool that no request could have stored.
func (st *store) checkAgentPool(pool *agentPool) error {
	if pool == nil || !isID(prefixAgentPool, pool.ID) || strings.TrimSpace(pool.Name) == "" {
		return errors.New("no valid ID and name")
	}
	if organizations.in(st)[pool.Org] == nil {
		return fmt.Errorf("organization %q is not in the file", pool.Org)
	}
	for _, id := range append(slices.Clone(pool.AllowedWorkspaces), pool.ExcludedWorkspaces...) {
		if ws := workspaces.in(st)[id]; ws == nil || ws.Org != pool.Org {
			return fmt.Errorf("workspace %q is not a workspace of its organization", id)
		}
	}
	for _, id := range pool.AllowedProjects {
		if prj := projects.in(st)[id]; prj == nil || prj.Org != pool.Org {
			return fmt.Errorf("project %q is not a project of its organization", id)
		}
	}
	return nil
}

// checkAgentPoolRefs refuses a default or own agent pool that is no pool
// of its organization in the file.
func (st *store) checkAgentPoolRefs() error {
	is := func(id, org string) bool { pool := agentPools.in(st)[id]; return pool != nil && pool.Org == org }
	for _, o := range organizations.in(st) {
		if o.DefaultAgentPool != "" && !is(o.DefaultAgentPool, o.ExternalID) {
			return fmt.Errorf("organization %q: default agent pool %q is not one of its agent pools", o.Name, o.DefaultAgentPool)
		}
	}
	for _, prj := range projects.in(st) {
		if prj.Execution.Pool != "" && !is(prj.Execution.Pool, prj.Org) {
			return fmt.Errorf("project %s: agent pool %q is not an agent pool of its organization", prj.ID, prj.Execution.Pool)
		}
	}
	for _, ws := range workspaces.in(st) {
		if ws.Execution.Pool != "" && !is(ws.Execution.Pool, ws.Org) {
			return fmt.Errorf("workspace %s: agent pool %q is not an agent pool of its organization", ws.ID, ws.Execution.Pool)
		}
	}
	return nil
}

var agentPools = &table[agentPool]{key: "agent-pools", noun: "agent pool", id: func(pool *agentPool) string { return pool.ID }}

func init() {
	agentPools.needs = []anyTable{organizations, projects, workspaces}
	agentPools.check = (*store).checkAgentPool
	agentPools.verify = (*store).checkAgentPoolRefs
	// An organization's delete deletes its pools; a deleted workspace or
	// project leaves every pool's lists.
	agentPools.belongsTo(organizations, func(pool *agentPool) string { return pool.Org })
	agentPools.refersTo(workspaces, func(pool *agentPool) *[]string { return &pool.AllowedWorkspaces })
	agentPools.refersTo(workspaces, func(pool *agentPool) *[]string { return &pool.ExcludedWorkspaces })
	agentPools.refersTo(projects, func(pool *agentPool) *[]string { return &pool.AllowedProjects })
	agentPools.org = func(st *store, pool *agentPool) *organization { return organizations.in(st)[pool.Org] }
	register(agentPools)
	addRoutes((*Server).registerAgentPools)
}
