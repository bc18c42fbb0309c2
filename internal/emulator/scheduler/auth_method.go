package scheduler

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/answer"
)

const (
	typeOIDC = "OIDC"
	typeJWT  = "JWT"

	defaultTokenNameFormat = "${auth_method_type}-${auth_method_name}"
)

var validName = regexp.MustCompile(`^[A-Za-z0-9-]{1,128}$`)

// AuthMethod is an ACL auth method as the store keeps it and as responses and
// the state file show it. Stored values are never modified in place (every
// write stores a new one), so the authoritative store and the replica can
// share them.
type AuthMethod struct {
	Name            string
	Type            string
	TokenLocality   string
	TokenNameFormat string
	// MaxTokenTTL is kept only in the ReturnMaxTokenTTL variant.
	MaxTokenTTL Duration `json:",omitempty"`
	Default     bool
	Config      *AuthMethodConfig
	CreateTime  time.Time
	ModifyTime  time.Time
	CreateIndex uint64
	ModifyIndex uint64
}

// AuthMethodConfig is the raw configuration of an auth method.
type AuthMethodConfig struct {
	OIDCDiscoveryURL     string
	OIDCClientID         string
	OIDCClientSecret     string
	OIDCDisableUserInfo  bool
	OIDCScopes           []string
	JWTValidationPubKeys []string
	JWKSURL              string
	BoundAudiences       []string
	AllowedRedirectURIs  []string
	DiscoveryCaPem       []string
	JWKSCACert           string
	SigningAlgs          []string
	ExpirationLeeway     Duration
	NotBeforeLeeway      Duration
	ClockSkewLeeway      Duration
	ClaimMappings        map[string]string
	ListClaimMappings    map[string]string
}

// AuthMethodListStub is one entry of the list endpoint's answer.
type AuthMethodListStub struct {
	CreateIndex uint64
	Default     bool
	ModifyIndex uint64
	Name        string
	Type        string
}

// view returns the method as an answer shows it. The create answer
// lower-cases OIDCClientID and BoundAudiences (a quirk the spec states). The
// variants of real servers: redact answers a non-empty client secret as
// "redacted", omit leaves the field out, EmptyZeroDurations answers zero
// durations as "", ReturnMaxTokenTTL adds MaxTokenTTL.
func (m *AuthMethod) view(lowerCase bool, opts *Options) any {
	out := *m
	if !opts.ReturnMaxTokenTTL {
		// A state file written by that variant may hold one.
		out.MaxTokenTTL = 0
	}
	if m.Config != nil && (lowerCase || opts.RedactSecrets) {
		cfg := *m.Config
		if lowerCase {
			cfg.OIDCClientID = strings.ToLower(cfg.OIDCClientID)
			if cfg.BoundAudiences != nil {
				cfg.BoundAudiences = make([]string, len(m.Config.BoundAudiences))
				for i, a := range m.Config.BoundAudiences {
					cfg.BoundAudiences[i] = strings.ToLower(a)
				}
			}
		}
		if opts.RedactSecrets && cfg.OIDCClientSecret != "" {
			cfg.OIDCClientSecret = "redacted"
		}
		out.Config = &cfg
	}
	if !opts.OmitSecrets && !opts.EmptyZeroDurations && !opts.ReturnMaxTokenTTL {
		return &out
	}
	return out.reshaped(opts)
}

// methodAnswer and configAnswer encode a method in the shapes of the
// variants that add, drop or respell fields: in encoding/json a field of
// the outer struct hides the embedded struct's field of the same name. A
// nil pointer field, which omitempty leaves out, hides it altogether.
type methodAnswer struct {
	*AuthMethod
	MaxTokenTTL *durationAnswer `json:",omitempty"`
	Config      *configAnswer
}

type configAnswer struct {
	*AuthMethodConfig
	OIDCClientSecret *string `json:",omitempty"`
	ExpirationLeeway durationAnswer
	NotBeforeLeeway  durationAnswer
	ClockSkewLeeway  durationAnswer
}

func (m *AuthMethod) reshaped(opts *Options) *methodAnswer {
	a := &methodAnswer{AuthMethod: m}
	if opts.ReturnMaxTokenTTL {
		a.MaxTokenTTL = &durationAnswer{m.MaxTokenTTL, opts.EmptyZeroDurations}
	}
	if c := m.Config; c != nil {
		a.Config = &configAnswer{
			AuthMethodConfig: c,
			ExpirationLeeway: durationAnswer{c.ExpirationLeeway, opts.EmptyZeroDurations},
			NotBeforeLeeway:  durationAnswer{c.NotBeforeLeeway, opts.EmptyZeroDurations},
			ClockSkewLeeway:  durationAnswer{c.ClockSkewLeeway, opts.EmptyZeroDurations},
		}
		if !opts.OmitSecrets {
			a.Config.OIDCClientSecret = &c.OIDCClientSecret
		}
	}
	return a
}

func (m *AuthMethod) stub() AuthMethodListStub {
	return AuthMethodListStub{
		CreateIndex: m.CreateIndex,
		Default:     m.Default,
		ModifyIndex: m.ModifyIndex,
		Name:        m.Name,
		Type:        m.Type,
	}
}

// ---- handlers and the store

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	if !s.authorize(w, r) {
		return
	}
	req, ok := readRequest(w, r)
	if !ok {
		return
	}
	s.locked(w, func() reply {
		m, err := req.newMethod(&s.opts)
		if err != nil {
			return errorReply(http.StatusBadRequest, err.Error())
		}
		now := time.Now()
		old, exists := s.methods[m.Name]
		if exists && !s.opts.UpsertOnCreate {
			return errorReply(http.StatusConflict, fmt.Sprintf("auth method %q already exists", m.Name))
		}
		if err := s.checkDefaultLocked(m); err != nil {
			return errorReply(http.StatusBadRequest, err.Error())
		}
		if exists && sameMethod(old, m) {
			// The real server writes nothing when an upsert changes
			// nothing: the answer is the method as it was.
			return indexed(jsonReply(old.view(true, &s.opts)), old.ModifyIndex)
		}
		s.index++
		m.CreateIndex, m.CreateTime = s.index, now.UTC()
		if exists {
			m.CreateIndex, m.CreateTime = old.CreateIndex, old.CreateTime
		}
		m.ModifyIndex, m.ModifyTime = s.index, now.UTC()
		s.commitLocked(m.Name, m, now)
		return indexed(jsonReply(m.view(true, &s.opts)), m.ModifyIndex)
	})
}

// sameMethod says whether a and b hold the same settings, whatever their
// indexes and times.
func sameMethod(a, b *AuthMethod) bool {
	x, y := *a, *b
	x.CreateTime, x.ModifyTime, x.CreateIndex, x.ModifyIndex = time.Time{}, time.Time{}, 0, 0
	y.CreateTime, y.ModifyTime, y.CreateIndex, y.ModifyIndex = time.Time{}, time.Time{}, 0, 0
	return reflect.DeepEqual(x, y)
}

func (s *Server) update(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !s.authorize(w, r) {
		return
	}
	req, ok := readRequest(w, r)
	if !ok {
		return
	}
	s.locked(w, func() reply {
		if req.Name != "" && req.Name != name {
			return errorReply(http.StatusBadRequest, fmt.Sprintf("invalid Name %q: does not match %q in the path", req.Name, name))
		}
		req.Name = name
		now := time.Now()
		stored, exists := s.methods[name]
		if !exists {
			return errorReply(http.StatusNotFound, notFound(name))
		}
		m, err := req.updatedMethod(stored, &s.opts)
		if err == nil {
			err = s.checkDefaultLocked(m)
		}
		if err != nil {
			return errorReply(http.StatusBadRequest, err.Error())
		}
		s.index++
		m.CreateIndex, m.CreateTime = stored.CreateIndex, stored.CreateTime
		m.ModifyIndex, m.ModifyTime = s.index, now.UTC()
		s.commitLocked(name, m, now)
		return indexed(jsonReply(m.view(false, &s.opts)), m.ModifyIndex)
	})
}

func (s *Server) delete(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !s.authorize(w, r) {
		return
	}
	s.locked(w, func() reply {
		if _, exists := s.methods[name]; !exists {
			status := http.StatusNotFound
			if s.opts.DeleteMissing500 {
				status = http.StatusInternalServerError
			}
			return errorReply(status, notFound(name))
		}
		s.index++
		s.commitLocked(name, nil, time.Now())
		return indexed(reply{Status: http.StatusOK}, s.index)
	})
}

func (s *Server) read(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !s.authorize(w, r) || !s.block(w, r) {
		return
	}
	s.locked(w, func() reply {
		s.applyDueLocked(time.Now())
		m := s.replica.methods[name]
		if m == nil {
			return indexed(errorReply(http.StatusNotFound, notFound(name)), s.replica.index)
		}
		return indexed(jsonReply(m.view(false, &s.opts)), s.replica.index)
	})
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	if !s.block(w, r) {
		return
	}
	s.locked(w, func() reply {
		s.applyDueLocked(time.Now())
		stubs := make([]AuthMethodListStub, 0, len(s.replica.methods))
		for _, name := range slices.Sorted(maps.Keys(s.replica.methods)) {
			stubs = append(stubs, s.replica.methods[name].stub())
		}
		return indexed(jsonReply(stubs), s.replica.index)
	})
}

// checkDefaultLocked enforces that at most one method is the default.
func (s *Server) checkDefaultLocked(m *AuthMethod) error {
	if !m.Default {
		return nil
	}
	for name, other := range s.methods {
		if other.Default && name != m.Name {
			return invalid("invalid Default: %q is already the default auth method", name)
		}
	}
	return nil
}

// commitLocked stores m (nil deletes name) as the write of the current index,
// which the caller has just taken, and hands the write to the replica.
func (s *Server) commitLocked(name string, m *AuthMethod, now time.Time) {
	if m == nil {
		delete(s.methods, name)
	} else {
		s.methods[name] = m
	}
	w := write{index: s.index, due: now.Add(s.opts.ReplicaLag), name: name, method: m}
	s.replica.pending = append(s.replica.pending, w)
	if s.opts.ReplicaLag <= 0 {
		s.applyDueLocked(now)
		return
	}
	time.AfterFunc(s.opts.ReplicaLag, s.applyDue)
}

func readRequest(w http.ResponseWriter, r *http.Request) (*methodRequest, bool) {
	body, status, err := answer.ReadBody(w, r, maxBodyBytes)
	if err != nil {
		errorReply(status, fmt.Sprintf("reading request body: %v", err)).Send(w)
		return nil, false
	}
	req, err := decodeRequest(body)
	if err != nil {
		errorReply(http.StatusBadRequest, err.Error()).Send(w)
		return nil, false
	}
	return req, true
}

func notFound(name string) string {
	return fmt.Sprintf("auth method %q not found", name)
}

// ---- rules of a create or an update

// methodRequest is the body of a create or an update. Durations and claim
// mappings stay raw until validation so that a bad value is reported with
// its field's name rather than as a generic JSON error.
type methodRequest struct {
	Name            string
	Type            string
	TokenLocality   string
	TokenNameFormat string
	MaxTokenTTL     json.RawMessage
	Default         bool
	Config          *configRequest
}

type configRequest struct {
	OIDCDiscoveryURL     string
	OIDCClientID         string
	OIDCClientSecret     string
	OIDCDisableUserInfo  bool
	OIDCScopes           []string
	JWTValidationPubKeys []string
	JWKSURL              string
	BoundAudiences       []string
	AllowedRedirectURIs  []string
	DiscoveryCaPem       []string
	JWKSCACert           string
	SigningAlgs          []string
	ExpirationLeeway     json.RawMessage
	NotBeforeLeeway      json.RawMessage
	ClockSkewLeeway      json.RawMessage
	ClaimMappings        map[string]json.RawMessage
	ListClaimMappings    map[string]json.RawMessage
}

// validationError is answered 400 with its message.
type validationError struct{ msg string }

func (e *validationError) Error() string { return e.msg }

func invalid(format string, args ...any) error {
	return &validationError{msg: fmt.Sprintf(format, args...)}
}

func invalidName(name string) error {
	return invalid("invalid auth method name %q: must be 1..128 letters, digits or dashes", name)
}

// newMethod validates a create body and returns the method to store, without
// its times and indexes.
func (req *methodRequest) newMethod(opts *Options) (*AuthMethod, error) {
	if !validName.MatchString(req.Name) {
		return nil, invalidName(req.Name)
	}
	if req.Type != typeOIDC && req.Type != typeJWT {
		return nil, invalid("invalid Type %q: must be OIDC or JWT", req.Type)
	}
	if req.TokenLocality != "local" && req.TokenLocality != "global" {
		return nil, invalid("invalid TokenLocality %q: must be local or global", req.TokenLocality)
	}
	ttl, err := durationField("MaxTokenTTL", req.MaxTokenTTL)
	if err != nil {
		return nil, err
	}
	if ttl == 0 {
		return nil, invalid("missing MaxTokenTTL: required on create, a duration such as \"5m\"")
	}
	if req.Config == nil {
		return nil, invalid("missing Config: required on create")
	}
	cfg, err := req.Config.convert()
	if err != nil {
		return nil, err
	}
	switch req.Type {
	case typeOIDC:
		for _, f := range []struct{ name, value string }{
			{"OIDCDiscoveryURL", cfg.OIDCDiscoveryURL},
			{"OIDCClientID", cfg.OIDCClientID},
			{"OIDCClientSecret", cfg.OIDCClientSecret},
		} {
			if f.value == "" {
				return nil, invalid("missing %s: required for OIDC auth methods", f.name)
			}
		}
	case typeJWT:
		if err := checkJWTKeySource(cfg); err != nil {
			return nil, err
		}
	}
	return req.method(cfg, ttl, opts), nil
}

// updatedMethod validates an update body against the stored method and
// returns its replacement, without its times and indexes. In the UpdateJWT
// variant a JWT method is updated under the same rules, but for the key
// source a JWT method needs in place of OIDCDiscoveryURL.
func (req *methodRequest) updatedMethod(stored *AuthMethod, opts *Options) (*AuthMethod, error) {
	if stored.Type != typeOIDC && !opts.UpdateJWT {
		return nil, invalid("auth method %q is of type %s: only OIDC auth methods can be updated", stored.Name, stored.Type)
	}
	if req.Type == "" {
		req.Type = stored.Type
	}
	if req.Type != stored.Type {
		if !opts.UpdateJWT {
			return nil, invalid("invalid Type %q: only OIDC auth methods can be updated", req.Type)
		}
		return nil, invalid("invalid Type %q: auth method %q is of type %s, which an update cannot change", req.Type, stored.Name, stored.Type)
	}
	if req.TokenLocality != "" && req.TokenLocality != "local" && req.TokenLocality != "global" {
		return nil, invalid("invalid TokenLocality %q: must be local or global", req.TokenLocality)
	}
	ttl, err := durationField("MaxTokenTTL", req.MaxTokenTTL)
	if err != nil {
		return nil, err
	}
	if req.Config == nil {
		// The spec's "default nil on update" would leave the method without
		// the AllowedRedirectURIs it must have, and erase its create-only
		// fields.
		need := "AllowedRedirectURIs and OIDCDiscoveryURL"
		if req.Type == typeJWT {
			need = "AllowedRedirectURIs"
		}
		return nil, invalid("missing Config: an update replaces the whole auth method, and its Config must have %s", need)
	}
	cfg, err := req.Config.convert()
	if err != nil {
		return nil, err
	}
	if req.Type == typeOIDC && cfg.OIDCDiscoveryURL == "" {
		return nil, invalid("missing OIDCDiscoveryURL: required for OIDC auth methods")
	}
	if err := keepCreateOnly(cfg, stored.Config); err != nil {
		return nil, err
	}
	if req.Type == typeJWT {
		// After keepCreateOnly, which fills in JWKSURL and
		// JWTValidationPubKeys when the update leaves them out.
		if err := checkJWTKeySource(cfg); err != nil {
			return nil, err
		}
	}
	return req.method(cfg, ttl, opts), nil
}

// method returns the method req describes. MaxTokenTTL is kept only in the
// ReturnMaxTokenTTL variant: the spec uses it at token creation only.
func (req *methodRequest) method(cfg *AuthMethodConfig, ttl time.Duration, opts *Options) *AuthMethod {
	m := &AuthMethod{
		Name:            req.Name,
		Type:            req.Type,
		TokenLocality:   req.TokenLocality,
		TokenNameFormat: req.TokenNameFormat,
		Default:         req.Default,
		Config:          cfg,
	}
	if opts.ReturnMaxTokenTTL {
		m.MaxTokenTTL = Duration(ttl)
	}
	if m.TokenNameFormat == "" {
		m.TokenNameFormat = defaultTokenNameFormat
	}
	return m
}

// keepCreateOnly refuses a change of a create-only field and fills the ones
// the update left empty from the stored config.
func keepCreateOnly(cfg, stored *AuthMethodConfig) error {
	if stored == nil {
		stored = &AuthMethodConfig{}
	}
	if len(cfg.JWTValidationPubKeys) == 0 {
		cfg.JWTValidationPubKeys = stored.JWTValidationPubKeys
	} else if !slices.Equal(cfg.JWTValidationPubKeys, stored.JWTValidationPubKeys) {
		return createOnly("JWTValidationPubKeys")
	}
	for _, f := range []struct {
		name          string
		given, stored *string
	}{
		{"JWKSURL", &cfg.JWKSURL, &stored.JWKSURL},
		{"JWKSCACert", &cfg.JWKSCACert, &stored.JWKSCACert},
	} {
		if *f.given == "" {
			*f.given = *f.stored
		} else if *f.given != *f.stored {
			return createOnly(f.name)
		}
	}
	for _, f := range []struct {
		name          string
		given, stored *Duration
	}{
		{"ExpirationLeeway", &cfg.ExpirationLeeway, &stored.ExpirationLeeway},
		{"NotBeforeLeeway", &cfg.NotBeforeLeeway, &stored.NotBeforeLeeway},
		{"ClockSkewLeeway", &cfg.ClockSkewLeeway, &stored.ClockSkewLeeway},
	} {
		if *f.given == 0 {
			*f.given = *f.stored
		} else if *f.given != *f.stored {
			return createOnly(f.name)
		}
	}
	return nil
}

func checkJWTKeySource(cfg *AuthMethodConfig) error {
	if cfg.OIDCDiscoveryURL == "" && cfg.JWKSURL == "" && len(cfg.JWTValidationPubKeys) == 0 {
		return invalid("JWT auth methods need one of OIDCDiscoveryURL, JWKSURL or JWTValidationPubKeys")
	}
	return nil
}

func createOnly(field string) error {
	return invalid("%s is create-only: it cannot be changed on update", field)
}

// convert checks the rules every config obeys, on create and on update.
func (c *configRequest) convert() (*AuthMethodConfig, error) {
	if len(c.AllowedRedirectURIs) == 0 {
		return nil, invalid("invalid AllowedRedirectURIs: must be non-empty")
	}
	if strings.Contains(c.OIDCDiscoveryURL, ".well-known") {
		return nil, invalid("invalid OIDCDiscoveryURL %q: must not contain a .well-known part", c.OIDCDiscoveryURL)
	}
	cfg := &AuthMethodConfig{
		OIDCDiscoveryURL:     c.OIDCDiscoveryURL,
		OIDCClientID:         c.OIDCClientID,
		OIDCClientSecret:     c.OIDCClientSecret,
		OIDCDisableUserInfo:  c.OIDCDisableUserInfo,
		OIDCScopes:           nilIfEmpty(c.OIDCScopes),
		JWTValidationPubKeys: nilIfEmpty(c.JWTValidationPubKeys),
		JWKSURL:              c.JWKSURL,
		BoundAudiences:       nilIfEmpty(c.BoundAudiences),
		AllowedRedirectURIs:  c.AllowedRedirectURIs,
		DiscoveryCaPem:       nilIfEmpty(c.DiscoveryCaPem),
		JWKSCACert:           c.JWKSCACert,
		SigningAlgs:          nilIfEmpty(c.SigningAlgs),
	}
	for _, f := range []struct {
		name string
		raw  json.RawMessage
		dst  *Duration
	}{
		{"ExpirationLeeway", c.ExpirationLeeway, &cfg.ExpirationLeeway},
		{"NotBeforeLeeway", c.NotBeforeLeeway, &cfg.NotBeforeLeeway},
		{"ClockSkewLeeway", c.ClockSkewLeeway, &cfg.ClockSkewLeeway},
	} {
		d, err := durationField(f.name, f.raw)
		if err != nil {
			return nil, err
		}
		*f.dst = Duration(d)
	}
	var err error
	if cfg.ClaimMappings, err = claimMappings("ClaimMappings", c.ClaimMappings); err != nil {
		return nil, err
	}
	if cfg.ListClaimMappings, err = claimMappings("ListClaimMappings", c.ListClaimMappings); err != nil {
		return nil, err
	}
	return cfg, nil
}

func durationField(name string, raw json.RawMessage) (time.Duration, error) {
	d, err := parseDuration(raw)
	if err != nil {
		return 0, invalid("invalid %s %s: must be a duration such as \"5m\" or \"30s\"", name, raw)
	}
	if d < 0 {
		return 0, invalid("invalid %s %s: must not be negative", name, raw)
	}
	return d, nil
}

func claimMappings(name string, in map[string]json.RawMessage) (map[string]string, error) {
	if len(in) == 0 {
		return nil, nil
	}
	out := make(map[string]string, len(in))
	for _, k := range slices.Sorted(maps.Keys(in)) {
		v, ok := stringifyClaimValue(in[k])
		if !ok {
			return nil, invalid("invalid %s[%q] %s: must be a string, number or boolean", name, k, in[k])
		}
		out[k] = v
	}
	return out, nil
}

// stringifyClaimValue returns a claim mapping value as the API returns it: a
// string as itself, a number or a boolean as its JSON text.
func stringifyClaimValue(raw json.RawMessage) (string, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "", false
	}
	switch c := raw[0]; {
	case c == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", false
		}
		return s, true
	case string(raw) == "true" || string(raw) == "false":
		return string(raw), true
	case c == '-' || (c >= '0' && c <= '9'):
		var n json.Number
		if err := json.Unmarshal(raw, &n); err != nil {
			return "", false
		}
		return n.String(), true
	}
	return "", false
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

// decodeRequest reads a create or update body; every failure is a 400.
func decodeRequest(body []byte) (*methodRequest, error) {
	var req methodRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, invalid("invalid request body: %v", err)
	}
	return &req, nil
}
