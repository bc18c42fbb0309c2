package scheduler_test

import (
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
)

func TestCreate_validation(t *testing.T) {
	long := strings.Repeat("a", 129)
	cases := []struct {
		name     string
		body     any
		contains []string
	}{
		{"name with space", oidc("a b"), []string{`invalid auth method name "a b": must be 1..128 letters, digits or dashes`}},
		{"name with underscore", oidc("a_b"), []string{`"a_b"`, "letters, digits or dashes"}},
		{"name too long", oidc(long), []string{long, "1..128"}},
		{"name missing", emutest.With(oidc("x"), "Name", nil), []string{`invalid auth method name ""`}},
		{"type unknown", emutest.With(oidc("x"), "Type", "LDAP"), []string{`invalid Type "LDAP": must be OIDC or JWT`}},
		{"type lower case", emutest.With(oidc("x"), "Type", "oidc"), []string{`invalid Type "oidc"`}},
		{"type missing", emutest.With(oidc("x"), "Type", nil), []string{`invalid Type ""`}},
		{"locality unknown", emutest.With(oidc("x"), "TokenLocality", "region"), []string{`invalid TokenLocality "region": must be local or global`}},
		{"locality missing", emutest.With(oidc("x"), "TokenLocality", nil), []string{`invalid TokenLocality ""`}},
		{"ttl missing", emutest.With(oidc("x"), "MaxTokenTTL", nil), []string{"missing MaxTokenTTL"}},
		{"ttl bad", emutest.With(oidc("x"), "MaxTokenTTL", "5 minutes"), []string{`invalid MaxTokenTTL "5 minutes": must be a duration`}},
		{"ttl negative", emutest.With(oidc("x"), "MaxTokenTTL", "-5m"), []string{"invalid MaxTokenTTL", "negative"}},
		{"config missing", emutest.With(oidc("x"), "Config", nil), []string{"missing Config"}},
		{"redirect URIs missing", withConfig(oidc("x"), "AllowedRedirectURIs", nil), []string{"invalid AllowedRedirectURIs: must be non-empty"}},
		{"redirect URIs empty", withConfig(oidc("x"), "AllowedRedirectURIs", []string{}), []string{"AllowedRedirectURIs"}},
		{"well-known", withConfig(oidc("x"), "OIDCDiscoveryURL", "https://idp/.well-known/openid-configuration"), []string{"invalid OIDCDiscoveryURL", ".well-known"}},
		{"OIDC without discovery URL", withConfig(oidc("x"), "OIDCDiscoveryURL", nil), []string{"missing OIDCDiscoveryURL: required for OIDC auth methods"}},
		{"OIDC without client ID", withConfig(oidc("x"), "OIDCClientID", ""), []string{"missing OIDCClientID"}},
		{"OIDC without client secret", withConfig(oidc("x"), "OIDCClientSecret", nil), []string{"missing OIDCClientSecret"}},
		{"JWT without key source", withConfig(jwt("x"), "JWKSURL", nil), []string{"JWT auth methods need one of OIDCDiscoveryURL, JWKSURL or JWTValidationPubKeys"}},
		{"leeway bad", withConfig(oidc("x"), "ExpirationLeeway", "soon"), []string{`invalid ExpirationLeeway "soon"`}},
		{"leeway negative", withConfig(oidc("x"), "NotBeforeLeeway", "-1s"), []string{"invalid NotBeforeLeeway", "negative"}},
		{"leeway wrong type", withConfig(oidc("x"), "ClockSkewLeeway", true), []string{"invalid ClockSkewLeeway true"}},
		{"claim mapping object", withConfig(oidc("x"), "ClaimMappings", map[string]any{"k": map[string]any{}}), []string{`invalid ClaimMappings["k"]`, "string, number or boolean"}},
		{"list claim mapping null", withConfig(oidc("x"), "ListClaimMappings", map[string]any{"groups": nil}), []string{`invalid ListClaimMappings["groups"]`}},
		{"malformed JSON", `{"Name": "x",`, []string{"invalid request body"}},
		{"empty body", "", []string{"invalid request body"}},
		{"wrong JSON type", `{"Name": 5}`, []string{"invalid request body"}},
	}
	a := newAPI(t, scheduler.Options{})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			emutest.WantPlainError(t, a.create(c.body), http.StatusBadRequest, c.contains...)
		})
	}
	if got := a.list(); len(got) != 0 {
		t.Fatalf("refused creates stored %v", got)
	}
}

func TestCreate_acceptsEdgeValues(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	name := "A-" + strings.Repeat("9", 126)
	a.mustCreate(oidc(name))
	a.mustCreate(withConfig(jwt("keys"), "JWKSURL", nil, "JWTValidationPubKeys", []string{"-----BEGIN PUBLIC KEY-----"}))
	a.mustCreate(withConfig(jwt("discovery"), "JWKSURL", nil, "OIDCDiscoveryURL", "https://idp"))
	if got := len(a.list()); got != 3 {
		t.Fatalf("%d methods, want 3", got)
	}
}

func TestCreate_duplicateIsConflict(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	first := a.mustCreate(oidc("m"))
	emutest.WantPlainError(t, a.create(withConfig(oidc("m"), "OIDCClientID", "other")), http.StatusConflict, `auth method "m" already exists`)
	got := emutest.JSON(t, a.read("m"))
	if config(t, got)["OIDCClientID"] != "Client-ID" || got["ModifyIndex"] != first["ModifyIndex"] {
		t.Fatalf("duplicate create changed the method: %v", got)
	}
}

// The real server takes a create and an update by PUT as by POST, as the
// incumbent provider's client sends them.
func TestWrite_byPUTAsByPOST(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	created := a.do(http.MethodPut, "/v1/acl/auth-method", root, oidc("m"))
	if created.Status != http.StatusOK {
		t.Fatalf("create by PUT: %d %s", created.Status, created.Body)
	}
	emutest.WantPlainError(t, a.do(http.MethodPut, "/v1/acl/auth-method", root, oidc("m")), http.StatusConflict, `auth method "m" already exists`)
	updated := a.do(http.MethodPut, "/v1/acl/auth-method/m", root, withConfig(oidc("m"), "OIDCClientID", "other"))
	if updated.Status != http.StatusOK {
		t.Fatalf("update by PUT: %d %s", updated.Status, updated.Body)
	}
	if got := config(t, emutest.JSON(t, a.read("m")))["OIDCClientID"]; got != "other" {
		t.Fatalf("after the update by PUT, OIDCClientID is %v", got)
	}
}

func TestCreate_responseLowerCasedReadAsStored(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	created := config(t, a.mustCreate(oidc("m")))
	if created["OIDCClientID"] != "client-id" {
		t.Errorf("create response OIDCClientID = %v, want client-id", created["OIDCClientID"])
	}
	if !reflect.DeepEqual(created["BoundAudiences"], []any{"aud-one", "aud-two"}) {
		t.Errorf("create response BoundAudiences = %v, want lower case", created["BoundAudiences"])
	}
	if created["OIDCClientSecret"] != "s3cret" {
		t.Errorf("create response OIDCClientSecret = %v, want s3cret", created["OIDCClientSecret"])
	}

	read := config(t, emutest.JSON(t, a.read("m")))
	if read["OIDCClientID"] != "Client-ID" || !reflect.DeepEqual(read["BoundAudiences"], []any{"Aud-One", "aud-two"}) {
		t.Errorf("read = %v %v, want as stored", read["OIDCClientID"], read["BoundAudiences"])
	}
	if read["OIDCClientSecret"] != "s3cret" {
		t.Errorf("read OIDCClientSecret = %v, want s3cret", read["OIDCClientSecret"])
	}

	upd := a.update("m", withConfig(oidc("m"), "OIDCClientID", "New-ID"))
	emutest.WantStatus(t, upd, http.StatusOK)
	updated := config(t, emutest.JSON(t, upd))
	if updated["OIDCClientID"] != "New-ID" || !reflect.DeepEqual(updated["BoundAudiences"], []any{"Aud-One", "aud-two"}) {
		t.Errorf("update response = %v %v, want as stored", updated["OIDCClientID"], updated["BoundAudiences"])
	}
}

func TestResponses_fieldsAndDefaults(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	body := withConfig(oidc("m"),
		"ClaimMappings", map[string]any{"n": 1, "b": true, "s": "str", "f": 1.5},
		"ListClaimMappings", map[string]any{"groups": "groups"},
		"ExpirationLeeway", "5m",
		"NotBeforeLeeway", 1500000000, // nanoseconds, as Go clients send
		"OIDCScopes", []string{},
	)
	check := func(what string, m map[string]any) {
		t.Helper()
		if _, ok := m["MaxTokenTTL"]; ok {
			t.Errorf("%s returns MaxTokenTTL: it is not persisted", what)
		}
		if m["TokenNameFormat"] != "${auth_method_type}-${auth_method_name}" {
			t.Errorf("%s TokenNameFormat = %v, want the default", what, m["TokenNameFormat"])
		}
		cfg := config(t, m)
		for _, f := range []string{"SigningAlgs", "DiscoveryCaPem", "OIDCScopes", "JWTValidationPubKeys"} {
			if v, ok := cfg[f]; !ok || v != nil {
				t.Errorf("%s %s = %v (present %v), want null", what, f, v, ok)
			}
		}
		wantDurations := map[string]string{"ExpirationLeeway": "5m0s", "NotBeforeLeeway": "1.5s", "ClockSkewLeeway": "0s"}
		for f, want := range wantDurations {
			if cfg[f] != want {
				t.Errorf("%s %s = %v, want %q", what, f, cfg[f], want)
			}
		}
		wantClaims := map[string]any{"n": "1", "b": "true", "s": "str", "f": "1.5"}
		if !reflect.DeepEqual(cfg["ClaimMappings"], wantClaims) {
			t.Errorf("%s ClaimMappings = %v, want %v", what, cfg["ClaimMappings"], wantClaims)
		}
		if !reflect.DeepEqual(cfg["ListClaimMappings"], map[string]any{"groups": "groups"}) {
			t.Errorf("%s ListClaimMappings = %v", what, cfg["ListClaimMappings"])
		}
		for _, f := range []string{"CreateTime", "ModifyTime"} {
			ts, _ := m[f].(string)
			p, err := time.Parse(time.RFC3339Nano, ts)
			if err != nil || !strings.HasSuffix(ts, "Z") || time.Since(p) > time.Minute {
				t.Errorf("%s %s = %q, want a recent RFC 3339 UTC time", what, f, ts)
			}
		}
	}
	check("create", a.mustCreate(body))
	check("read", emutest.JSON(t, a.read("m")))
	upd := a.update("m", withConfig(body, "ExpirationLeeway", "300s"))
	emutest.WantStatus(t, upd, http.StatusOK)
	check("update", emutest.JSON(t, upd))

	withAlgs := a.mustCreate(withConfig(oidc("algs"), "SigningAlgs", []string{"ES256"}, "DiscoveryCaPem", []string{"PEM"}))
	cfg := config(t, withAlgs)
	if !reflect.DeepEqual(cfg["SigningAlgs"], []any{"ES256"}) || !reflect.DeepEqual(cfg["DiscoveryCaPem"], []any{"PEM"}) {
		t.Errorf("given lists come back as %v %v", cfg["SigningAlgs"], cfg["DiscoveryCaPem"])
	}
	custom := a.mustCreate(emutest.With(oidc("custom"), "TokenNameFormat", "${auth_method_name}-${value.user}"))
	if custom["TokenNameFormat"] != "${auth_method_name}-${value.user}" {
		t.Errorf("TokenNameFormat = %v, want as given", custom["TokenNameFormat"])
	}
}

func TestList_entries(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	if r := a.do(http.MethodGet, "/v1/acl/auth-methods", "", nil); strings.TrimSpace(r.Body) != "[]" {
		t.Fatalf("empty list body %q, want []", r.Body)
	}
	a.mustCreate(oidc("b"))
	a.mustCreate(emutest.With(jwt("a"), "Default", true))
	got := a.list()
	want := []map[string]any{
		{"CreateIndex": float64(3), "Default": true, "ModifyIndex": float64(3), "Name": "a", "Type": "JWT"},
		{"CreateIndex": float64(2), "Default": false, "ModifyIndex": float64(2), "Name": "b", "Type": "OIDC"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("list = %v, want %v", got, want)
	}
}

func TestDefault_onlyOne(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	a.mustCreate(emutest.With(oidc("first"), "Default", true))
	emutest.WantPlainError(t, a.create(emutest.With(oidc("second"), "Default", true)), http.StatusBadRequest,
		`invalid Default: "first" is already the default auth method`)
	a.mustCreate(oidc("second"))
	emutest.WantPlainError(t, a.update("second", emutest.With(oidc("second"), "Default", true)), http.StatusBadRequest,
		`"first" is already the default auth method`)
	emutest.WantStatus(t, a.update("first", emutest.With(oidc("first"), "Default", true)), http.StatusOK)

	// Once the default gives the role up, another may take it.
	emutest.WantStatus(t, a.update("first", oidc("first")), http.StatusOK)
	emutest.WantStatus(t, a.update("second", emutest.With(oidc("second"), "Default", true)), http.StatusOK)
	emutest.WantStatus(t, a.do(http.MethodDelete, "/v1/acl/auth-method/second", root, nil), http.StatusOK)
	a.mustCreate(emutest.With(oidc("third"), "Default", true))
}

func TestUpdate_replacesObject(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	created := a.mustCreate(emutest.With(withConfig(oidc("m"), "OIDCScopes", []string{"groups"}), "TokenNameFormat", "custom", "Default", true))

	upd := a.update("m", map[string]any{
		"TokenLocality": "global",
		"Config": map[string]any{
			"OIDCDiscoveryURL":    "https://idp.example.com",
			"AllowedRedirectURIs": []string{"http://new"},
		},
	})
	emutest.WantStatus(t, upd, http.StatusOK)
	got := emutest.JSON(t, upd)
	cfg := config(t, got)
	if got["Name"] != "m" || got["Type"] != "OIDC" || got["TokenLocality"] != "global" || got["Default"] != false ||
		got["TokenNameFormat"] != "${auth_method_type}-${auth_method_name}" {
		t.Errorf("update = %v, want omitted fields at their defaults", got)
	}
	if cfg["OIDCClientID"] != "" || cfg["OIDCClientSecret"] != "" || cfg["OIDCScopes"] != nil || cfg["BoundAudiences"] != nil {
		t.Errorf("update config = %v, want omitted fields reset", cfg)
	}
	if got["CreateIndex"] != created["CreateIndex"] || got["CreateTime"] != created["CreateTime"] {
		t.Errorf("update changed CreateIndex/CreateTime: %v %v -> %v %v",
			created["CreateIndex"], created["CreateTime"], got["CreateIndex"], got["CreateTime"])
	}
	if modifyIndex(t, got) <= modifyIndex(t, created) {
		t.Errorf("ModifyIndex %v did not grow from %v", got["ModifyIndex"], created["ModifyIndex"])
	}
	if got["ModifyTime"] == created["ModifyTime"] {
		t.Errorf("ModifyTime did not change")
	}
	if !reflect.DeepEqual(emutest.JSON(t, a.read("m")), got) {
		t.Errorf("read differs from the update response")
	}

	// An empty TokenLocality is the update default.
	upd = a.update("m", map[string]any{"Type": "OIDC", "Config": map[string]any{
		"OIDCDiscoveryURL": "https://idp.example.com", "AllowedRedirectURIs": []string{"http://new"},
	}})
	emutest.WantStatus(t, upd, http.StatusOK)
	if got := emutest.JSON(t, upd); got["TokenLocality"] != "" {
		t.Errorf("update without TokenLocality = %v, want it empty", got)
	}
}

func TestUpdate_validation(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	a.mustCreate(oidc("m"))
	a.mustCreate(jwt("j"))
	cases := []struct {
		name     string
		path     string
		body     any
		status   int
		contains []string
	}{
		{"missing method", "nope", oidc("nope"), http.StatusNotFound, []string{`auth method "nope" not found`}},
		{"JWT method", "j", jwt("j"), http.StatusBadRequest, []string{`auth method "j" is of type JWT: only OIDC auth methods can be updated`}},
		{"JWT method without type", "j", emutest.With(jwt("j"), "Type", nil), http.StatusBadRequest, []string{"only OIDC auth methods can be updated"}},
		{"JWT method as OIDC", "j", emutest.With(oidc("j")), http.StatusBadRequest, []string{"only OIDC auth methods can be updated"}},
		{"type JWT", "m", emutest.With(oidc("m"), "Type", "JWT"), http.StatusBadRequest, []string{`invalid Type "JWT": only OIDC auth methods can be updated`}},
		{"name mismatch", "m", oidc("other"), http.StatusBadRequest, []string{`invalid Name "other": does not match "m"`}},
		{"locality", "m", emutest.With(oidc("m"), "TokenLocality", "nowhere"), http.StatusBadRequest, []string{`invalid TokenLocality "nowhere"`}},
		{"ttl", "m", emutest.With(oidc("m"), "MaxTokenTTL", "forever"), http.StatusBadRequest, []string{"invalid MaxTokenTTL"}},
		{"redirect URIs", "m", withConfig(oidc("m"), "AllowedRedirectURIs", nil), http.StatusBadRequest, []string{"AllowedRedirectURIs"}},
		{"no config", "m", emutest.With(oidc("m"), "Config", nil), http.StatusBadRequest, []string{"missing Config: an update replaces the whole auth method"}},
		{"discovery URL missing", "m", withConfig(oidc("m"), "OIDCDiscoveryURL", nil), http.StatusBadRequest, []string{"missing OIDCDiscoveryURL"}},
		{"well-known", "m", withConfig(oidc("m"), "OIDCDiscoveryURL", "https://x/.well-known"), http.StatusBadRequest, []string{".well-known"}},
		{"malformed JSON", "m", "{", http.StatusBadRequest, []string{"invalid request body"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			emutest.WantPlainError(t, a.update(c.path, c.body), c.status, c.contains...)
		})
	}
	if got := emutest.JSON(t, a.read("m")); got["ModifyIndex"] != float64(2) {
		t.Errorf("refused updates changed m: %v", got)
	}

	// Without a Name the path names the method; client ID and secret may be
	// left empty on update.
	r := a.update("m", emutest.With(withConfig(oidc("m"), "OIDCClientID", nil, "OIDCClientSecret", nil), "Name", nil))
	emutest.WantStatus(t, r, http.StatusOK)
	if got := emutest.JSON(t, r); got["Name"] != "m" {
		t.Errorf("Name = %v, want m", got["Name"])
	}
}

func TestUpdate_createOnlyFields(t *testing.T) {
	fields := []struct {
		name            string
		stored, changed any
		wantStored      any
	}{
		{"JWTValidationPubKeys", []string{"PEM1"}, []string{"PEM2"}, []any{"PEM1"}},
		{"JWKSURL", "https://a/jwks", "https://b/jwks", "https://a/jwks"},
		{"JWKSCACert", "CA1", "CA2", "CA1"},
		{"ExpirationLeeway", "5s", "6s", "5s"},
		{"NotBeforeLeeway", "1m", "2m", "1m0s"},
		{"ClockSkewLeeway", "10s", "1s", "10s"},
	}
	for _, f := range fields {
		t.Run(f.name, func(t *testing.T) {
			a := newAPI(t, scheduler.Options{})
			body := withConfig(oidc("m"), f.name, f.stored)
			a.mustCreate(body)

			emutest.WantPlainError(t, a.update("m", withConfig(body, f.name, f.changed)), http.StatusBadRequest,
				f.name+" is create-only: it cannot be changed on update")

			for _, keep := range []map[string]any{body, withConfig(body, f.name, nil)} {
				r := a.update("m", keep)
				emutest.WantStatus(t, r, http.StatusOK)
				if got := config(t, emutest.JSON(t, r))[f.name]; !reflect.DeepEqual(got, f.wantStored) {
					t.Errorf("%s after update = %#v, want stored %#v", f.name, got, f.wantStored)
				}
			}
		})
	}

	t.Run("equal durations spelled differently", func(t *testing.T) {
		a := newAPI(t, scheduler.Options{})
		a.mustCreate(withConfig(oidc("m"), "ExpirationLeeway", "60s"))
		emutest.WantStatus(t, a.update("m", withConfig(oidc("m"), "ExpirationLeeway", "1m")), http.StatusOK)
	})
	t.Run("set on update where create left it unset", func(t *testing.T) {
		a := newAPI(t, scheduler.Options{})
		a.mustCreate(oidc("m"))
		emutest.WantPlainError(t, a.update("m", withConfig(oidc("m"), "JWKSURL", "https://new")), http.StatusBadRequest, "JWKSURL is create-only")
	})
}

func TestDelete(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	a.mustCreate(oidc("m"))
	r := a.do(http.MethodDelete, "/v1/acl/auth-method/m", root, nil)
	emutest.WantStatus(t, r, http.StatusOK)
	if r.Body != "" {
		t.Errorf("delete body %q, want empty", r.Body)
	}
	emutest.WantPlainError(t, a.read("m"), http.StatusNotFound, `auth method "m" not found`)
	emutest.WantPlainError(t, a.do(http.MethodDelete, "/v1/acl/auth-method/m", root, nil), http.StatusNotFound, `auth method "m" not found`)
	emutest.WantPlainError(t, a.update("m", oidc("m")), http.StatusNotFound, `auth method "m" not found`)
	if got := a.list(); len(got) != 0 {
		t.Errorf("list after delete = %v", got)
	}
}

func TestVariant_upsertOnCreate(t *testing.T) {
	a := newAPI(t, scheduler.Options{UpsertOnCreate: true})
	first := a.mustCreate(oidc("m"))
	second := a.mustCreate(emutest.With(withConfig(oidc("m"), "OIDCClientID", "Other"), "TokenLocality", "global"))
	if second["CreateIndex"] != first["CreateIndex"] || modifyIndex(t, second) <= modifyIndex(t, first) {
		t.Fatalf("upsert indexes %v/%v after %v/%v", second["CreateIndex"], second["ModifyIndex"], first["CreateIndex"], first["ModifyIndex"])
	}
	got := emutest.JSON(t, a.read("m"))
	if got["TokenLocality"] != "global" || config(t, got)["OIDCClientID"] != "Other" {
		t.Fatalf("upsert did not overwrite: %v", got)
	}
	if n := len(a.list()); n != 1 {
		t.Fatalf("%d methods, want 1", n)
	}
	// An upsert that changes nothing writes nothing: the answer is the
	// method as it was, created and modified at one index.
	again := a.create(emutest.With(withConfig(oidc("m"), "OIDCClientID", "Other"), "TokenLocality", "global"))
	emutest.WantStatus(t, again, http.StatusOK)
	if same := emutest.JSON(t, again); same["ModifyIndex"] != second["ModifyIndex"] || again.index(t) != uint64(modifyIndex(t, second)) {
		t.Fatalf("an unchanged upsert answered ModifyIndex %v at index %d, want %v", same["ModifyIndex"], again.index(t), second["ModifyIndex"])
	}
	fresh := a.mustCreate(oidc("n"))
	if repeated := emutest.JSON(t, a.create(oidc("n"))); repeated["CreateIndex"] != fresh["CreateIndex"] || repeated["ModifyIndex"] != fresh["CreateIndex"] {
		t.Fatalf("an unchanged upsert of a new method answered %v/%v, want both %v", repeated["CreateIndex"], repeated["ModifyIndex"], fresh["CreateIndex"])
	}
}

func TestVariant_redactSecrets(t *testing.T) {
	a := newAPI(t, scheduler.Options{RedactSecrets: true})
	check := func(what string, r response) {
		t.Helper()
		emutest.WantStatus(t, r, http.StatusOK)
		if got := config(t, emutest.JSON(t, r))["OIDCClientSecret"]; got != "redacted" {
			t.Errorf("%s OIDCClientSecret = %v, want redacted", what, got)
		}
	}
	check("create", a.create(oidc("m")))
	check("read", a.read("m"))
	check("update", a.update("m", oidc("m")))
	// The store keeps the real secret: the create response still lower-cases.
	if got := config(t, emutest.JSON(t, a.create(oidc("n"))))["OIDCClientID"]; got != "client-id" {
		t.Errorf("create OIDCClientID = %v", got)
	}
}

func TestVariant_omitSecrets(t *testing.T) {
	// Omitting wins over redacting: a server that omits has nothing to redact.
	a := newAPI(t, scheduler.Options{OmitSecrets: true, RedactSecrets: true})
	check := func(what string, r response) {
		t.Helper()
		emutest.WantStatus(t, r, http.StatusOK)
		cfg := config(t, emutest.JSON(t, r))
		if got, ok := cfg["OIDCClientSecret"]; ok {
			t.Errorf("%s answers OIDCClientSecret %v, want no such field", what, got)
		}
		// Only the secret is left out.
		if cfg["OIDCDiscoveryURL"] != "https://idp.example.com" || cfg["OIDCClientID"] == nil {
			t.Errorf("%s config %v", what, cfg)
		}
	}
	check("create", a.create(oidc("m")))
	check("read", a.read("m"))
	check("update", a.update("m", oidc("m")))
	// The create response still lower-cases.
	if got := config(t, emutest.JSON(t, a.create(oidc("n"))))["OIDCClientID"]; got != "client-id" {
		t.Errorf("create OIDCClientID = %v", got)
	}
}

func TestVariant_deleteMissing500(t *testing.T) {
	a := newAPI(t, scheduler.Options{DeleteMissing500: true})
	emutest.WantPlainError(t, a.do(http.MethodDelete, "/v1/acl/auth-method/gone", root, nil), http.StatusInternalServerError, `auth method "gone" not found`)
	a.mustCreate(oidc("m"))
	emutest.WantStatus(t, a.do(http.MethodDelete, "/v1/acl/auth-method/m", root, nil), http.StatusOK)
	emutest.WantPlainError(t, a.read("m"), http.StatusNotFound)
}

// wantFields checks fields of an answer's top level, or of its Config.
func wantFields(t *testing.T, what string, got map[string]any, want map[string]any) {
	t.Helper()
	for k, v := range want {
		if g, ok := got[k]; !ok || g != v {
			t.Errorf("%s %s = %#v (present %t), want %#v", what, k, g, ok, v)
		}
	}
}

func TestVariant_emptyZeroDurations(t *testing.T) {
	a := newAPI(t, scheduler.Options{EmptyZeroDurations: true})
	check := func(what string, r response, want map[string]any) {
		t.Helper()
		emutest.WantStatus(t, r, http.StatusOK)
		m := emutest.JSON(t, r)
		wantFields(t, what, config(t, m), want)
		if _, ok := m["MaxTokenTTL"]; ok {
			t.Errorf("%s returns MaxTokenTTL: that is another variant", what)
		}
	}
	unset := map[string]any{"ExpirationLeeway": "", "NotBeforeLeeway": "", "ClockSkewLeeway": ""}
	check("create", a.create(oidc("m")), unset)
	check("read", a.read("m"), unset)
	check("update", a.update("m", oidc("m")), unset)

	// Every spelling of zero is zero; other durations are answered as usual.
	zeros := withConfig(jwt("zeros"), "ExpirationLeeway", "0", "NotBeforeLeeway", 0, "ClockSkewLeeway", "0s")
	check("create with zeros", a.create(zeros), unset)
	check("read with zeros", a.read("zeros"), unset)
	mixed := withConfig(jwt("mixed"), "ExpirationLeeway", "", "NotBeforeLeeway", 1500000000, "ClockSkewLeeway", "1m")
	want := map[string]any{"ExpirationLeeway": "", "NotBeforeLeeway": "1.5s", "ClockSkewLeeway": "1m0s"}
	check("create mixed", a.create(mixed), want)
	check("read mixed", a.read("mixed"), want)
}

func TestVariant_returnMaxTokenTTL(t *testing.T) {
	a := newAPI(t, scheduler.Options{ReturnMaxTokenTTL: true})
	check := func(what string, r response, want any) {
		t.Helper()
		emutest.WantStatus(t, r, http.StatusOK)
		wantFields(t, what, emutest.JSON(t, r), map[string]any{"MaxTokenTTL": want})
	}
	check("create", a.create(oidc("m")), "5m0s")
	check("read", a.read("m"), "5m0s")
	check("update", a.update("m", emutest.With(oidc("m"), "MaxTokenTTL", 90_000_000_000)), "1m30s")
	check("read after update", a.read("m"), "1m30s")
	// An update replaces the whole method: what it leaves out is unset.
	check("update without it", a.update("m", emutest.With(oidc("m"), "MaxTokenTTL", nil)), "0s")
	check("create JWT", a.create(jwt("j")), "1h0m0s")
	// The create answer's quirk and the other fields stay as they are.
	created := a.mustCreate(oidc("n"))
	wantFields(t, "create", config(t, created), map[string]any{"OIDCClientID": "client-id", "OIDCClientSecret": "s3cret", "ClockSkewLeeway": "0s"})

	// With the empty zero durations of another variant, a zero one is "".
	b := newAPI(t, scheduler.Options{ReturnMaxTokenTTL: true, EmptyZeroDurations: true, OmitSecrets: true})
	b.mustCreate(oidc("m"))
	r := b.update("m", emutest.With(oidc("m"), "MaxTokenTTL", "0s"))
	check("update to zero", r, "")
	if _, ok := config(t, emutest.JSON(t, r))["OIDCClientSecret"]; ok {
		t.Errorf("update answers OIDCClientSecret with OmitSecrets: %s", r.Body)
	}

	// The state file keeps it; a server without the variant does not answer
	// it, as the spec says.
	data, err := a.server.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		opts scheduler.Options
		want any
	}{{scheduler.Options{ReturnMaxTokenTTL: true}, "1h0m0s"}, {scheduler.Options{}, nil}} {
		loaded := newAPI(t, c.opts)
		if err := loaded.server.UnmarshalState(data); err != nil {
			t.Fatal(err)
		}
		r := loaded.read("j")
		emutest.WantStatus(t, r, http.StatusOK)
		if got := emutest.JSON(t, r)["MaxTokenTTL"]; got != c.want {
			t.Errorf("loaded with %+v: MaxTokenTTL = %#v, want %#v", c.opts, got, c.want)
		}
	}
}

func TestVariant_updateJWT(t *testing.T) {
	a := newAPI(t, scheduler.Options{UpdateJWT: true})
	created := a.mustCreate(withConfig(jwt("j"), "BoundAudiences", []string{"one"}, "ExpirationLeeway", "10s"))

	// Create-only fields left out are kept; the others are replaced.
	body := withConfig(emutest.With(jwt("j"), "TokenLocality", "local", "Type", nil), "JWKSURL", nil, "BoundAudiences", []string{"Two"})
	r := a.update("j", body)
	emutest.WantStatus(t, r, http.StatusOK)
	for what, m := range map[string]map[string]any{"update": emutest.JSON(t, r), "read": emutest.JSON(t, a.read("j"))} {
		wantFields(t, what, m, map[string]any{"Type": "JWT", "TokenLocality": "local", "CreateIndex": created["CreateIndex"]})
		if modifyIndex(t, m) <= modifyIndex(t, created) {
			t.Errorf("%s ModifyIndex %v, want more than %v", what, m["ModifyIndex"], created["ModifyIndex"])
		}
		cfg := config(t, m)
		wantFields(t, what, cfg, map[string]any{"JWKSURL": "https://idp.example.com/jwks", "ExpirationLeeway": "10s"})
		if !reflect.DeepEqual(cfg["BoundAudiences"], []any{"Two"}) {
			t.Errorf("%s BoundAudiences = %v, want [Two] as sent", what, cfg["BoundAudiences"])
		}
	}

	for _, c := range []struct {
		name, target string
		body         map[string]any
		contains     string
	}{
		{"create-only JWKSURL", "j", withConfig(jwt("j"), "JWKSURL", "https://other/jwks"), "JWKSURL is create-only"},
		{"create-only leeway", "j", withConfig(jwt("j"), "ExpirationLeeway", "20s"), "ExpirationLeeway is create-only"},
		{"JWT to OIDC", "j", oidc("j"), `invalid Type "OIDC": auth method "j" is of type JWT, which an update cannot change`},
		{"OIDC to JWT", "m", emutest.With(oidc("m"), "Type", "JWT"), `invalid Type "JWT": auth method "m" is of type OIDC, which an update cannot change`},
		{"no config", "j", emutest.With(jwt("j"), "Config", nil), "missing Config: an update replaces the whole auth method, and its Config must have AllowedRedirectURIs"},
		{"no redirect URIs", "j", withConfig(jwt("j"), "AllowedRedirectURIs", nil), "invalid AllowedRedirectURIs: must be non-empty"},
		{"no key source", "d", withConfig(jwt("d"), "JWKSURL", nil), "JWT auth methods need one of OIDCDiscoveryURL, JWKSURL or JWTValidationPubKeys"},
		{"OIDC still needs its discovery URL", "m", withConfig(oidc("m"), "OIDCDiscoveryURL", nil), "missing OIDCDiscoveryURL: required for OIDC auth methods"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.target == "m" {
				a.mustCreate(oidc("m"))
				t.Cleanup(func() { a.do(http.MethodDelete, "/v1/acl/auth-method/m", root, nil) })
			}
			if c.target == "d" {
				// A JWT method whose key source is its discovery URL, which
				// is not create-only.
				a.mustCreate(withConfig(jwt("d"), "JWKSURL", nil, "OIDCDiscoveryURL", "https://idp.example.com"))
				t.Cleanup(func() { a.do(http.MethodDelete, "/v1/acl/auth-method/d", root, nil) })
			}
			emutest.WantPlainError(t, a.update(c.target, c.body), http.StatusBadRequest, c.contains)
		})
	}
}
