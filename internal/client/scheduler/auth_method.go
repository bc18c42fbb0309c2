package scheduler

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// AuthMethod is an ACL auth method. Fields left empty are omitted when
// sent, which the scheduler takes as their default.
type AuthMethod struct {
	Name            string            `json:"Name"`
	Type            string            `json:"Type,omitempty"`
	TokenLocality   string            `json:"TokenLocality,omitempty"`
	TokenNameFormat string            `json:"TokenNameFormat,omitempty"`
	MaxTokenTTL     string            `json:"MaxTokenTTL,omitempty"`
	Default         bool              `json:"Default"`
	Config          *AuthMethodConfig `json:"Config,omitempty"`
	CreateTime      time.Time         `json:"CreateTime,omitzero"`
	ModifyTime      time.Time         `json:"ModifyTime,omitzero"`
	CreateIndex     uint64            `json:"CreateIndex,omitempty"`
	ModifyIndex     uint64            `json:"ModifyIndex,omitempty"`
}

// AuthMethodConfig is an auth method's raw configuration. The leeways are
// Go duration strings; an empty one is omitted, as "" is no duration.
type AuthMethodConfig struct {
	OIDCDiscoveryURL     string            `json:"OIDCDiscoveryURL,omitempty"`
	OIDCClientID         string            `json:"OIDCClientID,omitempty"`
	OIDCClientSecret     string            `json:"OIDCClientSecret,omitempty"`
	OIDCDisableUserInfo  bool              `json:"OIDCDisableUserInfo"`
	OIDCScopes           []string          `json:"OIDCScopes,omitempty"`
	JWTValidationPubKeys []string          `json:"JWTValidationPubKeys,omitempty"`
	JWKSURL              string            `json:"JWKSURL,omitempty"`
	BoundAudiences       []string          `json:"BoundAudiences,omitempty"`
	AllowedRedirectURIs  []string          `json:"AllowedRedirectURIs,omitempty"`
	DiscoveryCaPem       []string          `json:"DiscoveryCaPem,omitempty"`
	JWKSCACert           string            `json:"JWKSCACert,omitempty"`
	SigningAlgs          []string          `json:"SigningAlgs,omitempty"`
	ExpirationLeeway     string            `json:"ExpirationLeeway,omitempty"`
	NotBeforeLeeway      string            `json:"NotBeforeLeeway,omitempty"`
	ClockSkewLeeway      string            `json:"ClockSkewLeeway,omitempty"`
	ClaimMappings        map[string]string `json:"ClaimMappings,omitempty"`
	ListClaimMappings    map[string]string `json:"ListClaimMappings,omitempty"`
}

// AuthMethodListStub is an entry of the list of auth methods.
type AuthMethodListStub struct {
	Name        string `json:"Name"`
	Type        string `json:"Type"`
	Default     bool   `json:"Default"`
	CreateIndex uint64 `json:"CreateIndex"`
	ModifyIndex uint64 `json:"ModifyIndex"`
}

const (
	authMethodPath  = "/v1/acl/auth-method"
	authMethodsPath = "/v1/acl/auth-methods"
)

func authMethodPathOf(name string) string {
	return authMethodPath + "/" + url.PathEscape(name)
}

// errNoName keeps an empty name from turning a read of one method into a
// request for the collection's path.
var errNoName = errors.New("auth method name is empty")

// CreateAuthMethod creates m. It is not retried after a lost connection or
// a gateway error, since the scheduler may have created it already.
func (c *Client) CreateAuthMethod(ctx context.Context, m *AuthMethod) (*AuthMethod, error) {
	return c.write(ctx, &client.Request{Method: http.MethodPost, Path: authMethodPath, Query: c.query(nil, false), Body: m}, m)
}

// UpdateAuthMethod replaces the method named m.Name with m. Sending the
// whole object twice is the same as sending it once, so it is retried.
func (c *Client) UpdateAuthMethod(ctx context.Context, m *AuthMethod) (*AuthMethod, error) {
	if m.Name == "" {
		return nil, errNoName
	}
	return c.write(ctx, &client.Request{Method: http.MethodPost, Path: authMethodPathOf(m.Name), Query: c.query(nil, false), Body: m, Idempotent: true}, m)
}

func (c *Client) write(ctx context.Context, req *client.Request, sent *AuthMethod) (*AuthMethod, error) {
	var got *AuthMethod
	if _, err := c.c.Do(ctx, req, &got); err != nil {
		return nil, err
	}
	if got == nil {
		// The write was applied but the answer is empty: what was sent
		// is the best account of the method, and losing it would lose
		// track of an object that exists.
		cp := *sent
		got = &cp
	}
	c.wrote(got.ModifyIndex)
	return got, nil
}

// ReadAuthMethod reads a method from the replica. The QueryMeta is returned
// whenever the scheduler answered, a 404 included, so that a caller can
// wait for a lagging replica.
func (c *Client) ReadAuthMethod(ctx context.Context, name string, q *QueryOptions) (*AuthMethod, *QueryMeta, error) {
	if name == "" {
		return nil, nil, errNoName
	}
	var got AuthMethod
	resp, err := c.c.Do(ctx, &client.Request{Method: http.MethodGet, Path: authMethodPathOf(name), Query: c.query(q, true)}, &got)
	if err != nil {
		return nil, queryMeta(resp), err
	}
	return &got, queryMeta(resp), nil
}

// ListAuthMethods lists the methods the replica knows.
func (c *Client) ListAuthMethods(ctx context.Context, q *QueryOptions) ([]*AuthMethodListStub, *QueryMeta, error) {
	var got []*AuthMethodListStub
	resp, err := c.c.Do(ctx, &client.Request{Method: http.MethodGet, Path: authMethodsPath, Query: c.query(q, true)}, &got)
	if err != nil {
		return nil, queryMeta(resp), err
	}
	return got, queryMeta(resp), nil
}

// ReadAuthMethodAfter reads a method from the replica once the replica has
// applied the write at index, the method's ModifyIndex as last written (0
// when none is known, such as after an import): see readAfter.
func (c *Client) ReadAuthMethodAfter(ctx context.Context, name string, index uint64) (*AuthMethod, error) {
	var got *AuthMethod
	err := c.readAfter(ctx, index, func(ctx context.Context, q *QueryOptions) (*QueryMeta, error) {
		m, meta, err := c.ReadAuthMethod(ctx, name, q)
		got = m
		return meta, err
	})
	if err != nil {
		return nil, err
	}
	return got, nil
}

// DeleteAuthMethod deletes a method and returns the index of the delete, 0
// when the server did not say it (X-Scheduler-Index on the answer). Some
// schedulers answer the delete of a missing method with a 500 "... not
// found"; that is reported as the 404 it means, so that callers need one
// test for "already gone".
func (c *Client) DeleteAuthMethod(ctx context.Context, name string) (uint64, error) {
	if name == "" {
		return 0, errNoName
	}
	resp, err := c.c.Do(ctx, &client.Request{Method: http.MethodDelete, Path: authMethodPathOf(name), Query: c.query(nil, false)}, nil)
	var index uint64
	if meta := queryMeta(resp); meta != nil {
		index = meta.LastIndex
	}
	var e *client.Error
	if errors.As(err, &e) && e.StatusCode == http.StatusInternalServerError && strings.Contains(strings.ToLower(e.Message), "not found") {
		return index, &client.Error{StatusCode: http.StatusNotFound, Method: e.Method, Path: e.Path, Message: e.Message}
	}
	if err == nil {
		c.wrote(index)
	}
	return index, err
}

// WaitAuthMethodGone waits until the replica no longer shows a deleted
// method, so that a method created again under its name right away (a
// replacement) does not find it there. after is the delete's index, as
// DeleteAuthMethod returns it, or where the server did not say it, one
// past the method's last known ModifyIndex, which the delete must follow:
// where the server gives the delete's index, one blocking read is the
// whole wait.
func (c *Client) WaitAuthMethodGone(ctx context.Context, name string, after uint64) error {
	return c.waitGone(ctx, fmt.Sprintf("the auth method %q", name), after, func(ctx context.Context, q *QueryOptions) (*QueryMeta, error) {
		_, meta, err := c.ReadAuthMethod(ctx, name, q)
		return meta, err
	})
}
