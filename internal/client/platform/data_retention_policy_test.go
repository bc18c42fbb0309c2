package platform

import (
	"context"
	"net/http"
	"reflect"
	"sync/atomic"
	"testing"
)

const (
	deleteOlderJSON = `{"data":{"id":"drp-6p5RiCe5CRjBmsGt","type":"data-retention-policy-delete-olders",` +
		`"attributes":{"delete-older-than-n-days":30},"relationships":{"target":{"data":{"id":"acme","type":"organizations"}}}}}`
	dontDeleteJSON = `{"data":{"id":"drp-7q6SjDf6DSkCntHu","type":"data-retention-policy-dont-deletes","attributes":{}}}`
)

// Each kind is read by its type; the legacy type is a delete-olders
// policy; another type is an error, not a policy of no kind.
func TestDataRetentionPolicies_readEachKind(t *testing.T) {
	for answer, want := range map[string]DataRetentionPolicy{
		deleteOlderJSON: {ID: "drp-6p5RiCe5CRjBmsGt", Kind: DataRetentionDeleteOlder, DeleteOlderThanNDays: ptr(30)},
		dontDeleteJSON:  {ID: "drp-7q6SjDf6DSkCntHu", Kind: DataRetentionDontDelete},
		`{"data":{"id":"drp-1","type":"data-retention-policies","attributes":{"delete-older-than-n-days":7}}}`: {
			ID: "drp-1", Kind: DataRetentionDeleteOlder, DeleteOlderThanNDays: ptr(7),
		},
	} {
		c, f := fakePlatform(t, reply(http.StatusOK, answer))
		got, err := c.DataRetentionPolicies.Read(context.Background(), WorkspaceRetention("ws-1"))
		if err != nil {
			t.Fatal(err)
		}
		assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/workspaces/ws-1/relationships/data-retention-policy", "", "")
		if !reflect.DeepEqual(*got, want) {
			t.Errorf("policy %+v, want %+v", *got, want)
		}
	}
	c, _ := fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"drp-1","type":"data-retention-policy-keep-forevers"}}`))
	if _, err := c.DataRetentionPolicies.Read(context.Background(), SiteRetention); err == nil ||
		err.Error() != `GET /api/v2/admin/data-retention-policy-settings: decoding the answer: a data retention policy of unknown type "data-retention-policy-keep-forevers"` {
		t.Errorf("unknown kind: %v", err)
	}
}

// A set sends the kind as the type, and the days of a delete-olders
// policy alone; its answer is the policy, or, when the platform answers
// the documented 204, the policy read back.
func TestDataRetentionPolicies_set(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, deleteOlderJSON))
	got, err := c.DataRetentionPolicies.Set(context.Background(), OrganizationRetention("acme"), DataRetentionPolicyOptions{DeleteOlderThanNDays: ptr(30)})
	if err != nil || got.ID != "drp-6p5RiCe5CRjBmsGt" || got.Kind != DataRetentionDeleteOlder {
		t.Fatalf("policy %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/relationships/data-retention-policy", "",
		`{"data":{"type":"data-retention-policy-delete-olders","attributes":{"delete-older-than-n-days":30}}}`)

	c, f = fakePlatform(t, reply(http.StatusOK, dontDeleteJSON))
	if got, err = c.DataRetentionPolicies.Set(context.Background(), SiteRetention, DataRetentionPolicyOptions{}); err != nil || got.Kind != DataRetentionDontDelete {
		t.Fatalf("policy %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/admin/data-retention-policy-settings", "",
		`{"data":{"type":"data-retention-policy-dont-deletes"}}`)

	var calls atomic.Int32
	c, f = fakePlatform(t, func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			reply(http.StatusNoContent, "")(w, r)
			return
		}
		reply(http.StatusOK, dontDeleteJSON)(w, r)
	})
	got, err = c.DataRetentionPolicies.Set(context.Background(), WorkspaceRetention("ws-1"), DataRetentionPolicyOptions{})
	if err != nil || got.ID != "drp-7q6SjDf6DSkCntHu" {
		t.Fatalf("policy %+v, %v", got, err)
	}
	if lines := f.Lines(); !reflect.DeepEqual(lines, []string{
		"POST /api/v2/workspaces/ws-1/relationships/data-retention-policy", "GET /api/v2/workspaces/ws-1/relationships/data-retention-policy",
	}) {
		t.Errorf("requests %v, want the set and a read", lines)
	}
}

// A set whose answer was lost is sent again: the policy it gives is the
// same however often it is given. (Its read back after a 204 keeps it out
// of addWrites, whose second answer is one.)
func TestDataRetentionPolicies_setIsSentAgainAfterALostAnswer(t *testing.T) {
	var calls atomic.Int32
	c, f := fakePlatform(t, func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			reply(http.StatusBadGateway, "")(w, r)
			return
		}
		reply(http.StatusOK, deleteOlderJSON)(w, r)
	})
	if _, err := c.DataRetentionPolicies.Set(context.Background(), OrganizationRetention("acme"), DataRetentionPolicyOptions{DeleteOlderThanNDays: ptr(30)}); err != nil {
		t.Fatal(err)
	}
	if n := len(f.Requests()); n != 2 {
		t.Errorf("%v, want the set twice", f.Lines())
	}
}

func TestDataRetentionPolicies_delete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.DataRetentionPolicies.Delete(context.Background(), OrganizationRetention("acme")); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/organizations/acme/relationships/data-retention-policy", "", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.DataRetentionPolicies.Read(ctx, OrganizationRetention(""))),
				errOf(c.DataRetentionPolicies.Set(ctx, OrganizationRetention(""), DataRetentionPolicyOptions{})),
				c.DataRetentionPolicies.Delete(ctx, OrganizationRetention("")),
			},
			"workspace ID is empty": {
				errOf(c.DataRetentionPolicies.Read(ctx, WorkspaceRetention(""))),
				errOf(c.DataRetentionPolicies.Set(ctx, WorkspaceRetention(""), DataRetentionPolicyOptions{})),
				c.DataRetentionPolicies.Delete(ctx, WorkspaceRetention("")),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"DataRetentionPolicies.Delete": {func(c *Client) error {
				return c.DataRetentionPolicies.Delete(ctx, OrganizationRetention("acme"))
			}, sentAgain},
		}
	})
}
