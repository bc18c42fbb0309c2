package platform

import (
	"context"
	"net/url"
	"time"
)

// PrefixRegistryProvider begins the IDs of registry providers.
const PrefixRegistryProvider = "prov"

// Registries of an organization's registry objects: its private registry,
// or its copies of the public registry's objects.
const (
	RegistryPrivate = "private"
	RegistryPublic  = "public"
)

// RegistryProvider is a provider of an organization's registry, type
// registry-providers (prov-…): a private one, in the organization's
// namespace, whose versions the organization publishes, or the
// organization's copy of a public provider. It has no update.
type RegistryProvider struct {
	ID           string     `jsonapi:"primary,registry-providers"`
	Name         string     `jsonapi:"attr,name"`
	Namespace    string     `jsonapi:"attr,namespace"`
	RegistryName string     `jsonapi:"attr,registry-name"`
	CreatedAt    *time.Time `jsonapi:"attr,created-at,rfc3339"`
	UpdatedAt    *time.Time `jsonapi:"attr,updated-at,rfc3339"`

	Organization *Organization `jsonapi:"relation,organization"`
}

// RegistryProviderID names a provider by its path: its organization,
// registry, namespace (a private provider's is its organization's name)
// and name.
type RegistryProviderID struct {
	Organization, RegistryName, Namespace, Name string
}

// RegistryProviderOptions is the body of a create, the only write of a
// provider: every field is required.
type RegistryProviderOptions struct {
	Type         string `jsonapi:"primary,registry-providers"`
	Name         string `jsonapi:"attr,name"`
	Namespace    string `jsonapi:"attr,namespace"`
	RegistryName string `jsonapi:"attr,registry-name"`
}

// RegistryProviderListOptions narrow a list of registry providers.
type RegistryProviderListOptions struct {
	// Query matches a part of the names, in any case (q).
	Query string
	// RegistryName keeps the providers of one registry
	// (filter[registry_name]).
	RegistryName string
}

// RegistryProviderList is a list of registry providers.
type RegistryProviderList = List[RegistryProvider]

// RegistryProviders are the calls of registry providers.
type RegistryProviders struct{ c *Client }

var registryProviders = collection{path: "/registry-providers", id: "registry provider ID"}

// at is the provider's path by names.
func (id RegistryProviderID) at() ref {
	return registryProviders.under(organizations.at(id.Organization)).
		item("registry name", id.RegistryName).item("namespace", id.Namespace).item("provider name", id.Name)
}

// Create creates a provider in an organization's registry.
func (s *RegistryProviders) Create(ctx context.Context, org string, opts RegistryProviderOptions) (*RegistryProvider, error) {
	return post[RegistryProvider](ctx, s.c, registryProviders.under(organizations.at(org)), &opts)
}

// Read reads a provider by its names.
func (s *RegistryProviders) Read(ctx context.Context, id RegistryProviderID) (*RegistryProvider, error) {
	return get[RegistryProvider](ctx, s.c, id.at())
}

// ReadByID reads a provider by its ID.
func (s *RegistryProviders) ReadByID(ctx context.Context, id string) (*RegistryProvider, error) {
	return get[RegistryProvider](ctx, s.c, registryProviders.at(id))
}

// List lists an organization's providers.
func (s *RegistryProviders) List(ctx context.Context, org string, opts RegistryProviderListOptions) (*RegistryProviderList, error) {
	q := url.Values{}
	if opts.Query != "" {
		q.Set("q", opts.Query)
	}
	if opts.RegistryName != "" {
		q.Set("filter[registry_name]", opts.RegistryName)
	}
	return list[RegistryProvider](ctx, s.c, registryProviders.under(organizations.at(org)), q)
}

// Delete deletes a provider, with its versions.
func (s *RegistryProviders) Delete(ctx context.Context, id RegistryProviderID) error {
	return del(ctx, s.c, id.at())
}
