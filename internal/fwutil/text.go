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

// WithArticle is object after "a" or "an", as its first sound asks: "an"
// before a vowel, and before an initialism whose first letter is said with
// one ("an SSH key", "an HTTP URL").
func WithArticle(object string) string {
	first, _, _ := strings.Cut(object, " ")
	switch {
	case object == "":
	case strings.ContainsRune("aeiouAEIO", rune(object[0])),
		len(first) > 1 && first == strings.ToUpper(first) && strings.ContainsRune("AEFHILMNORSX", rune(first[0])):
		return "an " + object
	}
	return "a " + object
}
