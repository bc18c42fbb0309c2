package platform_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// registryProvidersPath is acme's providers.
const registryProvidersPath = orgsPath + "/acme/registry-providers"

// registryProviderPath is the path of a provider of acme by its names.
func registryProviderPath(registry, namespace, name string) string {
	return registryProvidersPath + "/" + registry + "/" + namespace + "/" + name
}

// createRegistryProvider creates a provider of acme as a's token and
// returns its ID.
func (a *api) createRegistryProvider(registry, namespace, name string) string {
	a.t.Helper()
	d := a.create(registryProvidersPath, "registry-providers", map[string]any{"registry-name": registry, "namespace": namespace, "name": name}, nil)
	return wantID(a.t, d["id"], "prov")
}

// relCount is how many objects a to-many relationship of res names.
func relCount(t *testing.T, res map[string]any, name string) int {
	t.Helper()
	l, ok := relData(t, res, name).([]any)
	if !ok {
		t.Fatalf("relationship %s of %v is no list", name, res)
	}
	return len(l)
}

// link is the link of res named name.
func link(t *testing.T, res map[string]any, name string) string {
	t.Helper()
	links, _ := res["links"].(map[string]any)
	l, ok := links[name].(string)
	if !ok {
		t.Fatalf("links of %v have no %s", res, name)
	}
	return l
}

// A private provider is in the organization's namespace, a public one in
// its own; both are read by names and by ID, and listed.
func TestRegistryProvider_lifecycle(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	// A private provider's namespace is the organization's name, in any
	// case; the answer spells it as the organization does.
	d := a.create(registryProvidersPath, "registry-providers", map[string]any{"registry-name": "private", "namespace": "ACME", "name": "aws"}, nil)
	private := wantID(t, d["id"], "prov")
	wantAttrs(t, d, map[string]any{"name": "aws", "namespace": "acme", "registry-name": "private", "permissions": map[string]any{"can-delete": true}})
	if relID(t, d, "organization", "organizations") != "acme" || relCount(t, d, "registry-provider-versions") != 0 {
		t.Errorf("relationships of %v", d)
	}
	if a := attrs(t, d); a["created-at"] == nil || a["created-at"] != a["updated-at"] {
		t.Errorf("times of a new provider %v", a)
	}
	a.wantStored(d, registryProviderPath("private", "acme", "aws"))
	wantAttrs(t, a.get(registryProviderPath("private", "ACME", "aws")).data(t, http.StatusOK), map[string]any{"namespace": "acme"})
	if got := a.get("/api/v2/registry-providers/"+private).data(t, http.StatusOK); !emutest.EqualJSON(t, got, d) {
		t.Errorf("read by ID %v, want %v", got, d)
	}

	public := a.createRegistryProvider("public", "hashicorp", "aws")
	other := a.createRegistryProvider("private", "acme", "random")
	wantAttrs(t, a.get(registryProviderPath("public", "hashicorp", "aws")).data(t, http.StatusOK), map[string]any{"namespace": "hashicorp", "registry-name": "public"})
	wantNotFound(t, a.get(registryProviderPath("public", "acme", "aws")))
	wantNotFound(t, a.get(registryProviderPath("private", "hashicorp", "aws")))

	for query, want := range map[string]string{
		"":                                     private + "," + public + "," + other,
		"?q=AW":                                private + "," + public,
		"?filter[registry_name]=public":        public,
		"?filter[organization_name]=acme&q=ra": other,
		"?filter[organization_name]=other":     "",
	} {
		if got := strings.Join(ids(a.get(registryProvidersPath+query).list(t)), ","); got != want {
			t.Errorf("list%s: %s, want %s", query, got, want)
		}
	}
	a.wantDeletes(registryProviderPath("public", "hashicorp", "aws"))
	wantNotFound(t, a.get("/api/v2/registry-providers/"+public))
}

// An empty list has no pages; a page past the end is empty.
func TestRegistryProvider_listPages(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	r := a.get(registryProvidersPath)
	if p := r.pagination(t); len(r.list(t)) != 0 || p["total-pages"] != 0.0 || p["total-count"] != 0.0 {
		t.Errorf("empty list %s", r.Body)
	}
	a.createRegistryProvider("private", "acme", "aws")
	r = a.get(registryProvidersPath + "?page[number]=999&page[size]=100")
	if p := r.pagination(t); len(r.list(t)) != 0 || p["current-page"] != 999.0 || p["total-count"] != 1.0 {
		t.Errorf("page past the end %s", r.Body)
	}
}

func TestRegistryProvider_createRules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	path := registryProvidersPath
	// No registry name is two errors, in the platform's words, and no
	// more: the incumbent client's tests compare the whole message.
	r := a.do(http.MethodPost, path, body("registry-providers", map[string]any{"name": "n", "namespace": "ns"}, nil))
	if !strings.Contains(r.Body, `"detail":"Registry name can't be blank"`) || strings.Count(r.Body, `"detail"`) != 2 {
		t.Errorf("create without a registry name: %s", r.Body)
	}
	wantInvalid(t, r, attrAt("registry-name"), "Registry name is not included in the list")
	a.wantCreatesRefused(path, "registry-providers", []refusedCreate{
		{attrs: map[string]any{"name": "n", "namespace": "ns", "registry-name": "PRIVATE"}, pointer: attrAt("registry-name"), detail: "Registry name is not included in the list"},
		{attrs: map[string]any{"namespace": "ns", "registry-name": "public"}, pointer: attrAt("name"), detail: "Name can't be blank"},
		{attrs: map[string]any{"name": " ", "namespace": "ns", "registry-name": "public"}, pointer: attrAt("name"), detail: "Name can't be blank"},
		{attrs: map[string]any{"name": "a/b", "namespace": "ns", "registry-name": "public"}, pointer: attrAt("name"), detail: "Name is invalid"},
		{attrs: map[string]any{"name": "n", "registry-name": "public"}, pointer: attrAt("namespace"), detail: "Namespace can't be blank"},
		{attrs: map[string]any{"name": "n", "namespace": "other", "registry-name": "private"}, pointer: attrAt("namespace"), detail: `must be its organization's name, "acme"`},
	})
	if got := a.get(path).list(t); len(got) != 0 {
		t.Errorf("refused creates stored %v", got)
	}

	// A provider of a registry, namespace and name is the organization's
	// once; another registry or namespace is another provider.
	a.createRegistryProvider("private", "acme", "aws")
	wantConflictAt(t, a.do(http.MethodPost, path, body("registry-providers", map[string]any{"registry-name": "private", "namespace": "Acme", "name": "aws"}, nil)),
		attrAt("name"), "Name has already been taken")
	a.createRegistryProvider("public", "acme", "aws")
	a.createRegistryProvider("public", "hashicorp", "aws")
	a.createRegistryProvider("private", "acme", "AWS")
}

// A provider has no update but of its tag bindings, which replace its own.
func TestRegistryProvider_updateTakesTagBindingsAlone(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := a.createRegistryProvider("public", "hashicorp", "aws")
	path := registryProviderPath("public", "hashicorp", "aws")
	wantInvalid(t, a.do(http.MethodPatch, path, body("registry-providers", map[string]any{"name": "other"}, nil)), attrAt("name"), "a provider has no update")

	d := a.do(http.MethodPatch, path, body("registry-providers", nil, map[string]any{"tag-bindings": bindings("env", "prod", "team", "a")})).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"name": "aws"})
	list := a.get("/api/v2/registry-providers/" + id + "/tag-bindings").list(t)
	if len(list) != 2 || attrs(t, list[0])["key"] != "env" {
		t.Errorf("bindings %v", list)
	}
	a.do(http.MethodPatch, path, body("registry-providers", nil, map[string]any{"tag-bindings": bindings()})).data(t, http.StatusOK)
	if list := a.get("/api/v2/registry-providers/" + id + "/tag-bindings").list(t); len(list) != 0 {
		t.Errorf("bindings after an empty list %v", list)
	}
}

// Whoever sees the organization reads its providers; the owners and the
// teams with manage-providers change them; the rest is 404.
func TestRegistryProvider_whoManagesProviders(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createRegistryProvider("private", "acme", "aws")
	path := registryProviderPath("private", "acme", "aws")
	newProvider := map[string]any{"registry-name": "private", "namespace": "acme", "name": "new"}
	create := body("registry-providers", newProvider, nil)

	bob, _ := a.server.MintUserToken("bob")
	wantNotFound(t, a.as(bob).get(path))
	wantNotFound(t, a.as(bob).get(registryProvidersPath))

	plainToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "plain"))
	plain := a.as(plainToken)
	wantAttrs(t, plain.get(path).data(t, http.StatusOK), map[string]any{"permissions": map[string]any{"can-delete": false}})
	wantNotFound(t, plain.do(http.MethodPost, registryProvidersPath, create))
	wantNotFound(t, plain.do(http.MethodDelete, path, nil))

	team := a.createTeam("acme", "registry")
	a.do(http.MethodPatch, "/api/v2/teams/"+team, body("teams", map[string]any{"organization-access": map[string]any{"manage-providers": true}}, nil)).data(t, http.StatusOK)
	token, _ := a.server.MintTeamToken("acme", team)
	a.as(token).create(registryProvidersPath, "registry-providers", newProvider, nil)
	emutest.WantAPIStatus(t, a.as(token).do(http.MethodDelete, path, nil), http.StatusNoContent)
}

func init() {
	// A private provider, and a public one with a tag binding.
	addStateFixture("registry-providers", func(a *api) roundTrip {
		a.createRegistryProvider("private", "acme", "state-aws")
		public := a.createRegistryProvider("public", "hashicorp", "state-aws")
		a.do(http.MethodPatch, registryProviderPath("public", "hashicorp", "state-aws"),
			body("registry-providers", nil, map[string]any{"tag-bindings": bindings("env", "prod")})).data(a.t, http.StatusOK)
		return roundTrip{paths: []string{
			registryProviderPath("private", "acme", "state-aws"), "/api/v2/registry-providers/" + public,
			"/api/v2/registry-providers/" + public + "/tag-bindings", registryProvidersPath,
		}}
	})
	// Providers: of an organization in the file, of a known registry,
	// with a name, a public one with a namespace of its own and a private
	// one without.
	const stateProvider = `{"id":"prov-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","registry-name":"public","namespace":"hashicorp","name":"aws"}`
	refuseStates(stateInOrg("registry-providers", stateProvider),
		stateInOrg("registry-providers", strings.Replace(stateProvider, "org-AAAAAAAAAAAAAAAA", "org-BBBBBBBBBBBBBBBB", 1)),
		stateInOrg("registry-providers", strings.Replace(stateProvider, `"public"`, `"mine"`, 1)),
		stateInOrg("registry-providers", strings.Replace(stateProvider, `"aws"`, `""`, 1)),
		stateInOrg("registry-providers", strings.Replace(stateProvider, `"hashicorp"`, `"a/b"`, 1)),
		stateInOrg("registry-providers", strings.Replace(stateProvider, `"public"`, `"private"`, 1)),
		stateInOrg("registry-providers", strings.Replace(stateProvider, `}`, `,"tag-bindings":[{"key":"env"}]}`, 1)),
	)
}
