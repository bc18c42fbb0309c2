// Package scheduler is the typed client of the scheduler's ACL auth method
// API: one Go type per API object and one method per endpoint, over the
// shared transport of package client.
package scheduler

import (
	"net/url"
	"strconv"
	"sync/atomic"
	"time"

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

// UpdatesJWT reports whether the server updates JWT methods in place.
func (c *Client) UpdatesJWT() bool { return c.jwtInPlace }

// NewClient wraps a transport configured for the scheduler.
func NewClient(c *client.Client, opts ...Option) *Client {
	cl := &Client{c: c}
	for _, o := range opts {
		o(cl)
	}
	return cl
}

// readYourWrites is how long a read without QueryOptions waits for the
// replica to reach this client's last write.
const readYourWrites = 5 * time.Second

// query builds the query string of a request: the region, and for reads
// the blocking options (given, or those that reach the last write).
func (c *Client) query(q *QueryOptions, read bool) url.Values {
	if read && q == nil {
		if w := c.lastWrite.Load(); w > 0 {
			q = &QueryOptions{WaitIndex: w - 1, WaitTime: readYourWrites}
		}
	}
	if q != nil && q.WaitIndex > 0 {
		q = &QueryOptions{WaitIndex: q.WaitIndex, WaitTime: c.BlockingWait(q.WaitTime)}
	}
	v := q.values()
	if c.region != "" {
		if v == nil {
			v = url.Values{}
		}
		v.Set("region", c.region)
	}
	return v
}

// BlockingWait is how long a blocking read that asks for want (0: the
// server's default, minutes) waits: at most half the per-request timeout.
// When nothing changes the server answers only at the end of the wait,
// which must come well before the attempt is abandoned as timed out.
func (c *Client) BlockingWait(want time.Duration) time.Duration {
	timeout := c.c.RequestTimeout()
	if timeout <= 0 {
		return want
	}
	if want <= 0 {
		return timeout / 2
	}
	return min(want, timeout/2)
}

func (c *Client) wrote(index uint64) {
	for {
		cur := c.lastWrite.Load()
		if index <= cur || c.lastWrite.CompareAndSwap(cur, index) {
			return
		}
	}
}

// QueryOptions make a read blocking: with WaitIndex set, the replica answers
// once its index is above WaitIndex, or after WaitTime, which the client
// bounds by half its request timeout.
type QueryOptions struct {
	WaitIndex uint64
	WaitTime  time.Duration
}

func (q *QueryOptions) values() url.Values {
	if q == nil || q.WaitIndex == 0 {
		return nil
	}
	v := url.Values{"index": {strconv.FormatUint(q.WaitIndex, 10)}}
	if q.WaitTime > 0 {
		v.Set("wait", q.WaitTime.String())
	}
	return v
}

// QueryMeta describes the replica that answered a read.
type QueryMeta struct {
	// LastIndex is the replica's index, 0 when the server did not say.
	LastIndex uint64
}

func queryMeta(resp *client.Response) *QueryMeta {
	if resp == nil {
		return nil
	}
	// A server that sends no index, or a bad one, leaves 0, which callers
	// take as "cannot wait for this server".
	idx, _ := strconv.ParseUint(resp.Header.Get(IndexHeader), 10, 64)
	return &QueryMeta{LastIndex: idx}
}
