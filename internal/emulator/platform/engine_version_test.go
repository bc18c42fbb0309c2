package platform_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// engineTypes are the two engines' collections under /admin.
var engineTypes = []string{"sentinel-versions", "opa-versions"}

func enginePath(typ string) string { return "/api/v2/admin/" + typ }

// createEngineVersion creates version of the engine typ, built for
// linux/amd64 alone, and returns its ID.
func (a *api) createEngineVersion(typ, version string) string {
	a.t.Helper()
	d := a.create(enginePath(typ), typ, map[string]any{"version": version, "url": "https://example.com/" + version, "sha": "abc"}, nil)
	return wantID(a.t, d["id"], "tool")
}

func TestEngineVersion_createReadUpdateDelete(t *testing.T) {
	for _, typ := range engineTypes {
		t.Run(typ, func(t *testing.T) {
			a := newAPI(t, platform.Options{})
			d := a.create(enginePath(typ), typ, map[string]any{"version": "1.2.3", "url": "https://example.com/a", "sha": "aaa"}, nil)
			id := wantID(t, d["id"], "tool")
			if d["type"] != typ {
				t.Errorf("type %v, want %s", d["type"], typ)
			}
			wantAttrs(t, d, map[string]any{
				"version": "1.2.3", "url": "https://example.com/a", "sha": "aaa", "official": false, "enabled": true, "beta": false,
				"deprecated": false, "deprecated-reason": nil, "usage": 0,
				"archs": []any{map[string]any{"url": "https://example.com/a", "sha": "aaa", "os": "linux", "arch": "amd64"}},
			})
			a.wantStored(d, enginePath(typ)+"/"+id)

			// url and sha change the linux/amd64 build; deprecated false
			// forgets the reason.
			u := a.do(http.MethodPatch, enginePath(typ)+"/"+id, body(typ, map[string]any{
				"url": "https://example.com/b", "deprecated": true, "deprecated-reason": "old", "beta": true,
			}, nil)).data(t, http.StatusOK)
			wantAttrs(t, u, map[string]any{"url": "https://example.com/b", "sha": "aaa", "deprecated": true, "deprecated-reason": "old", "beta": true})
			u = a.do(http.MethodPatch, enginePath(typ)+"/"+id, body(typ, map[string]any{"deprecated": false}, nil)).data(t, http.StatusOK)
			wantAttrs(t, u, map[string]any{"deprecated": false, "deprecated-reason": nil})
			u = a.do(http.MethodPatch, enginePath(typ)+"/"+id, body(typ, map[string]any{"deprecated": true}, nil)).data(t, http.StatusOK)
			wantAttrs(t, u, map[string]any{"deprecated-reason": ""})

			// archs replace the builds: without a linux/amd64 one, url and
			// sha are null.
			arm := []any{map[string]any{"url": "https://example.com/arm", "sha": "bbb", "os": "linux", "arch": "arm64"}}
			u = a.do(http.MethodPatch, enginePath(typ)+"/"+id, body(typ, map[string]any{"archs": arm}, nil)).data(t, http.StatusOK)
			wantAttrs(t, u, map[string]any{"url": nil, "sha": nil, "archs": arm})
			a.wantDeletes(enginePath(typ) + "/" + id)
		})
	}
}

func TestEngineVersion_createRules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createEngineVersion("sentinel-versions", "1.0.0")
	a.wantCreatesRefused(enginePath("sentinel-versions"), "sentinel-versions", []refusedCreate{
		{attrs: map[string]any{"url": "u", "sha": "s"}, pointer: attrAt("version"), detail: "version is required"},
		{attrs: map[string]any{"version": "2.0.0"}, pointer: attrAt("archs"), detail: "url and sha, or archs, are required"},
		{attrs: map[string]any{"version": "1.0.0", "url": "u", "sha": "s"}, pointer: attrAt("version"), detail: "Version has already been taken"},
		{attrs: map[string]any{"version": "0.22.1", "url": "u", "sha": "s"}, pointer: attrAt("version"), detail: "Version has already been taken"},
		{attrs: map[string]any{"version": "2.0.0", "archs": []any{map[string]any{"url": "u", "os": "linux"}}}, pointer: attrAt("archs") + "/0", detail: "an arch needs url, sha, os and arch"},
	})
	// Each engine has its own versions.
	a.createEngineVersion("opa-versions", "1.0.0")
}

// The site ships a version of each engine, which lists first and cannot be
// changed or deleted; the lists filter by version and search in it.
func TestEngineVersion_listAndShippedVersions(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	for typ, shipped := range map[string]string{"sentinel-versions": "0.22.1", "opa-versions": "0.59.0"} {
		a.createEngineVersion(typ, "1.0.1")
		clk.advance(1)
		a.createEngineVersion(typ, "0.1.0")
		versions := func(query string) string {
			var out []string
			for _, v := range a.get(enginePath(typ) + query).list(t) {
				out = append(out, fmt.Sprint(attrs(t, v)["version"]))
			}
			return strings.Join(out, ",")
		}
		for query, want := range map[string]string{
			"": shipped + ",1.0.1,0.1.0", "?filter[version]=" + shipped: shipped, "?filter[version]=1.0": "", "?search[version]=1.0": "1.0.1,0.1.0",
		} {
			if got := versions(query); got != want {
				t.Errorf("%s%s: %s, want %s", typ, query, got, want)
			}
		}
		first := a.get(enginePath(typ)).list(t)[0]
		wantAttrs(t, first, map[string]any{"official": true, "enabled": true})
		path := enginePath(typ) + "/" + wantID(t, first["id"], "tool")
		a.get(path).data(t, http.StatusOK)
		emutest.WantAPIError(t, a.do(http.MethodPatch, path, body(typ, map[string]any{"enabled": false}, nil)), http.StatusUnprocessableEntity, "invalid attribute", "ships with the site")
		emutest.WantAPIError(t, a.do(http.MethodDelete, path, nil), http.StatusUnprocessableEntity, "invalid attribute", "ships with the site")
		r := a.get(enginePath(typ) + "?page[number]=999&page[size]=100")
		if got := r.list(t); len(got) != 0 || r.pagination(t)["total-count"] != float64(3) {
			t.Errorf("%s page 999: %v %v", typ, got, r.pagination(t))
		}
	}
}

// Only the site administrator reads and writes the versions, on either
// edition; anyone else is answered 404.
func TestEngineVersion_onlyTheSiteAdministrator(t *testing.T) {
	for _, edition := range []string{platform.EditionHosted, platform.EditionSelfHosted} {
		a := newAPI(t, platform.Options{Edition: edition})
		a.createOrg("acme")
		for _, typ := range engineTypes {
			id := a.createEngineVersion(typ, "9.9.9")
			owner, _ := a.server.MintUserToken("owner")
			orgToken, _ := a.server.MintOrganizationToken("acme")
			for _, token := range []string{owner, orgToken} {
				as := a.as(token)
				emutest.WantAPIError(t, as.get(enginePath(typ)), http.StatusNotFound, "not found", "the admin API is the site administrator's")
				emutest.WantAPIError(t, as.get(enginePath(typ)+"/"+id), http.StatusNotFound, "not found", "the admin API is the site administrator's")
				emutest.WantAPIError(t, as.do(http.MethodPost, enginePath(typ), body(typ, map[string]any{"version": "1", "url": "u", "sha": "s"}, nil)),
					http.StatusNotFound, "not found", "the admin API is the site administrator's")
				emutest.WantAPIError(t, as.do(http.MethodDelete, enginePath(typ)+"/"+id, nil), http.StatusNotFound, "not found", "the admin API is the site administrator's")
			}
		}
	}
}

func init() {
	const stateVersion = `{"id":"tool-AAAAAAAAAAAAAAAA","version":"1.0.0","archs":[{"url":"u","sha":"s","os":"linux","arch":"amd64"}],"enabled":true,"created-at":"2025-01-01T00:00:00Z"}`
	for _, typ := range engineTypes {
		refuseStates(stateFile(typ, stateVersion),
			stateFile(typ, strings.Replace(stateVersion, `"1.0.0"`, `""`, 1)),
			stateFile(typ, strings.Replace(stateVersion, `[{"url":"u","sha":"s","os":"linux","arch":"amd64"}]`, `[]`, 1)),
			stateFile(typ, stateVersion+","+strings.Replace(stateVersion, "AAAAAAAAAAAAAAAA", "BBBBBBBBBBBBBBBB", 1)),
			stateFile(typ, strings.Replace(stateVersion, `"1.0.0"`, `"0.22.1"`, 1), "opa-versions", strings.Replace(stateVersion, `"1.0.0"`, `"0.59.0"`, 1)),
		)
		addStateFixture(typ, func(a *api) roundTrip {
			id := a.createEngineVersion(typ, "state-1.0")
			a.do(http.MethodPatch, enginePath(typ)+"/"+id, body(typ, map[string]any{"deprecated": true, "deprecated-reason": "state"}, nil)).data(a.t, http.StatusOK)
			return roundTrip{paths: []string{enginePath(typ) + "/" + id, enginePath(typ)}}
		})
	}
}
