package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"time"
)

// certValidity is how long the certificates of a -tls run are valid: a
// run's certificates are made afresh at each start.
const certValidity = 30 * 24 * time.Hour

// serveTLS makes a certificate authority and a server certificate it
// signs for ln's address, writes the authority's certificate to ca.pem in
// a new temporary directory, prints that path, and returns the directory
// (the caller removes it) and ln wrapped to serve TLS.
func serveTLS(ln net.Listener, stdout io.Writer) (string, net.Listener, error) {
	leaf, caPEM, err := newCertificates(ln.Addr())
	if err != nil {
		return "", nil, fmt.Errorf("-tls: %w", err)
	}
	dir, err := os.MkdirTemp("", "stack-emulator-tls-")
	if err != nil {
		return "", nil, fmt.Errorf("-tls: %w", err)
	}
	caFile := filepath.Join(dir, "ca.pem")
	if err := os.WriteFile(caFile, caPEM, 0o644); err != nil {
		_ = os.RemoveAll(dir)
		return "", nil, fmt.Errorf("-tls: %w", err)
	}
	fmt.Fprintf(stdout, "stack-emulator CA certificate in %s\n", caFile)
	cfg := &tls.Config{Certificates: []tls.Certificate{leaf}, MinVersion: tls.VersionTLS12}
	return dir, tls.NewListener(ln, cfg), nil
}

// newCertificates returns a server certificate for addr, with its chain,
// and the PEM of the authority that signed it. The server certificate
// names localhost, the loopback addresses and addr's own host (and the
// machine's host name when addr is every address), so that clients reach
// it by any of them.
func newCertificates(addr net.Addr) (tls.Certificate, []byte, error) {
	now := time.Now()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	caTemplate := &x509.Certificate{
		SerialNumber:          serial(),
		Subject:               pkix.Name{CommonName: "stack-emulator CA"},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(certValidity),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
		MaxPathLenZero:        true,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTemplate, caTemplate, &caKey.PublicKey, caKey)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	ca, err := x509.ParseCertificate(caDER)
	if err != nil {
		return tls.Certificate{}, nil, err
	}

	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	template := &x509.Certificate{
		SerialNumber: serial(),
		Subject:      pkix.Name{CommonName: "stack-emulator"},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(certValidity),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:     []string{"localhost"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
	}
	if tcp, ok := addr.(*net.TCPAddr); ok {
		if tcp.IP.IsUnspecified() {
			if host, err := os.Hostname(); err == nil {
				template.DNSNames = append(template.DNSNames, host)
			}
		} else if !tcp.IP.IsLoopback() {
			template.IPAddresses = append(template.IPAddresses, tcp.IP)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, template, ca, &key.PublicKey, caKey)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	leaf := tls.Certificate{Certificate: [][]byte{der, caDER}, PrivateKey: key}
	return leaf, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), nil
}

// serial is a random 127-bit certificate serial number.
func serial() *big.Int {
	n, _ := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127)) // crypto/rand never fails
	return n
}
