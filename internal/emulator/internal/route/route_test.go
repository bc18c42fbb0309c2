package route

import "testing"

func TestIsClean(t *testing.T) {
	for p, want := range map[string]bool{
		"/":                                  true,
		"/v1/sys/sync/destinations":          true,
		"/v1/sys/sync/destinations/":         true,
		"/v1/sys/sync/destinations//x":       false,
		"/v1/sys/sync/destinations/./x":      false,
		"/v1/sys/sync/destinations/a/../x":   false,
		"/v1/acl/auth-method/..":             false,
		"/v1/acl/auth-method/name.with.dots": true,
	} {
		if got := IsClean(p); got != want {
			t.Errorf("IsClean(%q) = %v, want %v", p, got, want)
		}
	}
}
