package platform

import (
	"net/http"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Organization token
//
// An organization has at most one organization token (see auth.go) and at
// most one audit-trail token (?token=audit-trails on the same endpoints):
// a new one of a kind replaces that kind's, and the old one is refused from
// then on. The endpoints are the owners': others are answered 404.
//
//   - POST /organizations/:org/authentication-token makes the
//     organization's one organization token and replaces the one it had,
//     which is 401 from then on; expired-at as for team tokens. GET reads
//     it (without the secret) and DELETE deletes it, both 404 when there is
//     none. Answers are those of team tokens without the team relationship.
//   - These endpoints are the owners' (the organization token included):
//     others are answered 404. ?token=audit-trails names the
//     organization's audit-trail token instead, a singleton beside the
//     organization token with the same answers: created, read and deleted
//     alone, replaced by a new one of its kind, expired-at defaulting as
//     the others' (the API's documents say it never expires, the incumbent
//     provider 24 months). It needs a plan with audit-logging (404
//     otherwise), and as a bearer token it sees no object of the API.
//     Another ?token= is 400 naming the parameter token.

// auditTrailsTokenParameter is the ?token= value that names the audit-trail
// token.
const auditTrailsTokenParameter = "audit-trails"

func (s *Server) registerOrganizationTokens(mux route.Mux) {
	path := apiPrefix + "/organizations/{org}/authentication-token"
	s.handle(mux, "POST "+path, s.createOrganizationToken)
	s.handle(mux, "GET "+path, s.readOrganizationToken)
	s.handle(mux, "DELETE "+path, s.deleteOrganizationToken)
}

// tokenOrgLocked is ownedOrgLocked for the organization token's endpoints,
// with the kind of token the request names: ?token=audit-trails the
// audit-trail token, which needs the audit-logging entitlement (404
// without), and no ?token= the organization token. Another value is 400.
func (s *Server) tokenOrgLocked(p principal, r *http.Request) (*organization, string, reply, bool) {
	kind := kindOrganization
	switch param := r.URL.Query().Get("token"); param {
	case "":
	case auditTrailsTokenParameter:
		kind = kindAuditTrail
	default:
		return nil, "", badParameter("token", "invalid token parameter %q: must be %s, or absent for the organization token", param, auditTrailsTokenParameter), false
	}
	o, rep, found := s.ownedOrgLocked(p, r.PathValue("org"))
	if !found {
		return nil, "", rep, false
	}
	if kind == kindAuditTrail && !planOf(o).entitled("audit-logging") {
		return nil, "", notFound("audit trails of organization " + quote(o.Name) + ": its plan is not entitled to audit logging"), false
	}
	return o, kind, reply{}, true
}

// orgTokenLocked returns o's token of the kind, nil when it has none.
func (s *Server) orgTokenLocked(o *organization, kind string) *token {
	for _, tok := range tokens.in(s) {
		if tok.Kind == kind && tok.Subject == o.ExternalID {
			return tok
		}
	}
	return nil
}

// namedOrgTokenLocked returns the token that the request names (see
// tokenOrgLocked), or the answer that refuses it: 404 when the
// organization has none of the kind.
func (s *Server) namedOrgTokenLocked(p principal, r *http.Request) (*token, reply, bool) {
	o, kind, rep, found := s.tokenOrgLocked(p, r)
	if !found {
		return nil, rep, false
	}
	tok := s.orgTokenLocked(o, kind)
	if tok == nil {
		return nil, notFound(orgTokenNoun(kind) + " of " + quote(o.Name)), false
	}
	return tok, reply{}, true
}

// orgTokenNoun names a kind of organization-level token in messages.
func orgTokenNoun(kind string) string {
	if kind == kindAuditTrail {
		return "audit trail token"
	}
	return "organization token"
}

func (s *Server) createOrganizationToken(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		o, kind, rep, found := s.tokenOrgLocked(p, r)
		if !found {
			return rep
		}
		probs := in.probs
		expiry := s.expiryOf(in.attrs)
		if len(*probs) > 0 {
			return probs.reply()
		}
		var tok *token
		if kind == kindAuditTrail {
			tokens.removeWhere(s, func(t *token) bool { return t.Kind == kindAuditTrail && t.Subject == o.ExternalID })
			tok = s.issueTokenLocked(kindAuditTrail, o.ExternalID, o.ExternalID)
		} else {
			tok = s.issueOrganizationTokenLocked(o)
		}
		tok.ExpiredAt = expiryOrDefault(expiry, tok.CreatedAt)
		tok.CreatedByKind, tok.CreatedBy = p.kind, p.id
		return created(document{Data: s.tokenResource(tok, true)})
	})
}

func (s *Server) readOrganizationToken(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		if _, rep, valid := (includes{}).parse(r.URL.Query()); !valid {
			return rep
		}
		tok, rep, found := s.namedOrgTokenLocked(p, r)
		if !found {
			return rep
		}
		return ok(document{Data: s.tokenResource(tok, false)})
	})
}

func (s *Server) deleteOrganizationToken(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		tok, rep, found := s.namedOrgTokenLocked(p, r)
		if !found {
			return rep
		}
		tokens.remove(s, tok)
		return noContent()
	})
}

func init() { addRoutes((*Server).registerOrganizationTokens) }
