package secrets

import (
	"crypto"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// codehostApp is a custom code-host app. PrivateKey is kept in clear for
// the state file and never answered.
type codehostApp struct {
	Name        string `json:"name"`
	AppID       int64  `json:"app_id"`
	PrivateKey  string `json:"private_key"`
	Fingerprint string `json:"fingerprint"`
}

// codehostAppView is the answer of configure and read custom app.
type codehostAppView struct {
	Name        string `json:"name"`
	AppID       int64  `json:"app_id"`
	Fingerprint string `json:"fingerprint"`
	PrivateKey  string `json:"private_key"`
}

func (a *codehostApp) view() codehostAppView {
	return codehostAppView{Name: a.Name, AppID: a.AppID, Fingerprint: a.Fingerprint, PrivateKey: Obfuscated}
}

func (s *Server) registerCodehostApps(mux route.Mux) {
	s.handleWrite(mux, pathCodehostApps+"/{name}", s.writeCodehostApp)
	s.handle(mux, "GET "+pathCodehostApps+"/{name}", s.readCodehostApp)
	s.handle(mux, "DELETE "+pathCodehostApps+"/{name}", s.deleteCodehostApp)
}

func (s *Server) writeCodehostApp(w http.ResponseWriter, r *http.Request, ns string) {
	name := r.PathValue("name")
	if !checkName(w, name) {
		return
	}
	b, ok := readBody(w, r)
	if !ok {
		return
	}
	a, err := codehostAppRequest(name, b)
	if err != nil {
		writeInvalid(w, err)
		return
	}
	s.locked(w, func() reply {
		s.spaceLocked(ns).codehostApps[name] = a
		return okReply(a.view(), b.warnings(), true)
	})
}

func (s *Server) readCodehostApp(w http.ResponseWriter, r *http.Request, ns string) {
	s.locked(w, func() reply {
		a := s.lookupLocked(ns).codehostApps[r.PathValue("name")]
		if a == nil {
			return notFound()
		}
		return okReply(a.view(), nil, true)
	})
}

func (s *Server) deleteCodehostApp(w http.ResponseWriter, r *http.Request, ns string) {
	name := r.PathValue("name")
	s.locked(w, func() reply {
		sp := s.lookupLocked(ns)
		if sp.codehostApps[name] == nil {
			return notFound()
		}
		var users []string
		for k, d := range sp.destinations {
			if d.Type == "codehost" && d.Strings["app_name"] == name {
				users = append(users, k)
			}
		}
		if users != nil {
			slices.Sort(users)
			return errorReply(http.StatusConflict, fmt.Sprintf(
				"codehost app %q is referenced by destinations %s: delete them first", name, strings.Join(users, ", ")))
		}
		delete(sp.codehostApps, name)
		return reply{status: http.StatusNoContent}
	})
}

// codehostAppRequest validates the body of configure custom app.
func codehostAppRequest(name string, b *body) (*codehostApp, error) {
	if n, err := b.str("name"); err != nil {
		return nil, err
	} else if n != "" && n != name {
		return nil, invalid("invalid name %q: does not match %q in the path", n, name)
	}
	raw := b.get("app_id")
	if raw == nil {
		return nil, invalid("missing app_id: required, the code host's application ID")
	}
	id, err := positiveInteger("app_id", raw)
	if err != nil {
		return nil, err
	}
	key, err := b.str("private_key")
	if err != nil {
		return nil, err
	}
	if key == "" {
		return nil, invalid("missing private_key: required, the app's PEM private key")
	}
	fp, err := Fingerprint(key)
	if err != nil {
		return nil, invalid("invalid private_key: %v", err)
	}
	return &codehostApp{Name: name, AppID: id, PrivateKey: key, Fingerprint: fp}, nil
}

// Fingerprint returns the fingerprint of a PEM private key (PKCS #1, PKCS #8
// or SEC 1): "SHA256:" and the standard, padded base64 of the SHA-256 of its
// public key in PKIX DER form, as code hosts show an app key's fingerprint.
func Fingerprint(privateKeyPEM string) (string, error) {
	block, _ := pem.Decode([]byte(privateKeyPEM))
	if block == nil {
		return "", errors.New("must be a PEM-encoded private key")
	}
	var (
		key any
		err error
	)
	switch block.Type {
	case "RSA PRIVATE KEY":
		key, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	case "EC PRIVATE KEY":
		key, err = x509.ParseECPrivateKey(block.Bytes)
	case "PRIVATE KEY":
		key, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	default:
		return "", fmt.Errorf("PEM block %q is not a private key: want RSA PRIVATE KEY, EC PRIVATE KEY or PRIVATE KEY", block.Type)
	}
	if err != nil {
		return "", fmt.Errorf("parsing the %s: %w", block.Type, err)
	}
	signer, ok := key.(crypto.Signer)
	if !ok {
		return "", fmt.Errorf("a %T cannot sign", key)
	}
	der, err := x509.MarshalPKIXPublicKey(signer.Public())
	if err != nil {
		return "", fmt.Errorf("its public key: %w", err)
	}
	sum := sha256.Sum256(der)
	return "SHA256:" + base64.StdEncoding.EncodeToString(sum[:]), nil
}
