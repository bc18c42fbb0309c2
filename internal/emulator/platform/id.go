package platform

import (
	"crypto/rand"
	"regexp"
	"strings"
)

// base58 is the alphabet of IDs: digits and letters without 0, O, I and l,
// which clients rely on to tell an ID from a name.
const base58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// idLength is the number of base58 characters after an ID's prefix.
const idLength = 16

// Each noun's file names the prefix of its IDs, as prefixWorkspace "ws".

// randomBase58 returns n random characters of the base58 alphabet.
func randomBase58(n int) string {
	var b strings.Builder
	buf := make([]byte, 1)
	for b.Len() < n {
		_, _ = rand.Read(buf) // crypto/rand.Read never fails
		// 232 is the largest multiple of 58 a byte holds: rejecting the
		// rest keeps every character equally likely.
		if buf[0] < 232 {
			b.WriteByte(base58[buf[0]%58])
		}
	}
	return b.String()
}

// newID returns a fresh ID: the prefix, "-" and 16 base58 characters.
func newID(prefix string) string {
	return prefix + "-" + randomBase58(idLength)
}

var idPattern = regexp.MustCompile(`^([a-z]+)-[1-9A-HJ-NP-Za-km-z]{16}$`)

// isID reports whether s is an ID with the prefix.
func isID(prefix, s string) bool {
	m := idPattern.FindStringSubmatch(s)
	return m != nil && m[1] == prefix
}
