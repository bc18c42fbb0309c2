package client

import (
	"context"
	"net/http"
	"time"
)

// Pacer paces a client's requests to a server's rate limit. A service whose
// limit is known only to its own client (read from a header, shared with
// other processes of the same user) gives the transport one with
// Client.WithPacer.
type Pacer interface {
	// Wait returns when the next attempt may be sent, or with ctx's error
	// when ctx ends first. It is called before every attempt, retries
	// included, outside the attempt's timeout. The transport calls the
	// function it returns if the attempt's answer is a 429, with the wait
	// before a retry that the server asked for (Retry-After, or
	// X-RateLimit-Reset) and whether it asked at all. The transport
	// retries a 429 at once, so the pacer's Wait must hold the next
	// attempts for as long as it takes.
	Wait(ctx context.Context) (throttled func(header http.Header, wait time.Duration, asked bool), err error)
}

// WithPacer returns a client that sends the requests of c paced by p. The
// two share their connections; c itself stays unpaced, for requests that
// the pacer needs before it can pace, such as reading the server's limit.
func (c *Client) WithPacer(p Pacer) *Client {
	paced := *c
	paced.pacer = p
	return &paced
}
