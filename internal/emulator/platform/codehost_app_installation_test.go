package platform_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func TestCodehostAppInstallation_registeredAndRead(t *testing.T) {
	a := newAPI(t, platform.Options{})
	r := postJSON(t, a.url+"/_emulator/platform/codehost-app-installations", `{"name":"octo","installation-id":42}`)
	if r.Status != http.StatusCreated {
		t.Fatalf("register: %d %s", r.Status, r.Body)
	}
	id := wantID(t, emutest.Object(t, emutest.JSON(t, r))["id"], "ghain")
	other, err := a.server.RegisterCodehostAppInstallation(platform.CodehostAppInstallation{Name: "Alice", InstallationID: 7, InstallationType: "User"})
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{`{"name":"octo","installation-id":42}`, `{"name":"","installation-id":1}`, `{"name":"x","installation-id":0}`, `{"name":"x","installation-id":2,"installation-type":"Team"}`} {
		if r := postJSON(t, a.url+"/_emulator/platform/codehost-app-installations", bad); r.Status != http.StatusBadRequest {
			t.Errorf("register %s: %d %s", bad, r.Status, r.Body)
		}
	}

	for _, path := range []string{"/api/v2/codehost-app/installation/" + id, "/api/v2/codehost-app-installations/" + id} {
		d := a.get(path).data(t, http.StatusOK)
		if d["type"] != "codehost-app-installations" {
			t.Errorf("type %v", d["type"])
		}
		wantAttrs(t, d, map[string]any{"name": "octo", "installation-id": 42, "installation-type": "Organization"})
		for _, attr := range []string{"icon-url", "installation-url"} {
			if v, _ := attrs(t, d)[attr].(string); !strings.HasPrefix(v, "https://") {
				t.Errorf("%s = %v", attr, attrs(t, d)[attr])
			}
		}
	}
	listed := func(query string) string {
		t.Helper()
		return strings.Join(ids(a.get("/api/v2/codehost-app/installations"+query).list(t)), ",")
	}
	if got := listed(""); got != other+","+id {
		t.Errorf("list %s", got)
	}
	if got := listed("?filter[name]=OCTO"); got != id {
		t.Errorf("filter[name] %s", got)
	}
	if got := listed("?filter[installation_id]=7"); got != other {
		t.Errorf("filter[installation_id] %s", got)
	}
	if got := listed("?filter[name]=octo&filter[installation_id]=7"); got != "" {
		t.Errorf("both filters %s", got)
	}
	emutest.WantAPIError(t, a.get("/api/v2/codehost-app/installations?filter[installation_id]=x"), http.StatusBadRequest, "bad request", "filter[installation_id]")

	// A team's or an organization's token authorized no app.
	a.createOrg("acme")
	orgToken, _ := a.server.MintOrganizationToken("acme")
	wantNotFound(t, a.as(orgToken).get("/api/v2/codehost-app/installation/"+id))
	if got := a.as(orgToken).get("/api/v2/codehost-app/installations").list(t); len(got) != 0 {
		t.Errorf("an organization token lists %v", got)
	}
	wantNotFound(t, a.get("/api/v2/codehost-app/installation/ghain-AAAAAAAAAAAAAAAA"))
}

func init() {
	addStateFixture("codehost-app-installations", func(a *api) roundTrip {
		id, err := a.server.RegisterCodehostAppInstallation(platform.CodehostAppInstallation{Name: "octo", InstallationID: 42})
		if err != nil {
			a.t.Fatal(err)
		}
		return roundTrip{paths: []string{"/api/v2/codehost-app/installations", "/api/v2/codehost-app/installation/" + id}}
	})
}
