package platform

import (
	"context"
	"net/http"
	"testing"
)

const sshKeyJSON = `{"data":{"id":"sshkey-6p5RiCe5CRjBmsGt","type":"ssh-keys","attributes":{"name":"deploy"}}}`

func TestSSHKeys_CreateReadUpdateListDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, sshKeyJSON))
	got, err := c.SSHKeys.Create(context.Background(), "acme", SSHKeyOptions{Name: ptr("deploy"), Value: ptr("-----BEGIN KEY-----")})
	if err != nil || *got != (SSHKey{ID: "sshkey-6p5RiCe5CRjBmsGt", Name: "deploy"}) {
		t.Fatalf("key %+v, %v", got, err)
	}
	assertRequest(t, f.last(t), http.MethodPost, "/api/v2/organizations/acme/ssh-keys", "",
		`{"data":{"type":"ssh-keys","attributes":{"name":"deploy","value":"-----BEGIN KEY-----"}}}`)
	if _, err := c.SSHKeys.Read(context.Background(), "sshkey-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.last(t), http.MethodGet, "/api/v2/ssh-keys/sshkey-1", "", "")
	if _, err := c.SSHKeys.Update(context.Background(), "sshkey-1", SSHKeyOptions{Name: ptr("renamed"), Value: ptr("dropped")}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.last(t), http.MethodPatch, "/api/v2/ssh-keys/sshkey-1", "", `{"data":{"type":"ssh-keys","attributes":{"name":"renamed"}}}`)

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"sshkey-1","type":"ssh-keys","attributes":{"name":"deploy"}}]}`))
	list, err := c.SSHKeys.List(context.Background(), "acme")
	if err != nil || len(list.Items) != 1 {
		t.Fatalf("keys %+v, %v", list, err)
	}
	assertRequest(t, f.last(t), http.MethodGet, "/api/v2/organizations/acme/ssh-keys", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.SSHKeys.Delete(context.Background(), "sshkey-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.last(t), http.MethodDelete, "/api/v2/ssh-keys/sshkey-1", "", "")
}

func TestWorkspaces_AssignAndUnassignSSHKey(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"ws-1","type":"workspaces","attributes":{"name":"web"},
		"relationships":{"ssh-key":{"data":{"id":"sshkey-1","type":"ssh-keys"}}}}}`))
	ws, err := c.Workspaces.AssignSSHKey(context.Background(), "ws-1", "sshkey-1")
	if err != nil || ws.SSHKey == nil || ws.SSHKey.ID != "sshkey-1" {
		t.Fatalf("workspace %+v, %v", ws, err)
	}
	assertRequest(t, f.last(t), http.MethodPatch, "/api/v2/workspaces/ws-1/relationships/ssh-key", "",
		`{"data":{"type":"workspaces","attributes":{"id":"sshkey-1"}}}`)
	if _, err := c.Workspaces.UnassignSSHKey(context.Background(), "ws-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.last(t), http.MethodPatch, "/api/v2/workspaces/ws-1/relationships/ssh-key", "",
		`{"data":{"type":"workspaces","attributes":{"id":null}}}`)
}
