package platform

import (
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

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
// and keep the request's other query parameters.
func listDocument[T any](r *http.Request, all []T, render func(T) resource, included func(resources []resource) []resource) document {
	p := pageOf(r.URL.Query())
	total := len(all)
	pages := max(1, (total+p.size-1)/p.size)
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
			"last":  pageLink(r, pages, p.size),
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

// listReply answers a list: the request's page of all, rendered, with the
// resources that names add for the page.
func listReply[T any](r *http.Request, all []T, render func(T) resource, inc includes, names []string) reply {
	return ok(listDocument(r, all, render, func(items []resource) []resource { return inc.collect(names, items) }))
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
