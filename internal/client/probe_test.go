package client

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// probedServer answers the probe's path with probe, and every other path
// with 200 {}; it records the paths requested.
func probedServer(t *testing.T, probe http.HandlerFunc) (*httptest.Server, func() []string) {
	t.Helper()
	var mu sync.Mutex
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		paths = append(paths, r.URL.Path)
		mu.Unlock()
		if strings.HasSuffix(r.URL.Path, "/v1/health") {
			probe(w, r)
			return
		}
		_, _ = w.Write([]byte("{}"))
	}))
	t.Cleanup(srv.Close)
	return srv, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), paths...)
	}
}

func withProbe(c *Config) {
	c.Service, c.Setting, c.ExampleURL = "widget service", "widget.address", "https://widgets.example.com"
	c.Probe = &Probe{Method: http.MethodGet, Path: "/v1/health", Check: CheckAnswer}
}

func TestProbe_sentOnceBeforeTheFirstRequest(t *testing.T) {
	srv, paths := probedServer(t, func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	c := newTestClient(t, srv.URL, withProbe)
	for range 2 {
		if _, err := c.Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := strings.Join(paths(), " "), "/v1/health /v1/x /v1/x"; got != want {
		t.Errorf("requested %s, want %s", got, want)
	}
}

// A probe answered 404 (a path prefix too many, another server) fails every
// request, with an error that is no 404: nothing may read it as an object
// that is gone.
func TestProbe_wrongAddressFailsEveryRequestWithoutA404(t *testing.T) {
	srv, paths := probedServer(t, http.NotFound)
	c := newTestClient(t, srv.URL+"/prefix", withProbe)
	want := "GET " + srv.URL + "/prefix/v1/health: the address does not answer as the widget service's API: answered 404 Not Found: " +
		`"404 page not found". Check widget.address: it is the widget service's base URL, such as https://widgets.example.com.`
	for range 2 {
		_, err := c.Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, nil)
		if err == nil || err.Error() != want {
			t.Fatalf("error %v, want %s", err, want)
		}
		if IsNotFound(err) || StatusCode(err) != 0 {
			t.Errorf("the probe's error reads as a %d answer", StatusCode(err))
		}
	}
	if got := strings.Join(paths(), " "); got != "/prefix/v1/health" {
		t.Errorf("requested %s, want the probe alone, once", got)
	}
}

func TestProbe_htmlPageIsAnotherServer(t *testing.T) {
	srv, _ := probedServer(t, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte("<!DOCTYPE html><html><body>Welcome</body></html>"))
	})
	_, err := newTestClient(t, srv.URL, withProbe).Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, nil)
	if err == nil || !strings.Contains(err.Error(), `answered 200 OK with an HTML page: "<!DOCTYPE html><html><body>Welcome</body></html>". Check widget.address`) {
		t.Fatalf("error %v, want the HTML page named", err)
	}
}

// An error of the server at the probe says nothing of the address: the
// requests go on, and report their own.
func TestProbe_serverErrorLetsRequestsThrough(t *testing.T) {
	srv, paths := probedServer(t, func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "oops", http.StatusInternalServerError) })
	c := newTestClient(t, srv.URL, withProbe)
	if _, err := c.Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, nil); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(paths(), " "); got != "/v1/health /v1/x" {
		t.Errorf("requested %s", got)
	}
}

// A refused connection at the first contact is a wrong address or a server
// that is down: it fails at once instead of retrying for half a minute.
func TestProbe_refusedConnectionFailsAtOnce(t *testing.T) {
	c := newTestClient(t, "http://"+closedPort(t), func(cfg *Config) {
		withProbe(cfg)
		cfg.MaxRetries = 4
	})
	_, err := c.Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, nil)
	var unreachable *unreachableError
	if !errors.As(err, &unreachable) || unreachable.attempts != 1 || !strings.Contains(err.Error(), "Check widget.address.") {
		t.Fatalf("error %v, want one attempt, naming the setting", err)
	}
}

func TestProbe_canceledIsNotRemembered(t *testing.T) {
	srv, paths := probedServer(t, func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	c := newTestClient(t, srv.URL, withProbe)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Do(ctx, &Request{Method: http.MethodGet, Path: "/v1/x"}, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if _, err := c.Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, nil); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(paths(), " "); got != "/v1/health /v1/x" {
		t.Errorf("requested %s", got)
	}
}

// Only the service's own 404 says that an object does not exist; another
// 404 is an error that points at the address.
func TestNotFound_onlyTheServicesOwn404(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/widget/gone" {
			http.Error(w, "widget not found", http.StatusNotFound)
			return
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)
	c := newTestClient(t, srv.URL, func(cfg *Config) {
		cfg.Service, cfg.Setting = "widget service", "widget.address"
		cfg.NotFound = func(body []byte, _ string) bool { return strings.Contains(string(body), "widget not found") }
	})
	_, err := c.Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/widget/gone"}, nil)
	if !IsNotFound(err) || err.Error() != "GET "+srv.URL+"/v1/widget/gone: 404 Not Found: widget not found" {
		t.Errorf("the service's 404: %v", err)
	}
	_, err = c.Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/unrouted"}, nil)
	want := "GET " + srv.URL + "/v1/unrouted: 404 Not Found: 404 page not found (this is not the widget service's answer for a missing object: " +
		"the address may not be the widget service's; check widget.address)"
	if IsNotFound(err) || StatusCode(err) != http.StatusNotFound || err.Error() != want {
		t.Errorf("another 404: %v (IsNotFound %v), want %s", err, IsNotFound(err), want)
	}
}
