// Package route holds what the emulator's APIs share about the paths they
// serve.
package route

import (
	"path"
	"strings"
)

// IsClean reports whether a mux routes path p as it is, rather than
// redirect it to p without its empty, "." and ".." segments.
func IsClean(p string) bool {
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c == p
}
