package client

import "testing"

func TestJSONScalar(t *testing.T) {
	type want struct {
		text   string
		quoted bool
	}
	for in, w := range map[string]want{
		`"1000"`:       {"1000", true},
		`" 7 "`:        {" 7 ", true},
		`"a\"b\u00e9"`: {`a"bé`, true},
		`""`:           {"", true},
		`1000`:         {"1000", false},
		` -1.5e9 `:     {"-1.5e9", false},
		`true`:         {"true", false},
		`null`:         {"", false},
	} {
		text, quoted, err := JSONScalar([]byte(in))
		if err != nil || text != w.text || quoted != w.quoted {
			t.Errorf("JSONScalar(%s) = %q, %t, %v; want %q, %t", in, text, quoted, err, w.text, w.quoted)
		}
	}
	for _, in := range []string{`{}`, `[1]`, ``, `tru`, `"open`, `1 2`} {
		if text, _, err := JSONScalar([]byte(in)); err == nil {
			t.Errorf("JSONScalar(%s) = %q, want an error", in, text)
		}
	}
}
