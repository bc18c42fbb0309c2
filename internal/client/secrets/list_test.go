package secrets

import (
	"context"
	"net/http"
	"reflect"
	"sync"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

const destinationListJSON = `{"key_info":{"cloudone-sm/":["a","b"],"codehost/":["c"]},"keys":["cloudone-sm/","codehost/"],"total_destinations":3}`

var destinationList = &DestinationList{
	KeyInfo:           map[string][]string{"cloudone-sm/": {"a", "b"}, "codehost/": {"c"}},
	Keys:              []string{"cloudone-sm/", "codehost/"},
	TotalDestinations: 3,
}

func TestList_usesLIST(t *testing.T) {
	c, f := fakeSecrets(t, reply(http.StatusOK, envelope(destinationListJSON, "w")))
	for range 2 {
		got, meta, err := c.ListDestinations(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, destinationList) || !reflect.DeepEqual(meta.Warnings, []string{"w"}) {
			t.Errorf("got %+v, meta %+v", got, meta)
		}
	}
	assertRequest(t, f.last(t), "LIST", "/v1/sys/sync/destinations", "")
	if want := []string{"LIST /v1/sys/sync/destinations", "LIST /v1/sys/sync/destinations"}; !reflect.DeepEqual(f.lines(), want) {
		t.Errorf("requests %q, want %q", f.lines(), want)
	}
}

// onlyGetList is a server that knows GET ?list=true but refuses LIST with
// refusal. It lists destinations as data, and no associations.
func onlyGetList(refusal http.HandlerFunc, data string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method == "LIST" {
			refusal(w, r)
			return
		}
		if r.Method != http.MethodGet || r.URL.Query().Get("list") != "true" {
			reply(http.StatusBadRequest, `{"errors":["unexpected request"]}`)(w, r)
			return
		}
		if r.URL.Path == associationsPath {
			reply(http.StatusOK, envelope(`{"keys":[],"total_associations":0,"total_secrets":0}`))(w, r)
			return
		}
		reply(http.StatusOK, envelope(data))(w, r)
	}
}

func TestList_fallsBackToGETAndRemembers(t *testing.T) {
	for name, refusal := range map[string]http.HandlerFunc{
		"405":            reply(http.StatusMethodNotAllowed, `{"errors":["unsupported operation"]}`),
		"501":            reply(http.StatusNotImplemented, "not implemented"),
		"404 empty body": reply(http.StatusNotFound, ""),
	} {
		t.Run(name, func(t *testing.T) {
			c, f := fakeSecrets(t, onlyGetList(refusal, destinationListJSON))
			ctx := context.Background()
			got, _, err := c.ListDestinations(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, destinationList) {
				t.Errorf("got %+v", got)
			}
			assertRequest(t, f.last(t), http.MethodGet, "/v1/sys/sync/destinations", "list=true")
			// Later lists, of any path, go straight to GET.
			if _, _, err := c.ListDestinationsByType(ctx, TypeCodehost); err != nil {
				t.Fatal(err)
			}
			if _, _, err := c.ListAssociations(ctx); err != nil {
				t.Fatal(err)
			}
			want := []string{
				"LIST /v1/sys/sync/destinations",
				"GET /v1/sys/sync/destinations?list=true",
				"GET /v1/sys/sync/destinations/codehost?list=true",
				"GET /v1/sys/sync/associations?list=true",
			}
			if !reflect.DeepEqual(f.lines(), want) {
				t.Errorf("requests\n%q\nwant\n%q", f.lines(), want)
			}
		})
	}
}

func TestList_fallbackRememberedAcrossGoroutines(t *testing.T) {
	c, f := fakeSecrets(t, onlyGetList(reply(http.StatusMethodNotAllowed, ""), destinationListJSON))
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if _, _, err := c.ListDestinations(context.Background()); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	before := len(f.requests())
	if _, _, err := c.ListDestinations(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := f.requests()[before:]; len(got) != 1 || got[0].Method != http.MethodGet {
		t.Errorf("after the fallback: %+v", got)
	}
}

func TestList_notFoundIsEmpty(t *testing.T) {
	for name, listByGet := range map[string]bool{"LIST": false, "GET": true} {
		c, f := fakeSecrets(t, reply(http.StatusNotFound, `{"errors":[]}`))
		c.listByGet.Store(listByGet)
		got, meta, err := c.ListDestinationsByType(context.Background(), TypeWebhostProject)
		if err != nil || meta == nil || !reflect.DeepEqual(got, &DestinationList{}) {
			t.Errorf("%s: got %+v, %+v, %v; want an empty list", name, got, meta, err)
		}
		// A 404 in the service's form is an answer, not a refusal.
		if n := len(f.requests()); n != 1 {
			t.Errorf("%s: %d requests, want 1", name, n)
		}
	}
}

func TestList_emptyAnswerIsEmpty(t *testing.T) {
	c, _ := fakeSecrets(t, reply(http.StatusOK, envelope(`null`)))
	got, _, err := c.ListAssociations(context.Background())
	if err != nil || !reflect.DeepEqual(got, &AssociationList{}) {
		t.Errorf("got %+v, %v", got, err)
	}
}

func TestList_errorsAreNotRefusals(t *testing.T) {
	for _, tc := range []struct {
		status int
		body   string
		want   string
	}{
		{http.StatusNotFound, `{"errors":["no handler for route"]}`, "LIST /v1/sys/sync/associations: 404 Not Found: no handler for route"},
		{http.StatusNotFound, `404 page not found`, "LIST /v1/sys/sync/associations: 404 Not Found: 404 page not found"},
		{http.StatusForbidden, `{"errors":["permission denied"]}`, "LIST /v1/sys/sync/associations: 403 Forbidden: permission denied"},
		{http.StatusBadRequest, `{"errors":[]}`, "LIST /v1/sys/sync/associations: 400 Bad Request"},
	} {
		c, f := fakeSecrets(t, reply(tc.status, tc.body))
		_, _, err := c.ListAssociations(context.Background())
		if err == nil || err.Error() != tc.want || client.StatusCode(err) != tc.status {
			t.Errorf("error %v, want %q", err, tc.want)
		}
		if n := len(f.requests()); n != 1 {
			t.Errorf("%d %s: %d requests, want 1", tc.status, tc.body, n)
		}
	}
}

// A server that fails both ways has not shown that it speaks GET, so the
// next list tries LIST again; the error is the GET's, which says why.
func TestList_fallbackFailureNotRemembered(t *testing.T) {
	c, f := fakeSecrets(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method == "LIST" {
			reply(http.StatusMethodNotAllowed, "")(w, r)
			return
		}
		reply(http.StatusForbidden, `{"errors":["permission denied"]}`)(w, r)
	})
	for range 2 {
		_, _, err := c.ListDestinations(context.Background())
		want := "GET /v1/sys/sync/destinations: 403 Forbidden: permission denied (sent after LIST /v1/sys/sync/destinations: 405 Method Not Allowed)"
		if err == nil || err.Error() != want || client.StatusCode(err) != http.StatusForbidden {
			t.Fatalf("error %v, want %q", err, want)
		}
	}
	want := []string{
		"LIST /v1/sys/sync/destinations", "GET /v1/sys/sync/destinations?list=true",
		"LIST /v1/sys/sync/destinations", "GET /v1/sys/sync/destinations?list=true",
	}
	if !reflect.DeepEqual(f.lines(), want) {
		t.Errorf("requests %q", f.lines())
	}
}

// LIST is retried like any read.
func TestList_retried(t *testing.T) {
	var mu sync.Mutex
	n := 0
	c, f := fakeSecrets(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		n++
		first := n == 1
		mu.Unlock()
		if first {
			reply(http.StatusBadGateway, "")(w, r)
			return
		}
		reply(http.StatusOK, envelope(destinationListJSON))(w, r)
	})
	if _, _, err := c.ListDestinations(context.Background()); err != nil {
		t.Fatal(err)
	}
	if want := []string{"LIST /v1/sys/sync/destinations", "LIST /v1/sys/sync/destinations"}; !reflect.DeepEqual(f.lines(), want) {
		t.Errorf("requests %q", f.lines())
	}
}
