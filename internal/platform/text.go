package platform

import "strings"

// upperFirst is s with its first letter in upper case, to begin a
// sentence or a summary with a noun: "Organization token already exists".
func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// quoted are names in backquotes, as descriptions give attribute names.
func quoted(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "`" + n + "`"
	}
	return out
}
