package platform

import (
	"context"
	"net/url"
	"time"
)

// What the site's versions of its policy engines share, whose calls are
// admin_sentinel_version.go's and admin_opa_version.go's: the API answers
// each engine's with a type of its own (sentinel-versions, opa-versions),
// which the calls give as one EngineVersion.

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

// engineVersionOf is either engine's answer as an EngineVersion: the two
// types have the same fields.
func engineVersionOf[T AdminSentinelVersion | AdminOPAVersion](v *T, err error) (*EngineVersion, error) {
	if err != nil {
		return nil, err
	}
	ev := EngineVersion(*v)
	return &ev, nil
}

func listEngineVersions[T AdminSentinelVersion | AdminOPAVersion](ctx context.Context, c *Client, at collection, opts EngineVersionListOptions) (*EngineVersionList, error) {
	q := url.Values{}
	if opts.Version != "" {
		q.Set("filter[version]", opts.Version)
	}
	if opts.Search != "" {
		q.Set("search[version]", opts.Search)
	}
	l, err := list[T](ctx, c, at.all(), q)
	if err != nil {
		return nil, err
	}
	out := &EngineVersionList{Items: make([]*EngineVersion, 0, len(l.Items))}
	for _, v := range l.Items {
		ev := EngineVersion(*v)
		out.Items = append(out.Items, &ev)
	}
	return out, nil
}
