package platform

import (
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A list endpoint declares what is its own (its includes, the fields it
// sorts by, how it is paged, how it renders an item) as a listing, and
// finds its items in its handler, with its parent and filters; serve does
// the rest the same way for every list. A table's where and order give the
// items.

// listing is a list endpoint's own part. Every list is answered under the
// store's lock, checked in this order: the includes the request names (400
// for one the endpoint does not know), its ?sort= (400 for a field the
// endpoint does not sort by), then what the endpoint checks itself (its
// parent, 404; its filters, 400).
type listing[T any] struct {
	// includes are the endpoint's includes: noIncludes for an endpoint
	// that refuses any, nil for one that does not read include= at all.
	includes func() includes
	// sorts are the fields ?sort= takes, "-" before one reversing; nil:
	// ?sort= is not read.
	sorts []string
	// pages is how the list is paged.
	pages paging
	// render renders an item, with the includes the request names.
	render func(v T, names []string) resource
}

// paging is how a list is paged.
type paging int

const (
	// byPages answers the request's page, with meta.pagination and the
	// links to the other pages (see listDocument).
	byPages paging = iota
	// whenAsked answers every item, without pagination, unless the request
	// sends a page[] parameter: the API pages some lists only when asked.
	whenAsked
	// whole answers every item, without pagination; page[] is ignored.
	whole
)

// listQuery is a list request's query, with what serve read of it.
type listQuery struct {
	url.Values
	names []string // the includes it names
	sort  string   // its ?sort= field, "" for the endpoint's default
	desc  bool     // "-" before the field
	// meta, when the endpoint's items set it, is added to the answer's
	// meta.
	meta map[string]any
}

// serve answers a list request with the items that items returns, in
// order, or with its refusal (a reply with a status) when it refuses the
// request. items runs under the store's lock, once the includes and the
// sort are read.
func (l listing[T]) serve(s *Server, w http.ResponseWriter, r *http.Request, items func(lq *listQuery) ([]T, reply)) {
	s.locked(w, func() reply {
		lq := &listQuery{Values: r.URL.Query()}
		var inc includes
		if l.includes != nil {
			inc = l.includes()
			names, rep, valid := inc.parse(lq.Values)
			if !valid {
				return rep
			}
			lq.names = names
		}
		if l.sorts != nil {
			var rep reply
			var valid bool
			if lq.sort, lq.desc, rep, valid = sortOrder(lq.Values, l.sorts...); !valid {
				return rep
			}
		}
		list, rep := items(lq)
		if rep.status != 0 {
			return rep
		}
		render := func(v T) resource { return l.render(v, lq.names) }
		included := func(items []resource) []resource { return inc.collect(lq.names, items) }
		paged := l.pages == byPages || l.pages == whenAsked && (lq.Has("page[number]") || lq.Has("page[size]"))
		if !paged {
			items := []resource{}
			for _, v := range list {
				items = append(items, render(v))
			}
			return ok(document{Data: items, Included: included(items)})
		}
		doc := listDocument(r, list, render, included)
		maps.Copy(doc.Meta, lq.meta)
		return ok(doc)
	})
}

// plain is the render of a listing whose items render the same whatever
// the includes.
func plain[T any](render func(T) resource) func(T, []string) resource {
	return func(v T, _ []string) resource { return render(v) }
}

// where returns the objects of t in h for which keep holds, in no order.
func (t *table[T]) where(h holder, keep func(*T) bool) []*T {
	var out []*T
	for _, v := range t.in(h) {
		if keep(v) {
			out = append(out, v)
		}
	}
	return out
}

// order sorts list by the first of by that tells two objects apart, then
// by their keys in t (their IDs), reversed when desc, and returns it.
func (t *table[T]) order(list []*T, desc bool, by ...func(a, b *T) int) []*T {
	slices.SortFunc(list, func(a, b *T) int {
		c := 0
		for _, compare := range by {
			if c = compare(a, b); c != 0 {
				break
			}
		}
		if c == 0 {
			c = strings.Compare(t.id(a), t.id(b))
		}
		if desc {
			return -c
		}
		return c
	})
	return list
}

// byFold orders by a string in any case, byString by a string as it is,
// byTime by a time.
func byFold[T any](key func(T) string) func(a, b T) int {
	return func(a, b T) int { return strings.Compare(strings.ToLower(key(a)), strings.ToLower(key(b))) }
}

func byString[T any](key func(T) string) func(a, b T) int {
	return func(a, b T) int { return strings.Compare(key(a), key(b)) }
}

func byTime[T any](key func(T) time.Time) func(a, b T) int {
	return func(a, b T) int { return key(a).Compare(key(b)) }
}

// Page sizes of lists.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// page is the part of a list one request asks for.
type page struct{ number, size int }

// pageOf reads page[number] (default 1) and page[size] (default 20, at
// most 100: a larger size is taken as 100). A value that is not a positive
// integer is its default.
func pageOf(q url.Values) page {
	p := page{number: 1, size: DefaultPageSize}
	if n, err := strconv.Atoi(q.Get("page[number]")); err == nil && n >= 1 {
		p.number = n
	}
	if n, err := strconv.Atoi(q.Get("page[size]")); err == nil && n >= 1 {
		p.size = min(n, MaxPageSize)
	}
	return p
}

// listDocument is the answer of a list: the request's page of all,
// rendered (only the page is), with the includes the request asked for,
// meta.pagination and the links to the other pages. The links are absolute
// and keep the request's other query parameters. An empty list has no
// pages (total-pages 0), as the platform answers, its last link the first
// page; a page past the end is answered, empty.
func listDocument[T any](r *http.Request, all []T, render func(T) resource, included func(resources []resource) []resource) document {
	p := pageOf(r.URL.Query())
	total := len(all)
	pages := (total + p.size - 1) / p.size
	start := min((p.number-1)*p.size, total)
	items := []resource{}
	for _, item := range all[start:min(start+p.size, total)] {
		items = append(items, render(item))
	}
	var prev, next any
	if p.number > 1 {
		prev = p.number - 1
	}
	if p.number < pages {
		next = p.number + 1
	}
	doc := document{
		Data: items,
		Meta: map[string]any{"pagination": map[string]any{
			"current-page": p.number,
			"page-size":    p.size,
			"prev-page":    prev,
			"next-page":    next,
			"total-pages":  pages,
			"total-count":  total,
		}},
		Links: map[string]any{
			"self":  pageLink(r, p.number, p.size),
			"first": pageLink(r, 1, p.size),
			"prev":  nil,
			"next":  nil,
			"last":  pageLink(r, max(1, pages), p.size),
		},
	}
	if prev != nil {
		doc.Links["prev"] = pageLink(r, p.number-1, p.size)
	}
	if next != nil {
		doc.Links["next"] = pageLink(r, p.number+1, p.size)
	}
	if included != nil {
		doc.Included = included(items)
	}
	return doc
}

// pageLink is the absolute URL of a page of the list r asks for.
func pageLink(r *http.Request, number, size int) string {
	q := r.URL.Query()
	q.Set("page[number]", strconv.Itoa(number))
	q.Set("page[size]", strconv.Itoa(size))
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	u := url.URL{Scheme: scheme, Host: r.Host, Path: r.URL.Path, RawQuery: q.Encode()}
	return u.String()
}

// includes are the includes an endpoint answers, by name with hyphens:
// each gives the resources it adds for one primary resource, or is nil for
// an include the API knows that has nothing to add here (a current run,
// outputs, a readme: things this emulator does not hold).
type includes map[string]func(resource) []resource

// parse reads ?include=: a comma-separated list of names, with hyphens or
// underscores alike; empty is none. A name the endpoint does not know is
// answered 400, with "include parameter" in the message, which clients
// look for to retry without it.
func (inc includes) parse(q url.Values) ([]string, reply, bool) {
	var names []string
	for name := range strings.SplitSeq(q.Get("include"), ",") {
		name = strings.ReplaceAll(strings.TrimSpace(name), "_", "-")
		if name == "" {
			continue
		}
		if _, known := inc[name]; !known {
			if len(inc) == 0 {
				return nil, badParameter("include", "Invalid include parameter %q: this endpoint has no includes", name), false
			}
			return nil, badParameter("include", "Invalid include parameter %q: this endpoint includes %s",
				name, strings.Join(slices.Sorted(maps.Keys(inc)), ", ")), false
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return names, reply{}, true
}

// collect returns the resources that names add for the primary resources,
// each once, in the order they are first met.
func (inc includes) collect(names []string, primary []resource) []resource {
	var out []resource
	seen := map[ref]bool{}
	for _, p := range primary {
		seen[p.ref()] = true
	}
	for _, p := range primary {
		for _, name := range names {
			add := inc[name]
			if add == nil {
				continue
			}
			for _, res := range add(p) {
				if !seen[res.ref()] {
					seen[res.ref()] = true
					out = append(out, res)
				}
			}
		}
	}
	return out
}

// one answers res with the resources that names add for it.
func (inc includes) one(res resource, names []string) reply {
	return ok(document{Data: res, Included: inc.collect(names, []resource{res})})
}

// sortOrder reads ?sort=: one of fields, "-" before it for descending.
// Empty is the endpoint's default, given as "". Anything else is 400.
func sortOrder(q url.Values, fields ...string) (field string, desc bool, rep reply, valid bool) {
	v := strings.TrimSpace(q.Get("sort"))
	if v == "" {
		return "", false, reply{}, true
	}
	field, desc = strings.CutPrefix(v, "-")
	if !slices.Contains(fields, field) {
		return "", false, badParameter("sort", "Invalid sort parameter %q: sort by %s, with - before it to reverse", v, strings.Join(fields, " or ")), false
	}
	return field, desc, reply{}, true
}

// commaList splits a comma-separated query value, dropping empty items.
func commaList(v string) []string {
	var out []string
	for item := range strings.SplitSeq(v, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// noIncludes are the includes of an endpoint that has none: any include
// is answered 400.
func noIncludes() includes { return includes{} }
