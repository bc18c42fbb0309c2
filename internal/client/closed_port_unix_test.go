//go:build unix

package client

import (
	"fmt"
	"syscall"
	"testing"
)

// closedPort returns an address that refuses connections for the whole
// test: a socket bound to it without listening holds the port, so that no
// server started meanwhile, in this process or in another package's tests
// run alongside, can take it and answer in its place.
func closedPort(t *testing.T) string {
	t.Helper()
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = syscall.Close(fd) })
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		t.Fatal(err)
	}
	sa, err := syscall.Getsockname(fd)
	if err != nil {
		t.Fatal(err)
	}
	in4, ok := sa.(*syscall.SockaddrInet4)
	if !ok {
		t.Fatalf("the socket is bound to %T, not an IPv4 address", sa)
	}
	return fmt.Sprintf("127.0.0.1:%d", in4.Port)
}
