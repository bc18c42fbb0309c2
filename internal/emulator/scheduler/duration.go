package scheduler

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"time"
)

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

// durationAnswer is a duration as an answer shows it: as Duration does, or
// as "" when zero in the EmptyZeroDurations variant.
type durationAnswer struct {
	d         Duration
	emptyZero bool
}

func (a durationAnswer) MarshalJSON() ([]byte, error) {
	if a.d == 0 && a.emptyZero {
		return []byte(`""`), nil
	}
	return a.d.MarshalJSON()
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
