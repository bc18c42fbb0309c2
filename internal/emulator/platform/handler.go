package platform

import "net/http"

// The preamble every handler shares: a write reads its document before
// the lock (a body that is no document is answered 400 without it), the
// handler runs under the lock and its reply is sent once the lock is
// released; what is under an organization of the path is answered 404
// when the token may not see it; an object is found by ID in its table,
// or answered 404 in the noun's words, alike for a missing and a hidden
// one.

// input is the resource object of a request's document, with the
// problems its attributes and relationships collect.
type input struct {
	attrs fields
	rels  relationships
	probs *problems
}

func inputOf(obj *object) *input {
	probs := &problems{}
	return &input{attrs: attributesOf(obj, probs), rels: relationshipsOf(obj, probs), probs: probs}
}

// require records a missing attribute, in the API's words for it.
func (in *input) require(name, detail string) {
	if _, given := in.attrs.str(name); !given {
		in.probs.add(in.attrs.at(name), "%s", detail)
	}
}

// write reads the request's resource object and then runs f with it under
// the store's lock.
func (s *Server) write(w http.ResponseWriter, r *http.Request, f func(in *input) reply) {
	obj, read := readObject(w, r)
	if !read {
		return
	}
	s.locked(w, func() reply { return f(inputOf(obj)) })
}

// readInOrg answers a read of the path's organization, or of what it has
// one of (its entitlement set), rendered with the includes the request
// asks for: an include the endpoint does not know is answered 400, then an
// organization p may not see 404.
func (s *Server) readInOrg(w http.ResponseWriter, r *http.Request, p principal, incOf func() includes, render func(o *organization) resource) {
	s.locked(w, func() reply {
		inc := incOf()
		names, rep, valid := inc.parse(r.URL.Query())
		if !valid {
			return rep
		}
		o, rep, found := s.visibleOrgLocked(p, r.PathValue("org"))
		if !found {
			return rep
		}
		return inc.one(render(o), names)
	})
}

// writeInOrg is write, then the organization that the path's {org} names
// when p may see it (404 otherwise): a create under an organization.
func (s *Server) writeInOrg(w http.ResponseWriter, r *http.Request, p principal, f func(o *organization, in *input) reply) {
	s.write(w, r, func(in *input) reply {
		o, rep, found := s.visibleOrgLocked(p, r.PathValue("org"))
		if !found {
			return rep
		}
		return f(o, in)
	})
}

// inOrganization returns the organization an object is in: whoever may
// not see it may see none of its objects. Nil for a table whose objects
// are in none.
type inOrganization[T any] func(st *store, v *T) *organization

// find returns the object of t with that ID when p sees the organization
// it is in and may, when given, holds; otherwise the 404 that answers a
// missing and a hidden object alike.
func (t *table[T]) find(s *Server, p principal, id string, may func(*T) bool) (*T, reply, bool) {
	v := t.in(s)[id]
	if v == nil || t.org != nil && !p.sees(t.org(&s.store, v)) || may != nil && !may(v) {
		return nil, notFound(t.noun + " " + quote(id)), false
	}
	return v, reply{}, true
}

// finder finds an object by ID for p, or answers the 404 that answers a
// missing and a hidden one alike: a noun's table.find with its rule.
type finder[T any] func(p principal, id string) (*T, reply, bool)

// onPath runs f under the store's lock with the object that the path's
// {id} names, found by find.
func onPath[T any](s *Server, w http.ResponseWriter, r *http.Request, p principal, find finder[T], f func(v *T) reply) {
	s.locked(w, func() reply {
		v, rep, found := find(p, r.PathValue("id"))
		if !found {
			return rep
		}
		return f(v)
	})
}

// writeOnPath is write and onPath: a change of the object the path names.
func writeOnPath[T any](s *Server, w http.ResponseWriter, r *http.Request, p principal, find finder[T], f func(v *T, in *input) reply) {
	s.write(w, r, func(in *input) reply {
		v, rep, found := find(p, r.PathValue("id"))
		if !found {
			return rep
		}
		return f(v, in)
	})
}

// readOnPath answers the object that the path's {id} names, found by
// find and rendered with the includes the request asks for: an include
// the endpoint does not know is answered 400 before the lookup.
func readOnPath[T any](s *Server, w http.ResponseWriter, r *http.Request, p principal, incOf func() includes, find finder[T], render func(v *T, names []string) resource) {
	s.locked(w, func() reply {
		inc := incOf()
		names, rep, valid := inc.parse(r.URL.Query())
		if !valid {
			return rep
		}
		v, rep, found := find(p, r.PathValue("id"))
		if !found {
			return rep
		}
		return inc.one(render(v, names), names)
	})
}

// listOnPath is serve for a list of what the object that the path's {id}
// names holds: items gets that object, found first by find (404 when p
// may not see it).
func listOnPath[T, P any](l listing[T], s *Server, w http.ResponseWriter, r *http.Request, p principal, find finder[P], items func(parent *P, lq *listQuery) ([]T, reply)) {
	l.serve(s, w, r, func(lq *listQuery) ([]T, reply) {
		parent, rep, found := find(p, r.PathValue("id"))
		if !found {
			return nil, rep
		}
		return items(parent, lq)
	})
}

// serveInOrg is serve for a list of what the path's organization holds:
// items gets the organization, found first (404 when p may not see it).
func (l listing[T]) serveInOrg(s *Server, w http.ResponseWriter, r *http.Request, p principal, items func(o *organization, lq *listQuery) ([]T, reply)) {
	l.serve(s, w, r, func(lq *listQuery) ([]T, reply) {
		o, rep, found := s.visibleOrgLocked(p, r.PathValue("org"))
		if !found {
			return nil, rep
		}
		return items(o, lq)
	})
}

// removeOnPath removes the object that the path's {id} names, found by
// find, with what belongs to it (see remove), and answers 204.
func removeOnPath[T any](s *Server, w http.ResponseWriter, r *http.Request, p principal, t *table[T], find finder[T]) {
	onPath(s, w, r, p, find, func(v *T) reply {
		t.remove(s, v)
		return noContent()
	})
}
