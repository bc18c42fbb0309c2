package platform_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// providerPlatformsPath is the platforms of a version of acme's private
// provider aws.
func providerPlatformsPath(version string) string {
	return providerVersionsPath + "/" + version + "/platforms"
}

// createProviderPlatform creates a platform of a version of acme's
// private provider aws and returns its answer.
func (a *api) createProviderPlatform(version, os, arch string) map[string]any {
	a.t.Helper()
	return a.create(providerPlatformsPath(version), "registry-provider-platforms",
		map[string]any{"os": os, "arch": arch, "shasum": "8f3c", "filename": "terraform-provider-aws_" + version + "_" + os + "_" + arch + ".zip"}, nil)
}

func TestRegistryProviderPlatform_lifecycle(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createRegistryProvider("private", "acme", "aws")
	version := wantID(t, a.createProviderVersion("1.0.0")["id"], "provver")
	if r := a.get(providerPlatformsPath("1.0.0")); len(r.list(t)) != 0 || r.pagination(t)["total-pages"] != 0.0 {
		t.Errorf("platforms of a new version %s", r.Body)
	}
	d := a.createProviderPlatform("1.0.0", "linux", "amd64")
	id := wantID(t, d["id"], "provpltfrm")
	wantAttrs(t, d, map[string]any{
		"os": "linux", "arch": "amd64", "shasum": "8f3c", "filename": "terraform-provider-aws_1.0.0_linux_amd64.zip",
		"provider-binary-uploaded": false, "permissions": map[string]any{"can-delete": true, "can-upload-asset": true},
	})
	if relID(t, d, "registry-provider-version", "registry-provider-versions") != version {
		t.Errorf("registry-provider-version of %v", d)
	}
	path := providerPlatformsPath("1.0.0") + "/linux/amd64"
	if got := a.get(path).data(t, http.StatusOK); !emutest.EqualJSON(t, got, d) {
		t.Errorf("read %v, want %v", got, d)
	}
	if got := relCount(t, a.get(providerVersionsPath+"/1.0.0").data(t, http.StatusOK), "platforms"); got != 1 {
		t.Errorf("the version has %d platforms", got)
	}

	emutest.WantStatus(t, put(t, link(t, d, "provider-binary-upload"), "binary"), http.StatusOK)
	got := a.get(path).data(t, http.StatusOK)
	wantAttrs(t, got, map[string]any{"provider-binary-uploaded": true})
	if got["links"] != nil {
		t.Errorf("links after the upload %v", got["links"])
	}

	darwin := wantID(t, a.createProviderPlatform("1.0.0", "darwin", "arm64")["id"], "provpltfrm")
	if got := ids(a.get(providerPlatformsPath("1.0.0")).list(t)); strings.Join(got, ",") != darwin+","+id {
		t.Errorf("platforms %v, want by os and arch", got)
	}
	a.wantDeletes(path)
	wantNotFound(t, a.get(providerPlatformsPath("1.0.0")+"/linux/arm64"))
}

func TestRegistryProviderPlatform_createRules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createRegistryProvider("private", "acme", "aws")
	a.createProviderVersion("1.0.0")
	full := map[string]any{"os": "linux", "arch": "amd64", "shasum": "8f3c", "filename": "f.zip"}
	without := func(name string) map[string]any {
		m := merged(full, nil)
		delete(m, name)
		return m
	}
	a.wantCreatesRefused(providerPlatformsPath("1.0.0"), "registry-provider-platforms", []refusedCreate{
		{attrs: without("os"), pointer: attrAt("os"), detail: "OS can't be blank"},
		{attrs: without("arch"), pointer: attrAt("arch"), detail: "Arch can't be blank"},
		{attrs: without("shasum"), pointer: attrAt("shasum"), detail: "Shasum can't be blank"},
		{attrs: merged(full, map[string]any{"filename": " "}), pointer: attrAt("filename"), detail: "Filename can't be blank"},
	})
	a.create(providerPlatformsPath("1.0.0"), "registry-provider-platforms", full, nil)
	wantConflictAt(t, a.do(http.MethodPost, providerPlatformsPath("1.0.0"), body("registry-provider-platforms", full, nil)), attrAt("os"), "has a platform for linux/amd64")
	wantNotFound(t, a.do(http.MethodPost, providerPlatformsPath("2.0.0"), body("registry-provider-platforms", full, nil)))
}

func init() {
	addStateFixture("registry-provider-platforms", func(a *api) roundTrip {
		a.createRegistryProvider("private", "acme", "state-built")
		a.createVersionOf("state-built", "1.0.0")
		platforms := providerVersionsOf("state-built") + "/1.0.0/platforms"
		a.create(platforms, "registry-provider-platforms", map[string]any{"os": "linux", "arch": "amd64", "shasum": "8f3c", "filename": "f.zip"}, nil)
		return roundTrip{paths: []string{platforms, platforms + "/linux/amd64"}}
	})
	// Platforms: of a version in the file, with every field.
	const (
		stateProvider = `{"id":"prov-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","registry-name":"private","name":"aws"}`
		stateVersion  = `{"id":"provver-AAAAAAAAAAAAAAAA","registry-provider":"prov-AAAAAAAAAAAAAAAA","version":"1.0.0","key-id":"k","protocols":[]}`
		statePlatform = `{"id":"provpltfrm-AAAAAAAAAAAAAAAA","registry-provider-version":"provver-AAAAAAAAAAAAAAAA","os":"linux","arch":"amd64","filename":"f.zip","shasum":"8f3c"}`
	)
	in := func(platform string) string {
		return stateInOrg("registry-providers", stateProvider, "registry-provider-versions", stateVersion, "registry-provider-platforms", platform)
	}
	refuseStates(in(statePlatform),
		in(strings.Replace(statePlatform, "provver-A", "provver-B", 1)),
		in(strings.Replace(statePlatform, `"linux"`, `""`, 1)),
		in(strings.Replace(statePlatform, `"8f3c"`, `" "`, 1)),
	)
}
