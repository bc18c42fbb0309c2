package platform_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// providerVersionsPath is the versions of acme's private provider aws.
const providerVersionsPath = orgsPath + "/acme/registry-providers/private/acme/aws/versions"

// providerVersionsOf is the versions of acme's private provider name.
func providerVersionsOf(name string) string {
	return orgsPath + "/acme/registry-providers/private/acme/" + name + "/versions"
}

// createProviderVersion creates a version of acme's private provider aws
// and returns its answer.
func (a *api) createProviderVersion(version string) map[string]any {
	a.t.Helper()
	return a.createVersionOf("aws", version)
}

// createVersionOf creates a version of acme's private provider name and
// returns its answer.
func (a *api) createVersionOf(name, version string) map[string]any {
	a.t.Helper()
	return a.create(providerVersionsOf(name), "registry-provider-versions", map[string]any{"version": version, "key-id": "32966F3FB5AC1129"}, nil)
}

// put uploads data to an upload link, without a token, as clients do.
func put(t *testing.T, link, data string) response {
	t.Helper()
	return response(emutest.Do(t, http.MethodPut, link, map[string]string{"Content-Type": "application/octet-stream"}, data))
}

// A version is created with its upload links, which take its files once
// each; it is read, listed and deleted by its version.
func TestRegistryProviderVersion_lifecycle(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	provider := a.createRegistryProvider("private", "acme", "aws")
	if r := a.get(providerVersionsPath); len(r.list(t)) != 0 || r.pagination(t)["total-pages"] != 0.0 {
		t.Errorf("versions of a new provider %s", r.Body)
	}
	d := a.do(http.MethodPost, providerVersionsPath, body("registry-provider-versions",
		map[string]any{"version": "1.2.0-beta.1+build.7", "key-id": "32966F3FB5AC1129", "protocols": []string{"5.0", "6.0"}}, nil)).data(t, http.StatusCreated)
	id := wantID(t, d["id"], "provver")
	wantAttrs(t, d, map[string]any{
		"version": "1.2.0-beta.1+build.7", "key-id": "32966F3FB5AC1129", "protocols": []string{"5.0", "6.0"},
		"shasums-uploaded": false, "shasums-sig-uploaded": false, "permissions": map[string]any{"can-delete": true, "can-upload-asset": true},
	})
	if relID(t, d, "registry-provider", "registry-providers") != provider {
		t.Errorf("registry-provider of %v", d)
	}
	links, _ := d["links"].(map[string]any)
	upload, _ := links["shasums-upload"].(string)
	if !strings.HasPrefix(upload, a.url+"/_archivist/v1/object/") || links["shasums-sig-upload"] == nil || links["shasums-download"] != nil {
		t.Fatalf("links of a new version %v", links)
	}
	versionPath := providerVersionsPath + "/1.2.0-beta.1+build.7"
	if got := a.get(versionPath).data(t, http.StatusOK); !emutest.EqualJSON(t, got, d) {
		t.Errorf("read %v, want %v", got, d)
	}
	wantAttrs(t, a.get(registryProviderPath("private", "acme", "aws")).data(t, http.StatusOK), map[string]any{"name": "aws"})
	if got := relCount(t, a.get(registryProviderPath("private", "acme", "aws")).data(t, http.StatusOK), "registry-provider-versions"); got != 1 {
		t.Errorf("the provider has %d versions", got)
	}
	inc := a.get(registryProviderPath("private", "acme", "aws") + "?include=registry-provider-versions").included(t)
	if len(inc) != 1 || inc[0]["id"] != id {
		t.Errorf("included %v", inc)
	}

	// An upload takes no token; the file's link goes once it is uploaded.
	emutest.WantStatus(t, put(t, upload, "abc  terraform-provider-aws_1.2.0_linux_amd64.zip\n"), http.StatusOK)
	got := a.get(versionPath).data(t, http.StatusOK)
	wantAttrs(t, got, map[string]any{"shasums-uploaded": true, "shasums-sig-uploaded": false})
	if links, _ := got["links"].(map[string]any); links["shasums-upload"] != nil || links["shasums-sig-upload"] == nil {
		t.Errorf("links after the shasums' upload %v", links)
	}
	emutest.WantStatus(t, put(t, a.url+"/_archivist/v1/object/provver-AAAAAAAAAAAAAAAA/shasums", "x"), http.StatusNotFound)

	a.createProviderVersion("1.3.0")
	if got := ids(a.get(providerVersionsPath + "?page[size]=1&page[number]=2").list(t)); len(got) != 1 || got[0] == id {
		t.Errorf("second page %v", got)
	}
	a.wantDeletes(versionPath)
}

func TestRegistryProviderVersion_createRules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createRegistryProvider("private", "acme", "aws")
	a.wantCreatesRefused(providerVersionsPath, "registry-provider-versions", []refusedCreate{
		{attrs: map[string]any{"key-id": "k"}, pointer: attrAt("version"), detail: "Version can't be blank"},
		{attrs: map[string]any{"version": "1.0", "key-id": "k"}, pointer: attrAt("version"), detail: "Version is invalid"},
		{attrs: map[string]any{"version": "v1.0.0", "key-id": "k"}, pointer: attrAt("version"), detail: "Version is invalid"},
		{attrs: map[string]any{"version": "1.0.0", "key-id": " "}, pointer: attrAt("key-id"), detail: "Key ID can't be blank"},
	})
	// Without protocols, the version has none.
	wantAttrs(t, a.createProviderVersion("1.0.0"), map[string]any{"protocols": []string{}})
	wantConflictAt(t, a.do(http.MethodPost, providerVersionsPath, body("registry-provider-versions", map[string]any{"version": "1.0.0", "key-id": "k"}, nil)),
		attrAt("version"), "Version has already been taken")

	// A public provider has no versions.
	a.createRegistryProvider("public", "hashicorp", "aws")
	wantInvalid(t, a.do(http.MethodPost, orgsPath+"/acme/registry-providers/public/hashicorp/aws/versions",
		body("registry-provider-versions", map[string]any{"version": "1.0.0", "key-id": "k"}, nil)), "/data", "only a private provider has versions")
	wantNotFound(t, a.get(providerVersionsPath+"/9.9.9"))
	wantNotFound(t, a.do(http.MethodDelete, providerVersionsPath+"/9.9.9", nil))
}

// A provider's delete takes its versions and their platforms.
func TestRegistryProviderVersion_goesWithItsProvider(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createRegistryProvider("private", "acme", "aws")
	a.createProviderVersion("1.0.0")
	a.createProviderPlatform("1.0.0", "linux", "amd64")
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, registryProviderPath("private", "acme", "aws"), nil), http.StatusNoContent)
	a.createRegistryProvider("private", "acme", "aws")
	if r := a.get(providerVersionsPath); len(r.list(t)) != 0 {
		t.Errorf("a new provider of the same name has versions %s", r.Body)
	}
	if state, err := a.server.MarshalState(); err != nil || strings.Contains(string(state), "provver-") || strings.Contains(string(state), "provpltfrm-") {
		t.Errorf("state after the delete %s (%v)", state, err)
	}
}

func init() {
	addStateFixture("registry-provider-versions", func(a *api) roundTrip {
		a.createRegistryProvider("private", "acme", "state-versioned")
		v := a.createVersionOf("state-versioned", "1.0.0")
		emutest.WantStatus(a.t, put(a.t, link(a.t, v, "shasums-sig-upload"), "sig"), http.StatusOK)
		return roundTrip{paths: []string{providerVersionsOf("state-versioned"), providerVersionsOf("state-versioned") + "/1.0.0"}}
	})
	// Versions: of a private provider in the file, a semantic version,
	// a key ID.
	const (
		stateProvider = `{"id":"prov-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","registry-name":"private","name":"aws"}`
		stateVersion  = `{"id":"provver-AAAAAAAAAAAAAAAA","registry-provider":"prov-AAAAAAAAAAAAAAAA","version":"1.0.0","key-id":"k","protocols":[]}`
	)
	refuseStates(stateInOrg("registry-providers", stateProvider, "registry-provider-versions", stateVersion),
		stateInOrg("registry-providers", stateProvider, "registry-provider-versions", strings.Replace(stateVersion, "prov-A", "prov-B", 1)),
		stateInOrg("registry-providers", strings.Replace(stateProvider, `"private"`, `"public","namespace":"hashicorp"`, 1), "registry-provider-versions", stateVersion),
		stateInOrg("registry-providers", stateProvider, "registry-provider-versions", strings.Replace(stateVersion, `"1.0.0"`, `"one"`, 1)),
		stateInOrg("registry-providers", stateProvider, "registry-provider-versions", strings.Replace(stateVersion, `"k"`, `""`, 1)),
	)
}
