package platform

import (
	"net/http"
	"strconv"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Team tokens
//
//   - A team has any number of described tokens (POST
//     /teams/:id/authentication-tokens; description required, empty
//     allowed, and unique within the team, the empty one too: a second is
//     422 "Validation failed: Description has already been taken", title
//     "invalid attributes", at /data/attributes/description, the words
//     clients match) and one legacy token without (POST
//     /teams/:id/authentication-token, which replaces the one it had; a
//     description given there is ignored).
//     expired-at is an ISO 8601 time still to come (422 otherwise); null or
//     absent, the server sets it two years after the token's creation.
//   - Answers are of type authentication-tokens, ID "at-...": created-at,
//     last-used-at (always null: the emulator does not record use),
//     description (null for the legacy token, "" for a described token
//     whose description is empty), token (the secret, in the
//     create answer only, null elsewhere) and expired-at; relationships
//     team and created-by (the user, team or organization whose token
//     created it; null for a minted token).
//   - The secret is a bearer token of the team until it expires or is
//     deleted.
//   - GET and DELETE /authentication-tokens/:id read and delete a team
//     token, described or legacy (not the organization token); GET and
//     DELETE /teams/:id/authentication-token the legacy one (404 when there
//     is none). GET /organizations/:org/team-tokens lists the tokens of the
//     teams the token sees, without secrets: q is a case-insensitive
//     substring of the team's name; sort is expired-at (the default; those
//     that never expire last), team-name, created-by or last-used-at, "-"
//     reversing; ties go by creation.
//   - Creating and deleting tokens is for those who manage teams (not a
//     team's own token, whatever allow-member-token-management says; 404);
//     reading is for whoever sees the team.
//   - The token endpoints, the organization token's too, and those of team
//     project access have no includes: an include is 400.

// A team's tokens are API tokens that act for the team (see auth.go). A
// team has any number of tokens with a description, unique within the
// team, and one legacy token without description, which each new legacy
// token replaces. Both kinds, and the organization token
// (organization_token.go), are answered as type authentication-tokens.

func (s *Server) registerTeamTokens(mux route.Mux) {
	s.handle(mux, "POST "+apiPrefix+"/teams/{id}/authentication-tokens", s.createTeamToken)
	s.handle(mux, "GET "+apiPrefix+"/authentication-tokens/{id}", s.readTeamToken)
	s.handle(mux, "DELETE "+apiPrefix+"/authentication-tokens/{id}", s.deleteTeamToken)
	s.handle(mux, "POST "+apiPrefix+"/teams/{id}/authentication-token", s.createLegacyTeamToken)
	s.handle(mux, "GET "+apiPrefix+"/teams/{id}/authentication-token", s.readLegacyTeamToken)
	s.handle(mux, "DELETE "+apiPrefix+"/teams/{id}/authentication-token", s.deleteLegacyTeamToken)
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}/team-tokens", s.listTeamTokens)
}

// issueTeamTokenLocked stores a new token of t, created by p. Without
// description (nil) it is the team's legacy token, and replaces the one it
// had.
func (s *Server) issueTeamTokenLocked(t *team, description *string, expiry *time.Time, by principal) *token {
	if description == nil {
		tokens.removeWhere(s, func(tok *token) bool { return tok.isLegacyTeamToken(t.ID) })
	}
	tok := s.issueTokenLocked(kindTeam, t.ID, t.Org)
	if description != nil {
		tok.Description, tok.Described = *description, true
	}
	tok.ExpiredAt = expiryOrDefault(expiry, tok.CreatedAt)
	tok.CreatedByKind, tok.CreatedBy = by.kind, by.id
	return tok
}

func (t *token) isTeamToken(teamID string) bool { return t.Kind == kindTeam && t.Subject == teamID }

func (t *token) isLegacyTeamToken(teamID string) bool { return t.isTeamToken(teamID) && !t.Described }

// tokenLifetimeYears is how long a token lives that is created without
// expired-at: the server gives it one, two years after its creation.
const tokenLifetimeYears = 2

// expiryOrDefault is the expiry a request gave, or the default one of a
// token created at created.
func expiryOrDefault(expiry *time.Time, created time.Time) *time.Time {
	if expiry != nil {
		return expiry
	}
	at := created.AddDate(tokenLifetimeYears, 0, 0)
	return &at
}

// expiryOf reads the expired-at of a token request: nil when null or
// absent (the server then gives the default), otherwise a time still to
// come.
func (s *Server) expiryOf(f fields) *time.Time {
	at, given := f.time("expired-at")
	if given && at != nil && !at.After(s.now()) {
		f.probs.add(f.at("expired-at"), "invalid expired-at %s: must be in the future", formatTime(*at))
	}
	return at
}

// tokenResource renders a team or organization token. The secret is
// there only in the answer that creates it. last-used-at is always null:
// the emulator does not record the use of tokens.
func (s *Server) tokenResource(tok *token, withSecret bool) resource {
	secret := any(nil)
	if withSecret {
		secret = tok.Secret
	}
	rels := map[string]any{"created-by": s.createdByLocked(tok)}
	if tok.Kind == kindTeam {
		rels["team"] = toOne("teams", tok.Subject)
	}
	return resource{
		Type: "authentication-tokens", ID: tok.ID,
		Attributes: map[string]any{
			"created-at":   formatTime(tok.CreatedAt),
			"last-used-at": nil,
			"description":  tok.description(),
			"token":        secret,
			"expired-at":   timeOrNull(tok.ExpiredAt),
		},
		Relationships: rels,
	}
}

// createdByLocked is the created-by relationship of a token: the user, the
// team or the organization whose token created it; null for a minted
// token.
func (s *Server) createdByLocked(tok *token) map[string]any {
	switch tok.CreatedByKind {
	case kindUser:
		return toOne("users", tok.CreatedBy)
	case kindTeam:
		return toOne("teams", tok.CreatedBy)
	case kindOrganization:
		if o := organizations.in(s)[tok.CreatedBy]; o != nil {
			return toOne("organizations", o.Name)
		}
	}
	return toOne("users", "")
}

// description is a token's description for an answer: null but for a
// described team token.
func (t *token) description() any {
	if !t.Described {
		return nil
	}
	return t.Description
}

// descriptionTaken is the platform's refusal of a described token whose
// description the team's other token has: a 422 of its own title, whose
// words clients match.
func descriptionTaken(pointer string) reply {
	return reply{status: http.StatusUnprocessableEntity, body: errorDocument{Errors: []apiError{{
		Status: strconv.Itoa(http.StatusUnprocessableEntity), Title: "invalid attributes",
		Detail: "Validation failed: Description has already been taken", Source: sourceOf(pointer),
	}}}}
}

func (s *Server) createTeamToken(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.managedTeamLocked, func(t *team, in *input) reply {
		f, probs := in.attrs, in.probs
		if raw, given := f.get("description"); !given || raw == nil {
			probs.add(f.at("description"), "description is required, empty or not: a team's tokens are told apart by it (POST /teams/:id/authentication-token makes the one without)")
		}
		description, _ := f.str("description")
		expiry := s.expiryOf(f)
		if len(*probs) > 0 {
			return probs.reply()
		}
		for _, other := range tokens.in(s) {
			if other.isTeamToken(t.ID) && other.Described && other.Description == description {
				return descriptionTaken(f.at("description"))
			}
		}
		return created(document{Data: s.tokenResource(s.issueTeamTokenLocked(t, &description, expiry, p), true)})
	})
}

// createLegacyTeamToken makes the team's legacy token, replacing the one
// it had. A description is not taken: the legacy token is the one without.
func (s *Server) createLegacyTeamToken(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.managedTeamLocked, func(t *team, in *input) reply {
		probs := in.probs
		expiry := s.expiryOf(in.attrs)
		if len(*probs) > 0 {
			return probs.reply()
		}
		return created(document{Data: s.tokenResource(s.issueTeamTokenLocked(t, nil, expiry, p), true)})
	})
}

// legacyTokenLocked returns the legacy token of the team the path names,
// seen by p (managed by p when manage is true), or the 404 of a team or a
// token that is not there.
func (s *Server) legacyTokenLocked(p principal, r *http.Request, manage bool) (*token, reply, bool) {
	find := s.visibleTeamLocked
	if manage {
		find = s.managedTeamLocked
	}
	t, rep, found := find(p, r.PathValue("id"))
	if !found {
		return nil, rep, false
	}
	for _, tok := range tokens.in(s) {
		if tok.isLegacyTeamToken(t.ID) {
			return tok, reply{}, true
		}
	}
	return nil, notFound("authentication token of team " + quote(t.ID)), false
}

func (s *Server) readLegacyTeamToken(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		if _, rep, valid := (includes{}).parse(r.URL.Query()); !valid {
			return rep
		}
		tok, rep, found := s.legacyTokenLocked(p, r, false)
		if !found {
			return rep
		}
		return ok(document{Data: s.tokenResource(tok, false)})
	})
}

func (s *Server) deleteLegacyTeamToken(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		tok, rep, found := s.legacyTokenLocked(p, r, true)
		if !found {
			return rep
		}
		tokens.remove(s, tok)
		return noContent()
	})
}

// teamTokenLocked returns the team token id when p sees its team (manages
// it when manage is true).
func (s *Server) teamTokenLocked(p principal, id string, manage bool) (*token, reply, bool) {
	for _, tok := range tokens.in(s) {
		if tok.ID != id || tok.Kind != kindTeam {
			continue
		}
		t := teams.in(s)[tok.Subject]
		if s.seesTeamLocked(p, t) && (!manage || s.managesTeamsLocked(p, organizations.in(s)[t.Org])) {
			return tok, reply{}, true
		}
		break
	}
	return nil, notFound("authentication token " + quote(id)), false
}

func (s *Server) readTeamToken(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		if _, rep, valid := (includes{}).parse(r.URL.Query()); !valid {
			return rep
		}
		tok, rep, found := s.teamTokenLocked(p, r.PathValue("id"), false)
		if !found {
			// The path is an agent pool's token's too (agent_token.go).
			if agent, isAgent := s.readAgentTokenLocked(p, r.PathValue("id")); isAgent {
				return agent
			}
			return rep
		}
		return ok(document{Data: s.tokenResource(tok, false)})
	})
}

func (s *Server) deleteTeamToken(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		tok, rep, found := s.teamTokenLocked(p, r.PathValue("id"), true)
		if !found {
			if agent, isAgent := s.deleteAgentTokenLocked(p, r.PathValue("id")); isAgent {
				return agent
			}
			return rep
		}
		tokens.remove(s, tok)
		return noContent()
	})
}

// listTeamTokens lists the tokens of the organization's teams that p
// sees, legacy ones included: q is a case-insensitive substring of the
// team's name; sort is expired-at (the default; tokens that never expire
// last), team-name, created-by or last-used-at (which no token has), "-"
// reversing; ties go by creation.
func (s *Server) listTeamTokens(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*token]{
		includes: noIncludes,
		sorts:    []string{"expired-at", "team-name", "created-by", "last-used-at"},
		render:   func(tok *token, _ []string) resource { return s.tokenResource(tok, false) },
	}.serveInOrg(s, w, r, p, func(o *organization, lq *listQuery) ([]*token, reply) {
		list := tokens.where(s, func(tok *token) bool {
			t := teams.in(s)[tok.Subject]
			return tok.Kind == kindTeam && tok.Organization == o.ExternalID && s.seesTeamLocked(p, t) && containsFold(t.Name, lq.Get("q"))
		})
		var by []func(a, b *token) int
		switch lq.sort {
		case "team-name":
			by = append(by, byFold(func(tok *token) string { return teams.in(s)[tok.Subject].Name }))
		case "created-by":
			by = append(by, byString(func(tok *token) string { return tok.CreatedBy }))
		case "expired-at", "":
			by = append(by, func(a, b *token) int {
				switch {
				case a.ExpiredAt == nil && b.ExpiredAt == nil:
					return 0
				case a.ExpiredAt == nil:
					return 1
				case b.ExpiredAt == nil:
					return -1
				}
				return a.ExpiredAt.Compare(*b.ExpiredAt)
			})
		}
		// A token's key in its table is its secret: ties go by ID.
		by = append(by, byTime(func(tok *token) time.Time { return tok.CreatedAt }), byString(func(tok *token) string { return tok.ID }))
		return tokens.order(list, lq.desc, by...), reply{}
	})
}

func init() { addRoutes((*Server).registerTeamTokens) }
