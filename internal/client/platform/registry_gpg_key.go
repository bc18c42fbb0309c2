package platform

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"
	"time"
)

// RegistryGPGKey is a public GPG key of an organization's private registry,
// type gpg-keys, which signs the releases of its private providers. The
// registry API serves it, under RegistryPrefix: its ID is a number, and the
// key is named by its namespace (an organization's name) and its KeyID,
// which the registry reads from the key.
type RegistryGPGKey struct {
	ID         string     `jsonapi:"primary,gpg-keys"`
	AsciiArmor string     `jsonapi:"attr,ascii-armor"`
	KeyID      string     `jsonapi:"attr,key-id"`
	Namespace  string     `jsonapi:"attr,namespace"`
	CreatedAt  *time.Time `jsonapi:"attr,created-at,rfc3339"`
	UpdatedAt  *time.Time `jsonapi:"attr,updated-at,rfc3339"`
}

// RegistryGPGKeyOptions is the body of a create, which sends both fields,
// or of an update, which sends Namespace alone: the organization the key
// moves to.
type RegistryGPGKeyOptions struct {
	Type       string `jsonapi:"primary,gpg-keys"`
	Namespace  string `jsonapi:"attr,namespace"`
	AsciiArmor string `jsonapi:"attr,ascii-armor,omitempty"`
}

// RegistryGPGKeyList is a list of GPG keys.
type RegistryGPGKeyList = List[RegistryGPGKey]

// RegistryGPGKeys are the calls of the private registry's GPG keys.
type RegistryGPGKeys struct{ c *Client }

var registryGPGKeys = collection{path: "/private/v2/gpg-keys", id: "GPG key ID", base: RegistryPrefix}

// errNoNamespace refuses a list of the keys of no namespace, or of an
// empty one.
var errNoNamespace = errors.New("namespace is empty")

// gpgKeyAt is the key of a namespace with that key ID.
func gpgKeyAt(namespace, keyID string) ref {
	return registryGPGKeys.all().item("namespace", namespace).item("key ID", keyID)
}

// Create adds a public key to the namespace opts names.
func (s *RegistryGPGKeys) Create(ctx context.Context, opts RegistryGPGKeyOptions) (*RegistryGPGKey, error) {
	return post[RegistryGPGKey](ctx, s.c, registryGPGKeys.all(), &opts)
}

// Read reads the key of a namespace with that key ID.
func (s *RegistryGPGKeys) Read(ctx context.Context, namespace, keyID string) (*RegistryGPGKey, error) {
	return get[RegistryGPGKey](ctx, s.c, gpgKeyAt(namespace, keyID))
}

// Move moves the key of a namespace with that key ID to another
// namespace, the key's only update.
func (s *RegistryGPGKeys) Move(ctx context.Context, namespace, keyID, to string) (*RegistryGPGKey, error) {
	return patch[RegistryGPGKey](ctx, s.c, gpgKeyAt(namespace, keyID), &RegistryGPGKeyOptions{Namespace: to})
}

// List lists the keys of the namespaces given, at least one.
func (s *RegistryGPGKeys) List(ctx context.Context, namespaces ...string) (*RegistryGPGKeyList, error) {
	at := registryGPGKeys.all()
	if len(namespaces) == 0 || slices.Contains(namespaces, "") {
		at = ref{err: errNoNamespace}
	}
	return list[RegistryGPGKey](ctx, s.c, at, url.Values{"filter[namespace]": {strings.Join(namespaces, ",")}})
}

// Delete deletes the key of a namespace with that key ID.
func (s *RegistryGPGKeys) Delete(ctx context.Context, namespace, keyID string) error {
	return del(ctx, s.c, gpgKeyAt(namespace, keyID))
}
