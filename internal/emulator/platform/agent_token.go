package platform

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Agent tokens
//
//   - An agent token is of type authentication-tokens, ID "at-...". POST
//     /agent-pools/:id/authentication-tokens takes description (required,
//     not blank: 422; the document's type, agent-tokens or
//     authentication-tokens, is not checked) and answers 201 with the
//     secret in token, which no other answer carries (null) and the
//     emulator does not keep: no agent uses it, and it authenticates no
//     request. GET /agent-pools/:id/authentication-tokens lists a pool's
//     tokens, paged, by created-at (ties by ID), sort=-created-at
//     reversing, any other sort 400; GET and DELETE
//     /authentication-tokens/:id read and delete one, as for a team's.
//     Answers carry description, created-at, last-used-at (null) and the
//     relationships created-by and agent-pool; no expired-at: agent tokens
//     do not expire, and have no update. Whoever sees the pool reads its
//     tokens; who manages the organization's pools creates and deletes
//     them. A pool's delete takes its tokens.

// prefixAgentToken begins the IDs of this file's objects: an agent
// token is an authentication token, as a team's is.
const prefixAgentToken = "at"

// agentToken is a token of an agent pool, which the pool's agents would
// authenticate with. The emulator has no agents: the secret is answered
// once, by the create, and not kept; the token authenticates nothing. It
// has no expiry and no update.
type agentToken struct {
	ID          string    `json:"id"`
	Pool        string    `json:"agent-pool"`
	Description string    `json:"description"`
	CreatedAt   time.Time `json:"created-at"`
	// CreatedByKind and CreatedBy are the principal whose token created
	// it: its kind and ID.
	CreatedByKind string `json:"created-by-kind,omitempty"`
	CreatedBy     string `json:"created-by,omitempty"`
}

func (s *Server) registerAgentTokens(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/agent-pools/{id}/authentication-tokens", s.listAgentTokens)
	s.handle(mux, "POST "+apiPrefix+"/agent-pools/{id}/authentication-tokens", s.createAgentToken)
	// GET and DELETE /authentication-tokens/:id, shared with the teams'
	// tokens, are served by team_token.go, which asks agentTokenLocked.
}

// agentTokenLocked returns the agent token id when p sees its pool
// (manages it when manage is true), or the 404 that answers both a
// missing and a hidden one.
func (s *Server) agentTokenLocked(p principal, id string, manage bool) (*agentToken, reply, bool) {
	return agentTokens.find(s, p, id, func(at *agentToken) bool {
		return !manage || s.managesAgentPoolsLocked(p, agentTokens.org(&s.store, at))
	})
}

// agentTokenResource renders an agent token; secret is the token, given
// by the create alone, "" elsewhere (null). last-used-at is null: no
// agent uses it.
func (s *Server) agentTokenResource(at *agentToken, secret string) resource {
	by := &token{CreatedByKind: at.CreatedByKind, CreatedBy: at.CreatedBy}
	return resource{
		Type: "authentication-tokens", ID: at.ID,
		Attributes: map[string]any{
			"created-at":   formatTime(at.CreatedAt),
			"last-used-at": nil,
			"description":  at.Description,
			"token":        stringOrNull(secret),
		},
		Relationships: map[string]any{
			"created-by": s.createdByLocked(by),
			"agent-pool": toOne("agent-pools", at.Pool),
		},
		Links: map[string]string{"self": apiPrefix + "/authentication-tokens/" + at.ID},
	}
}

// listAgentTokens lists a pool's tokens, paged, by created-at (the
// default, ties by ID) or -created-at.
func (s *Server) listAgentTokens(w http.ResponseWriter, r *http.Request, p principal) {
	poolTokens := listing[*agentToken]{
		includes: noIncludes,
		sorts:    []string{"created-at"},
		render:   func(at *agentToken, _ []string) resource { return s.agentTokenResource(at, "") },
	}
	listOnPath(poolTokens, s, w, r, p, s.visibleAgentPoolLocked, func(pool *agentPool, lq *listQuery) ([]*agentToken, reply) {
		list := agentTokens.where(s, func(at *agentToken) bool { return at.Pool == pool.ID })
		return agentTokens.order(list, lq.desc, byTime(func(at *agentToken) time.Time { return at.CreatedAt })), reply{}
	})
}

// createAgentToken takes a description, required and not blank; the
// document's type is not checked (clients send agent-tokens and
// authentication-tokens).
func (s *Server) createAgentToken(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.managedAgentPoolLocked, func(pool *agentPool, in *input) reply {
		f, probs := in.attrs, in.probs
		description := f.requiredText("description", "description is required: an agent pool's tokens are told apart by it")
		if len(*probs) > 0 {
			return probs.reply()
		}
		at := &agentToken{
			ID: newID(prefixAgentToken), Pool: pool.ID, Description: description, CreatedAt: s.now().UTC(),
			CreatedByKind: p.kind, CreatedBy: p.id,
		}
		agentTokens.in(s)[at.ID] = at
		return created(document{Data: s.agentTokenResource(at, newSecret())})
	})
}

// readAgentTokenLocked answers GET /authentication-tokens/:id for an
// agent token; found is false when id is none that p sees.
func (s *Server) readAgentTokenLocked(p principal, id string) (reply, bool) {
	at, _, found := s.agentTokenLocked(p, id, false)
	if !found {
		return reply{}, false
	}
	return ok(document{Data: s.agentTokenResource(at, "")}), true
}

// deleteAgentTokenLocked answers DELETE /authentication-tokens/:id for an
// agent token; found is false when id is none that p manages.
func (s *Server) deleteAgentTokenLocked(p principal, id string) (reply, bool) {
	at, _, found := s.agentTokenLocked(p, id, true)
	if !found {
		return reply{}, false
	}
	agentTokens.remove(s, at)
	return noContent(), true
}

// checkAgentToken refuses a token of the state file that no request could
// have stored.
func (st *store) checkAgentToken(at *agentToken) error {
	if at == nil || !isID(prefixAgentToken, at.ID) || strings.TrimSpace(at.Description) == "" {
		return errors.New("no valid ID and description")
	}
	if agentPools.in(st)[at.Pool] == nil {
		return fmt.Errorf("agent pool %q is not in the file", at.Pool)
	}
	return nil
}

var agentTokens = &table[agentToken]{key: "agent-tokens", noun: "authentication token", id: func(at *agentToken) string { return at.ID }}

func init() {
	agentTokens.needs = []anyTable{agentPools}
	agentTokens.check = (*store).checkAgentToken
	// A pool's delete deletes its tokens.
	agentTokens.belongsTo(agentPools, func(at *agentToken) string { return at.Pool })
	agentTokens.org = func(st *store, at *agentToken) *organization {
		return organizations.in(st)[agentPools.in(st)[at.Pool].Org]
	}
	register(agentTokens)
	addRoutes((*Server).registerAgentTokens)
}
