package platform

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// collection is where the API keeps the objects of one kind, such as
// agentPools, declared in its noun's file: an object is at the path and
// its ID (/agent-pools/apool-…), and a parent's objects at the parent's
// path and the collection's (/organizations/acme/agent-pools). id is what
// the ID is called in errors ("agent pool ID is empty"). base, when set,
// is the API the path is under instead of APIPrefix: the registry API's
// (RegistryPrefix), for the private registry's GPG keys.
type collection struct {
	path, id string
	base     string
}

// ref is the path of what a call addresses, or why it cannot be sent: an
// ID that is empty or a dot (see segment). A request whose ref holds an
// error sends nothing and returns it, so that a call is built in one
// expression and checked in one place.
type ref struct {
	path string
	err  error
	// base is the API's path, APIPrefix when empty.
	base string
}

// url is the path of r under the platform's address.
func (r ref) url() string {
	if r.base == "" {
		return APIPrefix + r.path
	}
	return r.base + r.path
}

// all is the collection itself, at the root of its API.
func (c collection) all() ref { return ref{path: c.path, base: c.base} }

// at is the object of the collection that id names.
func (c collection) at(id string) ref { return c.all().item(c.id, id) }

// under is the collection of the parent's objects.
func (c collection) under(parent ref) ref {
	if parent.err != nil {
		return parent
	}
	return ref{path: parent.path + c.path, base: parent.base}
}

// sub is what the object at r holds at a fixed path: an action
// (actions/verify), a relationship (relationships/projects) or a single
// object (authentication-token).
func (r ref) sub(path string) ref {
	if r.err != nil {
		return r
	}
	return ref{path: r.path + "/" + path, base: r.base}
}

// item is the object under r that id names, what in errors.
func (r ref) item(what, id string) ref {
	if r.err != nil {
		return r
	}
	s, err := segment(what, id)
	if err != nil {
		return ref{err: err}
	}
	return r.sub(s)
}

// get reads an object, with the related objects that include names.
func get[T any](ctx context.Context, c *Client, at ref, include ...string) (*T, error) {
	return one[T](ctx, c, request{method: http.MethodGet, at: at, query: includeQuery(nil, include)})
}

// post creates an object in a collection (a parent's, under), or runs an
// action, and returns the object answered.
func post[T any](ctx context.Context, c *Client, at ref, body any) (*T, error) {
	return one[T](ctx, c, request{method: http.MethodPost, at: at, body: body})
}

// patch updates an object and returns it as answered.
func patch[T any](ctx context.Context, c *Client, at ref, body any) (*T, error) {
	return one[T](ctx, c, request{method: http.MethodPatch, at: at, body: body})
}

// del deletes an object.
func del(ctx context.Context, c *Client, at ref) error {
	return c.exec(ctx, request{method: http.MethodDelete, at: at})
}

// relate adds (POST), removes (DELETE) or, where the API has it, replaces
// (PATCH) the objects of type typ that ids name in the to-many
// relationship rel of the object at of. Adding what is there and removing
// what is not change nothing, so the request is sent again after a lost
// answer.
func relate(ctx context.Context, c *Client, method string, of ref, rel, typ string, ids []string) error {
	return c.exec(ctx, request{method: method, at: of.sub("relationships/" + rel), body: linkTo(typ, ids), idempotent: true})
}

// find is the item of the list l, read at at, that match picks. The
// platform has no path for a lookup by name or email, which reads a list:
// when no item matches, the error is the list's 404, saying none, so that
// callers tell it by client.IsNotFound as they would a read's.
func find[T any](l *List[T], at ref, none string, match func(*T) bool) (*T, error) {
	for _, item := range l.Items {
		if match(item) {
			return item, nil
		}
	}
	return nil, explain(&client.Error{
		StatusCode: http.StatusNotFound, Method: http.MethodGet, Path: at.url(), Message: none,
	})
}

// named is the object of the list l, a search of at by name (err its
// error), whose name (nameOf) is name in any case, for objects whose names
// the platform keeps unique in any case: none is a 404 that says no
// object (what) has that name.
func named[T any](l *List[T], err error, at ref, what, name string, nameOf func(*T) string) (*T, error) {
	if err != nil {
		return nil, err
	}
	return find(l, at, fmt.Sprintf("no %s named %q", what, name), func(o *T) bool { return strings.EqualFold(nameOf(o), name) })
}

// upload puts data at at as it is, a file's content (a policy's text):
// empty data is sent as an empty body.
func upload(ctx context.Context, c *Client, at ref, data []byte) error {
	if data == nil {
		data = []byte{}
	}
	return c.exec(ctx, request{method: http.MethodPut, at: at, raw: data})
}

// download reads what is at at as it is, a file's content: empty when the
// answer has no body.
func download(ctx context.Context, c *Client, at ref) ([]byte, error) {
	raw, err := c.send(ctx, request{method: http.MethodGet, at: at})
	if err != nil {
		return nil, err
	}
	if raw == nil {
		raw = []byte{}
	}
	return raw, nil
}
