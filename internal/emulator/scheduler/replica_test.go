package scheduler_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
)

func TestIndex_growsWithEveryWrite(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	listIndex := func() uint64 {
		t.Helper()
		return a.do(http.MethodGet, "/v1/acl/auth-methods", "", nil).index(t)
	}
	if got := listIndex(); got != 1 {
		t.Fatalf("index before any write = %d, want 1", got)
	}
	m1 := a.mustCreate(oidc("one"))
	m2 := a.mustCreate(oidc("two"))
	if m1["CreateIndex"] != float64(2) || m1["ModifyIndex"] != float64(2) || m2["CreateIndex"] != float64(3) {
		t.Fatalf("indexes %v/%v and %v, want 2/2 and 3", m1["CreateIndex"], m1["ModifyIndex"], m2["CreateIndex"])
	}
	if got := a.create(oidc("three")).index(t); got != 4 {
		t.Fatalf("create answered %s = %d, want 4", scheduler.IndexHeader, got)
	}
	emutest.WantStatus(t, a.do(http.MethodDelete, "/v1/acl/auth-method/three", root, nil), http.StatusOK)
	updated := a.update("one", oidc("one"))
	if got := updated.index(t); got != 6 {
		t.Fatalf("update answered %s = %d, want 6", scheduler.IndexHeader, got)
	}
	upd := emutest.JSON(t, updated)
	if upd["ModifyIndex"] != float64(6) || upd["CreateIndex"] != float64(2) {
		t.Fatalf("after update %v/%v, want 2/6", upd["CreateIndex"], upd["ModifyIndex"])
	}
	if got := a.read("one").index(t); got != 6 {
		t.Fatalf("read %s = %d, want 6", scheduler.IndexHeader, got)
	}
	if got := a.do(http.MethodDelete, "/v1/acl/auth-method/two", root, nil).index(t); got != 7 {
		t.Fatalf("delete answered %s = %d, want 7", scheduler.IndexHeader, got)
	}
	if got := listIndex(); got != 7 {
		t.Fatalf("index after delete = %d, want 7", got)
	}
	if got := a.read("two").index(t); got != 7 {
		t.Fatalf("404 read %s = %d, want 7", scheduler.IndexHeader, got)
	}
	// Refused writes take no index.
	emutest.WantStatus(t, a.create(oidc("one")), http.StatusConflict)
	emutest.WantStatus(t, a.create(oidc("bad name")), http.StatusBadRequest)
	if got := a.mustCreate(oidc("four"))["CreateIndex"]; got != float64(8) {
		t.Fatalf("next CreateIndex = %v, want 8", got)
	}
}

func TestReplicaLag(t *testing.T) {
	const lag = 300 * time.Millisecond
	a := newAPI(t, scheduler.Options{ReplicaLag: lag})
	created := a.mustCreate(oidc("m"))
	if created["Name"] != "m" {
		t.Fatalf("create answers from the authoritative store at once: %v", created)
	}

	r := a.read("m")
	emutest.WantPlainError(t, r, http.StatusNotFound, `auth method "m" not found`)
	if got := r.index(t); got != 1 {
		t.Fatalf("lagging read %s = %d, want 1", scheduler.IndexHeader, got)
	}
	if got := a.list(); len(got) != 0 {
		t.Fatalf("lagging list = %v, want empty", got)
	}

	start := time.Now()
	r = a.do(http.MethodGet, "/v1/acl/auth-method/m?index=1&wait=5s", root, nil)
	emutest.WantStatus(t, r, http.StatusOK)
	if took := time.Since(start); took > lag+time.Second {
		t.Fatalf("blocking read took %v, want about the lag %v", took, lag)
	}
	if got := r.index(t); got != 2 || emutest.JSON(t, r)["ModifyIndex"] != float64(2) {
		t.Fatalf("blocking read index %d, body %v, want 2", got, r.Body)
	}

	// The update is answered at once; reads see the old version until the
	// replica applies it, and a blocking list wakes up for it.
	upd := a.update("m", withConfig(oidc("m"), "OIDCClientID", "new"))
	emutest.WantStatus(t, upd, http.StatusOK)
	if got := config(t, emutest.JSON(t, a.read("m")))["OIDCClientID"]; got != "Client-ID" {
		t.Fatalf("lagging read sees %v, want the old Client-ID", got)
	}
	r = a.do(http.MethodGet, "/v1/acl/auth-methods?index=2", "", nil)
	if got := r.index(t); got != 3 {
		t.Fatalf("blocking list %s = %d, want 3", scheduler.IndexHeader, got)
	}
	if got := config(t, emutest.JSON(t, a.read("m")))["OIDCClientID"]; got != "new" {
		t.Fatalf("read after the lag sees %v, want new", got)
	}
}

func TestBlockingQuery_waitEndsWithoutChange(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	a.mustCreate(oidc("m"))
	start := time.Now()
	r := a.do(http.MethodGet, "/v1/acl/auth-method/m?index=2&wait=150ms", root, nil)
	took := time.Since(start)
	emutest.WantStatus(t, r, http.StatusOK)
	if took < 150*time.Millisecond || took > 2*time.Second {
		t.Fatalf("blocking read returned after %v, want about 150ms", took)
	}
	if got := r.index(t); got != 2 {
		t.Fatalf("index %d, want 2", got)
	}
	// An index already passed answers at once.
	start = time.Now()
	emutest.WantStatus(t, a.do(http.MethodGet, "/v1/acl/auth-methods?index=1&wait=10s", "", nil), http.StatusOK)
	if took := time.Since(start); took > time.Second {
		t.Fatalf("non-blocking list took %v", took)
	}
}

func TestBlockingQuery_wakesOnWrite(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	const waiters = 50
	done := make(chan response, waiters)
	for range waiters {
		go func() { done <- a.do(http.MethodGet, "/v1/acl/auth-methods?index=1&wait=10s", "", nil) }()
	}
	time.Sleep(100 * time.Millisecond)
	a.mustCreate(oidc("m"))
	timeout := time.After(5 * time.Second)
	for range waiters {
		select {
		case r := <-done:
			if r.Status != http.StatusOK || r.Header.Get(scheduler.IndexHeader) != "2" {
				t.Fatalf("woken list: %d %s %q", r.Status, r.Header.Get(scheduler.IndexHeader), r.Body)
			}
		case <-timeout:
			t.Fatal("blocked lists did not wake up on the write")
		}
	}
}

func TestBlockingQuery_badParameters(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	emutest.WantPlainError(t, a.do(http.MethodGet, "/v1/acl/auth-methods?index=abc", "", nil), http.StatusBadRequest, `invalid index "abc"`)
	emutest.WantPlainError(t, a.do(http.MethodGet, "/v1/acl/auth-methods?index=1&wait=soon", "", nil), http.StatusBadRequest, `invalid wait "soon"`)
	emutest.WantPlainError(t, a.do(http.MethodGet, "/v1/acl/auth-method/m?index=-1", root, nil), http.StatusBadRequest, `invalid index "-1"`)
}
