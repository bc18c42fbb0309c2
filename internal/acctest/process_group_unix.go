//go:build unix

package acctest

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup starts cmd in a process group of its own, with the provider
// processes it starts, so that a kill reaches them all.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// signalGroup sends sig to cmd's process, and SIGKILL to its whole group:
// a job killed outright (a CI job canceled) loses its provider processes
// too, which Terraform alone would leave running.
func signalGroup(cmd *exec.Cmd, sig os.Signal) error {
	if sig == os.Kill {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	return cmd.Process.Signal(sig)
}
