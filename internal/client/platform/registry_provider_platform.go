package platform

import (
	"context"
)

// PrefixRegistryProviderPlatform begins the IDs of registry provider
// platforms.
const PrefixRegistryProviderPlatform = "provpltfrm"

// RegistryProviderPlatform is a provider version's build for one OS and
// architecture, type registry-provider-platforms (provpltfrm-…). Its link
// provider-binary-upload takes the upload of the build until it is
// uploaded.
type RegistryProviderPlatform struct {
	ID             string         `jsonapi:"primary,registry-provider-platforms"`
	OS             string         `jsonapi:"attr,os"`
	Arch           string         `jsonapi:"attr,arch"`
	Filename       string         `jsonapi:"attr,filename"`
	Shasum         string         `jsonapi:"attr,shasum"`
	BinaryUploaded bool           `jsonapi:"attr,provider-binary-uploaded"`
	Links          map[string]any `jsonapi:"links,omitempty"`

	Version *RegistryProviderVersion `jsonapi:"relation,registry-provider-version"`
}

// RegistryProviderPlatformOptions is the body of a create, the only write
// of a platform: every field is required.
type RegistryProviderPlatformOptions struct {
	Type     string `jsonapi:"primary,registry-provider-platforms"`
	OS       string `jsonapi:"attr,os"`
	Arch     string `jsonapi:"attr,arch"`
	Shasum   string `jsonapi:"attr,shasum"`
	Filename string `jsonapi:"attr,filename"`
}

// RegistryProviderPlatformList is a list of provider platforms.
type RegistryProviderPlatformList = List[RegistryProviderPlatform]

// RegistryProviderPlatforms are the calls of a provider version's
// platforms.
type RegistryProviderPlatforms struct{ c *Client }

// platformsOf is the platforms of a provider's version.
func platformsOf(provider RegistryProviderID, version string) ref {
	return versionsOf(provider).item("version", version).sub("platforms")
}

// Create adds a platform to a version of a private provider.
func (s *RegistryProviderPlatforms) Create(ctx context.Context, provider RegistryProviderID, version string, opts RegistryProviderPlatformOptions) (*RegistryProviderPlatform, error) {
	return post[RegistryProviderPlatform](ctx, s.c, platformsOf(provider, version), &opts)
}

// Read reads a version's platform of an OS and architecture.
func (s *RegistryProviderPlatforms) Read(ctx context.Context, provider RegistryProviderID, version, os, arch string) (*RegistryProviderPlatform, error) {
	return get[RegistryProviderPlatform](ctx, s.c, platformsOf(provider, version).item("OS", os).item("architecture", arch))
}

// List lists a version's platforms.
func (s *RegistryProviderPlatforms) List(ctx context.Context, provider RegistryProviderID, version string) (*RegistryProviderPlatformList, error) {
	return list[RegistryProviderPlatform](ctx, s.c, platformsOf(provider, version), nil)
}

// Delete deletes a version's platform.
func (s *RegistryProviderPlatforms) Delete(ctx context.Context, provider RegistryProviderID, version, os, arch string) error {
	return del(ctx, s.c, platformsOf(provider, version).item("OS", os).item("architecture", arch))
}
