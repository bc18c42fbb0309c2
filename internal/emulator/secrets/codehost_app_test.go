package secrets_test

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

// Fingerprints of the testdata keys, computed with
// openssl pkey -in KEY -pubout -outform DER | openssl dgst -sha256 -binary | base64
const (
	fingerprintRSA = "SHA256:xWhNJSicvF79PleFEGTquKRx9Vs689HWERYPpGLLtbI="
	fingerprintEC  = "SHA256:LzeryGd6B8NS9ghbNgqeG9C6sSTL83EStFOMBjJa3I0="
)

const appsPath = "/v1/sys/sync/codehost-apps/"

func appBody(t *testing.T, appID any) map[string]any {
	t.Helper()
	return map[string]any{"app_id": appID, "private_key": readFile(t, "testdata/rsa-pkcs1.pem")}
}

func TestApps_configureReadAndAppIDSpellings(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	want := map[string]any{"name": "app", "app_id": 123456, "fingerprint": fingerprintRSA, "private_key": "*****"}
	r := a.do(http.MethodPost, appsPath+"app", appBody(t, "123456"))
	if d := r.data(t); !emutest.EqualJSON(t, d, want) {
		t.Fatalf("configure answered %v, want %v", d, want)
	}
	// app_id travels as a JSON number in the answer.
	if !strings.Contains(r.Body, `"app_id":123456,`) {
		t.Fatalf("app_id not a number: %s", r.Body)
	}
	if strings.Contains(r.Body, "BEGIN") {
		t.Fatalf("the private key leaked: %s", r.Body)
	}
	if d := a.do(http.MethodGet, appsPath+"app", nil).data(t); !emutest.EqualJSON(t, d, want) {
		t.Fatalf("read %v, want %v", d, want)
	}
	// Leading zeros are digits too.
	if d := a.do(http.MethodPost, appsPath+"app", appBody(t, "007")).data(t); d["app_id"] != 7.0 {
		t.Fatalf("app_id 007: %v", d)
	}
	// The spec says string on write, and real servers take a number too.
	for _, id := range []any{654321, json.RawMessage("654321"), "654321"} {
		if d := a.do(http.MethodPost, appsPath+"app", appBody(t, id)).data(t); d["app_id"] != 654321.0 {
			t.Fatalf("app_id %v: %v", id, d)
		}
		if d := a.do(http.MethodGet, appsPath+"app", nil).data(t); d["app_id"] != 654321.0 {
			t.Fatalf("app_id %v read back: %v", id, d)
		}
	}
	wantBody(t, a.do(http.MethodGet, appsPath+"none", nil), http.StatusNotFound, notFoundBody)
	wantBody(t, a.in("team").do(http.MethodGet, appsPath+"app", nil), http.StatusNotFound, notFoundBody)
}

func TestApps_validation(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	key := readFile(t, "testdata/rsa-pkcs1.pem")
	cases := []struct {
		body any
		want string
	}{
		{map[string]any{"app_id": "12a", "private_key": key}, `invalid app_id \"12a\": must be a positive integer: a number, or a string of digits such as \"123456\"`},
		{map[string]any{"app_id": "-5", "private_key": key}, `invalid app_id \"-5\"`},
		{map[string]any{"app_id": -5, "private_key": key}, `invalid app_id -5`},
		{map[string]any{"app_id": "0", "private_key": key}, `invalid app_id \"0\"`},
		{map[string]any{"app_id": 0, "private_key": key}, `invalid app_id 0`},
		{map[string]any{"app_id": 1.5, "private_key": key}, `invalid app_id 1.5`},
		{map[string]any{"app_id": true, "private_key": key}, `invalid app_id true`},
		{map[string]any{"app_id": "99999999999999999999", "private_key": key}, `invalid app_id \"99999999999999999999\"`},
		{map[string]any{"app_id": "", "private_key": key}, `invalid app_id \"\"`},
		{map[string]any{"private_key": key}, `missing app_id: required, the code host's application ID`},
		{map[string]any{"app_id": "1"}, `missing private_key: required, the app's PEM private key`},
		{map[string]any{"app_id": "1", "private_key": "not a key"}, `invalid private_key: must be a PEM-encoded private key`},
		{map[string]any{"app_id": "1", "private_key": "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"}, `invalid private_key: PEM block \"PUBLIC KEY\" is not a private key`},
		{map[string]any{"app_id": "1", "private_key": "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n"}, `invalid private_key: parsing the RSA PRIVATE KEY`},
		{map[string]any{"app_id": "1", "private_key": strings.Replace(key, "RSA PRIVATE KEY", "EC PRIVATE KEY", 2)}, `invalid private_key: parsing the EC PRIVATE KEY`},
		{map[string]any{"app_id": "1", "private_key": key, "name": "other"}, `invalid name \"other\": does not match \"app\" in the path`},
	}
	for _, c := range cases {
		emutest.WantErrorList(t, a.do(http.MethodPost, appsPath+"app", c.body), http.StatusBadRequest, strings.ReplaceAll(c.want, `\"`, `"`))
	}
	wantBody(t, a.do(http.MethodGet, appsPath+"app", nil), http.StatusNotFound, notFoundBody)
}

func TestApps_fingerprintOfEveryKeyFormat(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	pemOf := func(typ string, der []byte) string {
		return string(pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}))
	}
	// independent is the fingerprint computed from the key object, not
	// from its PEM.
	independent := func(pub any) string {
		der, err := x509.MarshalPKIXPublicKey(pub)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(der)
		return "SHA256:" + base64.StdEncoding.EncodeToString(sum[:])
	}
	rsaBlock, _ := pem.Decode([]byte(readFile(t, "testdata/rsa-pkcs1.pem")))
	rsaKey, err := x509.ParsePKCS1PrivateKey(rsaBlock.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	rsaPKCS8, err := x509.MarshalPKCS8PrivateKey(rsaKey)
	if err != nil {
		t.Fatal(err)
	}
	ecKey, err := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	ecSEC1, err := x509.MarshalECPrivateKey(ecKey)
	if err != nil {
		t.Fatal(err)
	}
	edPub, edKey, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	edPKCS8, err := x509.MarshalPKCS8PrivateKey(edKey)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, key, want string
	}{
		{"RSA PKCS #1 (openssl)", readFile(t, "testdata/rsa-pkcs1.pem"), fingerprintRSA},
		{"EC SEC 1 (openssl)", readFile(t, "testdata/ec-sec1.pem"), fingerprintEC},
		{"EC PKCS #8 (openssl)", readFile(t, "testdata/ec-pkcs8.pem"), fingerprintEC},
		{"RSA PKCS #8", pemOf("PRIVATE KEY", rsaPKCS8), fingerprintRSA},
		{"RSA PKCS #1 computed", readFile(t, "testdata/rsa-pkcs1.pem"), independent(&rsaKey.PublicKey)},
		{"EC P-384 SEC 1", pemOf("EC PRIVATE KEY", ecSEC1), independent(&ecKey.PublicKey)},
		{"Ed25519 PKCS #8", pemOf("PRIVATE KEY", edPKCS8), independent(edPub)},
		{"with text around", "key follows\n" + readFile(t, "testdata/ec-sec1.pem") + "\ntrailer", fingerprintEC},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := a.do(http.MethodPost, appsPath+"app", map[string]any{"app_id": "1", "private_key": c.key}).data(t)
			if d["fingerprint"] != c.want {
				t.Fatalf("fingerprint %v, want %s", d["fingerprint"], c.want)
			}
			if d["private_key"] != "*****" {
				t.Fatalf("private_key %v, want *****", d["private_key"])
			}
		})
	}
}

func TestApps_deleteRefusedWhileReferenced(t *testing.T) {
	a := newAPI(t, secrets.Options{PurgeDelay: 50 * time.Millisecond})
	a.do(http.MethodPost, appsPath+"app", appBody(t, "1")).data(t)
	viaApp := map[string]any{"app_name": "app", "installation_id": "42", "repository_owner": "me", "repository_name": "repo"}
	a.mustWrite("codehost", "d2", viaApp)
	a.mustWrite("codehost", "d1", viaApp)
	want := `{"errors":["codehost app \"app\" is referenced by destinations codehost/d1, codehost/d2: delete them first"]}`
	wantBody(t, a.do(http.MethodDelete, appsPath+"app", nil), http.StatusConflict, want)
	a.do(http.MethodGet, appsPath+"app", nil).data(t)

	// Switching a destination to a token frees it from the app.
	a.mustWrite("codehost", "d1", codehost())
	emutest.WantErrorList(t, a.do(http.MethodDelete, appsPath+"app", nil), http.StatusConflict, "referenced by destinations codehost/d2:")
	// A purging destination still references the app.
	a.set("codehost", "d2", "secret", "s").data(t)
	emutest.WantStatus(t, a.do(http.MethodDelete, destPath("codehost", "d2")+"?purge=true", nil), http.StatusNoContent)
	emutest.WantErrorList(t, a.do(http.MethodDelete, appsPath+"app", nil), http.StatusConflict, "codehost/d2")
	eventually(t, 2*time.Second, "purge completes", func() bool { return a.read("codehost", "d2").Status == http.StatusNotFound })

	// Another namespace's destinations do not reference this app.
	a.in("team").do(http.MethodPost, appsPath+"app", appBody(t, "1")).data(t)
	a.in("team").mustWrite("codehost", "t", viaApp)
	emutest.WantStatus(t, a.do(http.MethodDelete, appsPath+"app", nil), http.StatusNoContent)
	wantBody(t, a.do(http.MethodGet, appsPath+"app", nil), http.StatusNotFound, notFoundBody)
	wantBody(t, a.do(http.MethodDelete, appsPath+"app", nil), http.StatusNotFound, notFoundBody)
	emutest.WantStatus(t, a.in("team").do(http.MethodGet, appsPath+"app", nil), http.StatusOK)
}
