package platform

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// orgServer answers GET /organizations/acme as visible when it is listed in
// visible, and GET /organizations with the visible organizations.
func orgServer(visible ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == APIPrefix+"/organizations":
			var items []string
			for _, name := range visible {
				items = append(items, `{"id":"`+name+`","type":"organizations","attributes":{"name":"`+name+`"}}`)
			}
			reply(http.StatusOK, `{"data":[`+strings.Join(items, ",")+`],"meta":{"pagination":{"current-page":1,"total-pages":1}}}`)(w, r)
		case strings.HasPrefix(r.URL.Path, APIPrefix+"/organizations/"):
			name := strings.TrimPrefix(r.URL.Path, APIPrefix+"/organizations/")
			for _, v := range visible {
				if v == name {
					reply(http.StatusOK, `{"data":{"id":"`+name+`","type":"organizations","attributes":{"name":"`+name+`"}}}`)(w, r)
					return
				}
			}
			reply(http.StatusNotFound, `{"errors":[{"status":"404","title":"not found"}]}`)(w, r)
		default:
			reply(http.StatusNotFound, `{"errors":[{"status":"404","title":"not found"}]}`)(w, r)
		}
	}
}

func TestConfirmGone(t *testing.T) {
	for name, tc := range map[string]struct {
		visible []string
		org     string
		want    string // "" confirms the object gone
		lines   []string
	}{
		"organization visible: gone": {[]string{"acme"}, "acme", "", []string{"GET /api/v2/organizations/acme"}},
		"no organization: gone if the token sees one": {[]string{"other"}, "", "",
			[]string{"GET /api/v2/organizations?page%5Bsize%5D=1"}},
		"organization not visible": {[]string{"other"}, "acme",
			`the platform answered 404, and the token of platform.token (or STACK_PLATFORM_TOKEN) may not see the organization "acme" either`,
			[]string{"GET /api/v2/organizations/acme", "GET /api/v2/organizations?page%5Bsize%5D=1"}},
		"the token sees nothing": {nil, "acme",
			"the platform answered 404, and the token of platform.token (or STACK_PLATFORM_TOKEN) sees no organization at all",
			[]string{"GET /api/v2/organizations/acme", "GET /api/v2/organizations?page%5Bsize%5D=1"}},
		"the token sees nothing, no organization": {nil, "",
			"sees no organization at all", []string{"GET /api/v2/organizations?page%5Bsize%5D=1"}},
	} {
		t.Run(name, func(t *testing.T) {
			c, f := fakePlatform(t, orgServer(tc.visible...))
			err := ConfirmGone(context.Background(), c, tc.org)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("error %v, want the object confirmed gone", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
			if got := f.Lines(); strings.Join(got, " ") != strings.Join(tc.lines, " ") {
				t.Errorf("requests %q, want %q", got, tc.lines)
			}
		})
	}
}

// The platform's 404 is its error document; a page or another body comes
// from something else at the address.
func TestNotFound(t *testing.T) {
	for body, want := range map[string]bool{
		`{"errors":[{"status":"404","title":"not found"}]}`: true,
		`{"errors":["not found"]}`:                          true,
		`{"errors":[]}`:                                     true,
		"":                                                  false,
		"404 page not found":                                false,
		`{"message":"no route"}`:                            false,
		"<html><body>404</body></html>":                     false,
	} {
		if got := NotFound([]byte(body), MediaType); got != want {
			t.Errorf("NotFound(%q) = %v, want %v", body, got, want)
		}
	}
}
