package secrets

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

const appJSON = `{"name":"ci-app","app_id":123456,"private_key":"*****","fingerprint":"SHA256:abc"}`

var app = CodehostApp{Name: "ci-app", AppID: 123456, PrivateKey: "*****", Fingerprint: "SHA256:abc"}

func TestWriteCodehostApp(t *testing.T) {
	c, f := fakeSecrets(t, reply(http.StatusOK, envelope(appJSON)))
	got, _, err := c.WriteCodehostApp(context.Background(), "ci-app", "123456", "-----BEGIN PRIVATE KEY-----\n...")
	if err != nil {
		t.Fatal(err)
	}
	r := f.Last(t)
	assertRequest(t, r, http.MethodPost, "/v1/sys/sync/codehost-apps/ci-app", "")
	// app_id goes as a string of digits; the name only in the path.
	clienttest.AssertJSON(t, r.Body, `{"app_id":"123456","private_key":"-----BEGIN PRIVATE KEY-----\n..."}`)
	if *got != app {
		t.Errorf("got %+v", got)
	}
}

func TestWriteCodehostApp_emptyAnswerReadsBack(t *testing.T) {
	c, f := fakeSecrets(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			reply(http.StatusNoContent, "")(w, r)
			return
		}
		reply(http.StatusOK, envelope(appJSON))(w, r)
	})
	got, _, err := c.WriteCodehostApp(context.Background(), "ci-app", "123456", "pem")
	if err != nil || *got != app {
		t.Fatalf("got %+v, %v", got, err)
	}
	if n := len(f.Requests()); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}
}

func TestReadCodehostApp(t *testing.T) {
	c, f := fakeSecrets(t, reply(http.StatusOK, envelope(`{"app_id":"42","private_key":"*****","fingerprint":"fp"}`)))
	got, _, err := c.ReadCodehostApp(context.Background(), "my app")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/v1/sys/sync/codehost-apps/my%20app", "")
	if want := (CodehostApp{Name: "my app", AppID: 42, PrivateKey: "*****", Fingerprint: "fp"}); *got != want {
		t.Errorf("got %+v", got)
	}

	c, _ = fakeSecrets(t, reply(http.StatusNotFound, `{"errors":[]}`))
	if _, _, err := c.ReadCodehostApp(context.Background(), "gone"); !client.IsNotFound(err) {
		t.Errorf("error %v, want a 404", err)
	}
}

func TestDeleteCodehostApp(t *testing.T) {
	c, f := fakeSecrets(t, reply(http.StatusNoContent, ""))
	if _, err := c.DeleteCodehostApp(context.Background(), "ci-app"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/v1/sys/sync/codehost-apps/ci-app", "")

	c, _ = fakeSecrets(t, reply(http.StatusConflict, `{"errors":["app is used by destinations: codehost/gh"]}`))
	_, err := c.DeleteCodehostApp(context.Background(), "ci-app")
	if client.StatusCode(err) != http.StatusConflict || clienttest.ErrText(err) != "DELETE /v1/sys/sync/codehost-apps/ci-app: 409 Conflict: app is used by destinations: codehost/gh" {
		t.Errorf("error %v", err)
	}
	c, _ = fakeSecrets(t, reply(http.StatusNotFound, `{"errors":[]}`))
	if _, err := c.DeleteCodehostApp(context.Background(), "gone"); !client.IsNotFound(err) {
		t.Errorf("error %v, want a 404", err)
	}
}

func TestCodehostApp_lenientAppID(t *testing.T) {
	for in, want := range map[string]int64{
		`{"app_id":123}`:              123,
		`{"app_id":"123"}`:            123,
		`{"app_id":" 77 "}`:           77,
		`{"app_id":null}`:             0,
		`{"app_id":""}`:               0,
		`{}`:                          0,
		`{"app_id":9007199254740993}`: 9007199254740993,
		`{"app_id":123.0}`:            123,
		`{"app_id":"1e3"}`:            1000,
	} {
		var a CodehostApp
		if err := json.Unmarshal([]byte(in), &a); err != nil || a.AppID != want {
			t.Errorf("%s: app_id %d, %v; want %d", in, a.AppID, err, want)
		}
	}
	for _, bad := range []string{`{"app_id":"12a"}`, `{"app_id":1.5}`, `{"app_id":true}`, `{"app_id":[1]}`, `{"app_id":1e19}`} {
		if err := json.Unmarshal([]byte(bad), new(CodehostApp)); err == nil {
			t.Errorf("%s decoded without error", bad)
		}
	}
}
