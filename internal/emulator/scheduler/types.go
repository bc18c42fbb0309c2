package scheduler

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"
)

// AuthMethod is an ACL auth method as the store keeps it and as responses and
// the state file show it. Stored values are never modified in place (every
// write stores a new one), so the authoritative store and the replica can
// share them.
type AuthMethod struct {
	Name            string
	Type            string
	TokenLocality   string
	TokenNameFormat string
	Default         bool
	Config          *AuthMethodConfig
	CreateTime      time.Time
	ModifyTime      time.Time
	CreateIndex     uint64
	ModifyIndex     uint64
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

// Duration is a time.Duration that travels in JSON as a Go duration string,
// which is how the API returns durations.
type Duration time.Duration

// MarshalJSON writes the normalized form, "5m0s" for "5m".
func (d Duration) MarshalJSON() ([]byte, error) {
	return json.Marshal(time.Duration(d).String())
}

// UnmarshalJSON reads what parseDuration accepts, so that a state file keeps
// working whichever spelling wrote it.
func (d *Duration) UnmarshalJSON(b []byte) error {
	v, err := parseDuration(b)
	if err != nil {
		return err
	}
	*d = Duration(v)
	return nil
}

// parseDuration accepts a JSON string in time.ParseDuration syntax, or a JSON
// number of nanoseconds as the real server's Go client sends. Null and "" are
// zero, meaning unset.
func parseDuration(raw json.RawMessage) (time.Duration, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return 0, nil
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, err
		}
		if s == "" {
			return 0, nil
		}
		return time.ParseDuration(s)
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		return 0, fmt.Errorf("not a duration string or a number of nanoseconds: %s", raw)
	}
	if i, err := n.Int64(); err == nil {
		return time.Duration(i), nil
	}
	f, err := n.Float64()
	if err != nil || f > math.MaxInt64 || f < math.MinInt64 {
		return 0, fmt.Errorf("%s nanoseconds is out of range", raw)
	}
	return time.Duration(f), nil
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

// secretForm is how responses show OIDCClientSecret: as stored, or as the
// variants of real servers do.
type secretForm int

const (
	secretShown secretForm = iota
	secretRedacted
	secretOmitted
)

// view returns the method as a response shows it. The create response
// lower-cases OIDCClientID and BoundAudiences (a quirk the spec states); the
// redact variant answers a non-empty client secret as "redacted", the omit
// variant leaves the field out.
func (m *AuthMethod) view(lowerCase bool, secret secretForm) any {
	out := *m
	if m.Config == nil || (!lowerCase && secret == secretShown) {
		return &out
	}
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
	switch secret {
	case secretRedacted:
		if cfg.OIDCClientSecret != "" {
			cfg.OIDCClientSecret = "redacted"
		}
	case secretOmitted:
		return &methodWithoutSecret{AuthMethod: &out, Config: &configWithoutSecret{AuthMethodConfig: &cfg}}
	}
	out.Config = &cfg
	return &out
}

// methodWithoutSecret and configWithoutSecret encode a method without the
// OIDCClientSecret field: in encoding/json a field of the outer struct hides
// the embedded struct's field of the same name, and the outer one, always
// empty, is omitted.
type methodWithoutSecret struct {
	*AuthMethod
	Config *configWithoutSecret
}

type configWithoutSecret struct {
	*AuthMethodConfig
	OIDCClientSecret string `json:",omitempty"`
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
