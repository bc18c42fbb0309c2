package platform

import (
	"context"
	"net/url"
	"time"
)

// PrefixPolicy begins the IDs of policies.
const PrefixPolicy = "pol"

// Kinds of policy and of policy set: the engine that evaluates them.
const (
	KindSentinel = "sentinel"
	KindOPA      = "opa"
)

// EnforcementLevels are the enforcement levels of each kind of policy.
var EnforcementLevels = map[string][]string{
	KindSentinel: {"hard-mandatory", "soft-mandatory", "advisory"},
	KindOPA:      {"mandatory", "advisory"},
}

// Policy is a Sentinel or OPA policy of an organization, type policies
// (pol-…). Its text is uploaded and downloaded apart (Upload, Download).
// Enforce is the deprecated form of EnforcementLevel, which the platform
// answers empty until the text is uploaded.
type Policy struct {
	ID               string               `jsonapi:"primary,policies"`
	Name             string               `jsonapi:"attr,name"`
	Description      string               `jsonapi:"attr,description"`
	Kind             string               `jsonapi:"attr,kind"`
	Query            *string              `jsonapi:"attr,query"`
	EnforcementLevel string               `jsonapi:"attr,enforcement-level"`
	Enforce          []*PolicyEnforcement `jsonapi:"attr,enforce"`
	PolicySetCount   int                  `jsonapi:"attr,policy-set-count"`
	UpdatedAt        *time.Time           `jsonapi:"attr,updated-at,rfc3339"`

	Organization *Organization `jsonapi:"relation,organization"`
}

// PolicyEnforcement is an item of a policy's deprecated enforce: the
// policy's file in its sets, and its enforcement level.
type PolicyEnforcement struct {
	Path string `jsonapi:"attr,path"`
	Mode string `jsonapi:"attr,mode"`
}

// PolicyOptions is the body of a create or an update of a policy; a nil
// field is left out. A create needs Name and EnforcementLevel, and an
// OPA policy its Query; Name and Kind only a create sends, as the
// platform sets them once: Update leaves them out. The client sends
// EnforcementLevel, never the deprecated enforce.
type PolicyOptions struct {
	Type             string  `jsonapi:"primary,policies"`
	Name             *string `jsonapi:"attr,name,omitempty"`
	Description      *string `jsonapi:"attr,description,omitempty"`
	Kind             *string `jsonapi:"attr,kind,omitempty"`
	Query            *string `jsonapi:"attr,query,omitempty"`
	EnforcementLevel *string `jsonapi:"attr,enforcement-level,omitempty"`
}

// PolicyListOptions filters a list of policies: Search, a part of their
// names in any case; Kind, their kind. Empty fields filter nothing.
type PolicyListOptions struct {
	Search, Kind string
}

// PolicyList is a list of policies.
type PolicyList = List[Policy]

// Policies are the calls of policies.
type Policies struct{ c *Client }

var policies = collection{path: "/policies", id: "policy ID"}

// Create creates a policy in an organization, without its text.
func (s *Policies) Create(ctx context.Context, org string, opts PolicyOptions) (*Policy, error) {
	return post[Policy](ctx, s.c, policies.under(organizations.at(org)), &opts)
}

// Read reads a policy by ID.
func (s *Policies) Read(ctx context.Context, id string) (*Policy, error) {
	return get[Policy](ctx, s.c, policies.at(id))
}

// List lists an organization's policies.
func (s *Policies) List(ctx context.Context, org string, opts PolicyListOptions) (*PolicyList, error) {
	q := url.Values{}
	if opts.Search != "" {
		q.Set("search[name]", opts.Search)
	}
	if opts.Kind != "" {
		q.Set("filter[kind]", opts.Kind)
	}
	return list[Policy](ctx, s.c, policies.under(organizations.at(org)), q)
}

// ReadByName reads the policy of an organization that has that name, in
// any case, as the platform keeps policy names unique in any case. None
// is a 404.
func (s *Policies) ReadByName(ctx context.Context, org, name string) (*Policy, error) {
	l, err := s.List(ctx, org, PolicyListOptions{Search: name})
	return named(l, err, policies.under(organizations.at(org)), "policy", name, func(p *Policy) string { return p.Name })
}

// Update changes a policy: its name and kind, set once, are left out.
func (s *Policies) Update(ctx context.Context, id string, opts PolicyOptions) (*Policy, error) {
	opts.Name, opts.Kind = nil, nil
	return patch[Policy](ctx, s.c, policies.at(id), &opts)
}

// Delete deletes a policy, which leaves its sets.
func (s *Policies) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, policies.at(id))
}

// Upload sets a policy's text, exactly as given.
func (s *Policies) Upload(ctx context.Context, id string, text []byte) error {
	return upload(ctx, s.c, policies.at(id).sub("upload"), text)
}

// Download reads a policy's text as it was uploaded: a 404 before any
// upload.
func (s *Policies) Download(ctx context.Context, id string) ([]byte, error) {
	return download(ctx, s.c, policies.at(id).sub("download"))
}
