package client

import (
	"context"
	"time"
)

// WaitUntilGone reads an object until the server no longer has it, for
// deletions that a server completes later (a purge in the background, a
// replica that applies the delete late). read reports a not-found error
// once the object is gone, and whether the next read may follow at once,
// because this one already waited at the server (a blocking query) or saw
// the server move: reads that came back at once are spaced by pauses that
// grow from pollMin to pollMax. It returns nil once the object is gone, the
// first other error, or ctx's error when ctx ends first.
func WaitUntilGone(ctx context.Context, pollMin, pollMax time.Duration, read func(context.Context) (blocked bool, err error)) error {
	pause := pollMin
	for {
		blocked, err := read(ctx)
		switch {
		case IsNotFound(err):
			return nil
		case ctx.Err() != nil:
			return ctx.Err()
		case err != nil:
			return err
		case blocked:
			continue
		}
		if err := Pause(ctx, pause); err != nil {
			return err
		}
		pause = min(2*pause, pollMax)
	}
}

// Pause waits d, or less if ctx ends first, which it reports.
func Pause(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
