package secrets

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
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

// anyInt is an integer as servers of this kind answer one: a JSON number
// (1000, or a whole 1000.0 or 1e3) or a string of one ("1000", " 7 "); null
// and "" are 0. The client sends integers as numbers.
type anyInt int64

func (n *anyInt) UnmarshalJSON(b []byte) error {
	text, err := scalarText(b)
	if err != nil {
		return fmt.Errorf("want an integer, as a number or a string of digits, got %s", b)
	}
	if text == "" {
		*n = 0
		return nil
	}
	if i, err := strconv.ParseInt(text, 10, 64); err == nil {
		*n = anyInt(i)
		return nil
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || f != math.Trunc(f) || f < math.MinInt64 || f >= math.MaxInt64 {
		return fmt.Errorf("want an integer, as a number or a string of digits, got %s", b)
	}
	*n = anyInt(f)
	return nil
}

// anyBool is a boolean as servers of this kind answer one: true or false,
// or a string that strconv.ParseBool takes ("true", "1", "F"); null and ""
// are false.
type anyBool bool

func (v *anyBool) UnmarshalJSON(b []byte) error {
	var plain bool
	if json.Unmarshal(b, &plain) == nil {
		*v = anyBool(plain)
		return nil
	}
	text, err := scalarText(b)
	if err == nil && text == "" {
		*v = false
		return nil
	}
	parsed, perr := strconv.ParseBool(text)
	if err != nil || perr != nil {
		return fmt.Errorf("want true or false, got %s", b)
	}
	*v = anyBool(parsed)
	return nil
}

// scalarText returns a JSON string's content, trimmed, or a number's
// literal; null is "". Other JSON values are an error.
func scalarText(b []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", err
	}
	switch t := v.(type) {
	case nil:
		return "", nil
	case json.Number:
		return t.String(), nil
	case string:
		return strings.TrimSpace(t), nil
	}
	return "", fmt.Errorf("not a string or a number: %s", b)
}
