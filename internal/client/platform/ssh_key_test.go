package platform

import (
	"context"
	"net/http"
	"testing"
)

const sshKeyJSON = `{"data":{"id":"sshkey-6p5RiCe5CRjBmsGt","type":"ssh-keys","attributes":{"name":"deploy"},"links":{"self":"/api/v2/ssh-keys/sshkey-6p5RiCe5CRjBmsGt"}}}`

func TestSSHKeys_CreateSendsTheValue(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, sshKeyJSON))
	got, err := c.SSHKeys.Create(context.Background(), "acme", SSHKeyOptions{Name: ptr("deploy"), Value: ptr("-----BEGIN KEY-----")})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/ssh-keys", "",
		`{"data":{"type":"ssh-keys","attributes":{"name":"deploy","value":"-----BEGIN KEY-----"}}}`)
	if got.ID != "sshkey-6p5RiCe5CRjBmsGt" || got.Name != "deploy" {
		t.Errorf("SSH key %+v", *got)
	}
}

// An update sends the name alone, even when it is given a value: the
// platform sets the value once.
func TestSSHKeys_UpdateSendsTheNameAlone(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, sshKeyJSON))
	if _, err := c.SSHKeys.Update(context.Background(), "sshkey-6p5RiCe5CRjBmsGt", SSHKeyOptions{Name: ptr("deploy"), Value: ptr("other")}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/ssh-keys/sshkey-6p5RiCe5CRjBmsGt", "",
		`{"data":{"type":"ssh-keys","attributes":{"name":"deploy"}}}`)
}

func TestSSHKeys_ReadListDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, sshKeyJSON))
	if _, err := c.SSHKeys.Read(context.Background(), "sshkey-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/ssh-keys/sshkey-6p5RiCe5CRjBmsGt", "", "")

	// The list is one page without pagination, as the platform answers it.
	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"sshkey-6p5RiCe5CRjBmsGt","type":"ssh-keys","attributes":{"name":"deploy"}}]}`))
	keys, err := c.SSHKeys.List(context.Background(), "acme")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/ssh-keys", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")
	if len(keys.Items) != 1 || keys.Items[0].Name != "deploy" {
		t.Errorf("list %+v", keys.Items)
	}

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.SSHKeys.Delete(context.Background(), "sshkey-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/ssh-keys/sshkey-6p5RiCe5CRjBmsGt", "", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.SSHKeys.List(ctx, "")),
				errOf(c.SSHKeys.Create(ctx, "", SSHKeyOptions{})),
			},
			"SSH key ID is empty": {
				errOf(c.SSHKeys.Read(ctx, "")),
				errOf(c.SSHKeys.Update(ctx, "", SSHKeyOptions{})),
				c.SSHKeys.Delete(ctx, ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"SSHKeys.Create": {func(c *Client) error { return errOf(c.SSHKeys.Create(ctx, "acme", SSHKeyOptions{})) }, sentOnce},
			"SSHKeys.Update": {func(c *Client) error { return errOf(c.SSHKeys.Update(ctx, "sshkey-1", SSHKeyOptions{})) }, sentOnce},
		}
	})
}
