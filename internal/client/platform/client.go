// Package platform is the typed client of the platform's API, a JSON:API
// under /api/v2: one file per API object, with its type (jsonapi tags), the
// options of its create and update, its list type and its calls, over the
// shared transport of package client.
//
// Requests are paced to the platform's rate limit, which holds per user
// rather than per token or process (see limiter); lists are read to their
// end at the largest page size (see List).
package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"time"

	"github.com/hashicorp/jsonapi"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

const (
	// APIPrefix is the path of the API under the platform's address.
	APIPrefix = "/api/v2"
	// RegistryPrefix is the path of the registry API beside it, which
	// serves the private registry's GPG keys, in the same documents.
	RegistryPrefix = "/api/registry"
	// MediaType is JSON:API's, which every request and answer carries.
	MediaType = jsonapi.MediaType
)

// Client calls the platform. It is safe for concurrent use.
type Client struct {
	transport *client.Client
	org       string
	limiter   *limiter
	cache     readCache

	Organizations              *Organizations
	OrganizationTokens         *OrganizationTokens
	AuditTrailTokens           *OrganizationTokens
	Projects                   *Projects
	Workspaces                 *Workspaces
	Teams                      *Teams
	TeamProjectAccesses        *TeamProjectAccesses
	TeamTokens                 *TeamTokens
	VariableSets               *VariableSets
	Variables                  *Variables
	AgentPools                 *AgentPools
	SSHKeys                    *SSHKeys
	TeamWorkspaces             *TeamWorkspaces
	OrganizationMemberships    *OrganizationMemberships
	TeamMemberships            *TeamMemberships
	Users                      *Users
	CodehostAppInstallations   *CodehostAppInstallations
	RunTriggers                *RunTriggers
	AgentTokens                *AgentTokens
	NotificationConfigurations *NotificationConfigurations
	OAuthClients               *OAuthClients
	OAuthTokens                *OAuthTokens
	EntitlementSets            *EntitlementSets
	RunTasks                   *RunTasks
	WorkspaceRunTasks          *WorkspaceRunTasks
	Policies                   *Policies
	AdminSentinelVersions      *EngineVersions
	AdminOPAVersions           *EngineVersions
	PolicySets                 *PolicySets
	PolicySetParameters        *PolicySetParameters
	StateVersions              *StateVersions
	StateVersionOutputs        *StateVersionOutputs
	Explorer                   *Explorer
	DataRetentionPolicies      *DataRetentionPolicies
	AdminOrganizationSettings  *AdminOrganizationSettingsCalls
	AdminSettings              *AdminSettingsCalls
	RegistryProviders          *RegistryProviders
	RegistryProviderVersions   *RegistryProviderVersions
	RegistryProviderPlatforms  *RegistryProviderPlatforms
	RegistryGPGKeys            *RegistryGPGKeys
	RegistryModules            *RegistryModules
	RegistryModuleVersions     *RegistryModuleVersions
}

// Option sets an optional property of a Client.
type Option func(*options)

type options struct {
	org       string
	rateLimit float64
	clock     clock
	jitter    func(upTo time.Duration) time.Duration
}

// WithOrganization sets the default organization, which Organization
// returns; empty means none.
func WithOrganization(name string) Option { return func(o *options) { o.org = name } }

// WithRateLimit gives the platform's rate limit, in requests a second,
// instead of reading it from X-RateLimit-Limit of GET /ping; 0 reads it.
func WithRateLimit(perSecond float64) Option {
	return func(o *options) { o.rateLimit = perSecond }
}

// NewClient wraps a transport configured for the platform (see Service).
func NewClient(transport *client.Client, opts ...Option) *Client {
	o := options{clock: realClock{}, jitter: randomJitter}
	for _, opt := range opts {
		opt(&o)
	}
	c := &Client{org: o.org}
	c.limiter = newLimiter(o.clock, o.jitter, o.rateLimit, func(ctx context.Context) (string, error) {
		// The transport's probe is GET /ping, sent once before any
		// request (see Service); a transport without it sends it here.
		// Unpaced either way: the pacer waits for this answer.
		if resp, err := transport.Probe(ctx); err != nil || resp != nil {
			if err != nil {
				return "", err
			}
			return resp.Header.Get(rateLimitHeader), nil
		}
		resp, err := transport.Do(ctx, &client.Request{
			Method: http.MethodGet, Path: APIPrefix + "/ping",
			Header: http.Header{"Accept": {MediaType}},
		}, nil)
		if err != nil {
			return "", err
		}
		return resp.Header.Get(rateLimitHeader), nil
	})
	c.transport = transport.WithPacer(c.limiter)
	c.Organizations = &Organizations{c}
	c.OrganizationTokens = &OrganizationTokens{c: c}
	c.AuditTrailTokens = &OrganizationTokens{c: c, kind: AuditTrailTokenKind}
	c.Projects = &Projects{c: c, listed: &siblings[Project]{c: c, id: func(p *Project) string { return p.ID }}}
	c.Workspaces = &Workspaces{c: c, listed: &siblings[Workspace]{c: c, id: func(w *Workspace) string { return w.ID }}}
	c.Teams = &Teams{c}
	c.TeamProjectAccesses = &TeamProjectAccesses{c}
	c.TeamTokens = &TeamTokens{c}
	c.VariableSets = &VariableSets{c}
	c.Variables = &Variables{c}
	c.AgentPools = &AgentPools{c}
	c.SSHKeys = &SSHKeys{c}
	c.TeamWorkspaces = &TeamWorkspaces{c}
	c.OrganizationMemberships = &OrganizationMemberships{c}
	c.TeamMemberships = &TeamMemberships{c}
	c.Users = &Users{c}
	c.CodehostAppInstallations = &CodehostAppInstallations{c}
	c.RunTriggers = &RunTriggers{c}
	c.AgentTokens = &AgentTokens{c}
	c.NotificationConfigurations = &NotificationConfigurations{c}
	c.OAuthClients = &OAuthClients{c}
	c.OAuthTokens = &OAuthTokens{c}
	c.EntitlementSets = &EntitlementSets{c}
	c.RunTasks = &RunTasks{c}
	c.WorkspaceRunTasks = &WorkspaceRunTasks{c}
	c.Policies = &Policies{c}
	c.AdminSentinelVersions = newEngineVersions[AdminSentinelVersion](c, adminSentinelVersions, "sentinel-versions")
	c.AdminOPAVersions = newEngineVersions[AdminOPAVersion](c, adminOPAVersions, "opa-versions")
	c.PolicySets = &PolicySets{c}
	c.PolicySetParameters = &PolicySetParameters{c}
	c.StateVersions = &StateVersions{c}
	c.StateVersionOutputs = &StateVersionOutputs{c}
	c.Explorer = &Explorer{c}
	c.DataRetentionPolicies = &DataRetentionPolicies{c}
	c.AdminOrganizationSettings = &AdminOrganizationSettingsCalls{c}
	c.AdminSettings = &AdminSettingsCalls{c}
	c.RegistryProviders = &RegistryProviders{c}
	c.RegistryProviderVersions = &RegistryProviderVersions{c}
	c.RegistryProviderPlatforms = &RegistryProviderPlatforms{c}
	c.RegistryGPGKeys = &RegistryGPGKeys{c}
	c.RegistryModules = &RegistryModules{c}
	c.RegistryModuleVersions = &RegistryModuleVersions{c}
	return c
}

// Organization is the default organization of platform objects, "" when
// the provider has none. A nil Client, that of a provider not configured
// yet, has none.
func (c *Client) Organization() string {
	if c == nil {
		return ""
	}
	return c.org
}

// Nullable is an attribute of an update that is left out (nil), sent as
// null (Null) to clear it, or sent with a value (Value).
type Nullable[T any] = jsonapi.NullableAttr[T]

// Value is a Nullable with a value.
func Value[T any](v T) Nullable[T] { return jsonapi.NewNullableAttrWithValue(v) }

// Null is a Nullable sent as null.
func Null[T any]() Nullable[T] { return jsonapi.NewNullNullableAttr[T]() }

// request is one call of the API. body is a jsonapi model (a struct
// pointer, or a slice of them), or a linkage document.
type request struct {
	method string
	at     ref
	query  url.Values
	body   any
	// raw, when non-nil (empty included), is sent as it is instead of
	// body, as application/octet-stream: an upload.
	raw []byte
	// idempotent marks a POST that may be repeated after a lost answer,
	// such as one that adds objects to a relationship.
	idempotent bool
}

// send makes a call and returns the answer's body, nil when it has none.
func (c *Client) send(ctx context.Context, r request) ([]byte, error) {
	if r.at.err != nil {
		return nil, r.at.err
	}
	if r.method != http.MethodGet {
		c.cache.wrote.Store(true)
	}
	header := http.Header{"Accept": {MediaType}}
	var body any
	if r.raw != nil {
		header.Set("Content-Type", "application/octet-stream")
	} else if r.body != nil {
		b, err := encode(r.body)
		if err != nil {
			return nil, fmt.Errorf("%s %s: encoding the request: %w", r.method, r.at.url(), err)
		}
		body = json.RawMessage(b)
		header.Set("Content-Type", MediaType)
	}
	var raw client.RawBody
	_, err := c.transport.Do(ctx, &client.Request{
		Method: r.method, Path: r.at.url(), Query: r.query,
		Body: body, Raw: r.raw, Header: header, Idempotent: r.idempotent,
	}, &raw)
	if err != nil {
		return nil, explain(err)
	}
	return raw, nil
}

// exec makes a call whose answer, if any, is not needed.
func (c *Client) exec(ctx context.Context, r request) error {
	_, err := c.send(ctx, r)
	return err
}

// one makes a call whose answer is one object: a 2xx without it is a
// broken server, and reporting it beats handing callers an empty object
// that would erase their state.
func one[T any](ctx context.Context, c *Client, r request) (*T, error) {
	raw, err := c.send(ctx, r)
	if err != nil {
		return nil, err
	}
	v, err := decodeOne[T](raw)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", r.method, r.at.url(), err)
	}
	return v, nil
}

// document is a body that encoding/json writes as it is: a linkage
// document, which jsonapi cannot write without the related objects'
// attributes.
type document interface{ isDocument() }

// linkage is a relationship's document, {"data": [{"type", "id"}]}.
type linkage struct {
	Data []resourceID `json:"data"`
}

type resourceID struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

func (linkage) isDocument() {}

func linkTo(typ string, ids []string) linkage {
	l := linkage{Data: make([]resourceID, len(ids))}
	for i, id := range ids {
		l.Data[i] = resourceID{Type: typ, ID: id}
	}
	return l
}

// encode writes a request body. Related objects go as identifiers (type
// and id) without their attributes, and a relationship whose slice is
// empty but not nil goes as an empty list, as an empty attribute slice
// does, so that an update can clear it; nil leaves it out.
func encode(body any) ([]byte, error) {
	if d, ok := body.(document); ok {
		return json.Marshal(d)
	}
	payload, err := jsonapi.Marshal(body)
	if err != nil {
		return nil, err
	}
	switch p := payload.(type) {
	case *jsonapi.OnePayload:
		p.Included = nil
		emptyRelationships(body, p.Data)
	case *jsonapi.ManyPayload:
		p.Included = nil
	}
	return json.Marshal(payload)
}

func emptyRelationships(model any, node *jsonapi.Node) {
	v := reflect.Indirect(reflect.ValueOf(model))
	for i := range v.NumField() {
		args := strings.Split(v.Type().Field(i).Tag.Get("jsonapi"), ",")
		f := v.Field(i)
		if len(args) < 2 || args[0] != "relation" || f.Kind() != reflect.Slice || f.IsNil() || f.Len() > 0 {
			continue
		}
		if node.Relationships == nil {
			node.Relationships = map[string]any{}
		}
		node.Relationships[args[1]] = &jsonapi.RelationshipManyNode{Data: []*jsonapi.Node{}}
	}
}

// decodeOne reads a document whose data is one object of type T.
func decodeOne[T any](raw []byte) (*T, error) {
	if err := hasData(raw); err != nil {
		return nil, err
	}
	v := new(T)
	if err := jsonapi.UnmarshalPayload(bytes.NewReader(raw), v); err != nil {
		return nil, fmt.Errorf("decoding the answer: %w", err)
	}
	if e, ok := any(v).(exactAttributes); ok {
		var doc struct {
			Data struct {
				Attributes map[string]any `json:"attributes"`
			} `json:"data"`
		}
		if err := decodeExact(raw, &doc); err != nil {
			return nil, err
		}
		e.setExact(doc.Data.Attributes)
	}
	return v, nil
}

// exactAttributes is a type with attributes of any JSON value, whose
// numbers jsonapi reads as float64, losing the digits past 2^53 that
// Terraform keeps: setExact gets the object's attributes decoded again,
// their numbers json.Number.
type exactAttributes interface {
	setExact(attributes map[string]any)
}

// decodeExact decodes an answer with its numbers as json.Number.
func decodeExact(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("decoding the answer: %w", err)
	}
	return nil
}

// decodeMany reads a document whose data is a list of objects of type T.
func decodeMany[T any](raw []byte) ([]*T, error) {
	if err := hasData(raw); err != nil {
		return nil, err
	}
	models, err := jsonapi.UnmarshalManyPayload(bytes.NewReader(raw), reflect.TypeFor[*T]())
	if err != nil {
		return nil, fmt.Errorf("decoding the answer: %w", err)
	}
	items := make([]*T, 0, len(models))
	for _, m := range models {
		item, ok := m.(*T)
		if !ok {
			return nil, fmt.Errorf("decoding the answer: got %T, want %T", m, item)
		}
		items = append(items, item)
	}
	if _, ok := any(new(T)).(exactAttributes); ok {
		var doc struct {
			Data []struct {
				Attributes map[string]any `json:"attributes"`
			} `json:"data"`
		}
		if err := decodeExact(raw, &doc); err != nil {
			return nil, err
		}
		for i, item := range items {
			if e, ok := any(item).(exactAttributes); ok && i < len(doc.Data) {
				e.setExact(doc.Data[i].Attributes)
			}
		}
	}
	return items, nil
}

var errNoData = errors.New("the answer carries no data")

// hasData refuses an answer without data, which jsonapi would otherwise
// take for an object of the wrong type, or a panic.
func hasData(raw []byte) error {
	var doc struct {
		Data json.RawMessage `json:"data"`
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return errNoData
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return fmt.Errorf("decoding the answer: %w", err)
	}
	if len(doc.Data) == 0 || string(doc.Data) == "null" {
		return errNoData
	}
	return nil
}

// segment escapes one path segment. Empty and dot values are refused
// before anything is sent: an empty one would address the collection
// above, and URL cleaning on the way would remove or resolve the others.
func segment(what, s string) (string, error) {
	switch s {
	case "":
		return "", fmt.Errorf("%s is empty", what)
	case ".", "..":
		return "", fmt.Errorf("%s %q cannot be sent in a URL path", what, s)
	}
	return url.PathEscape(s), nil
}

// includeQuery adds include= to q when include names anything.
func includeQuery(q url.Values, include []string) url.Values {
	if len(include) == 0 {
		return q
	}
	if q == nil {
		q = url.Values{}
	}
	q.Set("include", strings.Join(include, ","))
	return q
}
