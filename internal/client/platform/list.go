package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// PageSize is the largest page the platform serves; every list asks for
// it, so that a list costs as few requests as it can.
const PageSize = 100

// List is every object of a list, read from all its pages.
type List[T any] struct {
	Items []*T
}

// list reads every page of the list at at, following the answers'
// meta.pagination next-page, or their links.next where the pagination
// says nothing of a next page: some lists answer pagination without totals,
// some with links only.
func list[T any](ctx context.Context, c *Client, at ref, query url.Values) (*List[T], error) {
	out := &List[T]{Items: []*T{}}
	for page := 1; page != 0; {
		items, next, err := listPage[T](ctx, c, at, query, page)
		if err != nil {
			return nil, err
		}
		out.Items = append(out.Items, items...)
		page = next
	}
	return out, nil
}

// listPage reads one page of the list at at, PageSize objects, and
// returns them with the number of the next page, 0 after the last.
func listPage[T any](ctx context.Context, c *Client, at ref, query url.Values, page int) ([]*T, int, error) {
	q := maps.Clone(query)
	if q == nil {
		q = url.Values{}
	}
	q.Set("page[size]", strconv.Itoa(PageSize))
	q.Set("page[number]", strconv.Itoa(page))
	raw, err := c.send(ctx, request{method: http.MethodGet, at: at, query: q})
	if err != nil {
		return nil, 0, err
	}
	items, err := decodeMany[T](raw)
	if err != nil {
		return nil, 0, fmt.Errorf("GET %s page %d: %w", at.url(), page, err)
	}
	next, err := nextPage(raw)
	if err != nil {
		return nil, 0, fmt.Errorf("GET %s page %d: %w", at.url(), page, err)
	}
	if next != 0 && next <= page {
		// A server that sends a list back to an earlier page would
		// make a reader loop forever.
		return nil, 0, fmt.Errorf("GET %s page %d: the answer's next page is %d", at.url(), page, next)
	}
	return items, next, nil
}

// pageInfo is what an answer says about the pages of its list.
type pageInfo struct {
	Meta struct {
		Pagination *struct {
			NextPage lenientInt `json:"next-page"`
		} `json:"pagination"`
	} `json:"meta"`
	Links struct {
		Next *string `json:"next"`
	} `json:"links"`
}

// nextPage returns the number of the page after this one, 0 when this is
// the last.
func nextPage(raw []byte) (int, error) {
	var p pageInfo
	if err := json.Unmarshal(raw, &p); err != nil {
		return 0, fmt.Errorf("decoding the pagination: %w", err)
	}
	if p.Meta.Pagination != nil && p.Meta.Pagination.NextPage > 0 {
		return int(p.Meta.Pagination.NextPage), nil
	}
	if p.Links.Next == nil || *p.Links.Next == "" {
		return 0, nil
	}
	u, err := url.Parse(*p.Links.Next)
	if err != nil {
		return 0, fmt.Errorf("links.next %q: %w", *p.Links.Next, err)
	}
	n, err := strconv.Atoi(u.Query().Get("page[number]"))
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("links.next %q names no page[number]", *p.Links.Next)
	}
	return n, nil
}

// lenientInt is a page number as a number or a string of digits; null and
// "" are 0.
type lenientInt int

func (n *lenientInt) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(bytes.TrimSpace(b)), `"`)
	if s == "" || s == "null" {
		*n = 0
		return nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("want a page number, got %s", b)
	}
	*n = lenientInt(v)
	return nil
}
