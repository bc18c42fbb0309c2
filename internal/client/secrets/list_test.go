package secrets

import (
	"context"
	"net/http"
	"reflect"
	"sync"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
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
	assertRequest(t, f.Last(t), "LIST", "/v1/sys/sync/destinations", "")
	if want := []string{"LIST /v1/sys/sync/destinations", "LIST /v1/sys/sync/destinations"}; !reflect.DeepEqual(f.Lines(), want) {
		t.Errorf("requests %q, want %q", f.Lines(), want)
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
		"405":             reply(http.StatusMethodNotAllowed, `{"errors":["unsupported operation"]}`),
		"501":             reply(http.StatusNotImplemented, "not implemented"),
		"404 empty body":  reply(http.StatusNotFound, ""),
		"400 unsupported": reply(http.StatusBadRequest, `{"errors":["1 error occurred:\n\t* unsupported operation\n\n"]}`),
		// A router that does not know LIST answers as for any unknown
		// path, in the service's own form: on a client that has not yet
		// seen a LIST succeed, that is confirmed with a GET.
		"404 {\"errors\":[]}": reply(http.StatusNotFound, `{"errors":[]}`),
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
			assertRequest(t, f.Last(t), http.MethodGet, "/v1/sys/sync/destinations", "list=true")
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
			if !reflect.DeepEqual(f.Lines(), want) {
				t.Errorf("requests\n%q\nwant\n%q", f.Lines(), want)
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
	before := len(f.Requests())
	if _, _, err := c.ListDestinations(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := f.Requests()[before:]; len(got) != 1 || got[0].Method != http.MethodGet {
		t.Errorf("after the fallback: %+v", got)
	}
}

// The service answers a list of nothing with 404 {"errors":[]}, which a
// server that does not route LIST may send too. Once a LIST has succeeded
// the server is known to route it, and such a 404 is an empty list; before,
// one GET ?list=true confirms it.
func TestList_notFoundIsEmpty(t *testing.T) {
	var mu sync.Mutex
	empty := false
	c, f := fakeSecrets(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if empty {
			reply(http.StatusNotFound, `{"errors":[]}`)(w, r)
			return
		}
		reply(http.StatusOK, envelope(destinationListJSON))(w, r)
	})
	ctx := context.Background()
	list := func(want *DestinationList, requests ...string) {
		t.Helper()
		before := len(f.Lines())
		got, meta, err := c.ListDestinationsByType(ctx, TypeWebhostProject)
		if err != nil || meta == nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("got %+v, %+v, %v; want %+v", got, meta, err, want)
		}
		if sent := f.Lines()[before:]; !reflect.DeepEqual(sent, requests) {
			t.Fatalf("requests %q, want %q", sent, requests)
		}
	}
	const byList, byGet = "LIST /v1/sys/sync/destinations/webhost-project", "GET /v1/sys/sync/destinations/webhost-project?list=true"
	mu.Lock()
	empty = true
	mu.Unlock()
	// Not yet known: confirmed, and not remembered either way, since both
	// answers say "nothing".
	list(&DestinationList{}, byList, byGet)
	list(&DestinationList{}, byList, byGet)
	mu.Lock()
	empty = false
	mu.Unlock()
	list(destinationList, byList)
	mu.Lock()
	empty = true
	mu.Unlock()
	list(&DestinationList{}, byList)

	// A server that speaks LIST only, as the spec has it, refuses the GET:
	// the LIST's 404 was its answer, and the next ones are believed.
	c, f = fakeSecrets(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method == "LIST" {
			reply(http.StatusNotFound, `{"errors":[]}`)(w, r)
			return
		}
		reply(http.StatusMethodNotAllowed, `{"errors":["unsupported operation"]}`)(w, r)
	})
	list(&DestinationList{}, byList, byGet)
	list(&DestinationList{}, byList)

	// A confirming GET that fails otherwise is an error: which of the two
	// answers holds cannot be told.
	c, _ = fakeSecrets(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method == "LIST" {
			reply(http.StatusNotFound, `{"errors":[]}`)(w, r)
			return
		}
		reply(http.StatusForbidden, `{"errors":["permission denied"]}`)(w, r)
	})
	_, _, err := c.ListDestinationsByType(ctx, TypeWebhostProject)
	want := "GET /v1/sys/sync/destinations/webhost-project: 403 Forbidden: permission denied (sent after LIST /v1/sys/sync/destinations/webhost-project: 404 Not Found)"
	if err == nil || clienttest.ErrText(err) != want || client.StatusCode(err) != http.StatusForbidden {
		t.Fatalf("error %v, want %q", err, want)
	}

	// A client that lists with GET takes its 404 as an empty list at once.
	c, f = fakeSecrets(t, reply(http.StatusNotFound, `{"errors":[]}`))
	c.listByGet.Store(true)
	list(&DestinationList{}, byGet)
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
		// The service's 404 of an empty list has no message; these are a
		// wrong path's, and another server's.
		{http.StatusNotFound, `{"errors":["no handler for route"]}`, "LIST /v1/sys/sync/associations: 404 Not Found: no handler for route " + notTheServers},
		{http.StatusNotFound, `404 page not found`, "LIST /v1/sys/sync/associations: 404 Not Found: 404 page not found " + notTheServers},
		{http.StatusForbidden, `{"errors":["permission denied"]}`, "LIST /v1/sys/sync/associations: 403 Forbidden: permission denied"},
		{http.StatusBadRequest, `{"errors":[]}`, "LIST /v1/sys/sync/associations: 400 Bad Request"},
		{http.StatusBadRequest, `{"errors":["invalid destination type"]}`, "LIST /v1/sys/sync/associations: 400 Bad Request: invalid destination type"},
	} {
		c, f := fakeSecrets(t, reply(tc.status, tc.body))
		_, _, err := c.ListAssociations(context.Background())
		if err == nil || clienttest.ErrText(err) != tc.want || client.StatusCode(err) != tc.status {
			t.Errorf("error %v, want %q", err, tc.want)
		}
		if n := len(f.Requests()); n != 1 {
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
		if err == nil || clienttest.ErrText(err) != want || client.StatusCode(err) != http.StatusForbidden {
			t.Fatalf("error %v, want %q", err, want)
		}
	}
	want := []string{
		"LIST /v1/sys/sync/destinations", "GET /v1/sys/sync/destinations?list=true",
		"LIST /v1/sys/sync/destinations", "GET /v1/sys/sync/destinations?list=true",
	}
	if !reflect.DeepEqual(f.Lines(), want) {
		t.Errorf("requests %q", f.Lines())
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
	if want := []string{"LIST /v1/sys/sync/destinations", "LIST /v1/sys/sync/destinations"}; !reflect.DeepEqual(f.Lines(), want) {
		t.Errorf("requests %q", f.Lines())
	}
}

// notTheServers is the transport's note on a 404 that is not the service's
// answer for a missing object.
const notTheServers = "(this is not the server's answer for a missing object: the address may not be the server's; check the address)"
