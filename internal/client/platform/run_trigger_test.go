package platform

import (
	"context"
	"net/http"
	"reflect"
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
	assertRequest(t, f.last(t), http.MethodPost, "/api/v2/workspaces/ws-1/run-triggers", "",
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
	assertRequest(t, f.last(t), http.MethodGet, "/api/v2/run-triggers/rt-6p5RiCe5CRjBmsGt", "", "")

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"rt-1","type":"run-triggers","attributes":{"sourceable-name":"network"},
		"relationships":{"sourceable":{"data":{"id":"ws-2","type":"workspaces"}}}}]}`))
	got, err := c.RunTriggers.List(context.Background(), "ws-1", RunTriggerInbound)
	if err != nil || len(got.Items) != 1 || got.Items[0].Sourceable.ID != "ws-2" {
		t.Fatalf("triggers %+v, %v", got, err)
	}
	assertRequest(t, f.last(t), http.MethodGet, "/api/v2/workspaces/ws-1/run-triggers",
		"filter%5Brun-trigger%5D%5Btype%5D=inbound&page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.RunTriggers.Delete(context.Background(), "rt-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.last(t), http.MethodDelete, "/api/v2/run-triggers/rt-1", "", "")
	if err := c.RunTriggers.Delete(context.Background(), ".."); err == nil {
		t.Error("Delete(..) succeeded")
	}
}
