// Package secrets is the typed client of the secrets service's sync API: the
// sync configuration, destinations, associations and custom code-host apps,
// one Go type per API object and one method per endpoint, over the shared
// transport of package client.
//
// Every answer comes in an envelope. Methods return its data decoded into
// the typed object, and the rest of it as a *Meta, whose Warnings the
// provider shows to the practitioner: a request can succeed with remarks
// that they need to see.
package secrets

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

const (
	// TokenHeader carries the token.
	TokenHeader = "X-Secrets-Token"
	// NamespaceHeader names the namespace that requests act in; without
	// it they act in the root namespace.
	NamespaceHeader = "X-Secrets-Namespace"
)

// SecretFields names the JSON fields that the transport must mask in logs:
// the credentials of every destination type and of code-host apps, and the
// tokens that the envelope's auth and wrap_info carry when a server fills
// them.
func SecretFields() []string {
	return []string{
		"access_key_id", "secret_access_key", // cloudone-sm
		"client_secret", // cloudtwo-kv
		"credentials",   // cloudthree-sm
		"access_token",  // codehost, webhost-project
		"private_key",   // codehost apps
		"client_token", "token",
	}
}

// Destination types, as they appear in paths and in the read form.
const (
	TypeCloudOneSM     = "cloudone-sm"
	TypeCloudTwoKV     = "cloudtwo-kv"
	TypeCloudThreeSM   = "cloudthree-sm"
	TypeCodehost       = "codehost"
	TypeWebhostProject = "webhost-project"
)

// Sync statuses of an association.
const (
	StatusSynced   = "SYNCED"
	StatusUnsynced = "UNSYNCED"
	// StatusPending is an association waiting for sync to be re-enabled.
	StatusPending = "PENDING"
)

// Granularities: what a destination stores as one resource, a whole secret
// or each of its keys.
const (
	GranularitySecretPath = "secret-path"
	GranularitySecretKey  = "secret-key"
)

const (
	apiPrefix        = "/v1/sys/sync"
	configPath       = apiPrefix + "/config"
	destinationsPath = apiPrefix + "/destinations"
	associationsPath = apiPrefix + "/associations"
	appsPath         = apiPrefix + "/codehost-apps"

	methodList = "LIST"
)

// Client calls the secrets service's sync API. It is safe for concurrent
// use.
type Client struct {
	c *client.Client
	// listByGet is set once GET ?list=true has listed where LIST did not,
	// so that the refusal costs one request per client rather than one per
	// list.
	listByGet atomic.Bool
	// listRouted is set once a LIST has answered 200: the server routes
	// LIST, so its 404 {"errors": []} is a list of nothing rather than a
	// router's answer to a method it does not know.
	listRouted atomic.Bool
	// mounts are the mounts of the accessors this client has told apart,
	// by accessor (see LearnAccessor).
	mounts sync.Map
}

// LearnAccessor records that accessor is mount's, in this client's
// namespace: associations are keyed by accessor, and the service has no
// endpoint that names a mount's accessor, so what one answer has shown
// tells the entries of later answers apart. A mount keeps its accessor for
// its life, and the client lives for one provider process.
func (c *Client) LearnAccessor(mount, accessor string) {
	c.mounts.Store(accessor, mount)
}

// AccessorMount returns the mount whose accessor this client has learned
// to be accessor, and "" when it has learned none.
func (c *Client) AccessorMount(accessor string) string {
	m, _ := c.mounts.Load(accessor)
	s, _ := m.(string)
	return s
}

// NewClient wraps a transport configured for the secrets service, with
// TokenHeader, NamespaceHeader, DecodeError and SecretFields.
func NewClient(c *client.Client) *Client {
	return &Client{c: c}
}

// Envelope is the frame of every answer: Data is the object, Meta what the
// provider reads of the rest.
type Envelope[T any] struct {
	Meta
	Data T `json:"data"`
}

// Meta is what the provider reads of an answer's envelope besides its
// data. The envelope's other fields (request, lease, wrap and auth
// details) say nothing about sync objects, which have no lease, so they
// are not decoded: a server that spells them differently from another,
// such as lease_duration as "30" or renewable as "true", is not refused
// over a value nothing reads.
type Meta struct {
	// Warnings are the server's remarks on a request it carried out, such
	// as a parameter it ignored.
	Warnings []string `json:"warnings"`
}

// send makes a call and unwraps its envelope; the data is nil when the
// answer carries none. Errors are left as the transport made them, since
// telling a refused LIST from an empty list needs their raw message.
func send[T any](ctx context.Context, c *Client, req *client.Request) (*T, *Meta, error) {
	var env Envelope[*T]
	if _, err := c.c.Do(ctx, req, &env); err != nil {
		return nil, nil, err
	}
	return env.Data, &env.Meta, nil
}

func do[T any](ctx context.Context, c *Client, req *client.Request) (*T, *Meta, error) {
	got, meta, err := send[T](ctx, c, req)
	return got, meta, tidy(err)
}

// read is a call whose answer must carry the object: a 200 without it is a
// broken server, and reporting it beats handing callers an empty object
// that would erase their state.
func read[T any](ctx context.Context, c *Client, req *client.Request) (*T, *Meta, error) {
	got, meta, err := do[T](ctx, c, req)
	if err == nil && got == nil {
		return nil, nil, fmt.Errorf("%s %s: the answer carries no data", req.Method, req.Path)
	}
	return got, meta, err
}

// write is a call whose answer should carry the object as stored. The spec
// shows that answer for some endpoints only, so a server may send none;
// then the object is read back, and callers always get what the server
// holds. The Meta is the write's, whose warnings are about what was sent.
func write[T any](ctx context.Context, c *Client, req *client.Request, readBack func(context.Context) (*T, *Meta, error)) (*T, *Meta, error) {
	got, meta, err := do[T](ctx, c, req)
	if err != nil || got != nil {
		return got, meta, err
	}
	stored, _, err := readBack(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("%s %s succeeded without answering the object, and reading it back failed: %w", req.Method, req.Path, err)
	}
	return stored, meta, nil
}

// list sends a LIST, or GET ?list=true to a server that has refused LIST
// before; the service answers a list of nothing with a 404 in its own
// error form, which is returned as an empty list.
//
// A server that does not route LIST may give that same 404, as it would
// for any unknown path. So until a LIST has succeeded on this client, such
// a 404 is checked with one GET ?list=true: a 200 there means LIST is not
// routed, and later lists go straight to GET.
func list[T any](ctx context.Context, c *Client, path string) (*T, *Meta, error) {
	byGet := &client.Request{Method: http.MethodGet, Path: path, Query: url.Values{"list": {"true"}}}
	if c.listByGet.Load() {
		return listed(send[T](ctx, c, byGet))
	}
	got, meta, err := send[T](ctx, c, &client.Request{Method: methodList, Path: path})
	if err == nil {
		c.listRouted.Store(true)
	}
	refused := refusesList(err)
	if !refused && (c.listRouted.Load() || !emptyNotFound(err)) {
		return listed(got, meta, err)
	}
	got, meta, getErr := send[T](ctx, c, byGet)
	switch {
	case getErr == nil:
		c.listByGet.Store(true)
		return listed(got, meta, nil)
	case emptyNotFound(getErr):
		// After a refusal, GET has shown it lists; after the ambiguous
		// 404, a second one leaves open which method the server speaks.
		if refused {
			c.listByGet.Store(true)
		}
		return listed(got, meta, getErr)
	case !refused && refusesList(getErr):
		// A server that speaks LIST only, as the spec has it: its 404 was
		// a list of nothing, and the next ones are too.
		c.listRouted.Store(true)
		return listed[T](nil, nil, err)
	}
	// The GET's answer is the one callers act on; the LIST's explains why
	// it was sent.
	return nil, nil, fmt.Errorf("%w (sent after %w)", tidy(getErr), tidy(err))
}

func listed[T any](got *T, meta *Meta, err error) (*T, *Meta, error) {
	if emptyNotFound(err) {
		return new(T), &Meta{}, nil //nolint:nilerr // the service's answer to a list of nothing
	}
	if err != nil {
		return nil, nil, tidy(err)
	}
	if got == nil {
		got = new(T)
	}
	return got, meta, nil
}

// segment escapes one path segment. Empty and dot names are refused before
// anything is sent: an empty one would address the collection above, and
// URL cleaning on the way would remove or resolve the others.
func segment(what, s string) (string, error) {
	switch s {
	case "":
		return "", fmt.Errorf("%s is empty", what)
	case ".", "..":
		return "", fmt.Errorf("%s %q cannot be sent in a URL path", what, s)
	}
	return url.PathEscape(s), nil
}
