package secrets

import (
	"context"
	"net/http"
	"reflect"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

func associationsJSON(status string) string {
	return `{
	  "associated_secrets": {
	    "kv_1234abcd/app/db": {"accessor": "kv_1234abcd", "secret_name": "app/db", "sync_status": "` + status + `", "updated_at": "2026-01-02T03:04:05.123456789-05:00"}
	  },
	  "store_name": "prod", "store_type": "cloudone-sm"
	}`
}

func associations(status string) *DestinationAssociations {
	return &DestinationAssociations{
		AssociatedSecrets: map[string]AssociatedSecret{
			"kv_1234abcd/app/db": {Accessor: "kv_1234abcd", SecretName: "app/db", SyncStatus: status, UpdatedAt: time.Date(2026, 1, 2, 8, 4, 5, 123456789, time.UTC)},
		},
		StoreName: "prod", StoreType: TypeCloudOneSM,
	}
}

func TestSetAndRemoveAssociation(t *testing.T) {
	for _, tc := range []struct {
		action string
		status string
		call   func(*Client) (*DestinationAssociations, *Meta, error)
	}{
		{"set", StatusSynced, func(c *Client) (*DestinationAssociations, *Meta, error) {
			return c.SetAssociation(context.Background(), TypeCloudOneSM, "prod", "team/kv", "app/db")
		}},
		{"set", StatusPending, func(c *Client) (*DestinationAssociations, *Meta, error) {
			return c.SetAssociation(context.Background(), TypeCloudOneSM, "prod", "team/kv", "app/db")
		}},
		{"remove", StatusUnsynced, func(c *Client) (*DestinationAssociations, *Meta, error) {
			return c.RemoveAssociation(context.Background(), TypeCloudOneSM, "prod", "team/kv", "app/db")
		}},
	} {
		c, f := fakeSecrets(t, reply(http.StatusOK, envelope(associationsJSON(tc.status))))
		got, _, err := tc.call(c)
		if err != nil {
			t.Fatal(err)
		}
		r := f.Last(t)
		// Mount and secret names with "/" travel in the body as they are.
		assertRequest(t, r, http.MethodPost, "/v1/sys/sync/destinations/cloudone-sm/prod/associations/"+tc.action, "")
		clienttest.AssertJSON(t, r.Body, `{"mount":"team/kv","secret_name":"app/db"}`)
		if want := associations(tc.status); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got\n%+v\nwant\n%+v", tc.action, got, want)
		}
	}
}

func TestSetAssociation_emptyAnswerReadsBack(t *testing.T) {
	c, f := fakeSecrets(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			reply(http.StatusNoContent, "")(w, r)
			return
		}
		reply(http.StatusOK, envelope(associationsJSON(StatusSynced)))(w, r)
	})
	got, meta, err := c.SetAssociation(context.Background(), TypeCloudOneSM, "prod", "kv", "app/db")
	if err != nil || meta == nil || !reflect.DeepEqual(got, associations(StatusSynced)) {
		t.Fatalf("got %+v, %+v, %v", got, meta, err)
	}
	if want := []string{"POST /v1/sys/sync/destinations/cloudone-sm/prod/associations/set", "GET /v1/sys/sync/destinations/cloudone-sm/prod/associations"}; !reflect.DeepEqual(f.Lines(), want) {
		t.Errorf("requests %q", f.Lines())
	}
}

func TestReadAssociations(t *testing.T) {
	c, f := fakeSecrets(t, reply(http.StatusOK, envelope(associationsJSON(StatusSynced))))
	got, _, err := c.ReadAssociations(context.Background(), TypeCloudOneSM, "prod")
	if err != nil || !reflect.DeepEqual(got, associations(StatusSynced)) {
		t.Fatalf("got %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/v1/sys/sync/destinations/cloudone-sm/prod/associations", "")

	c, _ = fakeSecrets(t, reply(http.StatusNotFound, `{"errors":[]}`))
	if _, _, err := c.ReadAssociations(context.Background(), TypeCloudOneSM, "gone"); !client.IsNotFound(err) {
		t.Errorf("error %v, want a 404", err)
	}
}

func TestListAssociations(t *testing.T) {
	c, f := fakeSecrets(t, reply(http.StatusOK, envelope(`{
	  "key_info": {"kv/app/db": [{"mount": "kv", "secret_path": "app/db"}], "kv/web": [{"mount": "kv", "secret_path": "web"}]},
	  "keys": ["kv/app/db", "kv/web"], "total_associations": 3, "total_secrets": 2
	}`)))
	got, _, err := c.ListAssociations(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), "LIST", "/v1/sys/sync/associations", "")
	want := &AssociationList{
		KeyInfo: map[string][]AssociationListEntry{
			"kv/app/db": {{Mount: "kv", SecretPath: "app/db"}},
			"kv/web":    {{Mount: "kv", SecretPath: "web"}},
		},
		Keys: []string{"kv/app/db", "kv/web"}, TotalAssociations: 3, TotalSecrets: 2,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v", got)
	}
}

// Servers may answer the totals as strings.
func TestListAssociations_totalsAsStrings(t *testing.T) {
	c, _ := fakeSecrets(t, reply(http.StatusOK, envelope(`{"keys":["kv/a"],"total_associations":"3","total_secrets":"2"}`)))
	got, _, err := c.ListAssociations(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if want := (&AssociationList{Keys: []string{"kv/a"}, TotalAssociations: 3, TotalSecrets: 2}); !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestReadDestinationsBySecret(t *testing.T) {
	answer := envelope(`{"associated_destinations": {
	  "cloudone-sm/prod": {"type": "cloudone-sm", "name": "prod", "sync_status": "SYNCED", "updated_at": "2026-01-02T03:04:05+0100"},
	  "codehost/gh": {"type": "codehost", "name": "gh", "sync_status": "PENDING", "updated_at": ""}
	}}`)
	want := &SecretAssociations{AssociatedDestinations: map[string]AssociatedDestination{
		"cloudone-sm/prod": {Type: TypeCloudOneSM, Name: "prod", SyncStatus: StatusSynced, UpdatedAt: time.Date(2026, 1, 2, 2, 4, 5, 0, time.UTC)},
		"codehost/gh":      {Type: TypeCodehost, Name: "gh", SyncStatus: StatusPending},
	}}
	for _, tc := range []struct {
		mount, secret string
		path, query   string
	}{
		{"kv", "db", "/v1/sys/sync/associations/kv/db", ""},
		{"my kv", "db%1", "/v1/sys/sync/associations/my%20kv/db%251", ""},
		{"team/kv", "db", "/v1/sys/sync/associations/destinations", "mount=team%2Fkv&secret_name=db"},
		{"kv", "app/db", "/v1/sys/sync/associations/destinations", "mount=kv&secret_name=app%2Fdb"},
		{"kv", "..", "/v1/sys/sync/associations/destinations", "mount=kv&secret_name=.."},
	} {
		c, f := fakeSecrets(t, reply(http.StatusOK, answer))
		got, _, err := c.ReadDestinationsBySecret(context.Background(), tc.mount, tc.secret)
		if err != nil {
			t.Fatal(err)
		}
		assertRequest(t, f.Last(t), http.MethodGet, tc.path, tc.query)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("got %+v", got)
		}
	}

	c, _ := fakeSecrets(t, reply(http.StatusNotFound, `{"errors":[]}`))
	if _, _, err := c.ReadDestinationsBySecret(context.Background(), "kv", "none"); !client.IsNotFound(err) {
		t.Errorf("error %v, want a 404", err)
	}
}
