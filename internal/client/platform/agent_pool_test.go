package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
)

const agentPoolJSON = `{"data":{"id":"apool-6p5RiCe5CRjBmsGt","type":"agent-pools","attributes":{
	"name":"runners","organization-scoped":false,"agent-count":0,"created-at":"2025-06-01T12:00:00.000Z"},
	"relationships":{"organization":{"data":{"id":"acme","type":"organizations"}},"workspaces":{"data":[]}}}}`

func TestAgentPools_CreateAndDecode(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, agentPoolJSON))
	got, err := c.AgentPools.Create(context.Background(), "acme", AgentPoolCreateOptions{Name: ptr("runners"), OrganizationScoped: ptr(false)})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.last(t), http.MethodPost, "/api/v2/organizations/acme/agent-pools", "",
		`{"data":{"type":"agent-pools","attributes":{"name":"runners","organization-scoped":false}}}`)
	if want := (AgentPool{ID: "apool-6p5RiCe5CRjBmsGt", Name: "runners"}); !reflect.DeepEqual(*got, want) {
		t.Errorf("agent pool\n%+v\nwant\n%+v", *got, want)
	}
}

func TestAgentPools_ReadDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, agentPoolJSON))
	if _, err := c.AgentPools.Read(context.Background(), "apool-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.last(t), http.MethodGet, "/api/v2/agent-pools/apool-6p5RiCe5CRjBmsGt", "", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.AgentPools.Delete(context.Background(), "apool-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.last(t), http.MethodDelete, "/api/v2/agent-pools/apool-6p5RiCe5CRjBmsGt", "", "")

	// An ID that cannot be a path segment is refused before any request.
	if err := c.AgentPools.Delete(context.Background(), ".."); err == nil {
		t.Error("Delete(..) succeeded")
	}
}
