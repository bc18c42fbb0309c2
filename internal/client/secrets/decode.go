package secrets

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Decoding is lenient where servers are known or likely to differ from the
// spec, so that a read never fails, and state is never lost, over a
// spelling.

// timestamp is an ISO 8601 time, kept in UTC. Besides RFC 3339 it accepts
// an offset without a colon (+0200) and no zone at all (taken as UTC); an
// empty or null one is the zero time.
type timestamp time.Time

var timestampLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999Z0700",
}

func (t *timestamp) UnmarshalJSON(b []byte) error {
	var s *string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if s == nil || *s == "" {
		*t = timestamp{}
		return nil
	}
	for _, layout := range timestampLayouts {
		if v, err := time.Parse(layout, *s); err == nil {
			*t = timestamp(v.UTC())
			return nil
		}
	}
	v, err := time.ParseInLocation("2006-01-02T15:04:05.999999999", *s, time.UTC)
	if err != nil {
		return fmt.Errorf("timestamp %q: want ISO 8601, such as 2006-01-02T15:04:05Z07:00", *s)
	}
	*t = timestamp(v)
	return nil
}

// appID is a code-host app's ID, which the service takes as a string of
// digits and answers as a number; either is accepted.
type appID int64

func (a *appID) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return err
	}
	var text string
	switch t := v.(type) {
	case nil:
	case json.Number:
		text = t.String()
	case string:
		text = strings.TrimSpace(t)
	default:
		return fmt.Errorf("app_id: want a number or a string of digits, got %s", b)
	}
	if text == "" {
		*a = 0
		return nil
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return fmt.Errorf("app_id: want a whole number, got %s", b)
	}
	*a = appID(n)
	return nil
}
