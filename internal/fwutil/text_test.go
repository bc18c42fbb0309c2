package fwutil

import "testing"

func TestWithArticle(t *testing.T) {
	for object, want := range map[string]string{
		"agent pool": "an agent pool", "SSH key": "an SSH key", "OAuth client": "an OAuth client",
		"project": "a project", "GPG key": "a GPG key", "team": "a team", "X": "a X", "": "a ",
	} {
		if got := WithArticle(object); got != want {
			t.Errorf("WithArticle(%q) = %q, want %q", object, got, want)
		}
	}
}
