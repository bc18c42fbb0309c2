package platform

import "time"

// SetClock makes s read the time from now: the rate limit's refills and
// token expiry become the test's to decide.
func SetClock(s *Server, now func() time.Time) { s.now = now }

// ExpireToken makes the token whose secret is given expire at at.
func ExpireToken(s *Server, secret string, at time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tokens.in(s)[secret].ExpiredAt = &at
}

// UserID returns the ID of the user named username, "" for none.
func UserID(s *Server, username string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u := s.userByNameLocked(username); u != nil {
		return u.ID
	}
	return ""
}

// TableKeys returns the key of every registered table in the state file,
// in the registry's order.
func TableKeys() []string {
	var out []string
	for _, t := range registry {
		out = append(out, t.stateKey())
	}
	return out
}
