// Package scheduler is the typed client of the scheduler's ACL auth method
// API: one Go type per API object and one method per endpoint, over the
// shared transport of package client.
package scheduler

import (
	"sync/atomic"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

const (
	// TokenHeader carries the ACL token.
	TokenHeader = "X-Scheduler-Token"
	// IndexHeader carries the index of the replica that answered a read.
	IndexHeader = "X-Scheduler-Index"
)

// Client calls the scheduler. The scheduler's error bodies are plain text,
// which the transport's default decoding already turns into messages.
type Client struct {
	c      *client.Client
	region string
	// jwtInPlace: the server updates JWT methods, which the API does not.
	jwtInPlace bool
	// lastWrite is the highest index this client has written. Reads made
	// without QueryOptions wait for the replica to reach it, so that the
	// client reads its own writes: a data source read in the same run as
	// the creation of the method it names finds it.
	lastWrite atomic.Uint64
}

// Option sets an optional property of a Client.
type Option func(*Client)

// WithRegion addresses every request to a region (the region query
// parameter); empty means the server's own.
func WithRegion(region string) Option { return func(c *Client) { c.region = region } }

// WithJWTUpdates says how JWT methods change: JWTUpdatesInPlace for a
// server that updates them, anything else (JWTUpdatesReplace, "") for one
// that, as the API documents, updates only OIDC methods.
func WithJWTUpdates(mode string) Option {
	return func(c *Client) { c.jwtInPlace = mode == JWTUpdatesInPlace }
}

// UpdatesJWT reports whether the server updates JWT methods in place. A
// nil Client, that of a provider not configured yet, says no, which is
// what the API documents.
func (c *Client) UpdatesJWT() bool { return c != nil && c.jwtInPlace }

// NewClient wraps a transport configured for the scheduler.
func NewClient(c *client.Client, opts ...Option) *Client {
	cl := &Client{c: c}
	for _, o := range opts {
		o(cl)
	}
	return cl
}
