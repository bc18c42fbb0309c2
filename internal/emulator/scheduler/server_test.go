package scheduler_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
)

func TestReset(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	a.mustCreate(oidc("m"))
	minted := a.server.MintToken(true)
	before := a.do(http.MethodGet, "/v1/acl/auth-methods", "", nil).index(t)

	a.server.Reset()
	r := a.do(http.MethodGet, "/v1/acl/auth-methods", "", nil)
	if strings.TrimSpace(r.Body) != "[]" {
		t.Errorf("list after reset = %s", r.Body)
	}
	if got := r.index(t); got <= before {
		t.Errorf("index after reset %d, want more than %d", got, before)
	}
	emutest.WantPlainError(t, a.do(http.MethodGet, "/v1/acl/auth-method/m", minted, nil), http.StatusForbidden)
	a.mustCreate(oidc("m"))
}

func TestState_roundTrip(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	a.mustCreate(withConfig(oidc("m"), "ExpirationLeeway", "5s", "ClaimMappings", map[string]any{"n": 1}))
	a.mustCreate(jwt("j"))
	client := a.server.MintToken(false)
	mgmt := a.server.MintToken(true)
	data, err := a.server.MarshalState()
	if err != nil {
		t.Fatal(err)
	}

	b := newAPI(t, scheduler.Options{})
	if err := b.server.UnmarshalState(data); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"m", "j"} {
		if want, got := a.read(name).Body, b.read(name).Body; got != want {
			t.Errorf("%s after load = %s, want %s", name, got, want)
		}
	}
	emutest.WantStatus(t, b.do(http.MethodGet, "/v1/acl/auth-method/m", mgmt, nil), http.StatusOK)
	emutest.WantPlainError(t, b.do(http.MethodGet, "/v1/acl/auth-method/m", client, nil), http.StatusForbidden)
	if got := b.mustCreate(oidc("next"))["CreateIndex"]; got != float64(4) {
		t.Errorf("CreateIndex after load = %v, want 4: the index goes on", got)
	}

	if err := b.server.UnmarshalState([]byte(`{"AuthMethods":[{"Name":"bad name"}]}`)); err == nil {
		t.Error("state with an invalid name loaded")
	}
	if err := b.server.UnmarshalState([]byte(`not json`)); err == nil {
		t.Error("invalid JSON loaded")
	}
	if got := len(b.list()); got != 3 {
		t.Errorf("a failed load changed the store: %d methods, want 3", got)
	}
}

func TestConcurrentUse(t *testing.T) {
	a := newAPI(t, scheduler.Options{ReplicaLag: 5 * time.Millisecond})
	const n = 40
	errs := make(chan error, 3*n)
	for i := range n {
		go func() {
			name := fmt.Sprintf("m-%d", i)
			if r := a.create(oidc(name)); r.Status != http.StatusOK {
				errs <- fmt.Errorf("create %s: %d %s", name, r.Status, r.Body)
				return
			}
			r := a.do(http.MethodGet, "/v1/acl/auth-method/"+name+"?index=1&wait=5s", root, nil)
			if r.Status != http.StatusOK && r.Status != http.StatusNotFound {
				errs <- fmt.Errorf("read %s: %d %s", name, r.Status, r.Body)
				return
			}
			if r := a.update(name, oidc(name)); r.Status != http.StatusOK {
				errs <- fmt.Errorf("update %s: %d %s", name, r.Status, r.Body)
				return
			}
			errs <- nil
		}()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	r := a.do(http.MethodGet, fmt.Sprintf("/v1/acl/auth-methods?index=%d&wait=5s", 2*n), "", nil)
	if got := r.index(t); got != 2*n+1 {
		t.Fatalf("index %d after %d writes, want %d", got, 2*n, 2*n+1)
	}
	if got := len(a.list()); got != n {
		t.Fatalf("%d methods, want %d", got, n)
	}
}
