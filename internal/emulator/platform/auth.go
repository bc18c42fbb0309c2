package platform

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"
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

// user is a person of the platform; minted user tokens create them.
type user struct {
	ID       string `json:"id"`
	Username string `json:"username"`
}

// token is an API token and what it acts for.
type token struct {
	ID     string `json:"id"`
	Secret string `json:"secret"`
	// Kind is kindUser, kindTeam or kindOrganization, and Subject the ID
	// of the user or the team, or the organization's external ID.
	Kind    string `json:"kind"`
	Subject string `json:"subject"`
	// Organization is the external ID of a team's or an organization
	// token's organization.
	Organization string     `json:"organization,omitempty"`
	Description  string     `json:"description,omitempty"`
	CreatedAt    time.Time  `json:"created-at"`
	ExpiredAt    *time.Time `json:"expired-at,omitempty"`
	// CreatedByKind and CreatedBy are the principal that created the
	// token through the API (empty for a minted one): its kind and ID.
	CreatedByKind string `json:"created-by-kind,omitempty"`
	CreatedBy     string `json:"created-by,omitempty"`
}

func (t *token) principal() principal {
	if t.Kind == kindAuditTrail {
		// It sees no organization: its organization's audit trail is
		// not emulated.
		return principal{kind: t.Kind, id: t.Subject}
	}
	return principal{kind: t.Kind, id: t.Subject, org: t.Organization}
}

// newSecret returns a token secret in the API's shape: 14 characters,
// ".atlasv1.", 67 characters.
func newSecret() string {
	return randomBase58(14) + ".atlasv1." + randomBase58(67)
}

// issueTokenLocked stores a new token acting for kind and subject.
func (s *Server) issueTokenLocked(kind, subject, org string) *token {
	t := &token{
		ID: newID(prefixToken), Secret: newSecret(),
		Kind: kind, Subject: subject, Organization: org,
		CreatedAt: s.now().UTC(),
	}
	tokens.in(s)[t.Secret] = t
	return t
}

var validUsername = regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}$`)

// MintUserToken returns a new token of the user named username, who is
// created on first use. Every token of one user shares that user's rate
// limit. A new user sees only the organizations it creates.
func (s *Server) MintUserToken(username string) (string, error) {
	if !validUsername.MatchString(username) {
		return "", fmt.Errorf("username %q: must be 1 to 40 letters, numbers, - or _", username)
	}
	var secret string
	err := s.change(func() error {
		u := s.userByNameLocked(username)
		if u == nil {
			u = &user{ID: newID(prefixUser), Username: username}
			users.in(s)[u.ID] = u
		}
		secret = s.issueTokenLocked(kindUser, u.ID, "").Secret
		return nil
	})
	return secret, err
}

// MintOrganizationToken returns a new organization token of the
// organization named org. An organization has one: the new token replaces
// the one it had, which stops working.
func (s *Server) MintOrganizationToken(org string) (string, error) {
	var secret string
	err := s.change(func() error {
		o := s.orgByNameLocked(org)
		if o == nil {
			return fmt.Errorf("organization %q: no such organization", org)
		}
		secret = s.issueOrganizationTokenLocked(o).Secret
		return nil
	})
	return secret, err
}

// issueOrganizationTokenLocked replaces org's organization token by a new
// one.
func (s *Server) issueOrganizationTokenLocked(org *organization) *token {
	tokens.removeWhere(s, func(t *token) bool {
		return t.Kind == kindOrganization && t.Subject == org.ExternalID
	})
	tok := s.issueTokenLocked(kindOrganization, org.ExternalID, org.ExternalID)
	tok.ExpiredAt = expiryOrDefault(nil, tok.CreatedAt)
	return tok
}

// MintTeamToken returns a new token of the team teamID ("team-" and 16
// base58 characters) of the organization named org, a team created
// before. The team acts with its own rate limit, sees everything in its
// organization and manages its projects and workspaces, but has none of
// the owners' rights. The token is the team's legacy token (the one
// without description), which replaces the one it had, as POST
// /teams/:id/authentication-token does.
func (s *Server) MintTeamToken(org, teamID string) (string, error) {
	if !isID(prefixTeam, teamID) {
		return "", fmt.Errorf("team ID %q: must be team- and 16 base58 characters", teamID)
	}
	var secret string
	err := s.change(func() error {
		o := s.orgByNameLocked(org)
		if o == nil {
			return fmt.Errorf("organization %q: no such organization", org)
		}
		t := teams.in(s)[teamID]
		if t == nil || t.Org != o.ExternalID {
			return fmt.Errorf("team %q: no such team in organization %q", teamID, org)
		}
		secret = s.issueTeamTokenLocked(t, "", nil, principal{}).Secret
		return nil
	})
	return secret, err
}

func (s *Server) userByNameLocked(username string) *user {
	for _, u := range users.in(s) {
		if u.Username == username {
			return u
		}
	}
	return nil
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
func (s *Server) handle(mux *http.ServeMux, pattern string, h handler) {
	mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		s.setHeaders(w)
		p, refused := s.authenticate(r)
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

// handlePublic registers h like handle, but a request without a token is
// served too (with the zero principal), limited by its address. A token
// that is given must be valid.
func (s *Server) handlePublic(mux *http.ServeMux, pattern string, h handler) {
	mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		s.setHeaders(w)
		var p principal
		var refused string
		if r.Header.Get("Authorization") != "" {
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

func (st *store) checkToken(t *token) error {
	if t == nil || !isID(prefixToken, t.ID) || t.Secret == "" {
		return errors.New("no valid ID and secret")
	}
	switch t.Kind {
	case kindUser:
		if users.in(st)[t.Subject] == nil {
			return fmt.Errorf("user %q is not in the file", t.Subject)
		}
		return nil
	case kindTeam:
		if team := teams.in(st)[t.Subject]; team == nil || team.Org != t.Organization {
			return fmt.Errorf("team %q is not a team of organization %q in the file", t.Subject, t.Organization)
		}
	case kindOrganization, kindAuditTrail:
		if t.Subject != t.Organization {
			return fmt.Errorf("%s token of %q for organization %q", t.Kind, t.Subject, t.Organization)
		}
	default:
		return fmt.Errorf("kind %q: must be %s, %s, %s or %s", t.Kind, kindUser, kindTeam, kindOrganization, kindAuditTrail)
	}
	if organizations.in(st)[t.Organization] == nil {
		return fmt.Errorf("organization %q is not in the file", t.Organization)
	}
	return nil
}

// users are the platform's people; tokens its API tokens, by secret.
var (
	users  = &table[user]{key: "users", noun: "user", id: func(u *user) string { return u.ID }}
	tokens = &table[token]{key: "tokens", noun: "token", id: func(t *token) string { return t.Secret }}
)

func init() {
	users.check = func(_ *store, u *user) error {
		if !isID(prefixUser, u.ID) || !validUsername.MatchString(u.Username) {
			return errors.New("no valid ID and username")
		}
		return nil
	}
	register(users)
	tokens.check = (*store).checkToken
	tokens.needs = []anyTable{users, organizations, teams}
	// An organization's delete deletes its team, organization and audit
	// trail tokens; a team's its tokens.
	tokens.onDelete = func(st *store, gone anyTable, id string) {
		switch gone {
		case organizations:
			tokens.removeWhere(st, func(t *token) bool { return t.Kind != kindUser && t.Organization == id })
		case teams:
			tokens.removeWhere(st, func(t *token) bool { return t.Kind == kindTeam && t.Subject == id })
		}
	}
	register(tokens)
}
