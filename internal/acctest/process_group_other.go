//go:build !unix

package acctest

import (
	"os"
	"os/exec"
)

// ownGroup leaves cmd as it is: process groups are Unix's.
func ownGroup(*exec.Cmd) {}

// signalGroup sends sig to cmd's process alone.
func signalGroup(cmd *exec.Cmd, sig os.Signal) error { return cmd.Process.Signal(sig) }
