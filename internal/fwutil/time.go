package fwutil

import (
	"time"

	"github.com/hashicorp/terraform-plugin-framework/types"
)

// TimeString is a server time for state: RFC 3339 in UTC, with the
// server's precision. The zero time, which APIs send for "never" or "not
// set", is null.
func TimeString(t time.Time) types.String {
	if t.IsZero() {
		return types.StringNull()
	}
	return types.StringValue(t.UTC().Format(time.RFC3339Nano))
}
