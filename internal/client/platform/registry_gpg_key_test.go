package platform

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"
)

const gpgKeyJSON = `{"data":{"id":"13","type":"gpg-keys","attributes":{"ascii-armor":"-----BEGIN PGP PUBLIC KEY BLOCK-----\n...",
	"key-id":"32966F3FB5AC1129","namespace":"acme","source":"","source-url":null,"trust-signature":"",
	"created-at":"2025-06-01T12:00:00Z","updated-at":"2025-06-01T12:00:00Z"}}}`

// The keys are the registry API's, under /api/registry, not /api/v2.
func TestRegistryGPGKeys_CreateAndDecode(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, gpgKeyJSON))
	got, err := c.RegistryGPGKeys.Create(context.Background(), RegistryGPGKeyOptions{Namespace: "acme", AsciiArmor: "armor"})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/registry/private/v2/gpg-keys", "",
		`{"data":{"type":"gpg-keys","attributes":{"ascii-armor":"armor","namespace":"acme"}}}`)
	at := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	want := RegistryGPGKey{ID: "13", AsciiArmor: "-----BEGIN PGP PUBLIC KEY BLOCK-----\n...", KeyID: "32966F3FB5AC1129", Namespace: "acme", CreatedAt: &at, UpdatedAt: &at}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("key\n%+v\nwant\n%+v", *got, want)
	}
}

func TestRegistryGPGKeys_ReadMoveListDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, gpgKeyJSON))
	if _, err := c.RegistryGPGKeys.Read(context.Background(), "acme", "32966F3FB5AC1129"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/registry/private/v2/gpg-keys/acme/32966F3FB5AC1129", "", "")
	// A move sends the namespace alone.
	if _, err := c.RegistryGPGKeys.Move(context.Background(), "acme", "32966F3FB5AC1129", "acme-labs"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/registry/private/v2/gpg-keys/acme/32966F3FB5AC1129", "",
		`{"data":{"type":"gpg-keys","attributes":{"namespace":"acme-labs"}}}`)

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"13","type":"gpg-keys","attributes":{"key-id":"32966F3FB5AC1129","namespace":"acme"}}]}`))
	l, err := c.RegistryGPGKeys.List(context.Background(), "acme", "acme-labs")
	if err != nil || len(l.Items) != 1 || l.Items[0].KeyID != "32966F3FB5AC1129" {
		t.Fatalf("keys %+v, %v", l, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/registry/private/v2/gpg-keys",
		"filter%5Bnamespace%5D=acme%2Cacme-labs&page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.RegistryGPGKeys.Delete(context.Background(), "acme", "32966F3FB5AC1129"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/registry/private/v2/gpg-keys/acme/32966F3FB5AC1129", "", "")
}

// An error names the path under the registry API.
func TestRegistryGPGKeys_errorNamesTheRegistryPath(t *testing.T) {
	c, _ := fakePlatform(t, reply(http.StatusNotFound, `{"errors":[{"status":"404","title":"not found"}]}`))
	_, err := c.RegistryGPGKeys.Read(context.Background(), "acme", "32966F3FB5AC1129")
	if err == nil || !strings.Contains(err.Error(), "/api/registry/private/v2/gpg-keys/acme/32966F3FB5AC1129") {
		t.Errorf("error %v", err)
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"namespace is empty": {
				errOf(c.RegistryGPGKeys.Read(ctx, "", "32966F3FB5AC1129")),
				errOf(c.RegistryGPGKeys.Move(ctx, "", "32966F3FB5AC1129", "acme")),
				errOf(c.RegistryGPGKeys.List(ctx)),
				errOf(c.RegistryGPGKeys.List(ctx, "acme", "")),
			},
			"key ID is empty": {
				c.RegistryGPGKeys.Delete(ctx, "acme", ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"RegistryGPGKeys.Create": {func(c *Client) error { return errOf(c.RegistryGPGKeys.Create(ctx, RegistryGPGKeyOptions{})) }, sentOnce},
			"RegistryGPGKeys.Move":   {func(c *Client) error { return errOf(c.RegistryGPGKeys.Move(ctx, "acme", "K", "other")) }, sentOnce},
		}
	})
}
