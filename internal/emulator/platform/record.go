package platform

import (
	"encoding/json"
	"net/http"
	"time"
)

// The emulator never sends a request anywhere: what the platform would
// send (a notification's delivery, a run task's verification) it records
// in a table of its own instead, which its admin API lists.

// recordsJSON returns, as JSON, the records of t that keep picks, oldest
// first by at, their IDs breaking ties: [] when there are none.
func recordsJSON[T any](s *Server, t *table[T], keep func(*T) bool, at func(*T) time.Time) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	list := t.order(t.where(s, keep), false, byTime(at))
	if list == nil {
		list = []*T{}
	}
	data, err := json.Marshal(list)
	if err != nil {
		panic(err) // not reached: records are strings, maps of them and times
	}
	return data
}

// serveRecords answers an admin route's list of records, as JSON.
func serveRecords(w http.ResponseWriter, data []byte) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(data)
}
