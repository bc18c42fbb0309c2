package platform

import (
	"errors"
	"fmt"
	"regexp"
)

// prefixUser begins the IDs of this file's objects.
const prefixUser = "user"

// user is a person of the platform; minted user tokens create them.
type user struct {
	ID       string `json:"id"`
	Username string `json:"username"`
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

func (s *Server) userByNameLocked(username string) *user {
	for _, u := range users.in(s) {
		if u.Username == username {
			return u
		}
	}
	return nil
}

// users are the platform's people, by ID.
var users = &table[user]{key: "users", noun: "user", id: func(u *user) string { return u.ID }}

func init() {
	users.check = func(_ *store, u *user) error {
		if !isID(prefixUser, u.ID) || !validUsername.MatchString(u.Username) {
			return errors.New("no valid ID and username")
		}
		return nil
	}
	register(users)
}
