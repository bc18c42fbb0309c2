package scheduler

import (
	"crypto/rand"
	"fmt"
	"net/http"
)

// MintToken returns the secret ID of a new token. A token that is not a
// management token is refused on every endpoint that needs an ACL.
func (s *Server) MintToken(management bool) string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	id := fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
	s.mu.Lock()
	s.tokens[id] = management
	s.mu.Unlock()
	s.onChange()
	return id
}

func (s *Server) isManagement(secret string) bool {
	if secret == "" {
		return false
	}
	if secret == s.opts.ManagementToken {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tokens[secret]
}

// authorize answers 403 unless the request carries a management token.
func (s *Server) authorize(w http.ResponseWriter, r *http.Request) bool {
	if s.isManagement(r.Header.Get(TokenHeader)) {
		return true
	}
	errorReply(http.StatusForbidden, "Permission denied").Send(w)
	return false
}
