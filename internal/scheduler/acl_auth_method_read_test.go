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
	schedulerclient "github.com/stackworks/terraform-provider-stack/internal/client/scheduler"
)

// replicaAt is a scheduler's replica as readAfter sees it, over plain HTTP.
// Its n-th read (from 0) answers at index indexAt(n), with the method when
// the index is at least 4 (the write readAfter waits for) and 404 below.
// A blocking read whose index is not past the one asked for is held for its
// whole wait, unless the server does not block.
func replicaAt(t *testing.T, blocks bool, indexAt func(n int) uint64) (*schedulerclient.Client, func() []string) {
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
		w.Header().Set(schedulerclient.IndexHeader, strconv.FormatUint(index, 10))
		if index < 4 {
			http.Error(w, `auth method "m" not found`, http.StatusNotFound)
			return
		}
		_, _ = io.WriteString(w, `{"Name":"m","ModifyIndex":4}`)
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{
		BaseURL:    srv.URL,
		AuthHeader: schedulerclient.TokenHeader,
		Token:      "root",
		// Blocking reads then wait 100ms.
		RequestTimeout: 200 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	return schedulerclient.NewClient(c), func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), queries...)
	}
}

// A server restarted without its data is at index 1 and stays there: after
// one wait for the write and one in which the replica does not move, its
// 404 is the answer.
func TestReadAfter_replicaThatNeverMovesIsBelieved(t *testing.T) {
	c, queries := replicaAt(t, true, func(int) uint64 { return 1 })
	m, err := readAfter(context.Background(), c, "m", 4)
	if !client.IsNotFound(err) || m != nil {
		t.Fatalf("readAfter = %+v, %v; want the 404", m, err)
	}
	if want := []string{"index=3&wait=100ms", "index=1&wait=100ms"}; !reflect.DeepEqual(queries(), want) {
		t.Errorf("queries %q, want %q", queries(), want)
	}
}

// A lagging replica that moves, however slowly, is waited for.
func TestReadAfter_replicaThatMovesIsWaitedFor(t *testing.T) {
	c, queries := replicaAt(t, true, func(n int) uint64 { return uint64(1 + n) })
	m, err := readAfter(context.Background(), c, "m", 4)
	if err != nil || m == nil || m.ModifyIndex != 4 {
		t.Fatalf("readAfter = %+v, %v; want the method", m, err)
	}
	if want := []string{"index=3&wait=100ms", "index=1&wait=100ms", "index=2&wait=100ms", "index=3&wait=100ms"}; !reflect.DeepEqual(queries(), want) {
		t.Errorf("queries %q, want %q", queries(), want)
	}
}

// A server that answers at once, without blocking, proves nothing by not
// moving: it is polled until its replica has the write, and its 404s are
// never taken for a deletion.
func TestReadAfter_serverThatDoesNotBlockIsPolled(t *testing.T) {
	c, queries := replicaAt(t, false, func(n int) uint64 {
		if n < 3 {
			return 1
		}
		return 4
	})
	m, err := readAfter(context.Background(), c, "m", 4)
	if err != nil || m == nil || m.ModifyIndex != 4 {
		t.Fatalf("readAfter = %+v, %v; want the method", m, err)
	}
	if n := len(queries()); n != 4 {
		t.Errorf("%d reads, want 4", n)
	}
}
