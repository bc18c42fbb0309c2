package platform

import (
	"context"
	"time"
)

// PrefixRegistryProviderVersion begins the IDs of registry provider
// versions.
const PrefixRegistryProviderVersion = "provver"

// RegistryProviderVersion is a release of a private provider, type
// registry-provider-versions (provver-…), signed by a GPG key of the
// registry (KeyID). Its links take the uploads of its SHA256SUMS file and
// of that file's signature until they are uploaded.
type RegistryProviderVersion struct {
	ID                 string         `jsonapi:"primary,registry-provider-versions"`
	Version            string         `jsonapi:"attr,version"`
	KeyID              string         `jsonapi:"attr,key-id"`
	Protocols          []string       `jsonapi:"attr,protocols"`
	CreatedAt          *time.Time     `jsonapi:"attr,created-at,rfc3339"`
	UpdatedAt          *time.Time     `jsonapi:"attr,updated-at,rfc3339"`
	ShasumsUploaded    bool           `jsonapi:"attr,shasums-uploaded"`
	ShasumsSigUploaded bool           `jsonapi:"attr,shasums-sig-uploaded"`
	Links              map[string]any `jsonapi:"links,omitempty"`

	RegistryProvider *RegistryProvider `jsonapi:"relation,registry-provider"`
}

// RegistryProviderVersionOptions is the body of a create, the only write
// of a version: Version (a semantic version) and KeyID are required.
type RegistryProviderVersionOptions struct {
	Type      string   `jsonapi:"primary,registry-provider-versions"`
	Version   string   `jsonapi:"attr,version"`
	KeyID     string   `jsonapi:"attr,key-id"`
	Protocols []string `jsonapi:"attr,protocols,omitempty"`
}

// RegistryProviderVersionList is a list of provider versions.
type RegistryProviderVersionList = List[RegistryProviderVersion]

// RegistryProviderVersions are the calls of a private provider's
// versions.
type RegistryProviderVersions struct{ c *Client }

// versionsOf is the versions of the provider id names.
func versionsOf(id RegistryProviderID) ref { return id.at().sub("versions") }

// Create publishes a version of a private provider.
func (s *RegistryProviderVersions) Create(ctx context.Context, provider RegistryProviderID, opts RegistryProviderVersionOptions) (*RegistryProviderVersion, error) {
	return post[RegistryProviderVersion](ctx, s.c, versionsOf(provider), &opts)
}

// Read reads a version of a provider.
func (s *RegistryProviderVersions) Read(ctx context.Context, provider RegistryProviderID, version string) (*RegistryProviderVersion, error) {
	return get[RegistryProviderVersion](ctx, s.c, versionsOf(provider).item("version", version))
}

// List lists a provider's versions.
func (s *RegistryProviderVersions) List(ctx context.Context, provider RegistryProviderID) (*RegistryProviderVersionList, error) {
	return list[RegistryProviderVersion](ctx, s.c, versionsOf(provider), nil)
}

// Delete deletes a version, with its platforms.
func (s *RegistryProviderVersions) Delete(ctx context.Context, provider RegistryProviderID, version string) error {
	return del(ctx, s.c, versionsOf(provider).item("version", version))
}
