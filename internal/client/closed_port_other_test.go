//go:build !unix

package client

import (
	"net"
	"testing"
)

// closedPort returns an address where nothing listens: a port just
// released, which a server started meanwhile could take (the unix version
// holds it).
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	return addr
}
