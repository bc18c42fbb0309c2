package platform_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// moduleTarball is a gzip-compressed tar archive of one main.tf.
func moduleTarball(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	content := []byte("variable \"name\" {}\n")
	if err := tw.WriteHeader(&tar.Header{Name: "main.tf", Mode: 0o644, Size: int64(len(content))}); err != nil {
		t.Fatal(err)
	}
	if _, err := tw.Write(content); err != nil {
		t.Fatal(err)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// createModuleVersion creates a version of acme's private module
// network/aws and returns its answer.
func (a *api) createModuleVersion(version string) map[string]any {
	a.t.Helper()
	return a.create(registryModulePath("private", "acme", "network", "aws")+"/versions", "registry-module-versions", map[string]any{"version": version}, nil)
}

// A version is pending until its archive is uploaded; an archive that is
// none fails its ingestion; another upload ingests again.
func TestRegistryModuleVersion_uploadIngests(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	module := wantID(t, a.createModule(map[string]any{"name": "network", "provider": "aws"})["id"], "mod")
	d := a.createModuleVersion("1.2.3-alpha+feature")
	id := wantID(t, d["id"], "modver")
	wantAttrs(t, d, map[string]any{"version": "1.2.3-alpha+feature", "status": "pending", "source": "tfe-api", "commit-sha": nil})
	if relID(t, d, "registry-module", "registry-modules") != module || relData(t, d, "deprecation") != nil {
		t.Errorf("relationships of %v", d)
	}
	upload := link(t, d, "upload")
	if !strings.HasPrefix(upload, a.url+"/_archivist/v1/object/") {
		t.Errorf("upload link %s", upload)
	}
	show := registryModulePath("private", "acme", "network", "aws") + "/version?module_version=1.2.3-alpha%2Bfeature"
	if got := a.get(show).data(t, http.StatusOK); !emutest.EqualJSON(t, got, d) {
		t.Errorf("read %v, want %v", got, d)
	}
	modulePath := registryModulePath("private", "acme", "network", "aws")
	wantAttrs(t, a.get(modulePath).data(t, http.StatusOK), map[string]any{
		"status": "pending", "version-statuses": []any{map[string]any{"version": "1.2.3-alpha+feature", "status": "pending"}},
	})

	emutest.WantStatus(t, put(t, upload, "not an archive"), http.StatusOK)
	wantAttrs(t, a.get(show).data(t, http.StatusOK), map[string]any{"status": "reg_ingress_failed"})
	emutest.WantStatus(t, put(t, upload, moduleTarball(t)), http.StatusOK)
	got := a.get(show).data(t, http.StatusOK)
	if wantAttrs(t, got, map[string]any{"status": "ok"}); got["links"] != nil {
		t.Errorf("links of an ingested version %v", got["links"])
	}
	wantAttrs(t, a.get(modulePath).data(t, http.StatusOK), map[string]any{"status": "setup_complete"})
	emutest.WantStatus(t, put(t, a.url+"/_archivist/v1/object/modver-AAAAAAAAAAAAAAAA", moduleTarball(t)), http.StatusNotFound)

	// The deprecated create and delete; a version of the name is 409.
	d = a.create("/api/v2/registry-modules/acme/network/aws/versions", "registry-module-versions", map[string]any{"version": "2.0.0"}, nil)
	wantAttrs(t, d, map[string]any{"version": "2.0.0", "status": "pending"})
	wantConflictAt(t, a.do(http.MethodPost, modulePath+"/versions", body("registry-module-versions", map[string]any{"version": "2.0.0"}, nil)),
		attrAt("version"), "Version has already been taken")
	emutest.WantAPIStatus(t, a.do(http.MethodPost, "/api/v2/registry-modules/actions/delete/acme/network/aws/2.0.0", nil), http.StatusNoContent)
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, modulePath+"/1.2.3-alpha+feature", nil), http.StatusNoContent)
	wantNotFound(t, a.get(show))
	wantNotFound(t, a.do(http.MethodDelete, modulePath+"/1.2.3-alpha+feature", nil))
	if state, err := a.server.MarshalState(); err != nil || strings.Contains(string(state), id) {
		t.Errorf("state after the delete %s (%v)", state, err)
	}
}

func TestRegistryModuleVersion_createRules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createModule(map[string]any{"name": "network", "provider": "aws"})
	path := registryModulePath("private", "acme", "network", "aws") + "/versions"
	a.wantCreatesRefused(path, "registry-module-versions", []refusedCreate{
		{attrs: map[string]any{}, pointer: attrAt("version"), detail: "Version can't be blank"},
		{attrs: map[string]any{"version": "invalid version"}, pointer: attrAt("version"), detail: "Version is invalid"},
	})
	// A tag-based module takes no version; a branch-based one publishes it
	// at once from its branch.
	token := a.createOAuthToken("acme")
	a.createVCSModule(token, map[string]any{"identifier": "acme/terraform-aws-tagged"}, nil)
	wantInvalid(t, a.do(http.MethodPost, registryModulePath("private", "acme", "tagged", "aws")+"/versions",
		body("registry-module-versions", map[string]any{"version": "1.0.0"}, nil)), "/data", "publishes its versions from its repository's tags")
	a.createVCSModule(token, map[string]any{"identifier": "acme/terraform-aws-branched", "branch": "main"}, nil)
	d := a.create(registryModulePath("private", "acme", "branched", "aws")+"/versions", "registry-module-versions",
		map[string]any{"version": "1.1.0", "commit-sha": "3f2c1a"}, nil)
	if wantAttrs(t, d, map[string]any{"status": "ok", "source": "github", "commit-sha": "3f2c1a"}); d["links"] != nil {
		t.Errorf("links of a published version %v", d["links"])
	}
	wantAttrs(t, a.get(registryModulePath("private", "acme", "branched", "aws")).data(t, http.StatusOK), map[string]any{
		"version-statuses": []any{map[string]any{"version": "0.0.0", "status": "ok"}, map[string]any{"version": "1.1.0", "status": "ok"}},
	})
}

// A private module's version is deprecated with a reason and a link,
// which its reads show, and its deprecation reverted.
func TestRegistryModuleVersion_deprecation(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createModule(map[string]any{"name": "network", "provider": "aws"})
	id := wantID(t, a.createModuleVersion("1.0.0")["id"], "modver")
	path := registryModulePath("private", "acme", "network", "aws") + "/1.0.0"
	show := registryModulePath("private", "acme", "network", "aws") + "/version?module_version=1.0.0"
	deprecate := func(dep map[string]any) response {
		return a.do(http.MethodPatch, path, body("module-versions", map[string]any{"deprecation": dep}, nil))
	}
	r := deprecate(map[string]any{"deprecated-status": "Deprecated", "reason": "CVE-2025-1", "link": "https://example.com/cve"})
	if d := r.data(t, http.StatusOK); relID(t, d, "deprecation", "deprecations") != id {
		t.Errorf("deprecation of %v", d)
	}
	want := []map[string]any{{"type": "deprecations", "id": id, "attributes": map[string]any{"reason": "CVE-2025-1", "link": "https://example.com/cve"}}}
	for _, got := range []response{r, a.get(show)} {
		if !emutest.EqualJSON(t, got.included(t), want) {
			t.Errorf("included %v, want %v", got.included(t), want)
		}
	}
	// Deprecated again, with another reason and no link.
	if inc := deprecate(map[string]any{"deprecated-status": "Deprecated", "reason": "superseded"}).included(t); !emutest.EqualJSON(t, inc[0]["attributes"], map[string]any{"reason": "superseded", "link": ""}) {
		t.Errorf("included %v", inc)
	}
	r = deprecate(map[string]any{"deprecated-status": "Undeprecated"})
	if d := r.data(t, http.StatusOK); relData(t, d, "deprecation") != nil || len(r.included(t)) != 0 {
		t.Errorf("after the revert %s", r.Body)
	}
	if relData(t, a.get(show).data(t, http.StatusOK), "deprecation") != nil {
		t.Error("the read after the revert shows a deprecation")
	}

	wantInvalid(t, deprecate(map[string]any{"deprecated-status": "Revoked"}), "/data/attributes/deprecation/deprecated-status", `invalid deprecated-status "Revoked"`)
	wantInvalid(t, a.do(http.MethodPatch, path, body("module-versions", map[string]any{}, nil)), attrAt("deprecation"), "deprecation is required")
	wantNotFound(t, a.do(http.MethodPatch, registryModulePath("private", "acme", "network", "aws")+"/9.9.9",
		body("module-versions", map[string]any{"deprecation": map[string]any{"deprecated-status": "Deprecated"}}, nil)))
	a.createModule(map[string]any{"name": "vpc", "provider": "aws", "registry-name": "public", "namespace": "hashicorp"})
	a.create(registryModulePath("public", "hashicorp", "vpc", "aws")+"/versions", "registry-module-versions", map[string]any{"version": "1.0.0"}, nil)
	wantNotFound(t, a.do(http.MethodPatch, registryModulePath("public", "hashicorp", "vpc", "aws")+"/1.0.0",
		body("module-versions", map[string]any{"deprecation": map[string]any{"deprecated-status": "Deprecated"}}, nil)))
	plainToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "plain"))
	wantNotFound(t, a.as(plainToken).do(http.MethodPatch, path, body("module-versions", map[string]any{"deprecation": map[string]any{"deprecated-status": "Deprecated"}}, nil)))
}

func init() {
	// A deprecated version, ingested.
	addStateFixture("registry-module-versions", func(a *api) roundTrip {
		a.createModule(map[string]any{"name": "state-versioned", "provider": "aws"})
		base := registryModulePath("private", "acme", "state-versioned", "aws")
		d := a.create(base+"/versions", "registry-module-versions", map[string]any{"version": "1.0.0"}, nil)
		emutest.WantStatus(a.t, put(a.t, link(a.t, d, "upload"), moduleTarball(a.t)), http.StatusOK)
		a.do(http.MethodPatch, base+"/1.0.0", body("module-versions", map[string]any{"deprecation": map[string]any{
			"deprecated-status": "Deprecated", "reason": "old",
		}}, nil)).data(a.t, http.StatusOK)
		return roundTrip{paths: []string{base, base + "/version?module_version=1.0.0"}}
	})
	// Versions: of a module in the file, a semantic version, a known
	// status; a public module's is never deprecated.
	const (
		stateModule  = `{"id":"mod-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","registry-name":"private","name":"network","provider":"aws","test-config":{"tests-enabled":false}}`
		stateVersion = `{"id":"modver-AAAAAAAAAAAAAAAA","registry-module":"mod-AAAAAAAAAAAAAAAA","version":"1.0.0","status":"ok","source":"tfe-api","deprecation":{"reason":"old"}}`
	)
	refuseStates(stateInOrg("registry-modules", stateModule, "registry-module-versions", stateVersion),
		stateInOrg("registry-modules", stateModule, "registry-module-versions", strings.Replace(stateVersion, "mod-A", "mod-B", 1)),
		stateInOrg("registry-modules", stateModule, "registry-module-versions", strings.Replace(stateVersion, `"1.0.0"`, `"one"`, 1)),
		stateInOrg("registry-modules", stateModule, "registry-module-versions", strings.Replace(stateVersion, `"ok"`, `"done"`, 1)),
		stateInOrg("registry-modules", strings.Replace(stateModule, `"private"`, `"public","namespace":"hashicorp"`, 1), "registry-module-versions", stateVersion),
	)
}
