package scheduler_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
)

const root = "root-token"

type api struct {
	t      *testing.T
	url    string
	server *scheduler.Server
}

func newAPI(t *testing.T, opts scheduler.Options) *api {
	t.Helper()
	if opts.ManagementToken == "" {
		opts.ManagementToken = root
	}
	s := scheduler.New(opts)
	return &api{t: t, url: emutest.Serve(t, func(mux *http.ServeMux) { s.Register(mux) }), server: s}
}

type response emutest.Response

func (r response) index(t *testing.T) uint64 {
	t.Helper()
	n, err := strconv.ParseUint(r.Header.Get(scheduler.IndexHeader), 10, 64)
	if err != nil {
		t.Fatalf("%s header %q: %v", scheduler.IndexHeader, r.Header.Get(scheduler.IndexHeader), err)
	}
	return n
}

func (a *api) do(method, path, token string, body any) response {
	a.t.Helper()
	return response(emutest.Do(a.t, method, a.url+path, map[string]string{scheduler.TokenHeader: token}, body))
}

func (a *api) create(body any) response {
	a.t.Helper()
	return a.do(http.MethodPost, "/v1/acl/auth-method", root, body)
}

func (a *api) update(name string, body any) response {
	a.t.Helper()
	return a.do(http.MethodPost, "/v1/acl/auth-method/"+name, root, body)
}

func (a *api) read(name string) response {
	a.t.Helper()
	return a.do(http.MethodGet, "/v1/acl/auth-method/"+name, root, nil)
}

func (a *api) list() []map[string]any {
	a.t.Helper()
	r := a.do(http.MethodGet, "/v1/acl/auth-methods", "", nil)
	emutest.WantStatus(a.t, r, http.StatusOK)
	var v []map[string]any
	if err := json.Unmarshal([]byte(r.Body), &v); err != nil {
		a.t.Fatalf("decoding %q: %v", r.Body, err)
	}
	return v
}

// mustCreate creates a method and fails the test unless it is accepted.
func (a *api) mustCreate(body map[string]any) map[string]any {
	a.t.Helper()
	r := a.create(body)
	emutest.WantStatus(a.t, r, http.StatusOK)
	return emutest.JSON(a.t, r)
}

func oidc(name string) map[string]any {
	return map[string]any{
		"Name":          name,
		"Type":          "OIDC",
		"TokenLocality": "local",
		"MaxTokenTTL":   "5m",
		"Config": map[string]any{
			"OIDCDiscoveryURL":    "https://idp.example.com",
			"OIDCClientID":        "Client-ID",
			"OIDCClientSecret":    "s3cret",
			"BoundAudiences":      []string{"Aud-One", "aud-two"},
			"AllowedRedirectURIs": []string{"http://localhost:4649/oidc/callback"},
		},
	}
}

func jwt(name string) map[string]any {
	return map[string]any{
		"Name":          name,
		"Type":          "JWT",
		"TokenLocality": "global",
		"MaxTokenTTL":   "1h",
		"Config": map[string]any{
			"JWKSURL":             "https://idp.example.com/jwks",
			"AllowedRedirectURIs": []string{"http://localhost/cb"},
		},
	}
}

// withConfig returns a copy of body with Config fields set (nil deletes).
func withConfig(body map[string]any, kv ...any) map[string]any {
	cfg, _ := body["Config"].(map[string]any)
	return emutest.With(body, "Config", emutest.With(cfg, kv...))
}

func modifyIndex(t *testing.T, m map[string]any) float64 {
	t.Helper()
	n, ok := m["ModifyIndex"].(float64)
	if !ok {
		t.Fatalf("ModifyIndex is %#v, want a number", m["ModifyIndex"])
	}
	return n
}

func config(t *testing.T, m map[string]any) map[string]any {
	t.Helper()
	cfg, ok := m["Config"].(map[string]any)
	if !ok {
		t.Fatalf("Config is %#v", m["Config"])
	}
	return cfg
}
