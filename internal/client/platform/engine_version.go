package platform

import (
	"context"
	"net/http"
	"net/url"
	"time"
)

// The site's versions of its policy engines: each engine's are a
// collection of the admin API whose answers have a type of their own
// (admin_sentinel_version.go's sentinel-versions, admin_opa_version.go's
// opa-versions), and one calls type, EngineVersions, serves both, giving
// either as one EngineVersion.

// PrefixEngineVersion begins the IDs of policy engine versions.
const PrefixEngineVersion = "tool"

// EngineVersion is a version of a policy engine that the site offers, as
// the calls of either engine give it. URL and SHA are the linux/amd64
// build's, which Archs holds: empty without one.
type EngineVersion struct {
	ID               string
	Version          string
	URL              string
	SHA              string
	Official         bool
	Enabled          bool
	Beta             bool
	Deprecated       bool
	DeprecatedReason *string
	Usage            int
	CreatedAt        *time.Time
	Archs            []*EngineArch
}

// EngineArch is one build of a policy engine's version.
type EngineArch struct {
	URL  string `jsonapi:"attr,url" json:"url"`
	SHA  string `jsonapi:"attr,sha" json:"sha"`
	OS   string `jsonapi:"attr,os" json:"os"`
	Arch string `jsonapi:"attr,arch" json:"arch"`
}

// EngineVersionOptions is the body of a create or an update of a version;
// a nil field is left out. A create needs Version, and URL and SHA (the
// linux/amd64 build) or Archs; Archs replaces the builds, URL and SHA
// change the linux/amd64 one.
type EngineVersionOptions struct {
	Version          *string       `json:"version,omitempty"`
	URL              *string       `json:"url,omitempty"`
	SHA              *string       `json:"sha,omitempty"`
	Official         *bool         `json:"official,omitempty"`
	Enabled          *bool         `json:"enabled,omitempty"`
	Beta             *bool         `json:"beta,omitempty"`
	Deprecated       *bool         `json:"deprecated,omitempty"`
	DeprecatedReason *string       `json:"deprecated-reason,omitempty"`
	Archs            []*EngineArch `json:"archs,omitempty"`
}

// EngineVersionListOptions filters a list of versions: Version, the
// version exactly; Search, a part of it. Empty fields filter nothing.
type EngineVersionListOptions struct {
	Version, Search string
}

// EngineVersionList is a list of versions of an engine.
type EngineVersionList = List[EngineVersion]

// engineVersionDoc is a create's or an update's document: the API's
// type of the engine's versions, and the options as attributes.
type engineVersionDoc struct {
	Data struct {
		Type       string               `json:"type"`
		Attributes EngineVersionOptions `json:"attributes"`
	} `json:"data"`
}

func (engineVersionDoc) isDocument() {}

func engineVersionBody(typ string, opts EngineVersionOptions) engineVersionDoc {
	var d engineVersionDoc
	d.Data.Type, d.Data.Attributes = typ, opts
	return d
}

// EngineVersions are the calls of one engine's versions:
// Client.AdminSentinelVersions' or Client.AdminOPAVersions'.
type EngineVersions struct {
	c   *Client
	at  collection
	typ string // the answers' type, such as sentinel-versions
	// one makes a call whose answer is one version, and list reads the
	// list at a ref, both decoding the engine's type.
	one  func(ctx context.Context, r request) (*EngineVersion, error)
	list func(ctx context.Context, at ref, q url.Values) (*EngineVersionList, error)
}

// newEngineVersions are the calls of the engine whose versions are at at,
// of the API type T, which typ names.
func newEngineVersions[T AdminSentinelVersion | AdminOPAVersion](c *Client, at collection, typ string) *EngineVersions {
	return &EngineVersions{
		c: c, at: at, typ: typ,
		one: func(ctx context.Context, r request) (*EngineVersion, error) {
			v, err := one[T](ctx, c, r)
			if err != nil {
				return nil, err
			}
			ev := EngineVersion(*v)
			return &ev, nil
		},
		list: func(ctx context.Context, at ref, q url.Values) (*EngineVersionList, error) {
			l, err := list[T](ctx, c, at, q)
			if err != nil {
				return nil, err
			}
			out := &EngineVersionList{Items: make([]*EngineVersion, 0, len(l.Items))}
			for _, v := range l.Items {
				ev := EngineVersion(*v)
				out.Items = append(out.Items, &ev)
			}
			return out, nil
		},
	}
}

// List lists the site's versions of the engine.
func (s *EngineVersions) List(ctx context.Context, opts EngineVersionListOptions) (*EngineVersionList, error) {
	q := url.Values{}
	if opts.Version != "" {
		q.Set("filter[version]", opts.Version)
	}
	if opts.Search != "" {
		q.Set("search[version]", opts.Search)
	}
	return s.list(ctx, s.at.all(), q)
}

// Create adds a version of the engine to the site.
func (s *EngineVersions) Create(ctx context.Context, opts EngineVersionOptions) (*EngineVersion, error) {
	return s.one(ctx, request{method: http.MethodPost, at: s.at.all(), body: engineVersionBody(s.typ, opts)})
}

// Read reads a version by ID.
func (s *EngineVersions) Read(ctx context.Context, id string) (*EngineVersion, error) {
	return s.one(ctx, request{method: http.MethodGet, at: s.at.at(id)})
}

// Update changes a version.
func (s *EngineVersions) Update(ctx context.Context, id string, opts EngineVersionOptions) (*EngineVersion, error) {
	return s.one(ctx, request{method: http.MethodPatch, at: s.at.at(id), body: engineVersionBody(s.typ, opts)})
}

// Delete removes a version from the site; the policy sets pinned to it
// keep its number.
func (s *EngineVersions) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, s.at.at(id))
}
