package platform

// quoted are names in backquotes, as descriptions give attribute names.
func quoted(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "`" + n + "`"
	}
	return out
}
