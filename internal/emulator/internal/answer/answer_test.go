package answer_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/answer"
)

// probe is an answer that records whether the lock was free when it was
// sent.
type probe struct {
	mu       *sync.Mutex
	unlocked *bool
}

func (p probe) Send(w http.ResponseWriter) {
	if p.mu.TryLock() {
		*p.unlocked = true
		p.mu.Unlock()
	}
	w.WriteHeader(http.StatusNoContent)
}

// The answer is built under the lock and sent once it is released; a
// panic in f leaves the lock released.
func TestLocked(t *testing.T) {
	var mu sync.Mutex
	var held, unlocked bool
	rec := httptest.NewRecorder()
	answer.Locked(&mu, rec, func() probe {
		held = !mu.TryLock()
		return probe{mu: &mu, unlocked: &unlocked}
	})
	if !held || !unlocked || rec.Code != http.StatusNoContent {
		t.Errorf("held under f %v, free when sent %v, status %d", held, unlocked, rec.Code)
	}
	func() {
		defer func() { _ = recover() }()
		answer.Locked(&mu, rec, func() probe { panic("boom") })
	}()
	if !mu.TryLock() {
		t.Fatal("the lock is held after a panic in f")
	}
	mu.Unlock()
}

func TestReply_Send(t *testing.T) {
	rec := httptest.NewRecorder()
	answer.Reply{Status: http.StatusCreated, Header: http.Header{"Content-Type": {"application/json"}}, Body: []byte(`{}`)}.Send(rec)
	if rec.Code != http.StatusCreated || rec.Header().Get("Content-Type") != "application/json" || rec.Body.String() != `{}` {
		t.Errorf("sent %d %v %q", rec.Code, rec.Header(), rec.Body)
	}
}

func TestReadBody(t *testing.T) {
	for _, c := range []struct {
		body   string
		status int
	}{
		{"12345", 0},
		{"123456", http.StatusRequestEntityTooLarge},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(c.body))
		data, status, err := answer.ReadBody(rec, req, 5)
		if status != c.status || (err == nil) != (c.status == 0) || err == nil && string(data) != c.body {
			t.Errorf("ReadBody(%q) = %q, %d, %v; want status %d", c.body, data, status, err, c.status)
		}
	}
}
