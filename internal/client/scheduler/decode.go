package scheduler

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// Decoding is lenient where schedulers are known to differ from the spec,
// so that a read never fails, and state is never lost, over a spelling.

// UnmarshalJSON accepts MaxTokenTTL as a number of nanoseconds, and
// timestamps in the forms client.Time takes.
func (m *AuthMethod) UnmarshalJSON(b []byte) error {
	type plain AuthMethod
	var raw struct {
		*plain
		MaxTokenTTL duration    `json:"MaxTokenTTL"`
		CreateTime  client.Time `json:"CreateTime"`
		ModifyTime  client.Time `json:"ModifyTime"`
	}
	raw.plain = (*plain)(m)
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	m.MaxTokenTTL = string(raw.MaxTokenTTL)
	m.CreateTime = time.Time(raw.CreateTime)
	m.ModifyTime = time.Time(raw.ModifyTime)
	return nil
}

// UnmarshalJSON accepts the leeways as numbers of nanoseconds (how a Go
// server encodes a time.Duration), and claim mappings whose values are
// numbers or booleans, which it stringifies as the spec says the server
// does.
func (c *AuthMethodConfig) UnmarshalJSON(b []byte) error {
	type plain AuthMethodConfig
	var raw struct {
		*plain
		ExpirationLeeway  duration  `json:"ExpirationLeeway"`
		NotBeforeLeeway   duration  `json:"NotBeforeLeeway"`
		ClockSkewLeeway   duration  `json:"ClockSkewLeeway"`
		ClaimMappings     stringMap `json:"ClaimMappings"`
		ListClaimMappings stringMap `json:"ListClaimMappings"`
	}
	raw.plain = (*plain)(c)
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	c.ExpirationLeeway = string(raw.ExpirationLeeway)
	c.NotBeforeLeeway = string(raw.NotBeforeLeeway)
	c.ClockSkewLeeway = string(raw.ClockSkewLeeway)
	c.ClaimMappings = raw.ClaimMappings
	c.ListClaimMappings = raw.ListClaimMappings
	return nil
}

// duration is a Go duration string, decoded from a string or from a number
// of nanoseconds.
type duration string

func (d *duration) UnmarshalJSON(b []byte) error {
	text, quoted, err := client.JSONScalar(b)
	if err != nil || quoted || text == "" {
		*d = duration(text)
		return err
	}
	n := json.Number(text)
	ns, err := n.Int64()
	if err != nil {
		f, ferr := n.Float64()
		if ferr != nil {
			return fmt.Errorf("duration: want a string or a number of nanoseconds, got %s", b)
		}
		ns = int64(f)
	}
	*d = duration(time.Duration(ns).String())
	return nil
}

// stringMap decodes a JSON object whose values may be strings, numbers or
// booleans into strings, keeping numbers as the server wrote them.
type stringMap map[string]string

func (m *stringMap) UnmarshalJSON(b []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if raw == nil {
		*m = nil
		return nil
	}
	out := make(stringMap, len(raw))
	for k, v := range raw {
		var s string
		if json.Unmarshal(v, &s) == nil {
			// Strings, and null as "".
			out[k] = s
			continue
		}
		var c bytes.Buffer
		if err := json.Compact(&c, v); err != nil {
			return err
		}
		out[k] = c.String()
	}
	*m = out
	return nil
}
