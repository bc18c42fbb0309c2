package scheduler

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// The scheduler writes in its authoritative region and answers reads from
// a replica that lags behind it. Writes answer with the index they took;
// reads answer the replica's index (IndexHeader) and block with
// ?index=N&wait=D until the replica is past N. What follows reads the
// replica's answers only once they include a given write.
const (
	// replicaWait is how long one blocking read waits for the replica (the
	// client shortens it to fit its request timeout), and replicaCatchUp
	// how long reads keep waiting in all before giving up.
	replicaWait    = 5 * time.Second
	replicaCatchUp = 2 * time.Minute
	// pollInterval spaces the reads of a server that cannot block.
	pollInterval = time.Second
)

// QueryOptions make a read blocking: with WaitIndex set, the replica answers
// once its index is above WaitIndex, or after WaitTime, which the client
// bounds by half its request timeout.
type QueryOptions struct {
	WaitIndex uint64
	WaitTime  time.Duration
}

func (q *QueryOptions) values() url.Values {
	if q == nil || q.WaitIndex == 0 {
		return nil
	}
	v := url.Values{"index": {strconv.FormatUint(q.WaitIndex, 10)}}
	if q.WaitTime > 0 {
		v.Set("wait", q.WaitTime.String())
	}
	return v
}

// blocking reports whether q makes a read wait at the server.
func (q *QueryOptions) blocking() bool { return q != nil && q.WaitIndex > 0 }

// QueryMeta describes the replica that answered a read.
type QueryMeta struct {
	// LastIndex is the replica's index, 0 when the server did not say.
	LastIndex uint64
}

func queryMeta(resp *client.Response) *QueryMeta {
	if resp == nil {
		return nil
	}
	// A server that sends no index, or a bad one, leaves 0, which callers
	// take as "cannot wait for this server".
	idx, _ := strconv.ParseUint(resp.Header.Get(IndexHeader), 10, 64)
	return &QueryMeta{LastIndex: idx}
}

// query builds the query string of a request: the region, and for reads
// the blocking options (given, or those that reach the last write).
func (c *Client) query(q *QueryOptions, read bool) url.Values {
	if read && q == nil {
		if w := c.lastWrite.Load(); w > 0 {
			q = &QueryOptions{WaitIndex: w - 1, WaitTime: replicaWait}
		}
	}
	if q.blocking() {
		q = &QueryOptions{WaitIndex: q.WaitIndex, WaitTime: c.BlockingWait(q.WaitTime)}
	}
	v := q.values()
	if c.region != "" {
		if v == nil {
			v = url.Values{}
		}
		v.Set("region", c.region)
	}
	return v
}

// BlockingWait is how long a blocking read that asks for want (0: the
// server's default, minutes) waits: at most half the per-request timeout.
// When nothing changes the server answers only at the end of the wait,
// which must come well before the attempt is abandoned as timed out.
func (c *Client) BlockingWait(want time.Duration) time.Duration {
	timeout := c.c.RequestTimeout()
	if timeout <= 0 {
		return want
	}
	if want <= 0 {
		return timeout / 2
	}
	return min(want, timeout/2)
}

func (c *Client) wrote(index uint64) {
	for {
		cur := c.lastWrite.Load()
		if index <= cur || c.lastWrite.CompareAndSwap(cur, index) {
			return
		}
	}
}

// replicaRead is one read from the replica with q; it returns the
// replica's QueryMeta whenever the server answered, a 404 included.
type replicaRead func(ctx context.Context, q *QueryOptions) (*QueryMeta, error)

// readAfter reads once the replica has applied the write at index (0 when
// none is known, such as after an import). A replica that lags answers a
// blocking read only when it catches up, so an object written a moment ago
// is never taken for deleted.
//
// A replica that stays behind index through a whole wait, without moving
// at all, has no write on its way: the server has lost the write, as one
// restarted without its data does, and its index went backwards. Its
// answer is then the truth, a 404 included, since waiting longer would
// only end in an error on every refresh.
func (c *Client) readAfter(ctx context.Context, index uint64, read replicaRead) error {
	if index == 0 {
		_, err := read(ctx, nil)
		return err
	}
	deadline := time.Now().Add(replicaCatchUp)
	q := &QueryOptions{WaitIndex: index - 1, WaitTime: c.BlockingWait(replicaWait)}
	for first := true; ; first = false {
		start := time.Now()
		meta, err := read(ctx, q)
		// A server that does not send its index cannot be waited for.
		if meta == nil || meta.LastIndex == 0 || meta.LastIndex >= index {
			return err
		}
		if err != nil && !client.IsNotFound(err) {
			return err
		}
		// After the first read, q waits for any move of the replica from
		// where it was, so an answer not past that point after the whole
		// wait says that nothing is in flight. One that came sooner is from
		// a server that does not block, which can only be polled.
		stuck := !first && meta.LastIndex <= q.WaitIndex
		if stuck && time.Since(start) >= q.WaitTime {
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the scheduler's replica is at index %d and has not reached index %d of the last write after %s", meta.LastIndex, index, replicaCatchUp)
		}
		if stuck {
			if err := client.Pause(ctx, pollInterval); err != nil {
				return err
			}
		}
		q = &QueryOptions{WaitIndex: meta.LastIndex, WaitTime: q.WaitTime}
	}
}

// waitGone waits until the replica no longer shows what, deleted at index
// after or later (0: unknown). Its first read blocks until the replica has
// reached after, so that where the delete's index is known one read
// suffices; each read that still finds the object waits for the replica to
// move on from the index it answered.
func (c *Client) waitGone(ctx context.Context, what string, after uint64, read replicaRead) error {
	wait := c.BlockingWait(replicaWait)
	var q *QueryOptions
	if after > 0 {
		q = &QueryOptions{WaitIndex: after - 1, WaitTime: wait}
	}
	waitCtx, cancel := context.WithTimeout(ctx, replicaCatchUp)
	defer cancel()
	err := client.WaitUntilGone(waitCtx, pollInterval, pollInterval, func(ctx context.Context) (bool, error) {
		start := time.Now()
		meta, err := read(ctx, q)
		if err != nil || meta == nil || meta.LastIndex == 0 {
			// A server that does not send its index cannot block: poll.
			q = nil
			return false, err
		}
		// An answer that came at once without the replica moving is from a
		// server that does not block, which must not be read in a loop.
		blocked := !q.blocking() || meta.LastIndex > q.WaitIndex || time.Since(start) >= q.WaitTime
		q = &QueryOptions{WaitIndex: meta.LastIndex, WaitTime: wait}
		return blocked, nil
	})
	if err != nil && ctx.Err() == nil && waitCtx.Err() != nil {
		return fmt.Errorf("the replica still shows %s after %s", what, replicaCatchUp)
	}
	return err
}
