package platform_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// Two public keys made for these tests with gpg, and their key IDs as gpg
// lists them: an Ed25519 key and an RSA one, both of version 4.
const (
	testEd25519Key = `-----BEGIN PGP PUBLIC KEY BLOCK-----

mDMEawpB7xYJKwYBBAHaRw8BAQdA27/YcRaj+H+cwF150z4ZNEU0MyeanCUukaWm
pHNP8Di0MVN0YWNrIFJlZ2lzdHJ5IFRlc3QgPHJlZ2lzdHJ5QHN0YWNrd29ya3Mu
aW52YWxpZD6IkAQTFggAOBYhBLQjLF2PXRsLbJAU8oxDLAYJcjntBQJrCkHvAhsD
BQsJCAcCBhUKCQgLAgQWAgMBAh4BAheAAAoJEIxDLAYJcjntk64BAJjr+UXOLV1K
4cMlERcFnVsdtKYnRPStA5swnxwzzTDrAP94mJoEkVzzwKICvh7pkpFpIe9fEBBn
O+65Pu3EqdrgAA==
=BUvE
-----END PGP PUBLIC KEY BLOCK-----`
	testEd25519ID = "8C432C06097239ED"
	testRSAKey    = `-----BEGIN PGP PUBLIC KEY BLOCK-----

mQENBGsKQe8BCADb8l1OZjdo/AujPTq+a7ZMqIKhupNYBG7TSNqXahK/Qch61A5z
oJXG4/XqbIMTrbpCjtkQjZ5N2sjYyOlYqfi/fOV6Im8jFlWjDX1SmgCj216MgS/B
iwSbYKPZ0HUmk3ghGJ/QQyEjvoITrsh4SGUutXbaTXOVGYOKNEsGPTjPIp3Ng1LP
z+ulonxo04+/sAZTktUVKYrQVJnafpwssVIdq8lIogbB2fwPFKZsne4Qdm3fmLaG
6bJHmzBAYGjnSuO23KHf9UnwO0lVkl9DBZEM2bYBZHJm/WtuC/pCo2SULZik9YZE
vVayFB/C4jwOiqNS5/TgheEQyHKFR57FYJFBABEBAAG0L1N0YWNrIFJlZ2lzdHJ5
IE90aGVyIDxvdGhlckBzdGFja3dvcmtzLmludmFsaWQ+iQFOBBMBCgA4FiEEWDJb
skwiMM+gizVIWvhfM8QRwq4FAmsKQe8CGwMFCwkIBwIGFQoJCAsCBBYCAwECHgEC
F4AACgkQWvhfM8QRwq7JCwgAgRt1lLpz7jdoxJzzorjpli1x2kl0xJW4Bgn5F2+h
4UL83vuIRnHXw9MxSRJlZZifOvqKr1RiFURqv47tHjKb5goE5pTBDNX/o1S89Pzs
e4ZDm35DBl6p+7rMGMN4iVtVq9RoFy45/auPb3WuWdBZNvCiHxmKHFxBl5bj9hiG
SDZ6waeiIDZiRVvghee5u0byz0RmE+hufoJACAABYRaBF3w0z2Z9yovqh2EvVIEE
MzzWf1kguzMtDO9geA1LANP9U+tHnuzV4v5wHEZikgh2n9wURhidIVeGxo2DAJDC
srlfJXBLazlHA2qTDN/pPsA5vRQGa3dw60Gza5tt/kcjWA==
=gDWo
-----END PGP PUBLIC KEY BLOCK-----`
	testRSAID = "5AF85F33C411C2AE"
)

const gpgKeysPath = platform.RegistryPathPrefix + "/private/v2/gpg-keys"

// createGPGKey creates a key of namespace as a's token and returns its
// answer.
func (a *api) createGPGKey(namespace, armor string) map[string]any {
	a.t.Helper()
	return a.create(gpgKeysPath, "gpg-keys", map[string]any{"namespace": namespace, "ascii-armor": armor}, nil)
}

// A key is created with the key ID of its armor, read, moved to another
// namespace and deleted by its namespace and key ID; the same key may be
// in two namespaces.
func TestGPGKey_lifecycle(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	d := a.createGPGKey("acme", testEd25519Key)
	if d["type"] != "gpg-keys" || d["id"] != "1" {
		t.Errorf("create answer %v", d)
	}
	wantAttrs(t, d, map[string]any{
		"ascii-armor": testEd25519Key, "key-id": testEd25519ID, "namespace": "acme",
		"source": "", "source-url": nil, "trust-signature": "",
	})
	if at := attrs(t, d); at["created-at"] == nil || at["created-at"] != at["updated-at"] {
		t.Errorf("times of a new key %v", at)
	}
	path := gpgKeysPath + "/acme/" + testEd25519ID
	a.wantStored(d, path)
	wantAttrs(t, a.createGPGKey("other", testEd25519Key), map[string]any{"key-id": testEd25519ID, "namespace": "other"})
	wantAttrs(t, a.createGPGKey("acme", testRSAKey), map[string]any{"key-id": testRSAID})

	// A move to a namespace that has the key is refused; to another, taken.
	wantConflictAt(t, a.do(http.MethodPatch, path, body("gpg-keys", map[string]any{"namespace": "other"}, nil)), attrAt("namespace"), "Key ID has already been taken")
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, gpgKeysPath+"/other/"+testEd25519ID, nil), http.StatusNoContent)
	moved := a.do(http.MethodPatch, path, body("gpg-keys", map[string]any{"namespace": "other"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, moved, map[string]any{"namespace": "other", "key-id": testEd25519ID})
	wantNotFound(t, a.get(path))
	a.wantDeletes(gpgKeysPath + "/other/" + testEd25519ID)
	wantNotFound(t, a.get(gpgKeysPath+"/acme/0000000000000000"))
}

func TestGPGKey_list(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	first := a.createGPGKey("acme", testEd25519Key)["id"]
	second := a.createGPGKey("acme", testRSAKey)["id"]
	third := a.createGPGKey("other", testRSAKey)["id"]
	for query, want := range map[string]string{
		"?filter[namespace]=acme":                             "1,2",
		"?filter[namespace]=acme,other":                       "1,2,3",
		"?filter[namespace]=acme&filter[namespace]=other":     "1,2,3",
		"?filter[namespace]=other&page[size]=1":               "3",
		"?filter[namespace]=acme&page[size]=1&page[number]=2": "2",
		"?filter[namespace]=nobody":                           "",
	} {
		if got := strings.Join(ids(a.get(gpgKeysPath+query).list(t)), ","); got != want {
			t.Errorf("list%s: %s, want %s", query, got, want)
		}
	}
	if first != "1" || second != "2" || third != "3" {
		t.Errorf("IDs %v %v %v, want 1 2 3", first, second, third)
	}
	r := a.get(gpgKeysPath + "?filter[namespace]=acme&page[number]=999&page[size]=100")
	if p := r.pagination(t); len(r.list(t)) != 0 || p["current-page"] != 999.0 || p["total-count"] != 2.0 {
		t.Errorf("page past the end %s", r.Body)
	}
	emutest.WantAPIError(t, a.get(gpgKeysPath), http.StatusBadRequest, "bad request", "filter[namespace] is required")
	// Another registry has no keys.
	emutest.WantStatus(t, a.get(platform.RegistryPathPrefix+"/public/v2/gpg-keys?filter[namespace]=acme"), http.StatusNotFound)
}

func TestGPGKey_createRules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	private := strings.ReplaceAll(testEd25519Key, "PUBLIC KEY", "PRIVATE KEY")
	// A key whose first packet is a user ID (tag 13), not a public key.
	userID := "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nzQR0ZXN0\n=AAAA\n-----END PGP PUBLIC KEY BLOCK-----\n"
	a.wantCreatesRefused(gpgKeysPath, "gpg-keys", []refusedCreate{
		{attrs: map[string]any{"ascii-armor": testEd25519Key}, pointer: attrAt("namespace"), detail: "Namespace can't be blank"},
		{attrs: map[string]any{"namespace": "acme"}, pointer: attrAt("ascii-armor"), detail: "ASCII armor can't be blank"},
		{attrs: map[string]any{"namespace": "acme", "ascii-armor": "not a key"}, pointer: attrAt("ascii-armor"), detail: "has no \"-----BEGIN PGP PUBLIC KEY BLOCK-----\" line"},
		{attrs: map[string]any{"namespace": "acme", "ascii-armor": private}, pointer: attrAt("ascii-armor"), detail: "it is a private key block"},
		{attrs: map[string]any{"namespace": "acme", "ascii-armor": userID}, pointer: attrAt("ascii-armor"), detail: "not a public key (6)"},
		{attrs: map[string]any{"namespace": "acme", "ascii-armor": strings.Replace(testRSAKey, "-----END", "", 1)}, pointer: attrAt("ascii-armor"), detail: "has no \"-----END"},
	})
	a.createGPGKey("acme", testRSAKey)
	wantConflictAt(t, a.do(http.MethodPost, gpgKeysPath, body("gpg-keys", map[string]any{"namespace": "acme", "ascii-armor": testRSAKey}, nil)),
		attrAt("ascii-armor"), "Key ID has already been taken")
	wantNotFound(t, a.do(http.MethodPost, gpgKeysPath, body("gpg-keys", map[string]any{"namespace": "nobody", "ascii-armor": testRSAKey}, nil)))
}

// Whoever sees the organization reads its keys; the owners and the teams
// with manage-providers change them; a move to a namespace the token may
// not manage is 403 "namespace not authorized".
func TestGPGKey_whoManagesKeys(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	a.createGPGKey("acme", testRSAKey)
	path := gpgKeysPath + "/acme/" + testRSAID
	create := body("gpg-keys", map[string]any{"namespace": "acme", "ascii-armor": testEd25519Key}, nil)

	bob, _ := a.server.MintUserToken("bob")
	wantNotFound(t, a.as(bob).get(path))
	if got := a.as(bob).get(gpgKeysPath + "?filter[namespace]=acme").list(t); len(got) != 0 {
		t.Errorf("another user lists %v", got)
	}
	plainToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "plain"))
	plain := a.as(plainToken)
	plain.get(path).data(t, http.StatusOK)
	wantNotFound(t, plain.do(http.MethodPost, gpgKeysPath, create))
	wantNotFound(t, plain.do(http.MethodDelete, path, nil))

	team := a.createTeam("acme", "registry")
	a.do(http.MethodPatch, "/api/v2/teams/"+team, body("teams", map[string]any{"organization-access": map[string]any{"manage-providers": true}}, nil)).data(t, http.StatusOK)
	token, _ := a.server.MintTeamToken("acme", team)
	a.as(token).do(http.MethodPost, gpgKeysPath, create).data(t, http.StatusCreated)
	for _, namespace := range []string{"other", "nobody"} {
		emutest.WantAPIError(t, a.as(token).do(http.MethodPatch, path, body("gpg-keys", map[string]any{"namespace": namespace}, nil)),
			http.StatusForbidden, "forbidden", "namespace not authorized")
	}
	wantInvalid(t, a.do(http.MethodPatch, path, body("gpg-keys", map[string]any{"ascii-armor": testEd25519Key, "namespace": "acme"}, nil)),
		attrAt("ascii-armor"), "cannot be changed")
	emutest.WantAPIStatus(t, a.as(token).do(http.MethodDelete, path, nil), http.StatusNoContent)
}

func init() {
	addStateFixture("gpg-keys", func(a *api) roundTrip {
		a.createGPGKey("acme", testRSAKey)
		return roundTrip{paths: []string{gpgKeysPath + "/acme/" + testRSAID, gpgKeysPath + "?filter[namespace]=acme"}}
	})
	// Keys: a number for an ID, of an organization in the file, whose
	// armor is a public key of its key ID.
	stateKey := `{"id":"1","organization":"org-AAAAAAAAAAAAAAAA","key-id":"` + testRSAID + `","ascii-armor":` + jsonString(testRSAKey) + `}`
	refuseStates(stateInOrg("gpg-keys", stateKey),
		stateInOrg("gpg-keys", strings.Replace(stateKey, `"id":"1"`, `"id":"01"`, 1)),
		stateInOrg("gpg-keys", strings.Replace(stateKey, `"id":"1"`, `"id":"key-1"`, 1)),
		stateInOrg("gpg-keys", strings.Replace(stateKey, "org-AAAAAAAAAAAAAAAA", "org-BBBBBBBBBBBBBBBB", 1)),
		stateInOrg("gpg-keys", strings.Replace(stateKey, testRSAID, testEd25519ID, 1)),
		stateInOrg("gpg-keys", strings.Replace(stateKey, "BEGIN PGP PUBLIC", "BEGIN PGP PRIVATE", 1)),
	)
}

// jsonString is s as a JSON string.
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
