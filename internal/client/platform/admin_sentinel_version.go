package platform

import (
	"context"
	"time"
)

// AdminSentinelVersion is a version of the Sentinel engine that the site
// offers, type sentinel-versions (tool-…), which the calls give as an
// EngineVersion (engine_version.go): the site administrator's alone.
type AdminSentinelVersion struct {
	ID               string        `jsonapi:"primary,sentinel-versions"`
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

// AdminSentinelVersions are the calls of the site's Sentinel versions.
type AdminSentinelVersions struct{ c *Client }

var adminSentinelVersions = collection{path: "/admin/sentinel-versions", id: "Sentinel version ID"}

// List lists the site's Sentinel versions.
func (s *AdminSentinelVersions) List(ctx context.Context, opts EngineVersionListOptions) (*EngineVersionList, error) {
	return listEngineVersions[AdminSentinelVersion](ctx, s.c, adminSentinelVersions, opts)
}

// Create adds a Sentinel version to the site.
func (s *AdminSentinelVersions) Create(ctx context.Context, opts EngineVersionOptions) (*EngineVersion, error) {
	return engineVersionOf(post[AdminSentinelVersion](ctx, s.c, adminSentinelVersions.all(), engineVersionBody("sentinel-versions", opts)))
}

// Read reads a Sentinel version by ID.
func (s *AdminSentinelVersions) Read(ctx context.Context, id string) (*EngineVersion, error) {
	return engineVersionOf(get[AdminSentinelVersion](ctx, s.c, adminSentinelVersions.at(id)))
}

// Update changes a Sentinel version.
func (s *AdminSentinelVersions) Update(ctx context.Context, id string, opts EngineVersionOptions) (*EngineVersion, error) {
	return engineVersionOf(patch[AdminSentinelVersion](ctx, s.c, adminSentinelVersions.at(id), engineVersionBody("sentinel-versions", opts)))
}

// Delete removes a Sentinel version from the site; the policy sets pinned
// to it keep its number.
func (s *AdminSentinelVersions) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, adminSentinelVersions.at(id))
}
