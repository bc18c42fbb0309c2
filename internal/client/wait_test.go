package client

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"
)

func TestWaitUntilGone(t *testing.T) {
	notFound := &Error{StatusCode: http.StatusNotFound}
	boom := errors.New("boom")
	cases := map[string]struct {
		answers []error // one per read; the last repeats
		blocked bool
		want    error
		reads   int
	}{
		"gone at once":             {answers: []error{notFound}, want: nil, reads: 1},
		"gone on the third read":   {answers: []error{nil, nil, notFound}, want: nil, reads: 3},
		"blocking reads, no pause": {answers: []error{nil, nil, nil, notFound}, blocked: true, want: nil, reads: 4},
		"other error stops":        {answers: []error{nil, boom}, want: boom, reads: 2},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			reads := 0
			err := WaitUntilGone(context.Background(), time.Millisecond, 2*time.Millisecond, func(context.Context) (bool, error) {
				err := c.answers[min(reads, len(c.answers)-1)]
				reads++
				return c.blocked, err
			})
			if !errors.Is(err, c.want) || (c.want == nil && err != nil) {
				t.Fatalf("err = %v, want %v", err, c.want)
			}
			if reads != c.reads {
				t.Fatalf("%d reads, want %d", reads, c.reads)
			}
		})
	}
}

// TestWaitUntilGoneEndsWithContext checks that an object that never goes
// ends the wait with the context's error, not a loop.
func TestWaitUntilGoneEndsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	reads := 0
	err := WaitUntilGone(ctx, time.Millisecond, time.Millisecond, func(context.Context) (bool, error) {
		reads++
		if reads == 3 {
			cancel()
		}
		return false, nil
	})
	if !errors.Is(err, context.Canceled) || reads != 3 {
		t.Fatalf("err = %v after %d reads, want context.Canceled after 3", err, reads)
	}
}
