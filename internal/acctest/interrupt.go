package acctest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
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
	out := c.signalledApply(tb, started, os.Interrupt)
	if !strings.Contains(out, "Interrupt received") {
		tb.Fatalf("the engine did not see the interrupt:\n%s", out)
	}
	return out
}

// KilledApply applies the directory's configuration and kills the engine
// and its provider processes (SIGKILL, as a canceled CI job does) once
// started reports true: the creates in flight reach the server, and
// nothing records them.
func (c *CLI) KilledApply(tb testing.TB, started func() bool) string {
	tb.Helper()
	return c.signalledApply(tb, started, os.Kill)
}

// signalledApply applies, sends the engine sig once started holds, and
// waits for the engine to end.
func (c *CLI) signalledApply(tb testing.TB, started func() bool, sig os.Signal) string {
	tb.Helper()
	tf, err := TerraformPath()
	if err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command(tf, "apply", "-auto-approve", "-no-color", "-input=false")
	cmd.Dir, cmd.Env = c.Dir, c.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	ownGroup(cmd)
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
	if err := signalGroup(cmd, sig); err != nil {
		tb.Fatal(err)
	}
	select {
	case err := <-done:
		// An interrupted apply exits non-zero: its output says why.
		tb.Logf("the apply ended on %v: %v", sig, err)
	case <-time.After(2 * time.Minute):
		_ = cmd.Process.Kill()
		tb.Fatalf("the apply did not stop within 2 minutes of %v:\n%s", sig, out.String())
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
	t.Logf("after the interrupt the server holds %d of %d objects, every one in the state", made, n)
	cli.MustRun(t, "apply", "-auto-approve")
	if code, out := cli.Run(t, "plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after the apply that followed the interrupt exited %d:\n%s", code, out)
	}
	if made = onServer(); made != n {
		t.Fatalf("the server holds %d objects, want %d", made, n)
	}
}

// KilledApplyNamesItsLeftovers applies config, which makes n objects of
// one kind, against an emulator with latency, kills the engine (SIGKILL)
// once the server has received 3 of their creates, and checks what the
// troubleshooting guide promises: the objects the server made that the
// state does not hold (leftovers, by address, each with its import ID)
// are never taken over by the next apply, which fails with an "already
// exists" error for each that names its import ID and a killed apply as a
// cause; once they are imported, the apply after converges and the plan
// after it is empty. It returns how many leftovers the kill made.
func KilledApplyNamesItsLeftovers(t *testing.T, config string, n int, received func() int64, leftovers func(inState []string) map[string]string) int {
	t.Helper()
	cli := NewCLI(t, nil)
	cli.WriteConfig(t, config)
	cli.KilledApply(t, func() bool { return received() >= 3 })
	// The local backend makes the state file empty when the apply
	// starts, and writes it after each change: a kill before the first
	// leaves it empty.
	var inState []string
	if fi, err := os.Stat(filepath.Join(cli.Dir, "terraform.tfstate")); err == nil && fi.Size() > 0 {
		inState = cli.StateAddresses(t)
	}
	// The creates in flight when the engine died finish on the server
	// (the emulator's latency is its answer's delay): wait for them.
	var left map[string]string
	for range 50 {
		if left = leftovers(inState); len(left)+len(inState) >= int(received()) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if len(left) == 0 {
		t.Fatalf("the kill left no object outside the state (%d in it): it proves nothing", len(inState))
	}
	code, out := cli.Run(t, "apply", "-auto-approve", "-no-color")
	flat := strings.Join(strings.Fields(out), " ")
	if code == 0 {
		t.Fatalf("the apply after the kill took over %d objects it did not create:\n%s", len(left), out)
	}
	if got := strings.Count(flat, "already exists, and Terraform will not take over an object it did not create"); got != len(left) {
		t.Errorf("the apply after the kill failed %d times \"already exists\", want once for each of %d leftovers:\n%s", got, len(left), out)
	}
	for addr, id := range left {
		if !strings.Contains(flat, "terraform import <resource address> "+id+"`") {
			t.Errorf("the apply's errors do not name the import of %s (%s):\n%s", addr, id, out)
		}
	}
	if !strings.Contains(flat, "An apply that was killed, or lost its server, while it created objects may have made this one") {
		t.Errorf("the apply's errors do not say that a killed apply may have made the objects:\n%s", out)
	}
	for addr, id := range left {
		cli.MustRun(t, "import", addr, id)
	}
	cli.MustRun(t, "apply", "-auto-approve")
	if code, out := cli.Run(t, "plan", "-detailed-exitcode"); code != 0 {
		t.Fatalf("the plan after the imports and the apply exited %d:\n%s", code, out)
	}
	if got := len(cli.StateAddresses(t)); got != n {
		t.Fatalf("the state holds %d objects after the recovery, want %d", got, n)
	}
	return len(left)
}
