package client

import (
	"encoding/json"
	"testing"
	"time"
)

func TestTime(t *testing.T) {
	for in, want := range map[string]time.Time{
		`"2026-01-02T03:04:05Z"`:          time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
		`"2026-01-02T03:04:05.25-04:00"`:  time.Date(2026, 1, 2, 7, 4, 5, 250000000, time.UTC),
		`"2026-01-02T03:04:05+0530"`:      time.Date(2026, 1, 1, 21, 34, 5, 0, time.UTC),
		`"2026-01-02T03:04:05.961861096"`: time.Date(2026, 1, 2, 3, 4, 5, 961861096, time.UTC),
		`""`:                              {},
		`null`:                            {},
		`"0000-01-01T00:00:00Z"`:          time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC),
	} {
		var ts Time
		if err := json.Unmarshal([]byte(in), &ts); err != nil || !time.Time(ts).Equal(want) || time.Time(ts).Location() != time.UTC {
			t.Errorf("%s: %v, %v; want %v", in, time.Time(ts), err, want)
		}
	}
	// The last is the year -1 in UTC, which RFC 3339 cannot write: found
	// by FuzzDecodeAuthMethod, whose method could not be sent back.
	for _, bad := range []string{`"yesterday"`, `1700000000`, `"2026-13-01T00:00:00Z"`, `"0000-01-01T0:00:00+0100"`} {
		var ts Time
		if err := json.Unmarshal([]byte(bad), &ts); err == nil {
			t.Errorf("%s decoded as %v", bad, time.Time(ts))
		}
	}
}
