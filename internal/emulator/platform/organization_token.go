package platform

import "net/http"

// An organization has at most one organization token (see auth.go): a new
// one replaces it, and the old one is refused from then on. Its endpoints
// are the owners': others are answered 404.

func (s *Server) registerOrganizationTokens(mux *http.ServeMux) {
	path := apiPrefix + "/organizations/{org}/authentication-token"
	s.handle(mux, "POST "+path, s.createOrganizationToken)
	s.handle(mux, "GET "+path, s.readOrganizationToken)
	s.handle(mux, "DELETE "+path, s.deleteOrganizationToken)
}

// tokenOrgLocked is ownedOrgLocked for the organization token's
// endpoints, which refuse ?token= naming another kind of organization-level
// token (audit trails), not emulated.
func (s *Server) tokenOrgLocked(p principal, r *http.Request) (*organization, reply, bool) {
	if kind := r.URL.Query().Get("token"); kind != "" {
		return nil, badParameter("token", "invalid token parameter %q: the emulator has only organization tokens, asked for without it", kind), false
	}
	return s.ownedOrgLocked(p, r.PathValue("org"))
}

func (s *Server) organizationTokenLocked(o *organization) *token {
	for _, tok := range s.tokens {
		if tok.Kind == kindOrganization && tok.Subject == o.ExternalID {
			return tok
		}
	}
	return nil
}

func (s *Server) createOrganizationToken(w http.ResponseWriter, r *http.Request, p principal) {
	obj, read := readObject(w, r)
	if !read {
		return
	}
	s.locked(w, func() reply {
		o, rep, found := s.tokenOrgLocked(p, r)
		if !found {
			return rep
		}
		var probs problems
		expiry := s.expiryOf(attributesOf(obj, &probs))
		if len(probs) > 0 {
			return probs.reply()
		}
		tok := s.issueOrganizationTokenLocked(o)
		tok.ExpiredAt = expiry
		tok.CreatedByKind, tok.CreatedBy = p.kind, p.id
		return created(document{Data: s.tokenResource(tok, true)})
	})
}

func (s *Server) readOrganizationToken(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		if _, rep, valid := (includes{}).parse(r.URL.Query()); !valid {
			return rep
		}
		o, rep, found := s.tokenOrgLocked(p, r)
		if !found {
			return rep
		}
		tok := s.organizationTokenLocked(o)
		if tok == nil {
			return notFound("organization token of " + quote(o.Name))
		}
		return ok(document{Data: s.tokenResource(tok, false)})
	})
}

func (s *Server) deleteOrganizationToken(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		o, rep, found := s.tokenOrgLocked(p, r)
		if !found {
			return rep
		}
		tok := s.organizationTokenLocked(o)
		if tok == nil {
			return notFound("organization token of " + quote(o.Name))
		}
		delete(s.tokens, tok.Secret)
		return noContent()
	})
}
