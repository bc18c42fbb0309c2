package platform

import "time"

// SetClock makes s read the time from now: the rate limit's refills and
// token expiry become the test's to decide.
func SetClock(s *Server, now func() time.Time) { s.now = now }
