package secrets

import (
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// Any answer decodes, in its envelope, to each of the service's objects
// and lists, or to an error, never a panic. What decodes reads the same
// when encoded and decoded again; a destination's connection details
// hold text, lists and maps only (numbers and booleans as their JSON
// text); the sync configuration, sent back as the patch the client
// writes, is the configuration that was read.
func FuzzDecodeAnswer(f *testing.F) {
	for _, seed := range []string{
		`{"request_id":"r","lease_id":"","lease_duration":0,"renewable":false,"data":{"type":"codehost","name":"web",` +
			`"connection_details":{"access_token":"*****","installation_id":4242,"repository_owner":"acme","selected_repository_names":["a",1,true],` +
			`"tags":{"n":2.50,"b":false}},"options":{"granularity_level":"secret-key","secret_name_template":"t","custom_tags":{"team":"x"}},` +
			`"purge_initiated_at":"2024-05-01T10:00:00.5Z","purge_error":""},"warnings":["ignored"]}`,
		`{"data":{"key_info":{"cloudone-sm":["a","b"]},"keys":["cloudone-sm"],"total_destinations":"2"}}`,
		`{"data":{"key_info":{"kv/app":[{"mount":"kv","secret_path":"app"}]},"keys":["kv/app"],"total_associations":1e0,"total_secrets":" 1 "}}`,
		`{"data":{"associated_secrets":{"kv_1234/app":{"accessor":"kv_1234","secret_name":"app","sync_status":"SYNCED","updated_at":"2024-05-01T10:00:00+0200"}},"store_name":"web","store_type":"codehost"}}`,
		`{"data":{"associated_destinations":{"codehost/web":{"type":"codehost","name":"web","sync_status":"PENDING","updated_at":""}}}}`,
		`{"data":{"disabled":"true","queue_capacity":"1000000"}}`, `{"data":{"disabled":1,"queue_capacity":1.5}}`,
		`{"data":{"name":"app","app_id":"123","fingerprint":"fp"}}`,
		`{"data":null}`, `{"warnings":null}`, `{}`, `null`, `[]`, ``,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		roundTrip[Destination](t, raw)
		roundTrip[DestinationList](t, raw)
		roundTrip[AssociationList](t, raw)
		roundTrip[DestinationAssociations](t, raw)
		roundTrip[SecretAssociations](t, raw)
		roundTrip[CodehostApp](t, raw)

		var d Envelope[*Destination]
		if json.Unmarshal(raw, &d) == nil && d.Data != nil {
			for k, v := range d.Data.ConnectionDetails {
				if !onlyText(v) {
					t.Errorf("%q: connection detail %s is %#v, not text", raw, k, v)
				}
			}
		}

		var c Envelope[*SyncConfig]
		if json.Unmarshal(raw, &c) == nil && c.Data != nil {
			patch, err := json.Marshal(SyncConfigPatch{Disabled: &c.Data.Disabled, QueueCapacity: &c.Data.QueueCapacity})
			if err != nil {
				t.Fatal(err)
			}
			var back SyncConfig
			if err := json.Unmarshal(patch, &back); err != nil || back != *c.Data {
				t.Errorf("%q reads as %+v, whose patch %s reads as %+v, %v", raw, *c.Data, patch, back, err)
			}
		}
	})
}

// roundTrip decodes raw as an answer of T, if it is one, and checks that
// its data encodes to what decodes to the same.
func roundTrip[T any](t *testing.T, raw []byte) {
	t.Helper()
	var env Envelope[*T]
	if json.Unmarshal(raw, &env) != nil || env.Data == nil {
		return
	}
	encoded, err := json.Marshal(env.Data)
	if err != nil {
		t.Fatalf("%q decodes to a %T that does not encode: %v", raw, env.Data, err)
	}
	var back T
	if err := json.Unmarshal(encoded, &back); err != nil {
		t.Fatalf("%q decodes to a %T that encodes as %s, which does not decode: %v", raw, env.Data, encoded, err)
	}
	if !reflect.DeepEqual(*env.Data, back) {
		t.Errorf("%q decodes to\n%+v,\nwhich encodes as %s and decodes to\n%+v", raw, *env.Data, encoded, back)
	}
}

func onlyText(v any) bool {
	switch x := v.(type) {
	case string:
		return true
	case []any:
		for _, e := range x {
			if !onlyText(e) {
				return false
			}
		}
		return true
	case map[string]any:
		for _, e := range x {
			if !onlyText(e) {
				return false
			}
		}
		return true
	}
	return v == nil
}

// Integers and booleans are read in every spelling servers of this kind
// answer: any integer as a number, a string of it (spaces around it too),
// and a whole float that holds it exactly; a boolean as itself, its
// string, and strconv's other spellings. Anything else is an error or a
// value, never a panic.
func FuzzDecodeLenientNumbers(f *testing.F) {
	for _, seed := range []struct {
		raw string
		n   int64
		b   bool
	}{
		{`"1000"`, 1000, true}, {`1e3`, -7, false}, {`" 7 "`, 0, true}, {`1.5`, math.MaxInt64, false},
		{`null`, math.MinInt64, true}, {`""`, 1 << 53, false}, {`{}`, 9007199254740993, true}, {`"t"`, -1, false},
	} {
		f.Add([]byte(seed.raw), seed.n, seed.b)
	}
	f.Fuzz(func(t *testing.T, raw []byte, n int64, b bool) {
		var anyN anyInt
		_ = anyN.UnmarshalJSON(raw)
		var anyB anyBool
		_ = anyB.UnmarshalJSON(raw)

		text := strconv.FormatInt(n, 10)
		spellings := []string{text, `"` + text + `"`, `" ` + text + ` "`}
		if n > -(1<<53) && n < 1<<53 {
			spellings = append(spellings, text+".0", strconv.FormatFloat(float64(n), 'e', -1, 64))
		}
		for _, s := range spellings {
			var got anyInt
			if err := got.UnmarshalJSON([]byte(s)); err != nil || int64(got) != n {
				t.Errorf("%s reads as %d, %v; want %d", s, got, err, n)
			}
		}
		word := strconv.FormatBool(b)
		for _, s := range []string{word, `"` + word + `"`, `"` + strings.ToUpper(word) + `"`, `"` + word[:1] + `"`, `"` + map[bool]string{true: "1", false: "0"}[b] + `"`} {
			var got anyBool
			if err := got.UnmarshalJSON([]byte(s)); err != nil || bool(got) != b {
				t.Errorf("%s reads as %v, %v; want %v", s, got, err, b)
			}
		}
	})
}

// Any error body gives a message of valid text (for a body of valid text)
// and never a panic; the service's form gives each of its messages, and
// a form the client builds of two messages reads as both, in order.
func FuzzDecodeError(f *testing.F) {
	for _, seed := range []struct{ body, a, b string }{
		{`{"errors":["permission denied"]}`, "destination not found", "1 error occurred"},
		{`{"errors":[]}`, "", " "}, {`{"errors":[null,7,{"x":1}," "]}`, "a\nb", "ü"},
		{`<html>Bad Gateway</html>`, "x", "y"}, {``, "", ""}, {`null`, "\u2028", "\t"},
	} {
		f.Add([]byte(seed.body), seed.a, seed.b)
	}
	f.Fuzz(func(t *testing.T, body []byte, a, b string) {
		msg := DecodeError(body, "application/json")
		if utf8.Valid(body) && !utf8.ValidString(msg) {
			t.Errorf("DecodeError(%q) = %q, not valid text", body, msg)
		}
		var form struct {
			Errors []any `json:"errors"`
		}
		if json.Unmarshal(body, &form) == nil {
			for _, e := range form.Errors {
				if s, ok := e.(string); ok && utf8.ValidString(s) && !strings.Contains(msg, strings.TrimSpace(s)) {
					t.Errorf("DecodeError(%q) = %q, which lost %q", body, msg, s)
				}
			}
		}

		if !utf8.ValidString(a) || !utf8.ValidString(b) {
			return
		}
		built, err := json.Marshal(map[string][]string{"errors": {a, b}})
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, m := range []string{a, b} {
			if m = strings.TrimSpace(m); m != "" {
				want = append(want, m)
			}
		}
		if got := DecodeError(built, "application/json"); got != strings.Join(want, "; ") {
			t.Errorf("DecodeError(%s) = %q, want %q", built, got, strings.Join(want, "; "))
		}
	})
}
