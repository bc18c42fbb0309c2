package platform

import (
	"context"
	"net/http"
	"net/url"
	"time"
)

// PrefixRegistryModuleVersion begins the IDs of registry module versions.
const PrefixRegistryModuleVersion = "modver"

// Deprecation statuses a version's deprecation sends.
const (
	VersionDeprecated   = "Deprecated"
	VersionUndeprecated = "Undeprecated"
)

// RegistryModuleVersion is a version of a module, type
// registry-module-versions (modver-…). A version of a module of no
// repository is pending until its archive is uploaded to its link upload;
// Deprecation is set while the version is deprecated.
type RegistryModuleVersion struct {
	ID        string         `jsonapi:"primary,registry-module-versions"`
	Version   string         `jsonapi:"attr,version"`
	Status    string         `jsonapi:"attr,status"`
	Source    string         `jsonapi:"attr,source"`
	CommitSHA string         `jsonapi:"attr,commit-sha"`
	CreatedAt *time.Time     `jsonapi:"attr,created-at,rfc3339"`
	UpdatedAt *time.Time     `jsonapi:"attr,updated-at,rfc3339"`
	Links     map[string]any `jsonapi:"links,omitempty"`

	RegistryModule *RegistryModule            `jsonapi:"relation,registry-module"`
	Deprecation    *RegistryModuleDeprecation `jsonapi:"relation,deprecation"`
}

// RegistryModuleDeprecation is why a version is deprecated, and where to
// read more, type deprecations: the answer includes it.
type RegistryModuleDeprecation struct {
	ID     string `jsonapi:"primary,deprecations"`
	Reason string `jsonapi:"attr,reason"`
	Link   string `jsonapi:"attr,link"`
}

// RegistryModuleVersionOptions is the body of a version's create: Version
// (a semantic version) is required.
type RegistryModuleVersionOptions struct {
	Type      string `jsonapi:"primary,registry-module-versions"`
	Version   string `jsonapi:"attr,version"`
	CommitSHA string `jsonapi:"attr,commit-sha,omitempty"`
}

// RegistryModuleDeprecationOptions is the body of a version's deprecation:
// Status VersionDeprecated deprecates it, with Reason and Link (either may
// be empty), VersionUndeprecated reverts it.
type RegistryModuleDeprecationOptions struct {
	Type        string                  `jsonapi:"primary,registry-module-versions"`
	Deprecation *deprecationOptionsBody `jsonapi:"attr,deprecation"`
}

type deprecationOptionsBody struct {
	Status string `jsonapi:"attr,deprecated-status"`
	Reason string `jsonapi:"attr,reason,omitempty"`
	Link   string `jsonapi:"attr,link,omitempty"`
}

// RegistryModuleVersions are the calls of a module's versions.
type RegistryModuleVersions struct{ c *Client }

// Create creates a version of a module: one of no repository's is pending
// until its archive is uploaded to the link upload.
func (s *RegistryModuleVersions) Create(ctx context.Context, module RegistryModuleID, opts RegistryModuleVersionOptions) (*RegistryModuleVersion, error) {
	return post[RegistryModuleVersion](ctx, s.c, module.at().sub("versions"), &opts)
}

// Read reads a version of a module, with its deprecation.
func (s *RegistryModuleVersions) Read(ctx context.Context, module RegistryModuleID, version string) (*RegistryModuleVersion, error) {
	at := module.at().sub("version")
	if _, err := segment("version", version); err != nil {
		at = ref{err: err}
	}
	return one[RegistryModuleVersion](ctx, s.c, request{method: http.MethodGet, at: at, query: url.Values{"module_version": {version}}})
}

// Deprecate deprecates a version of a private module with a reason and a
// link, or reverts its deprecation (status VersionUndeprecated). It sets
// the whole deprecation, so it is sent again after a lost answer.
func (s *RegistryModuleVersions) Deprecate(ctx context.Context, module RegistryModuleID, version, status, reason, link string) (*RegistryModuleVersion, error) {
	body := &RegistryModuleDeprecationOptions{Deprecation: &deprecationOptionsBody{Status: status, Reason: reason, Link: link}}
	return one[RegistryModuleVersion](ctx, s.c, request{method: http.MethodPatch, at: module.at().item("version", version), body: body, idempotent: true})
}

// Delete deletes a version of a module.
func (s *RegistryModuleVersions) Delete(ctx context.Context, module RegistryModuleID, version string) error {
	return del(ctx, s.c, module.at().item("version", version))
}
