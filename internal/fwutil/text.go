package fwutil

import "strings"

// UpperFirst is s with its first letter in upper case, to begin a
// sentence or a summary with a noun: "Organization token already exists".
func UpperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// withArticle is object after "a" or "an", as its first letter asks.
func withArticle(object string) string {
	if object != "" && strings.ContainsRune("aeiou", rune(object[0])) {
		return "an " + object
	}
	return "a " + object
}
