package platform

import (
	"context"
	"time"
)

// AdminOPAVersion is a version of the OPA engine that the site
// offers, type opa-versions (tool-…), which the calls give as an
// EngineVersion (engine_version.go): the site administrator's alone.
type AdminOPAVersion struct {
	ID               string        `jsonapi:"primary,opa-versions"`
	Version          string        `jsonapi:"attr,version"`
	URL              string        `jsonapi:"attr,url"`
	SHA              string        `jsonapi:"attr,sha"`
	Official         bool          `jsonapi:"attr,official"`
	Enabled          bool          `jsonapi:"attr,enabled"`
	Beta             bool          `jsonapi:"attr,beta"`
	Deprecated       bool          `jsonapi:"attr,deprecated"`
	DeprecatedReason *string       `jsonapi:"attr,deprecated-reason"`
	Usage            int           `jsonapi:"attr,usage"`
	CreatedAt        *time.Time    `jsonapi:"attr,created-at,rfc3339"`
	Archs            []*EngineArch `jsonapi:"attr,archs"`
}

// AdminOPAVersions are the calls of the site's OPA versions.
type AdminOPAVersions struct{ c *Client }

var adminOPAVersions = collection{path: "/admin/opa-versions", id: "OPA version ID"}

// List lists the site's OPA versions.
func (s *AdminOPAVersions) List(ctx context.Context, opts EngineVersionListOptions) (*EngineVersionList, error) {
	return listEngineVersions[AdminOPAVersion](ctx, s.c, adminOPAVersions, opts)
}

// Create adds a OPA version to the site.
func (s *AdminOPAVersions) Create(ctx context.Context, opts EngineVersionOptions) (*EngineVersion, error) {
	return engineVersionOf(post[AdminOPAVersion](ctx, s.c, adminOPAVersions.all(), engineVersionBody("opa-versions", opts)))
}

// Read reads a OPA version by ID.
func (s *AdminOPAVersions) Read(ctx context.Context, id string) (*EngineVersion, error) {
	return engineVersionOf(get[AdminOPAVersion](ctx, s.c, adminOPAVersions.at(id)))
}

// Update changes a OPA version.
func (s *AdminOPAVersions) Update(ctx context.Context, id string, opts EngineVersionOptions) (*EngineVersion, error) {
	return engineVersionOf(patch[AdminOPAVersion](ctx, s.c, adminOPAVersions.at(id), engineVersionBody("opa-versions", opts)))
}

// Delete removes a OPA version from the site; the policy sets pinned
// to it keep its number.
func (s *AdminOPAVersions) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, adminOPAVersions.at(id))
}
