package scheduler

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"time"
)

const (
	typeOIDC = "OIDC"
	typeJWT  = "JWT"

	defaultTokenNameFormat = "${auth_method_type}-${auth_method_name}"
)

var validName = regexp.MustCompile(`^[A-Za-z0-9-]{1,128}$`)

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
func (req *methodRequest) newMethod() (*AuthMethod, error) {
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
		if cfg.OIDCDiscoveryURL == "" && cfg.JWKSURL == "" && len(cfg.JWTValidationPubKeys) == 0 {
			return nil, invalid("JWT auth methods need one of OIDCDiscoveryURL, JWKSURL or JWTValidationPubKeys")
		}
	}
	return req.method(cfg), nil
}

// updatedMethod validates an update body against the stored method and
// returns its replacement, without its times and indexes.
func (req *methodRequest) updatedMethod(stored *AuthMethod) (*AuthMethod, error) {
	if stored.Type != typeOIDC {
		return nil, invalid("auth method %q is of type %s: only OIDC auth methods can be updated", stored.Name, stored.Type)
	}
	if req.Type == "" {
		req.Type = stored.Type
	}
	if req.Type != typeOIDC {
		return nil, invalid("invalid Type %q: only OIDC auth methods can be updated", req.Type)
	}
	if req.TokenLocality != "" && req.TokenLocality != "local" && req.TokenLocality != "global" {
		return nil, invalid("invalid TokenLocality %q: must be local or global", req.TokenLocality)
	}
	if _, err := durationField("MaxTokenTTL", req.MaxTokenTTL); err != nil {
		return nil, err
	}
	if req.Config == nil {
		// The spec's "default nil on update" would leave the method without
		// the AllowedRedirectURIs it must have, and erase its create-only
		// fields.
		return nil, invalid("missing Config: an update replaces the whole auth method, and its Config must have AllowedRedirectURIs and OIDCDiscoveryURL")
	}
	cfg, err := req.Config.convert()
	if err != nil {
		return nil, err
	}
	if cfg.OIDCDiscoveryURL == "" {
		return nil, invalid("missing OIDCDiscoveryURL: required for OIDC auth methods")
	}
	if err := keepCreateOnly(cfg, stored.Config); err != nil {
		return nil, err
	}
	return req.method(cfg), nil
}

func (req *methodRequest) method(cfg *AuthMethodConfig) *AuthMethod {
	m := &AuthMethod{
		Name:            req.Name,
		Type:            req.Type,
		TokenLocality:   req.TokenLocality,
		TokenNameFormat: req.TokenNameFormat,
		Default:         req.Default,
		Config:          cfg,
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
