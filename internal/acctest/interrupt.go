package acctest

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// InterruptedApply applies the directory's configuration, sends the
// engine SIGINT (a first Ctrl-C) once started reports true (polled every
// 10ms), and waits for the engine to stop, as it does gracefully, letting
// the operations in flight finish. It returns the engine's output, and
// fails the test if the apply finished before started held, which would
// prove nothing.
func (c *CLI) InterruptedApply(tb testing.TB, started func() bool) string {
	tb.Helper()
	tf, err := TerraformPath()
	if err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command(tf, "apply", "-auto-approve", "-no-color", "-input=false")
	cmd.Dir, cmd.Env = c.Dir, c.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for !started() {
		select {
		case err := <-done:
			tb.Fatalf("the apply finished (%v) before it was interrupted:\n%s", err, out.String())
		case <-tick.C:
		}
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		tb.Fatal(err)
	}
	select {
	case err := <-done:
		// An interrupted apply exits non-zero: its output says why.
		tb.Logf("the interrupted apply ended: %v", err)
	case <-time.After(2 * time.Minute):
		_ = cmd.Process.Kill()
		tb.Fatalf("the apply did not stop within 2 minutes of the interrupt:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "Interrupt received") {
		tb.Fatalf("the engine did not see the interrupt:\n%s", out.String())
	}
	return out.String()
}

// InterruptedApplyLosesNothing applies config, which makes n objects of
// one kind, against an emulator with latency, interrupts the apply (a
// first Ctrl-C) once the server has received 3 of their creates (received
// counts them), and checks that nothing is lost: the state holds an object
// for each one that the server made (onServer counts them), fewer than n;
// the next apply makes the rest without a conflict; the plan after it is
// empty; and the server holds n.
func InterruptedApplyLosesNothing(t *testing.T, config string, n int, received func() int64, onServer func() int) {
	t.Helper()
	cli := NewCLI(t, nil)
	cli.WriteConfig(t, config)
	cli.InterruptedApply(t, func() bool { return received() >= 3 })
	made, inState := onServer(), cli.StateAddresses(t)
	if made == 0 || made == n {
		t.Fatalf("the server holds %d objects of %d after the interrupt: it came too early or too late to prove anything", made, n)
	}
	if len(inState) != made {
		t.Fatalf("the server made %d objects, the state holds %d: %v", made, len(inState), inState)
	}
	cli.MustRun(t, "apply", "-auto-approve")
	if code, out := cli.Run(t, "plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after the apply that followed the interrupt exited %d:\n%s", code, out)
	}
	if made = onServer(); made != n {
		t.Fatalf("the server holds %d objects, want %d", made, n)
	}
}
