package clienttest

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
)

// The server records each request as it was sent, and its handler still
// reads the body.
func TestServer_recordsWhatWasSent(t *testing.T) {
	var handled string
	srv := NewServer(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		handled = string(b)
		Reply(http.StatusCreated, "application/json", `{"ok":true}`, "X-Index", "7")(w, r)
	})
	req, err := http.NewRequest(http.MethodPost, srv.URL+"/v1/a%20b?x=1&y=2", strings.NewReader(`{"k":"v"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Token", "tok")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusCreated || resp.Header.Get("Content-Type") != "application/json" || resp.Header.Get("X-Index") != "7" {
		t.Errorf("answer %d with %v", resp.StatusCode, resp.Header)
	}
	r := srv.Last(t)
	if r.Line() != "POST /v1/a%20b?x=1&y=2" || r.Header.Get("X-Token") != "tok" || r.Body != `{"k":"v"}` || handled != r.Body {
		t.Errorf("recorded %+v; the handler read %q", r, handled)
	}
	if got := srv.Lines(); len(got) != 1 || got[0] != r.Line() {
		t.Errorf("lines %q", got)
	}
}

func TestErrText(t *testing.T) {
	if got := ErrText(errors.New("GET http://127.0.0.1:41234/v1/x: 404 Not Found")); got != "GET /v1/x: 404 Not Found" {
		t.Errorf("ErrText = %q", got)
	}
	if got := ErrText(nil); got != "" {
		t.Errorf("ErrText(nil) = %q", got)
	}
}
