package scheduler

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"
	"time"
)

// Any answer decodes to an auth method, a list of them, or an error, never
// a panic; and what decodes, the client sends as it read it: the method,
// encoded as a create or an update sends it, decodes to a method that
// encodes the same, so that a method read and written back is the method
// that was read (an empty list and none are one, as the scheduler takes
// them).
func FuzzDecodeAuthMethod(f *testing.F) {
	for _, seed := range []string{
		`{"Name":"okta","Type":"OIDC","TokenLocality":"global","MaxTokenTTL":"1h0m0s","Default":true,` +
			`"Config":{"OIDCDiscoveryURL":"https://idp.example.com","OIDCClientID":"c","OIDCClientSecret":"s","OIDCScopes":["openid"],` +
			`"ClaimMappings":{"email":"email"},"ListClaimMappings":{"groups":"roles"}},` +
			`"CreateTime":"2024-05-01T10:00:00.123456789Z","ModifyTime":"2024-05-01T10:00:00Z","CreateIndex":7,"ModifyIndex":9}`,
		// A zero duration answered "" and the leeways as nanoseconds, as a
		// Go server encodes a time.Duration, whole or not.
		`{"Name":"ci","Type":"JWT","MaxTokenTTL":900000000000,"Config":{"ExpirationLeeway":30000000000,"NotBeforeLeeway":"","ClockSkewLeeway":1.5e10}}`,
		// Claim mappings of numbers and booleans, and null.
		`{"Name":"n","Config":{"ClaimMappings":{"a":1,"b":true,"c":null,"d":1.50}}}`,
		`{"Name":"t","CreateTime":"2024-05-01T10:00:00+0200","ModifyTime":"2024-05-01T10:00:00"}`,
		`{"Name":"x","MaxTokenTTL":{}}`, `{"Config":null}`, `{}`, `null`, `[]`, ``, `"okta"`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var list []*AuthMethodListStub
		_ = json.Unmarshal(raw, &list)

		var m AuthMethod
		if json.Unmarshal(raw, &m) != nil {
			return
		}
		sent, err := json.Marshal(&m)
		if err != nil {
			t.Fatalf("the method decoded from %q does not encode: %v", raw, err)
		}
		var back AuthMethod
		if err := json.Unmarshal(sent, &back); err != nil {
			t.Fatalf("the method decoded from %q, encoded as %s, does not decode: %v", raw, sent, err)
		}
		resent, err := json.Marshal(&back)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(sent, resent) {
			t.Errorf("the method decoded from %q, encoded as\n%s,\ndecodes to one that encodes as\n%s", raw, sent, resent)
		}
	})
}

// A duration is answered as a Go duration string, or as a number of
// nanoseconds: any whole number of them that a time.Duration holds reads
// as that duration's string, which the scheduler reads back as the same
// duration; anything else is a string as it was, or an error, never a
// panic.
func FuzzDecodeDuration(f *testing.F) {
	for _, seed := range []struct {
		raw string
		ns  int64
	}{
		{`"1h"`, 0}, {`3600000000000`, int64(time.Hour)}, {`1.5e10`, 15e9}, {`""`, -1}, {`null`, 1}, {`{}`, 0},
		{`-9223372036854775808`, -9223372036854775808}, {`1e300`, 9223372036854775807},
	} {
		f.Add([]byte(seed.raw), seed.ns)
	}
	f.Fuzz(func(t *testing.T, raw []byte, ns int64) {
		var d duration
		_ = d.UnmarshalJSON(raw)

		var n duration
		if err := n.UnmarshalJSON([]byte(strconv.FormatInt(ns, 10))); err != nil {
			t.Fatalf("%d nanoseconds: %v", ns, err)
		}
		if want := time.Duration(ns).String(); string(n) != want {
			t.Errorf("%d nanoseconds read as %q, want %q", ns, n, want)
		}
		if back, err := time.ParseDuration(string(n)); err != nil || back != time.Duration(ns) {
			t.Errorf("%d nanoseconds read as %q, which parses back as %v, %v", ns, n, back, err)
		}
	})
}

// Any error body is the scheduler's own "not found" only when it is plain
// text: never an empty body, a JSON document, an HTML page, or the 404
// of a route the server does not have.
func FuzzNotFound(f *testing.F) {
	for _, seed := range []struct{ body, contentType string }{
		{`ACL auth method not found`, "text/plain"}, {`auth method "x" not found`, ""},
		{`{"errors":[]}`, "application/json"}, {`<html><body>404</body></html>`, "text/html"},
		{`404 page not found`, "text/plain; charset=utf-8"}, {``, ""}, {"  \n", ""},
	} {
		f.Add([]byte(seed.body), seed.contentType)
	}
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		found := NotFound(body, contentType)
		text := bytes.TrimSpace(body)
		if found && (len(text) == 0 || text[0] == '{' || text[0] == '[' || string(text) == "404 page not found") {
			t.Errorf("NotFound(%q, %q) = true, for a body that is not the scheduler's", body, contentType)
		}
	})
}
