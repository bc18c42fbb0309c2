package platform

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Remote state consumers
//
// A workspace's remote state consumers are the workspaces of its
// organization that may read its state; with global-remote-state every
// workspace of the organization may.
//
//   - POST adds, PATCH replaces, DELETE removes the workspaces named by
//     the body's data[] ({"type":"workspaces","id":...}); each answers 204.
//     A workspace of another organization, or the workspace itself, is
//     422 at /data/i/id. Other attributes the objects carry are ignored.
//   - GET lists them as full workspaces, by name, paginated. With
//     global-remote-state every other workspace of the organization is
//     listed, unless show_only_configured=true asks for the named ones.

func (s *Server) registerRemoteStateConsumers(mux route.Mux) {
	path := apiPrefix + "/workspaces/{id}/relationships/remote-state-consumers"
	s.handle(mux, "GET "+path, s.listRemoteStateConsumers)
	for method, op := range map[string]func(cur, ids []string) []string{
		http.MethodPost: func(cur, ids []string) []string {
			for _, id := range ids {
				if !slices.Contains(cur, id) {
					cur = append(cur, id)
				}
			}
			return cur
		},
		http.MethodPatch: func(_, ids []string) []string { return slices.Compact(ids) },
		http.MethodDelete: func(cur, ids []string) []string {
			return slices.DeleteFunc(cur, func(id string) bool { return slices.Contains(ids, id) })
		},
	} {
		s.handle(mux, method+" "+path, func(w http.ResponseWriter, r *http.Request, p principal) {
			s.writeRemoteStateConsumers(w, r, p, op)
		})
	}
}

// listRemoteStateConsumers lists the workspaces that may read a
// workspace's state, by name: with global-remote-state, every other
// workspace of its organization, unless show_only_configured is true;
// otherwise those it names.
func (s *Server) listRemoteStateConsumers(w http.ResponseWriter, r *http.Request, p principal) {
	listOnPath(s.workspaceListing(p), s, w, r, p, s.visibleWorkspaceLocked, func(ws *workspace, lq *listQuery) ([]*workspace, reply) {
		var consumers []*workspace
		if onlyConfigured, _ := strconv.ParseBool(lq.Get("show_only_configured")); ws.Settings["global-remote-state"] && !onlyConfigured {
			consumers = workspaces.where(s, func(other *workspace) bool { return other.Org == ws.Org && other != ws })
		} else {
			for _, id := range ws.RemoteStateConsumers {
				consumers = append(consumers, workspaces.in(s)[id])
			}
		}
		return workspaces.order(consumers, false, byFold(func(ws *workspace) string { return ws.Name })), reply{}
	})
}

// writeRemoteStateConsumers applies op to a workspace's consumers, with the
// workspaces the body names (data[] of {type, id}), each a workspace of
// the same organization other than itself; it answers 204.
func (s *Server) writeRemoteStateConsumers(w http.ResponseWriter, r *http.Request, p principal, op func(cur, ids []string) []string) {
	objs, read := readObjects(w, r)
	if !read {
		return
	}
	onPath(s, w, r, p, s.visibleWorkspaceLocked, func(ws *workspace) reply {
		var probs problems
		var ids []string
		for i, o := range objs {
			at := "/data/" + strconv.Itoa(i) + "/id"
			switch other := workspaces.in(s)[o.ID]; {
			case other == nil || other.Org != ws.Org:
				probs.add(at, "workspace %q: not a workspace of this organization", o.ID)
			case other == ws:
				probs.add(at, "workspace %s cannot be a remote state consumer of itself", o.ID)
			default:
				ids = append(ids, o.ID)
			}
		}
		if len(probs) > 0 {
			return probs.reply()
		}
		ws.RemoteStateConsumers = op(ws.RemoteStateConsumers, ids)
		ws.UpdatedAt = s.now().UTC()
		return noContent()
	})
}
