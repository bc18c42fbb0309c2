package client

import (
	"encoding/json"
	"fmt"
	"time"
)

// Time is a server's ISO 8601 time, kept in UTC, for every service's
// answers. Servers of these kinds write times in more than one way, so
// besides RFC 3339 it accepts an offset without a colon (+0200) and no zone
// at all (taken as UTC); an empty or null one is the zero time, which
// services send for "never".
type Time time.Time

var timeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999Z0700",
}

// UnmarshalJSON reads the forms Time accepts.
func (t *Time) UnmarshalJSON(b []byte) error {
	var s *string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if s == nil || *s == "" {
		*t = Time{}
		return nil
	}
	v, err := parseTime(*s)
	if err != nil {
		return fmt.Errorf("time %q: want ISO 8601, such as 2006-01-02T15:04:05Z07:00", *s)
	}
	// RFC 3339 writes years 0 to 9999 alone: a time that is another year
	// in UTC (0000-01-01T00:00:00+01:00) could not be sent back, and no
	// server answers one.
	if y := v.Year(); y < 0 || y > 9999 {
		return fmt.Errorf("time %q: in UTC it is in the year %d, outside the years 0 to 9999 that ISO 8601 writes", *s, y)
	}
	*t = Time(v)
	return nil
}

// parseTime reads s in the forms Time accepts, in UTC.
func parseTime(s string) (time.Time, error) {
	for _, layout := range timeLayouts {
		if v, err := time.Parse(layout, s); err == nil {
			return v.UTC(), nil
		}
	}
	return time.ParseInLocation("2006-01-02T15:04:05.999999999", s, time.UTC)
}
