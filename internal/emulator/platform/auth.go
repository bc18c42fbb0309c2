package platform

import (
	"crypto/subtle"
	"net"
	"net/http"
	"slices"
	"strings"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// Kinds of principal a token acts for.
const (
	kindUser         = "user"
	kindTeam         = "team"
	kindOrganization = "organization"
	// kindAuditTrail is an organization's audit-trail token, which reads
	// the organization's audit trail only: none of the API's objects.
	kindAuditTrail = "audit-trail"
)

// rootUserID is the site administrator's user ID, the user of
// Options.Token.
const rootUserID = "user-Emu1atorRootUser"

// principal is who a request acts for: a user, a team, or an organization
// (through its organization token). Each has its own rate limit, whatever
// the number of its tokens.
type principal struct {
	kind  string
	id    string // the user's or the team's ID, or the organization's external ID
	org   string // team and organization tokens: the organization's external ID
	admin bool   // the site administrator, who sees every organization
	// ownersTeam is a token of an organization's owners team, which has
	// the owners' rights.
	ownersTeam bool
}

func (p principal) rateKey() string { return p.kind + ":" + p.id }

// sees reports whether p may see org and what is in it: the site
// administrator sees every organization, a user those it owns, a team or
// organization token its own organization. A user's token, the
// administrator's included, sees nothing of an organization whose
// user-tokens-enabled is false.
func (p principal) sees(org *organization) bool {
	switch {
	case p.kind == kindUser && !org.Settings["user-tokens-enabled"]:
		return false
	case p.admin:
		return true
	case p.kind == kindUser:
		return slices.Contains(org.Owners, p.id)
	default:
		return p.org == org.ExternalID
	}
}

// owns reports whether p has the owners' rights on org: changing and
// deleting it, and force-deleting any workspace. A team does not, but for
// the owners team.
func (p principal) owns(org *organization) bool {
	if !p.sees(org) {
		return false
	}
	return p.admin || p.kind == kindUser && slices.Contains(org.Owners, p.id) ||
		p.kind == kindOrganization && p.org == org.ExternalID ||
		p.kind == kindTeam && p.ownersTeam && p.org == org.ExternalID
}

// authenticate returns who the request's bearer token acts for, or why it
// is refused: missing, unknown or expired.
func (s *Server) authenticate(r *http.Request) (principal, string) {
	scheme, secret, _ := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	secret = strings.TrimSpace(secret)
	if !strings.EqualFold(scheme, "Bearer") || secret == "" {
		return principal{}, "missing token: send Authorization: Bearer <token>"
	}
	if s.opts.Token != "" && subtle.ConstantTimeCompare([]byte(secret), []byte(s.opts.Token)) == 1 {
		return principal{kind: kindUser, id: rootUserID, admin: true}, ""
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	t := tokens.in(s)[secret]
	if t == nil {
		return principal{}, "invalid token: the token is unknown or was revoked"
	}
	if t.ExpiredAt != nil && !s.now().Before(*t.ExpiredAt) {
		return principal{}, "invalid token: the token expired at " + formatTime(*t.ExpiredAt)
	}
	p := t.principal()
	if tm := teams.in(s)[t.Subject]; t.Kind == kindTeam && tm != nil {
		p.ownersTeam = tm.Owners
	}
	return p, ""
}

// handler serves a request whose token was accepted.
type handler func(w http.ResponseWriter, r *http.Request, p principal)

// handle registers h behind what every endpoint does: the edition headers,
// the token and the rate limit. The rate limit comes first, keyed by the
// token's principal, or by the client's address when the token is refused,
// so that a client retrying with a bad token is limited too; then a refused
// token is answered 401.
func (s *Server) handle(mux route.Mux, pattern string, h handler) {
	s.guard(mux, pattern, false, h)
}

// handlePublic registers h like handle, but a request without a token is
// served too (with the zero principal), limited by its address. A token
// that is given must be valid.
func (s *Server) handlePublic(mux route.Mux, pattern string, h handler) {
	s.guard(mux, pattern, true, h)
}

// guard registers h behind the headers, the token and the rate limit: a
// token is required unless public, where only one that is given is read.
func (s *Server) guard(mux route.Mux, pattern string, public bool, h handler) {
	mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		s.setHeaders(w)
		var p principal
		var refused string
		if !public || r.Header.Get("Authorization") != "" {
			p, refused = s.authenticate(r)
		}
		if !s.admit(w, rateKey(r, p, refused)) {
			return
		}
		if refused != "" {
			errorReply(http.StatusUnauthorized, refused).Send(w)
			return
		}
		h(w, r, p)
	})
}

// rateKey is the bucket of a request: its principal's, or its address's.
func rateKey(r *http.Request, p principal, refused string) string {
	if refused != "" || p.kind == "" {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			host = r.RemoteAddr
		}
		return "address:" + host
	}
	return p.rateKey()
}
