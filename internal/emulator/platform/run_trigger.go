package platform

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Run triggers
//
//   - POST /workspaces/:id/run-triggers takes relationships.sourceable
//     only (required: 422 at /data/relationships/sourceable/data): the
//     workspace whose applies would queue runs in the path's workspace.
//     A source not found or hidden is 404; the workspace itself, a
//     workspace of another organization, a source the workspace already
//     has, and a 21st source are 422 at the same pointer. Answers, of type
//     run-triggers (ID "rt-..."), carry created-at, workspace-name and
//     sourceable-name, and the relationships workspace and sourceable.
//     The emulator runs nothing: a trigger queues no run.
//   - GET /workspaces/:id/run-triggers needs filter[run-trigger][type]:
//     inbound (the triggers that queue runs here) or outbound (those
//     whose source this workspace is); without it, or with another value,
//     400. Paged, oldest first; include=workspace,sourceable.
//   - GET /run-triggers/:id (same includes), DELETE /run-triggers/:id
//     (204). There is no update. Whoever sees the workspace's
//     organization reads, creates and deletes its triggers.
//   - A workspace's delete deletes the triggers it is in, as their
//     workspace or as their source.
//   - The platform refuses concurrent creates in one organization with
//     "Run Trigger creation locked by another user in your organization.
//     Please try again". The emulator serves one request at a time, so it
//     plays that on demand: under Options.RunTriggerLock
//     (-platform-run-trigger-lock) a create holds its organization's lock
//     that long, and another create in the organization meanwhile is 409
//     with those words, taking and holding nothing.

// prefixRunTrigger begins the IDs of this file's objects.
const prefixRunTrigger = "rt"

// maxRunTriggerSources is how many source workspaces one workspace may
// have: the API refuses a 21st.
const maxRunTriggerSources = 20

// runTrigger makes an apply in its source workspace queue a run in its
// workspace. The emulator runs nothing: a trigger is the pair.
type runTrigger struct {
	ID         string    `json:"id"`
	Workspace  string    `json:"workspace"`  // where runs are queued
	Sourceable string    `json:"sourceable"` // the source workspace
	CreatedAt  time.Time `json:"created-at"`
}

func (s *Server) registerRunTriggers(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/workspaces/{id}/run-triggers", s.listRunTriggers)
	s.handle(mux, "POST "+apiPrefix+"/workspaces/{id}/run-triggers", s.createRunTrigger)
	s.handle(mux, "GET "+apiPrefix+"/run-triggers/{id}", s.readRunTrigger)
	s.handle(mux, "DELETE "+apiPrefix+"/run-triggers/{id}", s.deleteRunTrigger)
}

// visibleRunTriggerLocked returns the trigger id when p sees its
// organization.
func (s *Server) visibleRunTriggerLocked(p principal, id string) (*runTrigger, reply, bool) {
	return runTriggers.find(s, p, id, nil)
}

func (s *Server) runTriggerIncludes(p principal) includes {
	ws := func(id string) []resource {
		if w := workspaces.in(s)[id]; w != nil {
			return []resource{s.workspaceResource(w, p, nil)}
		}
		return nil
	}
	return includes{
		"workspace":  func(res resource) []resource { return ws(runTriggers.in(s)[res.ID].Workspace) },
		"sourceable": func(res resource) []resource { return ws(runTriggers.in(s)[res.ID].Sourceable) },
	}
}

func (s *Server) runTriggerResource(rt *runTrigger) resource {
	return resource{
		Type: "run-triggers", ID: rt.ID,
		Attributes: map[string]any{
			"created-at":      formatTime(rt.CreatedAt),
			"workspace-name":  workspaces.in(s)[rt.Workspace].Name,
			"sourceable-name": workspaces.in(s)[rt.Sourceable].Name,
		},
		Relationships: map[string]any{
			"workspace":  withRelated(toOne("workspaces", rt.Workspace), apiPrefix+"/workspaces/"+rt.Workspace),
			"sourceable": withRelated(toOne("workspaces", rt.Sourceable), apiPrefix+"/workspaces/"+rt.Sourceable),
		},
		Links: map[string]string{"self": apiPrefix + "/run-triggers/" + rt.ID},
	}
}

// listRunTriggers lists a workspace's triggers of one direction, which
// filter[run-trigger][type] must give: inbound, those that queue runs
// here; outbound, those whose source this workspace is. Oldest first.
func (s *Server) listRunTriggers(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*runTrigger]{
		includes: func() includes { return s.runTriggerIncludes(p) },
		render:   plain(s.runTriggerResource),
	}.serve(s, w, r, func(lq *listQuery) ([]*runTrigger, reply) {
		direction := lq.Get("filter[run-trigger][type]")
		if direction != "inbound" && direction != "outbound" {
			return nil, badParameter("filter[run-trigger][type]", "filter[run-trigger][type] is required: inbound or outbound, not %q", direction)
		}
		ws, rep, found := s.visibleWorkspaceLocked(p, r.PathValue("id"))
		if !found {
			return nil, rep
		}
		list := runTriggers.where(s, func(rt *runTrigger) bool {
			return direction == "inbound" && rt.Workspace == ws.ID || direction == "outbound" && rt.Sourceable == ws.ID
		})
		return runTriggers.order(list, false, byTime(func(rt *runTrigger) time.Time { return rt.CreatedAt })), reply{}
	})
}

func (s *Server) readRunTrigger(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, func() includes { return s.runTriggerIncludes(p) }, s.visibleRunTriggerLocked,
		func(rt *runTrigger, _ []string) resource { return s.runTriggerResource(rt) })
}

// runTriggerLockedMessage is the platform's refusal of a run trigger's
// create while another create in the organization holds its lock.
const runTriggerLockedMessage = "Run Trigger creation locked by another user in your organization. Please try again"

// creationLocks is, by organization (its external ID), until when a run
// trigger's create holds the organization's creation lock (see
// Options.RunTriggerLock); under the store's lock.
type creationLocks map[string]time.Time

var runTriggerLocks = &sideState[creationLocks]{
	newState: func() *creationLocks { return &creationLocks{} },
	reset:    func(l *creationLocks) { clear(*l) },
}

// createRunTrigger takes relationships.sourceable only, a workspace of the
// same organization that p sees (404 otherwise), not the workspace itself,
// not one it has already, and no 21st source. Under the RunTriggerLock
// variant, a create while another holds the organization's lock is 409.
func (s *Server) createRunTrigger(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.visibleWorkspaceLocked, func(ws *workspace, in *input) reply {
		if hold := s.opts.RunTriggerLock; hold > 0 {
			now, locks := s.now(), *runTriggerLocks.on(s)
			if now.Before(locks[ws.Org]) {
				return errorReply(http.StatusConflict, runTriggerLockedMessage)
			}
			locks[ws.Org] = now.Add(hold)
		}
		rl, probs := in.rels, in.probs
		source, given := rl.one("sourceable")
		if !given || source == "" {
			probs.add(rl.at("sourceable"), "relationship sourceable is required: the workspace whose applies queue runs here")
		}
		if len(*probs) > 0 {
			return probs.reply()
		}
		src, rep, found := s.visibleWorkspaceLocked(p, source)
		if !found {
			return rep
		}
		sources := 0
		for _, rt := range runTriggers.in(s) {
			if rt.Workspace != ws.ID {
				continue
			}
			sources++
			if rt.Sourceable == src.ID {
				probs.add(rl.at("sourceable"), "Sourceable has already been taken: workspace %s already triggers runs in %s (%s)", src.ID, ws.ID, rt.ID)
			}
		}
		switch {
		case src.ID == ws.ID:
			probs.add(rl.at("sourceable"), "Sourceable cannot be the workspace itself: a workspace cannot trigger its own runs")
		case src.Org != ws.Org:
			probs.add(rl.at("sourceable"), "Sourceable must be a workspace of the same organization")
		case sources >= maxRunTriggerSources:
			probs.add(rl.at("sourceable"), "Workspace %s already has %d source workspaces, the most a workspace may have", ws.ID, maxRunTriggerSources)
		}
		if len(*probs) > 0 {
			return probs.reply()
		}
		rt := &runTrigger{ID: newID(prefixRunTrigger), Workspace: ws.ID, Sourceable: src.ID, CreatedAt: s.now().UTC()}
		runTriggers.in(s)[rt.ID] = rt
		return created(document{Data: s.runTriggerResource(rt)})
	})
}

func (s *Server) deleteRunTrigger(w http.ResponseWriter, r *http.Request, p principal) {
	removeOnPath(s, w, r, p, runTriggers, s.visibleRunTriggerLocked)
}

// checkRunTrigger refuses a trigger of the state file that no request
// could have stored.
func (st *store) checkRunTrigger(rt *runTrigger) error {
	if rt == nil || !isID(prefixRunTrigger, rt.ID) {
		return errors.New("no valid ID")
	}
	ws, src := workspaces.in(st)[rt.Workspace], workspaces.in(st)[rt.Sourceable]
	if ws == nil || src == nil || ws.Org != src.Org || ws == src {
		return fmt.Errorf("workspace %q and source %q are not two workspaces of one organization in the file", rt.Workspace, rt.Sourceable)
	}
	sources := 0
	for _, other := range runTriggers.in(st) {
		if other.Workspace == rt.Workspace {
			sources++
			if other.Sourceable == rt.Sourceable {
				return fmt.Errorf("workspace %q has source %q twice", rt.Workspace, rt.Sourceable)
			}
		}
	}
	if sources >= maxRunTriggerSources {
		return fmt.Errorf("workspace %q has more than %d sources", rt.Workspace, maxRunTriggerSources)
	}
	return nil
}

var runTriggers = &table[runTrigger]{key: "run-triggers", noun: "run trigger", id: func(rt *runTrigger) string { return rt.ID }}

func init() {
	runTriggers.needs = []anyTable{workspaces}
	runTriggers.check = (*store).checkRunTrigger
	// A workspace's delete deletes the triggers it is in, as their
	// workspace or their source.
	runTriggers.belongsTo(workspaces, func(rt *runTrigger) string { return rt.Workspace })
	runTriggers.belongsTo(workspaces, func(rt *runTrigger) string { return rt.Sourceable })
	runTriggers.org = func(st *store, rt *runTrigger) *organization {
		return organizations.in(st)[workspaces.in(st)[rt.Workspace].Org]
	}
	register(runTriggers)
	registerSide(runTriggerLocks)
	addRoutes((*Server).registerRunTriggers)
}
