package platform

import (
	"bufio"
	"bytes"
	"crypto/sha1" //nolint:gosec // OpenPGP v4 fingerprints are SHA-1 digests; nothing is secured by it here
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # The private registry's GPG keys
//
// The keys that sign the releases of an organization's private providers,
// served by the registry API under /api/registry/private/v2 (not the
// API's /api/v2), as JSON:API documents of type gpg-keys whose IDs are
// numbers, as the registry's are. A key is named by its namespace (an
// organization's name) and its key ID.
//
//   - POST /api/registry/private/v2/gpg-keys takes namespace (required;
//     the name of an organization whose providers the token manages: a
//     namespace that is none, or that the token may not manage, is 404)
//     and ascii-armor (required: an ASCII-armored OpenPGP public key, whose
//     first packet is a version 4, 5 or 6 public key; 422 otherwise). The
//     key ID is the key's: the last 16 hexadecimal digits of its v4
//     fingerprint, or the first 16 of a v5 or v6 one, in capitals. A
//     namespace has a key ID once: another is 409. No private material is
//     taken: a private key block is 422.
//   - Answers carry ascii-armor (as given), created-at, key-id, namespace,
//     source ("" ), source-url (null), trust-signature ("") and
//     updated-at.
//   - GET, PATCH and DELETE
//     /api/registry/private/v2/gpg-keys/:namespace/:key_id read, move and
//     delete a key; PATCH takes namespace alone, the organization the key
//     moves to, which the token must manage the providers of: otherwise
//     403 "namespace not authorized" (the incumbent client looks for
//     those words). A key not found is 404.
//   - GET /api/registry/private/v2/gpg-keys lists the keys of the
//     namespaces that filter[namespace] names (required, 400 otherwise;
//     given more than once or comma-separated), by ID, paged; a namespace
//     the token may not see adds none. Only the private registry has
//     keys: another registry's path is the mux's 404.
//   - A deleted organization takes its keys.

// gpgKeysPath is the path of the private registry's keys.
const gpgKeysPath = RegistryPathPrefix + "/private/v2/gpg-keys"

// registryGpgKey is a public key of an organization's private registry.
type registryGpgKey struct {
	ID         string    `json:"id"` // a number, as the registry's IDs are
	Org        string    `json:"organization"`
	KeyID      string    `json:"key-id"`
	AsciiArmor string    `json:"ascii-armor"`
	CreatedAt  time.Time `json:"created-at"`
	UpdatedAt  time.Time `json:"updated-at"`
}

func (s *Server) registerGPGKeys(mux route.Mux) {
	s.handle(mux, "GET "+gpgKeysPath, s.listGPGKeys)
	s.handle(mux, "POST "+gpgKeysPath, s.createGPGKey)
	byKey := gpgKeysPath + "/{namespace}/{key}"
	s.handle(mux, "GET "+byKey, func(w http.ResponseWriter, r *http.Request, p principal) {
		s.locked(w, func() reply {
			k, rep, found := s.gpgKeyOnPathLocked(r, p, false)
			if !found {
				return rep
			}
			return ok(document{Data: s.gpgKeyResource(k)})
		})
	})
	s.handle(mux, "PATCH "+byKey, s.updateGPGKey)
	s.handle(mux, "DELETE "+byKey, func(w http.ResponseWriter, r *http.Request, p principal) {
		s.locked(w, func() reply {
			k, rep, found := s.gpgKeyOnPathLocked(r, p, true)
			if !found {
				return rep
			}
			registryGpgKeys.remove(s, k)
			return noContent()
		})
	})
}

// gpgKeyOnPathLocked returns the key the path names, when p sees its
// organization and, for a change, manages its providers; otherwise the
// 404 that answers a missing and a hidden key alike.
func (s *Server) gpgKeyOnPathLocked(r *http.Request, p principal, change bool) (*registryGpgKey, reply, bool) {
	namespace, keyID := r.PathValue("namespace"), r.PathValue("key")
	missing := notFound("GPG key " + quote(namespace+"/"+keyID))
	o := s.orgByNameLocked(namespace)
	if o == nil || !p.sees(o) || change && !s.managesProvidersLocked(p, o) {
		return nil, missing, false
	}
	for _, k := range registryGpgKeys.in(s) {
		if k.Org == o.ExternalID && k.KeyID == keyID {
			return k, reply{}, true
		}
	}
	return nil, missing, false
}

func (s *Server) gpgKeyResource(k *registryGpgKey) resource {
	return resource{
		Type: "gpg-keys", ID: k.ID,
		Attributes: map[string]any{
			"ascii-armor":     k.AsciiArmor,
			"created-at":      formatTime(k.CreatedAt),
			"key-id":          k.KeyID,
			"namespace":       organizations.in(s)[k.Org].Name,
			"source":          "",
			"source-url":      nil,
			"trust-signature": "",
			"updated-at":      formatTime(k.UpdatedAt),
		},
		Links: map[string]string{"self": gpgKeysPath + "/" + organizations.in(s)[k.Org].Name + "/" + k.KeyID},
	}
}

// listGPGKeys lists the keys of the namespaces filter[namespace] names
// that p sees, by ID, paged.
func (s *Server) listGPGKeys(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*registryGpgKey]{render: plain(s.gpgKeyResource)}.serve(s, w, r, func(lq *listQuery) ([]*registryGpgKey, reply) {
		var namespaces []string
		for _, v := range lq.Values["filter[namespace]"] {
			namespaces = append(namespaces, commaList(v)...)
		}
		if len(namespaces) == 0 {
			return nil, badParameter("filter[namespace]", "filter[namespace] is required: the namespaces whose keys to list")
		}
		seen := map[string]bool{}
		for _, ns := range namespaces {
			if o := s.orgByNameLocked(ns); o != nil && p.sees(o) {
				seen[o.ExternalID] = true
			}
		}
		list := registryGpgKeys.where(s, func(k *registryGpgKey) bool { return seen[k.Org] })
		slices.SortFunc(list, func(a, b *registryGpgKey) int { return numberOf(a.ID) - numberOf(b.ID) })
		return list, reply{}
	})
}

// numberOf is the number an ID is.
func numberOf(id string) int {
	n, _ := strconv.Atoi(id)
	return n
}

// gpgNamespaceLocked finds the organization that the namespace attribute names
// for a write of its keys: one whose providers p manages; otherwise the
// reply that refuses the write.
func (s *Server) gpgNamespaceLocked(f fields, p principal, refused reply) (*organization, reply, bool) {
	namespace := f.requiredText("namespace", "Namespace can't be blank")
	if len(*f.probs) > 0 {
		return nil, f.probs.reply(), false
	}
	o := s.orgByNameLocked(namespace)
	if o == nil || !s.managesProvidersLocked(p, o) {
		return nil, refused, false
	}
	return o, reply{}, true
}

// createGPGKey takes namespace and ascii-armor.
func (s *Server) createGPGKey(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		f := in.attrs
		armor := f.requiredText("ascii-armor", "ASCII armor can't be blank")
		var keyID string
		if armor != "" {
			var err error
			if keyID, err = openPGPKeyID(armor); err != nil {
				f.probs.add(f.at("ascii-armor"), "ASCII armor is invalid: %v", err)
			}
		}
		namespace, _ := f.str("namespace")
		o, rep, found := s.gpgNamespaceLocked(f, p, notFound("namespace "+quote(namespace)))
		if !found {
			return rep
		}
		for _, k := range registryGpgKeys.in(s) {
			if k.Org == o.ExternalID && k.KeyID == keyID {
				return conflict(f.at("ascii-armor"), "Key ID has already been taken: the namespace %s has the key %s", o.Name, keyID)
			}
		}
		k := &registryGpgKey{ID: strconv.Itoa(s.nextGPGKeyIDLocked()), Org: o.ExternalID, KeyID: keyID, AsciiArmor: armor, CreatedAt: s.now().UTC()}
		k.UpdatedAt = k.CreatedAt
		registryGpgKeys.in(s)[k.ID] = k
		return created(document{Data: s.gpgKeyResource(k)})
	})
}

// nextGPGKeyIDLocked is the number after the largest ID of a key.
func (s *Server) nextGPGKeyIDLocked() int {
	n := 0
	for _, k := range registryGpgKeys.in(s) {
		n = max(n, numberOf(k.ID))
	}
	return n + 1
}

// updateGPGKey moves a key to the namespace it is given.
func (s *Server) updateGPGKey(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		k, rep, found := s.gpgKeyOnPathLocked(r, p, true)
		if !found {
			return rep
		}
		f := in.attrs
		for name := range f.raw {
			if name != "namespace" {
				f.probs.add(f.at(name), "%s cannot be changed: a key's namespace alone can", name)
			}
		}
		o, rep, found := s.gpgNamespaceLocked(f, p, errorReply(http.StatusForbidden, "namespace not authorized"))
		if !found {
			return rep
		}
		for _, other := range registryGpgKeys.in(s) {
			if other != k && other.Org == o.ExternalID && other.KeyID == k.KeyID {
				return conflict(f.at("namespace"), "Key ID has already been taken: the namespace %s has the key %s", o.Name, k.KeyID)
			}
		}
		if k.Org != o.ExternalID {
			k.Org, k.UpdatedAt = o.ExternalID, s.now().UTC()
		}
		return ok(document{Data: s.gpgKeyResource(k)})
	})
}

// Armor lines of an OpenPGP public key block.
const (
	armorBegin = "-----BEGIN PGP PUBLIC KEY BLOCK-----"
	armorEnd   = "-----END PGP PUBLIC KEY BLOCK-----"
)

// openPGPKeyID returns the key ID of an ASCII-armored OpenPGP public key
// (RFC 4880 and 9580): its first packet must be a public key of version
// 4, 5 or 6.
func openPGPKeyID(armor string) (string, error) {
	data, err := dearmor(armor)
	if err != nil {
		return "", err
	}
	tag, body, err := firstPacket(data)
	if err != nil {
		return "", err
	}
	if tag != 6 {
		return "", fmt.Errorf("its first packet is of tag %d, not a public key (6)", tag)
	}
	if len(body) == 0 {
		return "", errors.New("its public key packet is empty")
	}
	switch version := body[0]; version {
	case 4:
		h := sha1.New() //nolint:gosec // the v4 fingerprint is SHA-1 by definition
		h.Write([]byte{0x99, byte(len(body) >> 8), byte(len(body))})
		h.Write(body)
		sum := h.Sum(nil)
		return strings.ToUpper(hex.EncodeToString(sum[len(sum)-8:])), nil
	case 5, 6:
		prefix := byte(0x9a)
		if version == 6 {
			prefix = 0x9b
		}
		h := sha256.New()
		h.Write([]byte{prefix})
		_ = binary.Write(h, binary.BigEndian, uint32(len(body)))
		h.Write(body)
		return strings.ToUpper(hex.EncodeToString(h.Sum(nil)[:8])), nil
	default:
		return "", fmt.Errorf("its public key is of version %d; the registry takes versions 4, 5 and 6", version)
	}
}

// dearmor returns the bytes of a public key block: the base64 lines
// between its armor headers' blank line and its checksum or end line.
func dearmor(armor string) ([]byte, error) {
	sc := bufio.NewScanner(strings.NewReader(armor))
	state := 0 // 0: before the begin line, 1: headers, 2: data, 3: after the checksum
	var b64 strings.Builder
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case state == 0 && strings.HasPrefix(line, "-----BEGIN PGP PRIVATE KEY BLOCK-----"):
			return nil, errors.New("it is a private key block: the registry takes the public key alone")
		case state == 0:
			if line == armorBegin {
				state = 1
			}
		case state == 1 && line == "":
			state = 2
		case state == 1 && !strings.Contains(line, ":"):
			// No armor headers: the data starts at once.
			state = 2
			b64.WriteString(line)
		case state >= 2 && line == armorEnd:
			data, err := base64.StdEncoding.DecodeString(b64.String())
			if err != nil {
				return nil, fmt.Errorf("its data is not base64: %w", err)
			}
			return data, nil
		case state == 2 && strings.HasPrefix(line, "=") && len(line) == 5:
			// The checksum, which RFC 9580 makes optional: not checked.
			state = 3
		case state == 2:
			b64.WriteString(line)
		}
	}
	if state == 0 {
		return nil, fmt.Errorf("it has no %q line", armorBegin)
	}
	return nil, fmt.Errorf("it has no %q line", armorEnd)
}

// firstPacket returns the tag and body of the first OpenPGP packet of
// data, in the old format or the new.
func firstPacket(data []byte) (int, []byte, error) {
	if len(data) < 2 || data[0]&0x80 == 0 {
		return 0, nil, errors.New("it holds no OpenPGP packet")
	}
	head, rest := data[0], data[1:]
	var tag, n int
	if head&0x40 != 0 {
		tag = int(head & 0x3f)
		switch o := int(rest[0]); {
		case o < 192:
			n, rest = o, rest[1:]
		case o < 224 && len(rest) >= 2:
			n, rest = (o-192)<<8+int(rest[1])+192, rest[2:]
		case o == 255 && len(rest) >= 5:
			n, rest = int(binary.BigEndian.Uint32(rest[1:5])), rest[5:]
		default:
			return 0, nil, errors.New("its first packet's length is partial or cut")
		}
	} else {
		tag = int(head>>2) & 0x0f
		switch head & 3 {
		case 0:
			n, rest = int(rest[0]), rest[1:]
		case 1:
			if len(rest) < 2 {
				return 0, nil, errors.New("its first packet is cut")
			}
			n, rest = int(binary.BigEndian.Uint16(rest)), rest[2:]
		case 2:
			if len(rest) < 4 {
				return 0, nil, errors.New("its first packet is cut")
			}
			n, rest = int(binary.BigEndian.Uint32(rest)), rest[4:]
		default:
			return 0, nil, errors.New("its first packet has no length")
		}
	}
	if n > len(rest) {
		return 0, nil, errors.New("its first packet is cut")
	}
	return tag, bytes.Clone(rest[:n]), nil
}

// checkGPGKey refuses a key of the state file that no request could have
// stored.
func (st *store) checkGPGKey(k *registryGpgKey) error {
	if k == nil || numberOf(k.ID) <= 0 || strconv.Itoa(numberOf(k.ID)) != k.ID {
		return errors.New("no valid ID: a positive number")
	}
	if organizations.in(st)[k.Org] == nil {
		return fmt.Errorf("organization %q is not in the file", k.Org)
	}
	keyID, err := openPGPKeyID(k.AsciiArmor)
	if err != nil {
		return fmt.Errorf("ascii-armor: %w", err)
	}
	if keyID != k.KeyID {
		return fmt.Errorf("key-id %q is not the key's, %s", k.KeyID, keyID)
	}
	return nil
}

var registryGpgKeys = &table[registryGpgKey]{key: "gpg-keys", noun: "GPG key", id: func(k *registryGpgKey) string { return k.ID }}

func init() {
	registryGpgKeys.needs = []anyTable{organizations}
	registryGpgKeys.check = (*store).checkGPGKey
	registryGpgKeys.belongsTo(organizations, func(k *registryGpgKey) string { return k.Org })
	registryGpgKeys.org = func(st *store, k *registryGpgKey) *organization { return organizations.in(st)[k.Org] }
	register(registryGpgKeys)
	addRoutes((*Server).registerGPGKeys)
}
