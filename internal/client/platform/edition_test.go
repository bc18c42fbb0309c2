package platform

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

// editionPlatform answers GET /ping with TFP-AppName appName (none when
// empty), as the transport's probe reads it, and every other request with
// handler, behind a client as fakePlatform's but with the probe.
func editionPlatform(t *testing.T, appName string, handler http.HandlerFunc) (*Client, *clienttest.Server) {
	t.Helper()
	srv := clienttest.NewServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == APIPrefix+"/ping" {
			if appName != "" {
				w.Header().Set(appNameHeader, appName)
			}
			w.WriteHeader(http.StatusNoContent)
			return
		}
		handler(w, r)
	})
	cfg := Service.Config(srv.URL, testToken, nil)
	cfg.MaxRetries = 0
	transport, err := client.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return NewClient(transport, WithRateLimit(1000), withClock(newSteppingClock(), noJitter)), srv
}

// The edition is GET /ping's TFP-AppName, the probe's answer, read once:
// the hosted edition's exact name, any other name the self-hosted
// edition, none unknown; and a transport without a probe knows none.
func TestClient_editionFromThePing(t *testing.T) {
	for name, want := range map[string]string{
		HostedAppName:          EditionHosted,
		"Terraform Enterprise": EditionSelfHosted,
		"hcp terraform":        EditionSelfHosted,
		"":                     "",
	} {
		c, srv := editionPlatform(t, name, reply(http.StatusOK, `{"data":[]}`))
		for range 2 {
			if got := c.Edition(context.Background()); got != want {
				t.Errorf("TFP-AppName %q: edition %q, want %q", name, got, want)
			}
		}
		if got := srv.Lines(); !slices.Equal(got, []string{"GET /api/v2/ping"}) {
			t.Errorf("TFP-AppName %q: requests %v, want one ping", name, got)
		}
	}
	c, srv := fakePlatform(t, reply(http.StatusNoContent, ""))
	if got := c.Edition(context.Background()); got != "" || len(srv.Requests()) != 0 {
		t.Errorf("without a probe: edition %q after %v, want none and no request", got, srv.Lines())
	}
}

// What only the self-hosted edition serves is refused unsent on the
// hosted edition, with an error that names the edition and is no 404;
// on the self-hosted edition, and where the edition is unknown, it is
// sent.
func TestClient_selfHostedOnlyOnTheHostedEdition(t *testing.T) {
	c, srv := editionPlatform(t, HostedAppName, reply(http.StatusNotFound, `{"errors":[{"status":"404","title":"not found"}]}`))
	_, err := c.DataRetentionPolicies.Read(context.Background(), OrganizationRetention("acme"))
	var e *EditionError
	if !errors.As(err, &e) || client.IsNotFound(err) || client.StatusCode(err) != 0 {
		t.Fatalf("error %T %v, want an *EditionError and no 404", err, err)
	}
	want := "GET /api/v2/organizations/acme/relationships/data-retention-policy: not sent: data retention policies are served by the platform's self-hosted edition alone, " +
		`and the platform that platform.address (or STACK_PLATFORM_ADDR) names is the hosted edition: its GET /api/v2/ping answers TFP-AppName "HCP Terraform"`
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error\n%s\nwant it to begin\n%s", err, want)
	}
	if got := srv.Lines(); !slices.Equal(got, []string{"GET /api/v2/ping"}) {
		t.Errorf("requests %v, want the ping alone", got)
	}
	if err := c.RequireSelfHosted(context.Background(), "admin settings"); !errors.As(err, &e) || strings.Contains(err.Error(), "not sent") {
		t.Errorf("RequireSelfHosted: %v, want an *EditionError of no call", err)
	}

	for _, name := range []string{"Terraform Enterprise", ""} {
		c, srv := editionPlatform(t, name, reply(http.StatusOK, `{"data":{"id":"drp-1","type":"data-retention-policy-dont-deletes"}}`))
		if _, err := c.DataRetentionPolicies.Read(context.Background(), OrganizationRetention("acme")); err != nil {
			t.Errorf("TFP-AppName %q: %v", name, err)
		}
		if err := c.RequireSelfHosted(context.Background(), "admin settings"); err != nil {
			t.Errorf("TFP-AppName %q: RequireSelfHosted %v", name, err)
		}
		if n := len(srv.Requests()); n != 2 {
			t.Errorf("TFP-AppName %q: %v, want the ping and the read", name, srv.Lines())
		}
	}
}

// The admin API's 404 to a token that is not a site administrator's is an
// *AdminError, which says so and is no 404: the token's account tells,
// read once the 404 came. A site administrator's 404 stays a 404.
func TestClient_adminsNotFound(t *testing.T) {
	for admin, wantAdminError := range map[string]bool{"false": true, "true": false} {
		c, srv := editionPlatform(t, "Terraform Enterprise", func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == APIPrefix+"/account/details" {
				reply(http.StatusOK, `{"data":{"id":"user-1","type":"users","attributes":{"username":"u","is-admin":`+admin+`}}}`)(w, r)
				return
			}
			reply(http.StatusNotFound, `{"errors":[{"status":"404","title":"not found"}]}`)(w, r)
		})
		_, err := c.DataRetentionPolicies.Read(context.Background(), SiteRetention)
		var e *AdminError
		switch {
		case wantAdminError && (!errors.As(err, &e) || client.IsNotFound(err)):
			t.Errorf("is-admin false: %T %v, want an *AdminError", err, err)
		case wantAdminError && !strings.Contains(err.Error(), "the token of platform.token (or STACK_PLATFORM_TOKEN) is not a site administrator's"):
			t.Errorf("is-admin false: %v", err)
		case !wantAdminError && !client.IsNotFound(err):
			t.Errorf("is-admin true: %v, want the 404", err)
		}
		want := []string{"GET /api/v2/ping", "GET /api/v2/admin/data-retention-policy-settings", "GET /api/v2/account/details"}
		if got := srv.Lines(); !slices.Equal(got, want) {
			t.Errorf("is-admin %s: requests %v, want %v", admin, got, want)
		}
	}
}
