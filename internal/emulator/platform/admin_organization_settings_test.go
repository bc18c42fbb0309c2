package platform_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

const adminOrgsPath = "/api/v2/admin/organizations"

func moduleConsumersPath(org string) string {
	return adminOrgsPath + "/" + org + "/relationships/module-consumers"
}

// orgRefs is a list document of organizations by name.
func orgRefs(names ...string) map[string]any {
	list := []any{}
	for _, n := range names {
		list = append(list, map[string]any{"type": "organizations", "id": n})
	}
	return map[string]any{"data": list}
}

// An organization's admin settings answer every default before any is
// set, workspace-limit null, and the timeouts under every name.
func TestAdminOrganizations_readAnswersEveryDefault(t *testing.T) {
	a := newSelfHosted(t)
	a.createOrg("acme")
	d := a.get(adminOrgsPath+"/acme").data(t, http.StatusOK)
	if d["type"] != "organizations" || d["id"] != "acme" {
		t.Fatalf("admin organization %v", d)
	}
	wantAttrs(t, d, map[string]any{
		"name": "acme", "notification-email": "acme@example.com", "sso-enabled": false,
		"access-beta-tools": false, "global-module-sharing": false, "global-provider-sharing": false, "is-disabled": false,
		"terraform-worker-sudo-enabled": false, "workspace-limit": nil,
		"plan-timeout": "2h", "terraform-build-worker-plan-timeout": "2h", "engine-build-worker-plan-timeout": "2h",
		"apply-timeout": "24h", "terraform-build-worker-apply-timeout": "24h", "engine-build-worker-apply-timeout": "24h",
	})
	wantID(t, attrs(t, d)["external-id"], "org")
	if owners, _ := relData(t, d, "owners").([]any); len(owners) != 1 {
		t.Errorf("owners %v, want the creator", owners)
	}
	r := a.get(adminOrgsPath + "/acme?include=owners")
	r.data(t, http.StatusOK)
	if inc := r.included(t); len(inc) != 1 || attrs(t, inc[0])["email"] != "admin@example.com" {
		t.Errorf("included %v, want the owner with its email", inc)
	}
	wantNotFound(t, a.get(adminOrgsPath+"/nope"))
}

// A PATCH changes the settings it gives, the timeouts by their names or
// the deprecated ones, and answers them all; workspace-limit is set, to
// 0 too, and cleared by null; what it refuses changes nothing.
func TestAdminOrganizations_update(t *testing.T) {
	a := newSelfHosted(t)
	a.createOrg("acme")
	path := adminOrgsPath + "/acme"
	d := a.do(http.MethodPatch, path, body("organizations", map[string]any{
		"access-beta-tools": true, "global-module-sharing": "true", "is-disabled": true,
		"terraform-worker-sudo-enabled": true, "plan-timeout": "90m", "terraform-build-worker-apply-timeout": "12h",
		"workspace-limit": 42,
	}, nil)).data(t, http.StatusOK)
	want := map[string]any{
		"access-beta-tools": true, "global-module-sharing": true, "global-provider-sharing": false, "is-disabled": true,
		"terraform-worker-sudo-enabled": true, "plan-timeout": "90m", "engine-build-worker-plan-timeout": "90m",
		"apply-timeout": "12h", "engine-build-worker-apply-timeout": "12h", "workspace-limit": 42,
	}
	wantAttrs(t, d, want)
	a.wantStored(d, path)

	// The new name wins over a deprecated one; null timeouts are not given.
	d = a.do(http.MethodPatch, path, body("organizations", map[string]any{
		"apply-timeout": "6h", "engine-build-worker-apply-timeout": "8h", "plan-timeout": nil, "workspace-limit": 0,
	}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"apply-timeout": "6h", "plan-timeout": "90m", "workspace-limit": 0, "access-beta-tools": true})
	d = a.do(http.MethodPatch, path, body("organizations", map[string]any{"workspace-limit": nil}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"workspace-limit": nil})

	for _, c := range []struct {
		attrs           map[string]any
		pointer, detail string
	}{
		{map[string]any{"plan-timeout": "soon"}, attrAt("plan-timeout"), `invalid plan-timeout "soon": must be a duration greater than zero`},
		{map[string]any{"engine-build-worker-apply-timeout": "0s"}, attrAt("engine-build-worker-apply-timeout"), "must be a duration greater than zero"},
		{map[string]any{"workspace-limit": -1}, attrAt("workspace-limit"), "workspace-limit must be at least 0, got -1"},
		{map[string]any{"access-beta-tools": "maybe", "workspace-limit": 3}, attrAt("access-beta-tools"), "must be true or false"},
	} {
		wantInvalid(t, a.do(http.MethodPatch, path, body("organizations", c.attrs, nil)), c.pointer, c.detail)
	}
	wantAttrs(t, a.get(path).data(t, http.StatusOK), map[string]any{"workspace-limit": nil, "access-beta-tools": true})
}

// The list is every organization's, by name, with the queries and the
// producers' filters.
func TestAdminOrganizations_list(t *testing.T) {
	a := newSelfHosted(t)
	for _, name := range []string{"beta", "acme", "corp"} {
		a.createOrg(name)
	}
	aliceToken, _ := a.server.MintUserToken("alice")
	alice := a.as(aliceToken)
	alice.createOrg("alices")
	emutest.WantAPIStatus(t, a.do(http.MethodPatch, adminOrgsPath+"/corp", body("organizations", map[string]any{"global-provider-sharing": true}, nil)), http.StatusOK)
	emutest.WantAPIStatus(t, a.do(http.MethodPatch, moduleConsumersPath("beta"), orgRefs("acme")), http.StatusNoContent)
	a.wantNames(adminOrgsPath, map[string]string{
		"":                                "acme,alices,beta,corp",
		"?q=CM":                           "acme",
		"?q=alices@":                      "alices",
		"?q[name]=c&q[email]=example":     "acme,alices,corp",
		"?filter[module_producer]=true":   "beta",
		"?filter[provider_producer]=true": "corp",
	})
	r := a.get(adminOrgsPath + "?q=alices&include=owners")
	r.list(t)
	if inc := r.included(t); len(inc) != 1 || attrs(t, inc[0])["username"] != "alice" {
		t.Errorf("included %v, want alice", inc)
	}
}

// Module consumers: a PATCH replaces them, and refuses an organization
// that does not exist or the organization itself, changing nothing.
func TestAdminOrganizations_moduleConsumers(t *testing.T) {
	a := newSelfHosted(t)
	for _, name := range []string{"acme", "beta", "corp"} {
		a.createOrg(name)
	}
	path := moduleConsumersPath("acme")
	if got := a.get(path).list(t); len(got) != 0 {
		t.Fatalf("consumers of a new organization: %v", got)
	}
	emutest.WantAPIStatus(t, a.do(http.MethodPatch, path, orgRefs("corp", "beta", "corp")), http.StatusNoContent)
	if got := ids(a.get(path).list(t)); !slices.Equal(got, []string{"beta", "corp"}) {
		t.Errorf("consumers %v, want beta and corp", got)
	}
	emutest.WantAPIStatus(t, a.do(http.MethodPatch, path, orgRefs("corp")), http.StatusNoContent)
	if got := ids(a.get(path).list(t)); !slices.Equal(got, []string{"corp"}) {
		t.Errorf("consumers %v, want corp alone", got)
	}
	wantInvalid(t, a.do(http.MethodPatch, path, orgRefs("beta", "1Hello")), "/data/1/id", "Organization 1Hello not found")
	wantInvalid(t, a.do(http.MethodPatch, path, orgRefs("acme")), "/data/0/id", "cannot consume its own modules")
	// The consumer's delete leaves the list.
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, orgsPath+"/corp", nil), http.StatusNoContent)
	if got := a.get(path).list(t); len(got) != 0 {
		t.Errorf("consumers after corp's delete: %v", ids(got))
	}
	emutest.WantAPIStatus(t, a.do(http.MethodPatch, path, orgRefs()), http.StatusNoContent)
}

// A DELETE of the admin organization deletes the organization.
func TestAdminOrganizations_deleteDeletesTheOrganization(t *testing.T) {
	a := newSelfHosted(t)
	a.createOrg("acme")
	a.wantDeletes(adminOrgsPath + "/acme")
	wantNotFound(t, a.get(orgsPath+"/acme"))
}

// The admin API is the administrator's, and the self-hosted edition's.
func TestAdminOrganizations_administratorsAlone(t *testing.T) {
	a := newSelfHosted(t)
	a.createOrg("acme")
	aliceToken, _ := a.server.MintUserToken("alice")
	teamToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "devs"))
	for _, token := range []string{aliceToken, teamToken} {
		b := a.as(token)
		for _, r := range []response{
			b.get(adminOrgsPath), b.get(adminOrgsPath + "/acme"), b.get(moduleConsumersPath("acme")),
			b.do(http.MethodPatch, adminOrgsPath+"/acme", body("organizations", map[string]any{"access-beta-tools": true}, nil)),
			b.do(http.MethodPatch, moduleConsumersPath("acme"), orgRefs()),
			b.do(http.MethodDelete, adminOrgsPath+"/acme", nil),
		} {
			wantNotAdmin(t, r)
		}
	}
	hosted := newAPI(t, platform.Options{})
	hosted.createOrg("acme")
	for _, r := range []response{hosted.get(adminOrgsPath), hosted.get(adminOrgsPath + "/acme"), hosted.get(moduleConsumersPath("acme"))} {
		emutest.WantAPIError(t, r, http.StatusNotFound, "not found", "the admin API's settings are the self-hosted edition's")
	}
}

func init() {
	const settings = `{"organization":"org-AAAAAAAAAAAAAAAA","plan-timeout":"2h","apply-timeout":"24h","module-consumers":["org-BBBBBBBBBBBBBBBB"]}`
	refuseStates(stateInOrgs("admin-organization-settings", settings),
		stateInOrgs("admin-organization-settings", strings.Replace(settings, "org-A", "org-C", 1)),
		stateInOrgs("admin-organization-settings", strings.Replace(settings, `"2h"`, `"soon"`, 1)),
		stateInOrgs("admin-organization-settings", strings.Replace(settings, `"24h"`, `"0s"`, 1)),
		stateInOrgs("admin-organization-settings", strings.Replace(settings, `}`, `,"workspace-limit":-1}`, 1)),
		stateInOrgs("admin-organization-settings", strings.Replace(settings, "org-BBBBBBBBBBBBBBBB", "org-AAAAAAAAAAAAAAAA", 1)),
		stateInOrgs("admin-organization-settings", strings.Replace(settings, "org-BBBBBBBBBBBBBBBB", "org-CCCCCCCCCCCCCCCC", 1)),
	)
	// acme's settings, whose module consumer is another organization of
	// the fixture's.
	addStateFixture("admin-organization-settings", func(a *api) roundTrip {
		a.createOrg("state-consumer")
		emutest.WantAPIStatus(a.t, a.do(http.MethodPatch, adminOrgsPath+"/acme", body("organizations", map[string]any{
			"access-beta-tools": true, "plan-timeout": "45m", "workspace-limit": 7,
		}, nil)), http.StatusOK)
		emutest.WantAPIStatus(a.t, a.do(http.MethodPatch, moduleConsumersPath("acme"), orgRefs("state-consumer")), http.StatusNoContent)
		return roundTrip{paths: []string{adminOrgsPath + "/acme", moduleConsumersPath("acme")}}
	})
}
