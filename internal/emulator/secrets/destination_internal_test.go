package secrets

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// writeDestination("") serves the route of unknown types: it answers
// whatever the path's type, never returning without an answer.
func TestWriteDestination_typeFromThePathAlwaysAnswers(t *testing.T) {
	s, err := New(Options{Token: "t"})
	if err != nil {
		t.Fatal(err)
	}
	for typ, want := range map[string]int{"cloudone-sm": http.StatusOK, "aws-sm": http.StatusBadRequest} {
		r := httptest.NewRequest(http.MethodPost, pathDestinations+"/"+typ+"/d", strings.NewReader(`{}`))
		r.SetPathValue("type", typ)
		r.SetPathValue("name", "d")
		w := httptest.NewRecorder()
		s.writeDestination("")(w, r, "")
		var v map[string]any
		if w.Code != want || json.Unmarshal(w.Body.Bytes(), &v) != nil {
			t.Errorf("type %s: %d %q, want %d and a JSON body", typ, w.Code, w.Body, want)
		}
	}
}
