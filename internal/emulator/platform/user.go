package platform

import (
	"crypto/md5" //nolint:gosec // an avatar's address, as the platform's, is the MD5 of the email: no secret
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Users and the current account
//
//   - A user (type users, ID "user-...") has a username (null while an
//     invited person has not signed up: see organization_membership.go) and
//     an email. Minted users get username@example.com; the site
//     administrator (Options.Token) is the user "admin", admin@example.com,
//     stored once it is first used.
//   - GET /users/:id answers username, email (the API's documents say
//     others see a name and a picture only, yet memberships include their
//     users with the email, and clients match on it), avatar-url,
//     is-service-account, auth-method "tfc", v2-only false and permissions,
//     to the user itself, to whoever sees an organization it is a member of,
//     and to the administrator; others are 404, as for an unknown ID.
//   - GET /account/details answers the token's own account: the user's
//     attributes with unconfirmed-email, is-admin (and the deprecated
//     is-site-admin; true for the administrator), is-sso-login false,
//     two-factor {enabled, verified} (both false) and the relationship
//     authenticated-resource, what the token acts for: the user, or a team
//     token's team. A team token's account is its service account; an
//     organization token has none (404). PATCH /account/update
//     changes username (unique: 422) and email, which waits as
//     unconfirmed-email (the emulator sends no confirmation; giving the
//     current email back drops it).
//   - A team that has a token has a service account, the synthetic user its
//     tokens act as: is-service-account true, username "api-team_" and the
//     team ID's characters, ID "user-" and the same; it is listed among the
//     team's users and read at /users/:id, and is no member of anything.

// prefixUser begins the IDs of this file's objects.
const prefixUser = "user"

// user is a person of the platform. Minted user tokens create users with a
// username; an invitation to an organization creates one with an email
// only, until the invitation is accepted (see organization_membership.go).
type user struct {
	ID string `json:"id"`
	// Username is empty until an invited person signs up.
	Username string `json:"username,omitempty"`
	Email    string `json:"email,omitempty"`
	// UnconfirmedEmail is an email change not confirmed yet: the
	// emulator sends no confirmation, so it stays until the next change.
	UnconfirmedEmail string `json:"unconfirmed-email,omitempty"`
}

// Site administrator's account, which Options.Token acts for: it is stored
// as the others once it creates an organization or is read.
const (
	rootUsername = "admin"
	rootEmail    = "admin@example.com"
)

// prefixServiceAccount begins the username of a team's service account:
// the synthetic user a team's tokens act as, "api-team_" and the team ID's
// characters.
const prefixServiceAccount = "api-team_"

var validUsername = regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}$`)

// MintUserToken returns a new token of the user named username, who is
// created on first use, with the email username@example.com. Every token
// of one user shares that user's rate limit. A new user sees only the
// organizations it creates.
func (s *Server) MintUserToken(username string) (string, error) {
	if !validUsername.MatchString(username) {
		return "", fmt.Errorf("username %q: must be 1 to 40 letters, numbers, - or _", username)
	}
	var secret string
	err := s.change(func() error {
		u, err := s.userNamedOrNewLocked(username)
		if err != nil {
			return err
		}
		secret = s.issueTokenLocked(kindUser, u.ID, "").Secret
		return nil
	})
	return secret, err
}

// userNamedOrNewLocked returns the user named username, created with the
// email username@example.com when there is none.
func (s *Server) userNamedOrNewLocked(username string) (*user, error) {
	if strings.HasPrefix(username, prefixServiceAccount) {
		return nil, fmt.Errorf("username %q: %s begins the names of teams' service accounts", username, prefixServiceAccount)
	}
	if u := s.userByNameLocked(username); u != nil {
		if u.ID == rootUserID {
			return nil, fmt.Errorf("username %q is the site administrator's: use Options.Token", username)
		}
		return u, nil
	}
	u := &user{ID: newID(prefixUser), Username: username, Email: strings.ToLower(username) + "@example.com"}
	users.in(s)[u.ID] = u
	return u, nil
}

func (s *Server) userByNameLocked(username string) *user {
	for _, u := range users.in(s) {
		if u.Username == username {
			return u
		}
	}
	if s.opts.Token != "" && users.in(s)[rootUserID] == nil && username == rootUsername {
		return s.rootUserLocked()
	}
	return nil
}

// userByEmailLocked returns the user whose email is email, in any case.
func (s *Server) userByEmailLocked(email string) *user {
	for _, u := range users.in(s) {
		if strings.EqualFold(u.Email, email) {
			return u
		}
	}
	return nil
}

// rootUserLocked returns the site administrator's user, stored on first
// use.
func (s *Server) rootUserLocked() *user {
	u := users.in(s)[rootUserID]
	if u == nil {
		u = &user{ID: rootUserID, Username: rootUsername, Email: rootEmail}
		users.in(s)[u.ID] = u
	}
	return u
}

// userOfLocked returns the user a user token acts for; nil for another
// principal.
func (s *Server) userOfLocked(p principal) *user {
	switch {
	case p.kind != kindUser:
		return nil
	case p.admin:
		return s.rootUserLocked()
	}
	return users.in(s)[p.id]
}

// serviceAccount is the synthetic user of a team that has a token: what
// its tokens act as, listed among the team's users as on the platform.
func serviceAccount(t *team) *user {
	suffix := strings.TrimPrefix(t.ID, prefixTeam+"-")
	return &user{ID: prefixUser + "-" + suffix, Username: prefixServiceAccount + suffix}
}

func (u *user) isServiceAccount() bool { return strings.HasPrefix(u.Username, prefixServiceAccount) }

// teamOfServiceAccountLocked returns the team whose service account has
// the ID id, when the team has a token.
func (s *Server) teamOfServiceAccountLocked(id string) *team {
	t := teams.in(s)[prefixTeam+"-"+strings.TrimPrefix(id, prefixUser+"-")]
	if t == nil || !s.teamHasTokenLocked(t) {
		return nil
	}
	return t
}

func (s *Server) teamHasTokenLocked(t *team) bool {
	for _, tok := range tokens.in(s) {
		if tok.isTeamToken(t.ID) {
			return true
		}
	}
	return false
}

// avatarURL is the address of a user's picture: the platform's, by the
// email's digest, or a default one.
func (u *user) avatarURL() string {
	sum := md5.Sum([]byte(strings.ToLower(strings.TrimSpace(u.Email)))) //nolint:gosec // see the import
	return "https://www.gravatar.com/avatar/" + hex.EncodeToString(sum[:]) + "?s=100&d=mm"
}

// resource renders u as GET /users/:id answers it. The email is there too:
// the API's documents say others see a name and a picture only, yet
// memberships include their users with it, and clients match on it.
func (u *user) resource() resource {
	service := u.isServiceAccount()
	self := !service
	return resource{
		Type: "users", ID: u.ID,
		Attributes: map[string]any{
			"username":           stringOrNull(u.Username),
			"email":              stringOrNull(u.Email),
			"avatar-url":         u.avatarURL(),
			"is-service-account": service,
			"auth-method":        "tfc",
			"v2-only":            false,
			"permissions": map[string]bool{
				"can-create-organizations": self,
				"can-change-email":         self,
				"can-change-username":      self,
				"can-manage-user-tokens":   self,
				"can-view2fa-settings":     self,
				"can-manage-hcp-account":   false,
			},
		},
		Relationships: map[string]any{
			"authentication-tokens": related(apiPrefix + "/users/" + u.ID + "/authentication-tokens"),
		},
		Links: map[string]string{"self": apiPrefix + "/users/" + u.ID},
	}
}

// accountResource renders p's own account, GET /account/details: the
// user's resource with what only its owner sees.
func (s *Server) accountResource(u *user, p principal) resource {
	res := u.resource()
	res.Attributes["unconfirmed-email"] = stringOrNull(u.UnconfirmedEmail)
	res.Attributes["is-admin"] = p.admin
	res.Attributes["is-site-admin"] = p.admin
	res.Attributes["is-sso-login"] = false
	res.Attributes["two-factor"] = map[string]bool{"enabled": false, "verified": false}
	res.Relationships["authenticated-resource"] = toOne("users", u.ID)
	if p.kind == kindTeam {
		res.Relationships["authenticated-resource"] = toOne("teams", p.id)
	}
	return res
}

func (s *Server) registerUsers(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/users/{id}", s.readUser)
	s.handle(mux, "GET "+apiPrefix+"/account/details", s.readAccount)
	s.handle(mux, "PATCH "+apiPrefix+"/account/update", s.updateAccount)
}

// seesUserLocked reports whether p may read u: its own user, the users
// with a membership in an organization p sees, the service accounts of
// the teams p sees; the site administrator every user.
func (s *Server) seesUserLocked(p principal, u *user) bool {
	if p.admin || p.kind == kindUser && p.id == u.ID {
		return true
	}
	for _, m := range organizationMemberships.in(s) {
		if m.User == u.ID && p.sees(organizations.in(s)[m.Org]) {
			return true
		}
	}
	return false
}

// visibleUserLocked returns the user id when p may see it, or the 404 of
// a missing and a hidden user alike.
func (s *Server) visibleUserLocked(p principal, id string) (*user, reply, bool) {
	if t := s.teamOfServiceAccountLocked(id); t != nil && s.seesTeamLocked(p, t) {
		return serviceAccount(t), reply{}, true
	}
	if id == rootUserID && p.admin {
		return s.rootUserLocked(), reply{}, true
	}
	return users.find(s, p, id, func(u *user) bool { return s.seesUserLocked(p, u) })
}

func (s *Server) readUser(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, noIncludes, s.visibleUserLocked, func(u *user, _ []string) resource { return u.resource() })
}

// accountOfLocked returns the user p acts as: a user token's user, a team
// token's service account; an organization token has none (404).
func (s *Server) accountOfLocked(p principal) (*user, reply, bool) {
	if u := s.userOfLocked(p); u != nil {
		return u, reply{}, true
	}
	if t := s.teamOfLocked(p); t != nil {
		return serviceAccount(t), reply{}, true
	}
	return nil, notFound("account"), false
}

func (s *Server) readAccount(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		if _, rep, valid := noIncludes().parse(r.URL.Query()); !valid {
			return rep
		}
		u, rep, found := s.accountOfLocked(p)
		if !found {
			return rep
		}
		return ok(document{Data: s.accountResource(u, p)})
	})
}

// updateAccount changes the username and the email of a user token's own
// account. A new email waits as unconfirmed-email (the emulator sends no
// confirmation); giving the current email back drops the waiting one.
func (s *Server) updateAccount(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		cur := s.userOfLocked(p)
		if cur == nil {
			return notFound("account")
		}
		f, probs := in.attrs, in.probs
		next := *cur
		if name, given := f.str("username"); given {
			if !validUsername.MatchString(name) || strings.HasPrefix(name, prefixServiceAccount) {
				probs.add(f.at("username"), "invalid username %q: must be 1 to 40 letters, numbers, - or _", name)
			} else if taken := s.userByNameLocked(name); taken != nil && taken != cur {
				probs.add(f.at("username"), "username %q has already been taken", name)
			}
			next.Username = name
		}
		if email, given := f.str("email"); given {
			switch {
			case !validEmail.MatchString(email):
				probs.add(f.at("email"), "invalid email %q: must be an email address", email)
			case strings.EqualFold(email, cur.Email):
				next.UnconfirmedEmail = ""
			default:
				next.UnconfirmedEmail = email
			}
		}
		if len(*probs) > 0 {
			return probs.reply()
		}
		*cur = next
		return ok(document{Data: s.accountResource(cur, p)})
	})
}

// checkUser refuses a user of the state file that no request could have
// stored: a user has a username, or an email while invited.
func (st *store) checkUser(u *user) error {
	if !isID(prefixUser, u.ID) {
		return errors.New("no valid ID")
	}
	if u.Username == "" && !validEmail.MatchString(u.Email) || u.Username != "" && !validUsername.MatchString(u.Username) {
		return errors.New("no valid username, nor the email of an invitation")
	}
	return nil
}

// users are the platform's people, by ID.
var users = &table[user]{key: "users", noun: "user", id: func(u *user) string { return u.ID }}

func init() {
	users.check = (*store).checkUser
	// An invited person's record, without a username, goes with its last
	// membership.
	users.onDelete = func(st *store, gone anyTable, _ string) {
		if gone != organizationMemberships {
			return
		}
		users.removeWhere(st, func(u *user) bool {
			if u.Username != "" {
				return false
			}
			for _, m := range organizationMemberships.in(st) {
				if m.User == u.ID {
					return false
				}
			}
			return true
		})
	}
	register(users)
	addRoutes((*Server).registerUsers)
}
