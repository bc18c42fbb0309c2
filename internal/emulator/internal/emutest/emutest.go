// Package emutest holds what the emulator's tests share: plain HTTP
// requests, as another program would send them, and their answers.
package emutest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// Response is an answer, read whole.
type Response struct {
	Status int
	Header http.Header
	Body   string
}

// Do sends a request with the given headers (empty values are left out)
// and body: nil for none, a string as it is, anything else as JSON. A
// request that gets no answer fails t.
func Do(t testing.TB, method, url string, headers map[string]string, body any) Response {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		if v != "" {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return Response{Status: resp.StatusCode, Header: resp.Header, Body: string(data)}
}
