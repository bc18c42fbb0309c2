package platform

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

const runTriggerJSON = `{"data":{"id":"rt-6p5RiCe5CRjBmsGt","type":"run-triggers","attributes":{
	"created-at":"2025-06-01T12:00:00.000Z","workspace-name":"app","sourceable-name":"network"},
	"relationships":{"workspace":{"data":{"id":"ws-1","type":"workspaces"}},"sourceable":{"data":{"id":"ws-2","type":"workspaces"}}}}}`

func TestRunTriggers_CreateAndDecode(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, runTriggerJSON))
	got, err := c.RunTriggers.Create(context.Background(), "ws-1", RunTriggerCreateOptions{Sourceable: &Workspace{ID: "ws-2"}})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/workspaces/ws-1/run-triggers", "",
		`{"data":{"type":"run-triggers","relationships":{"sourceable":{"data":{"type":"workspaces","id":"ws-2"}}}}}`)
	want := RunTrigger{
		ID: "rt-6p5RiCe5CRjBmsGt", CreatedAt: ptr(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)),
		WorkspaceName: "app", SourceableName: "network",
		Workspace: &Workspace{ID: "ws-1"}, Sourceable: &Workspace{ID: "ws-2"},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("run trigger\n%+v\nwant\n%+v", *got, want)
	}
}

func TestRunTriggers_ReadListDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, runTriggerJSON))
	if _, err := c.RunTriggers.Read(context.Background(), "rt-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/run-triggers/rt-6p5RiCe5CRjBmsGt", "", "")

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"rt-1","type":"run-triggers","attributes":{"sourceable-name":"network"},
		"relationships":{"sourceable":{"data":{"id":"ws-2","type":"workspaces"}}}}]}`))
	got, err := c.RunTriggers.List(context.Background(), "ws-1", RunTriggerInbound)
	if err != nil || len(got.Items) != 1 || got.Items[0].Sourceable.ID != "ws-2" {
		t.Fatalf("triggers %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/workspaces/ws-1/run-triggers",
		"filter%5Brun-trigger%5D%5Btype%5D=inbound&page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.RunTriggers.Delete(context.Background(), "rt-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/run-triggers/rt-1", "", "")
	if err := c.RunTriggers.Delete(context.Background(), ".."); err == nil {
		t.Error("Delete(..) succeeded")
	}
}

const runTriggerLockedJSON = `{"errors":[{"status":"409","title":"conflict",` +
	`"detail":"Run Trigger creation locked by another user in your organization. Please try again"}]}`

// A create that another create's lock holds off is tried again until it
// goes through; any other refusal is final at once.
func TestRunTriggers_CreateRetriesTheLock(t *testing.T) {
	var calls atomic.Int32
	c, f := fakePlatform(t, func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) <= 2 {
			reply(http.StatusConflict, runTriggerLockedJSON)(w, r)
			return
		}
		reply(http.StatusCreated, runTriggerJSON)(w, r)
	})
	got, err := c.RunTriggers.Create(context.Background(), "ws-1", RunTriggerCreateOptions{Sourceable: &Workspace{ID: "ws-2"}})
	if err != nil || got.ID != "rt-6p5RiCe5CRjBmsGt" {
		t.Fatalf("trigger %+v, %v", got, err)
	}
	if n := len(f.Requests()); n != 3 {
		t.Errorf("%d requests, want 3", n)
	}

	c, f = fakePlatform(t, reply(http.StatusUnprocessableEntity, `{"errors":[{"status":"422","title":"invalid","detail":"Sourceable has already been taken"}]}`))
	if _, err := c.RunTriggers.Create(context.Background(), "ws-1", RunTriggerCreateOptions{Sourceable: &Workspace{ID: "ws-2"}}); err == nil {
		t.Fatal("a refused create succeeded")
	}
	if n := len(f.Requests()); n != 1 {
		t.Errorf("%d requests of a refused create, want 1", n)
	}
}

// A lock that holds for a minute fails the create with the platform's
// words: tries at 0, 1, 3, 7 seconds and then every 8, the last before
// the minute is out.
func TestRunTriggers_CreateGivesUpOnTheLockAfterAMinute(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusConflict, runTriggerLockedJSON))
	_, err := c.RunTriggers.Create(context.Background(), "ws-1", RunTriggerCreateOptions{Sourceable: &Workspace{ID: "ws-2"}})
	if err == nil || !strings.Contains(err.Error(), "Run Trigger creation locked") {
		t.Fatalf("error %v, want the lock's", err)
	}
	if n := len(f.Requests()); n != 10 {
		t.Errorf("%d requests, want 10", n)
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"workspace ID is empty": {
				errOf(c.RunTriggers.Create(ctx, "", RunTriggerCreateOptions{})),
				errOf(c.RunTriggers.List(ctx, "", RunTriggerInbound)),
			},
			"run trigger ID is empty": {
				errOf(c.RunTriggers.Read(ctx, "")),
				c.RunTriggers.Delete(ctx, ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"RunTriggers.Create": {func(c *Client) error {
				return errOf(c.RunTriggers.Create(ctx, "ws-1", RunTriggerCreateOptions{Sourceable: &Workspace{ID: "ws-2"}}))
			}, sentOnce},
		}
	})
}
