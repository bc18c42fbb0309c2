package client

import (
	"errors"
	"testing"
)

func TestCheckSetting(t *testing.T) {
	positive := func(v string) error {
		if v == "0" {
			return errors.New("must be positive")
		}
		return nil
	}
	for name, tc := range map[string]struct {
		setting Setting
		value   string
		want    string
	}{
		"unset passes OneOf":     {Setting{OneOf: []string{"a"}}, "", ""},
		"unset passes Check":     {Setting{Check: positive}, "", ""},
		"one of":                 {Setting{OneOf: []string{"a", "b"}}, "b", ""},
		"not one of":             {Setting{OneOf: []string{"a", "b"}}, "c", `must be one of ["a" "b"], got "c"`},
		"check passes":           {Setting{Check: positive}, "3", ""},
		"check fails":            {Setting{Check: positive}, "0", "must be positive"},
		"OneOf before Check":     {Setting{OneOf: []string{"1"}, Check: positive}, "0", `must be one of ["1"], got "0"`},
		"neither: anything goes": {Setting{}, "x", ""},
	} {
		err := tc.setting.CheckSetting(tc.value)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: CheckSetting(%q) = %q, want %q", name, tc.value, got, tc.want)
		}
	}
}

// Users paste the API's URL as often as the server's: both are the same
// address.
func TestTrimAPIPath(t *testing.T) {
	s := &Service{APIPath: "/api/v2"}
	for in, want := range map[string]string{
		"https://p.example.com":               "https://p.example.com",
		"https://p.example.com/":              "https://p.example.com/",
		"https://p.example.com/api/v2":        "https://p.example.com",
		"https://p.example.com/api/v2/":       "https://p.example.com",
		"https://p.example.com/tfe/api/v2":    "https://p.example.com/tfe",
		"https://p.example.com/api/v2/api/v2": "https://p.example.com/api/v2",
		"https://p.example.com/api/v3":        "https://p.example.com/api/v3",
	} {
		if got := s.TrimAPIPath(in); got != want {
			t.Errorf("TrimAPIPath(%q) = %q, want %q", in, got, want)
		}
		if got := s.Config(in, "", nil).BaseURL; got != want {
			t.Errorf("Config(%q).BaseURL = %q, want %q", in, got, want)
		}
	}
}
