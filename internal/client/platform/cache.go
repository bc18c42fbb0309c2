package platform

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
)

// A plan reads every resource of the state once, each through its own
// read by ID, in one provider process: a thousand workspaces would cost a
// thousand requests, where the organization's list answers them in ten.
// The read cache lets a client answer such reads from what it has already
// read, under three rules:
//
//   - It lives in one Client, that is one provider process: nothing is
//     kept across processes, so every plan starts from the server.
//   - It ends at the client's first write (any request but a GET): from
//     then on every read goes to the server, so that what the process
//     wrote is read back as the server holds it.
//   - It answers only what the server answered: an object is served once,
//     as its list carried it, and an object a list does not carry is read
//     directly, so that only a read's 404, never absence from a list,
//     tells a caller that an object is gone.
//
// Two kinds of reads use it: siblings (objects of one kind under one
// parent, such as an organization's workspaces) and memo (one object read
// again and again, such as the variable set that a hundred assignments
// check).
type readCache struct {
	// wrote is set by the client's first write, and ends the cache.
	wrote atomic.Bool

	mu   sync.Mutex
	memo map[string]*memoRead
}

// on reports whether the cache may still answer reads.
func (rc *readCache) on() bool { return !rc.wrote.Load() }

// memoRead is one GET of an object: the first caller sends it, and
// callers that come while it is in flight, or after, take its answer.
type memoRead struct {
	done chan struct{}
	raw  []byte
	err  error
}

// memoGet reads the object at at with the given includes, once per
// process while the process has not written: later reads of the same
// path and query decode the first read's answer. A failed read is not
// kept: the next caller reads again.
func memoGet[T any](ctx context.Context, c *Client, at ref, include ...string) (*T, error) {
	r := request{method: "GET", at: at, query: includeQuery(nil, include)}
	if at.err != nil || !c.cache.on() {
		return one[T](ctx, c, r)
	}
	key := at.url() + "?" + r.query.Encode()
	c.cache.mu.Lock()
	if c.cache.memo == nil {
		c.cache.memo = map[string]*memoRead{}
	}
	m, found := c.cache.memo[key]
	if !found {
		m = &memoRead{done: make(chan struct{})}
		c.cache.memo[key] = m
	}
	c.cache.mu.Unlock()
	if !found {
		m.raw, m.err = c.send(ctx, r)
		if m.err != nil {
			c.cache.mu.Lock()
			delete(c.cache.memo, key)
			c.cache.mu.Unlock()
		}
		close(m.done)
	} else {
		select {
		case <-m.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if m.err != nil || !c.cache.on() {
			return one[T](ctx, c, r)
		}
	}
	if m.err != nil {
		return nil, m.err
	}
	v, err := decodeOne[T](m.raw)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// siblings answers reads by ID of objects of one kind from the lists of
// their parents, read a page at a time as reads ask for them, and never
// more pages than reads have asked: a plan of a few workspaces in a large
// organization costs at most twice their reads, and a plan of all of them
// a list request per PageSize objects.
type siblings[T any] struct {
	c *Client
	// id is an object's ID.
	id func(*T) string

	mu      sync.Mutex
	parents map[string]*siblingPages[T]
}

// siblingPages is what is known of one parent's list.
type siblingPages[T any] struct {
	// asked counts the reads of the parent's objects; fetched, the
	// pages read.
	asked, fetched int
	// next is the page to read next, 0 once the list is read to its
	// end; failed stops reading it after a page failed.
	next   int
	failed bool
	// reading is closed when the page in flight arrives; nil when none
	// is.
	reading chan struct{}
	// items are the objects listed and not served yet, by ID.
	items map[string]*T
}

// read answers the object id under the parent key from the parent's list,
// reading its pages with page (its objects and the next page, 0 after the
// last). ok is false when the cache cannot answer (it is off, the list does
// not carry the object, or reading it failed): the caller then reads the
// object directly.
func (s *siblings[T]) read(ctx context.Context, key, id string, page func(ctx context.Context, n int) ([]*T, int, error)) (_ *T, ok bool) {
	if !s.c.cache.on() {
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.parents == nil {
		s.parents = map[string]*siblingPages[T]{}
	}
	p := s.parents[key]
	if p == nil {
		p = &siblingPages[T]{next: 1, items: map[string]*T{}}
		s.parents[key] = p
	}
	p.asked++
	for {
		if item, listed := p.items[id]; listed {
			delete(p.items, id)
			return item, s.c.cache.on()
		}
		if p.reading != nil {
			wait := p.reading
			s.mu.Unlock()
			select {
			case <-wait:
			case <-ctx.Done():
				s.mu.Lock()
				return nil, false
			}
			s.mu.Lock()
			continue
		}
		if p.next == 0 || p.failed || p.fetched >= p.asked || !s.c.cache.on() {
			return nil, false
		}
		n, done := p.next, make(chan struct{})
		p.reading = done
		s.mu.Unlock()
		items, next, err := page(ctx, n)
		s.mu.Lock()
		p.reading, p.fetched = nil, p.fetched+1
		close(done)
		if err != nil {
			p.failed = true
			continue
		}
		for _, item := range items {
			p.items[s.id(item)] = item
		}
		p.next = next
	}
}

// readOr answers the read of the object id, with the given includes, from
// the list at parent (see read), or else with direct, a read of the object
// itself.
func (s *siblings[T]) readOr(ctx context.Context, parent ref, include []string, id string, direct func() (*T, error)) (*T, error) {
	if parent.err == nil && id != "" {
		q := includeQuery(nil, include)
		// The same objects listed with other includes are other answers.
		key := strings.ToLower(parent.url()) + "?" + q.Encode()
		if item, ok := s.read(ctx, key, id, func(ctx context.Context, n int) ([]*T, int, error) {
			return listPage[T](ctx, s.c, parent, q, n)
		}); ok {
			return item, nil
		}
	}
	return direct()
}
