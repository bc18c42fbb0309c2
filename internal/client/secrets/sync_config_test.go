package secrets

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

func TestReadSyncConfig(t *testing.T) {
	c, f := fakeSecrets(t, reply(http.StatusOK, envelope(`{"disabled":false,"queue_capacity":1000000}`)))
	got, _, err := c.ReadSyncConfig(context.Background())
	if err != nil || *got != (SyncConfig{QueueCapacity: 1000000}) {
		t.Fatalf("got %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/v1/sys/sync/config", "")
}

func TestPatchSyncConfig(t *testing.T) {
	for _, tc := range []struct {
		patch SyncConfigPatch
		body  string
	}{
		{SyncConfigPatch{Disabled: new(true)}, `{"disabled":true}`},
		// false and 0 are values, sent as such.
		{SyncConfigPatch{Disabled: new(false), QueueCapacity: new(0)}, `{"disabled":false,"queue_capacity":0}`},
		{SyncConfigPatch{QueueCapacity: new(500)}, `{"queue_capacity":500}`},
		{SyncConfigPatch{}, `{}`},
	} {
		c, f := fakeSecrets(t, reply(http.StatusOK, envelope(`{"disabled":true,"queue_capacity":500}`, "sync disabled")))
		got, meta, err := c.PatchSyncConfig(context.Background(), tc.patch)
		if err != nil {
			t.Fatal(err)
		}
		r := f.Last(t)
		assertRequest(t, r, http.MethodPatch, "/v1/sys/sync/config", "")
		if r.Header.Get("Content-Type") != "application/merge-patch+json" {
			t.Errorf("content type %q", r.Header.Get("Content-Type"))
		}
		clienttest.AssertJSON(t, r.Body, tc.body)
		if *got != (SyncConfig{Disabled: true, QueueCapacity: 500}) || !reflect.DeepEqual(meta.Warnings, []string{"sync disabled"}) {
			t.Errorf("got %+v, meta %+v", got, meta)
		}
	}
}

func TestPatchSyncConfig_emptyAnswerReadsBack(t *testing.T) {
	c, f := fakeSecrets(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPatch {
			reply(http.StatusNoContent, "")(w, r)
			return
		}
		reply(http.StatusOK, envelope(`{"disabled":true,"queue_capacity":7}`))(w, r)
	})
	got, _, err := c.PatchSyncConfig(context.Background(), SyncConfigPatch{Disabled: new(true)})
	if err != nil || *got != (SyncConfig{Disabled: true, QueueCapacity: 7}) {
		t.Fatalf("got %+v, %v", got, err)
	}
	if want := []string{"PATCH /v1/sys/sync/config", "GET /v1/sys/sync/config"}; !reflect.DeepEqual(f.Lines(), want) {
		t.Errorf("requests %q", f.Lines())
	}
}

// Servers may answer the config's booleans and integers as strings.
func TestReadSyncConfig_spellings(t *testing.T) {
	for data, want := range map[string]SyncConfig{
		`{"disabled":"true","queue_capacity":"1000"}`:  {Disabled: true, QueueCapacity: 1000},
		`{"disabled":"0","queue_capacity":" 7 "}`:      {QueueCapacity: 7},
		`{"disabled":"T","queue_capacity":1e6}`:        {Disabled: true, QueueCapacity: 1000000},
		`{"disabled":false,"queue_capacity":"1000.0"}`: {QueueCapacity: 1000},
		`{"disabled":null,"queue_capacity":""}`:        {},
		`{}`:                                           {},
	} {
		c, _ := fakeSecrets(t, reply(http.StatusOK, envelope(data)))
		got, _, err := c.ReadSyncConfig(context.Background())
		if err != nil || *got != want {
			t.Errorf("%s: got %+v, %v; want %+v", data, got, err, want)
		}
	}
	for _, data := range []string{`{"disabled":"yes"}`, `{"disabled":[true]}`, `{"queue_capacity":"lots"}`, `{"queue_capacity":1.5}`, `{"queue_capacity":{}}`} {
		c, _ := fakeSecrets(t, reply(http.StatusOK, envelope(data)))
		if got, _, err := c.ReadSyncConfig(context.Background()); err == nil || !strings.Contains(err.Error(), "decoding the 200 response: want ") {
			t.Errorf("%s: got %+v, %v; want a decoding error", data, got, err)
		}
	}
}
