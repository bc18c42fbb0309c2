package scheduler

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// replicaAt is a scheduler's replica over plain HTTP. Its n-th read (from
// 0) answers at index indexAt(n) (no index header when 0), with the method
// "m" when has(index) and 404 otherwise. A blocking read whose index is not
// past the one asked for is held for its whole wait, unless the server does
// not block.
func replicaAt(t *testing.T, blocks bool, indexAt func(n int) uint64, has func(index uint64) bool) (*Client, func() []string) {
	t.Helper()
	var mu sync.Mutex
	var queries []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		n := len(queries)
		queries = append(queries, r.URL.RawQuery)
		mu.Unlock()
		index := indexAt(n)
		asked, _ := strconv.ParseUint(r.URL.Query().Get("index"), 10, 64)
		if wait, _ := time.ParseDuration(r.URL.Query().Get("wait")); blocks && index <= asked {
			time.Sleep(wait)
		}
		if index > 0 {
			w.Header().Set(IndexHeader, strconv.FormatUint(index, 10))
		}
		if !has(index) {
			http.Error(w, `auth method "m" not found`, http.StatusNotFound)
			return
		}
		_, _ = io.WriteString(w, `{"Name":"m","ModifyIndex":4}`)
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{
		BaseURL:    srv.URL,
		AuthHeader: TokenHeader,
		Token:      "root",
		// Blocking reads then wait 100ms.
		RequestTimeout: 200 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	return NewClient(c), func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), queries...)
	}
}

// writtenAt4 is a replica that has the method once it applied its write at
// index 4.
func writtenAt4(index uint64) bool { return index >= 4 }

// deletedAt9 is a replica that has the method until it applied its delete
// at index 9 (a server that sends no index, 0, still shows it).
func deletedAt9(index uint64) bool { return index < 9 }

// A server restarted without its data is at index 1 and stays there: after
// one wait for the write and one in which the replica does not move, its
// 404 is the answer.
func TestReadAuthMethodAfter_replicaThatNeverMovesIsBelieved(t *testing.T) {
	c, queries := replicaAt(t, true, func(int) uint64 { return 1 }, writtenAt4)
	m, err := c.ReadAuthMethodAfter(context.Background(), "m", 4)
	if !client.IsNotFound(err) || m != nil {
		t.Fatalf("ReadAuthMethodAfter = %+v, %v; want the 404", m, err)
	}
	if want := []string{"index=3&wait=100ms", "index=1&wait=100ms"}; !reflect.DeepEqual(queries(), want) {
		t.Errorf("queries %q, want %q", queries(), want)
	}
}

// A lagging replica that moves, however slowly, is waited for.
func TestReadAuthMethodAfter_replicaThatMovesIsWaitedFor(t *testing.T) {
	c, queries := replicaAt(t, true, func(n int) uint64 { return uint64(1 + n) }, writtenAt4)
	m, err := c.ReadAuthMethodAfter(context.Background(), "m", 4)
	if err != nil || m == nil || m.ModifyIndex != 4 {
		t.Fatalf("ReadAuthMethodAfter = %+v, %v; want the method", m, err)
	}
	if want := []string{"index=3&wait=100ms", "index=1&wait=100ms", "index=2&wait=100ms", "index=3&wait=100ms"}; !reflect.DeepEqual(queries(), want) {
		t.Errorf("queries %q, want %q", queries(), want)
	}
}

// A server that answers at once, without blocking, proves nothing by not
// moving: it is polled until its replica has the write, and its 404s are
// never taken for a deletion.
func TestReadAuthMethodAfter_serverThatDoesNotBlockIsPolled(t *testing.T) {
	c, queries := replicaAt(t, false, func(n int) uint64 {
		if n < 3 {
			return 1
		}
		return 4
	}, writtenAt4)
	m, err := c.ReadAuthMethodAfter(context.Background(), "m", 4)
	if err != nil || m == nil || m.ModifyIndex != 4 {
		t.Fatalf("ReadAuthMethodAfter = %+v, %v; want the method", m, err)
	}
	if n := len(queries()); n != 4 {
		t.Errorf("%d reads, want 4", n)
	}
}

// Where the delete's index is known, one read waits for the replica to
// reach it, whatever other writes the replica applies before.
func TestWaitAuthMethodGone_oneReadForTheDeletesIndex(t *testing.T) {
	c, queries := replicaAt(t, true, func(int) uint64 { return 9 }, deletedAt9)
	if err := c.WaitAuthMethodGone(context.Background(), "m", 9); err != nil {
		t.Fatal(err)
	}
	if want := []string{"index=8&wait=100ms"}; !reflect.DeepEqual(queries(), want) {
		t.Errorf("queries %q, want %q", queries(), want)
	}
}

// Where only a lower bound of the delete's index is known, a replica that
// answers from before the delete is read again as soon as it moves on from
// the index it answered.
func TestWaitAuthMethodGone_replicaThatMovesIsWaitedFor(t *testing.T) {
	c, queries := replicaAt(t, true, func(n int) uint64 { return uint64(6 + n) }, deletedAt9)
	if err := c.WaitAuthMethodGone(context.Background(), "m", 5); err != nil {
		t.Fatal(err)
	}
	if want := []string{"index=4&wait=100ms", "index=6&wait=100ms", "index=7&wait=100ms", "index=8&wait=100ms"}; !reflect.DeepEqual(queries(), want) {
		t.Errorf("queries %q, want %q", queries(), want)
	}
}

// A server that sends no index cannot block: it is polled, without the
// index it does not know.
func TestWaitAuthMethodGone_serverWithoutIndexIsPolled(t *testing.T) {
	c, queries := replicaAt(t, false, func(n int) uint64 {
		if n == 0 {
			return 0
		}
		return 9
	}, deletedAt9)
	if err := c.WaitAuthMethodGone(context.Background(), "m", 0); err != nil {
		t.Fatal(err)
	}
	if want := []string{"", ""}; !reflect.DeepEqual(queries(), want) {
		t.Errorf("queries %q, want %q", queries(), want)
	}
}

// An error other than a 404 ends the wait with that error.
func TestWaitAuthMethodGone_otherErrorStops(t *testing.T) {
	c, reqs := fakeScheduler(t, reply(http.StatusForbidden, "Permission denied", IndexHeader, "3"))
	err := c.WaitAuthMethodGone(context.Background(), "m", 3)
	if client.StatusCode(err) != http.StatusForbidden || len(reqs.Requests()) != 1 {
		t.Fatalf("error %v after %d reads, want the 403 after 1", err, len(reqs.Requests()))
	}
}
