package platform

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
)

// PrefixDataRetentionPolicy begins the IDs of data retention policies.
const PrefixDataRetentionPolicy = "drp"

// Kinds of data retention policy, each the JSON:API type of its answers.
const (
	// DataRetentionDeleteOlder deletes the runs' data older than a number
	// of days.
	DataRetentionDeleteOlder = "data-retention-policy-delete-olders"
	// DataRetentionDontDelete keeps the runs' data.
	DataRetentionDontDelete = "data-retention-policy-dont-deletes"
	// dataRetentionLegacy is the type of self-hosted releases v202311-1
	// and v202312-1, whose policies only deleted.
	dataRetentionLegacy = "data-retention-policies"
)

// dataRetentionWhat is what the calls manage, in the self-hosted
// edition's refusals.
const dataRetentionWhat = "data retention policies"

// DataRetentionPolicy is how long the platform keeps the runs' data of an
// organization, a workspace or the whole site (drp-…), the self-hosted
// edition's alone. Its JSON:API type is its kind: this type is a
// delete-olders policy's, and Kind says which kind the answer was.
type DataRetentionPolicy struct {
	ID string `jsonapi:"primary,data-retention-policy-delete-olders"`
	// DeleteOlderThanNDays is set for DataRetentionDeleteOlder only.
	DeleteOlderThanNDays *int `jsonapi:"attr,delete-older-than-n-days"`
	// Kind is DataRetentionDeleteOlder or DataRetentionDontDelete, from
	// the answer's type.
	Kind string
}

// dataRetentionDontDelete and dataRetentionLegacyPolicy are the answers
// of the other kinds: jsonapi reads only an object of its struct's own
// type.
type dataRetentionDontDelete struct {
	ID string `jsonapi:"primary,data-retention-policy-dont-deletes"`
}

type dataRetentionLegacyPolicy struct {
	ID                   string `jsonapi:"primary,data-retention-policies"`
	DeleteOlderThanNDays *int   `jsonapi:"attr,delete-older-than-n-days"`
}

// DataRetentionPolicyOptions is the body of Set: a delete-olders policy
// of DeleteOlderThanNDays, or a dont-deletes policy when it is nil.
type DataRetentionPolicyOptions struct {
	Type                 string `jsonapi:"primary,data-retention-policy-delete-olders"`
	DeleteOlderThanNDays *int   `jsonapi:"attr,delete-older-than-n-days,omitempty"`
}

// dontDeleteDocument is the body of a dont-deletes policy, which has no
// attribute: a type alone.
type dontDeleteDocument struct {
	Data struct {
		Type string `json:"type"`
	} `json:"data"`
}

func (dontDeleteDocument) isDocument() {}

// DataRetentionTarget is whose policy a call is about: an organization's
// (OrganizationRetention), a workspace's (WorkspaceRetention) or the
// site's (SiteRetention).
type DataRetentionTarget struct {
	at ref
	// site marks the site's policy, the admin API's.
	site bool
}

// OrganizationRetention is the policy of the organization named org.
func OrganizationRetention(org string) DataRetentionTarget {
	return DataRetentionTarget{at: organizations.at(org).sub("relationships/data-retention-policy")}
}

// WorkspaceRetention is the policy of the workspace id.
func WorkspaceRetention(id string) DataRetentionTarget {
	return DataRetentionTarget{at: workspaces.at(id).sub("relationships/data-retention-policy")}
}

// SiteRetention is the site's policy, which applies where an organization
// and its workspace have none: the site administrator's.
var SiteRetention = DataRetentionTarget{at: ref{path: "/admin/data-retention-policy-settings"}, site: true}

// DataRetentionPolicies are the calls of data retention policies. They are
// the self-hosted edition's alone: on the hosted edition every call is
// refused unsent with an *EditionError. A target has at most one policy.
type DataRetentionPolicies struct{ c *Client }

// call sends r, through the admin API's rules for the site's policy.
func (s *DataRetentionPolicies) call(ctx context.Context, t DataRetentionTarget, r request) ([]byte, error) {
	if t.site {
		return s.c.admin(ctx, dataRetentionWhat, r)
	}
	return s.c.selfHostedOnly(ctx, dataRetentionWhat, r)
}

// Read reads the target's policy: a 404 when it has none.
func (s *DataRetentionPolicies) Read(ctx context.Context, t DataRetentionTarget) (*DataRetentionPolicy, error) {
	r := request{method: http.MethodGet, at: t.at}
	raw, err := s.call(ctx, t, r)
	if err != nil {
		return nil, err
	}
	return decodeRetention(r, raw)
}

// Set gives the target the policy opts describes, replacing the one it
// has, whatever its kind: a policy of the same kind keeps its ID, one of
// another kind is a new policy. Setting the same policy twice is setting
// it once, so the request is sent again after a lost answer. The
// documents say that the platform answers 204; it answers the policy, and
// an answer without it is read back.
func (s *DataRetentionPolicies) Set(ctx context.Context, t DataRetentionTarget, opts DataRetentionPolicyOptions) (*DataRetentionPolicy, error) {
	var body any = &opts
	if opts.DeleteOlderThanNDays == nil {
		doc := dontDeleteDocument{}
		doc.Data.Type = DataRetentionDontDelete
		body = doc
	}
	r := request{method: http.MethodPost, at: t.at, body: body, idempotent: true}
	raw, err := s.call(ctx, t, r)
	if err != nil {
		return nil, err
	}
	if errors.Is(hasData(raw), errNoData) {
		return s.Read(ctx, t)
	}
	return decodeRetention(r, raw)
}

// Delete deletes the target's policy: a 404 when it has none.
func (s *DataRetentionPolicies) Delete(ctx context.Context, t DataRetentionTarget) error {
	_, err := s.call(ctx, t, request{method: http.MethodDelete, at: t.at})
	return err
}

// decodeRetention reads a policy of any kind, which its type tells.
func decodeRetention(r request, raw []byte) (*DataRetentionPolicy, error) {
	if err := hasData(raw); err != nil {
		return nil, fmt.Errorf("%s %s: %w", r.method, APIPrefix+r.at.path, err)
	}
	var doc struct {
		Data struct {
			Type string `json:"type"`
		} `json:"data"`
	}
	_ = json.Unmarshal(raw, &doc)
	var (
		p   *DataRetentionPolicy
		err error
	)
	switch doc.Data.Type {
	case DataRetentionDeleteOlder:
		p, err = decodeOne[DataRetentionPolicy](raw)
	case DataRetentionDontDelete:
		var d *dataRetentionDontDelete
		if d, err = decodeOne[dataRetentionDontDelete](raw); err == nil {
			p = &DataRetentionPolicy{ID: d.ID}
		}
	case dataRetentionLegacy:
		var l *dataRetentionLegacyPolicy
		if l, err = decodeOne[dataRetentionLegacyPolicy](raw); err == nil {
			p = &DataRetentionPolicy{ID: l.ID, DeleteOlderThanNDays: l.DeleteOlderThanNDays}
		}
		doc.Data.Type = DataRetentionDeleteOlder
	default:
		err = fmt.Errorf("decoding the answer: a data retention policy of unknown type %q", doc.Data.Type)
	}
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", r.method, APIPrefix+r.at.path, err)
	}
	p.Kind = doc.Data.Type
	return p, nil
}
