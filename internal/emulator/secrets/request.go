package secrets

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"math"
	"net/netip"
	"slices"
	"strconv"
	"strings"
)

// validationError is answered 400 with its message.
type validationError struct{ msg string }

func (e *validationError) Error() string { return e.msg }

func invalid(format string, args ...any) error {
	return &validationError{msg: fmt.Sprintf(format, args...)}
}

// body is a request body as its top-level members, so that each field is
// decoded on its own and a bad value is reported with its name. Members that
// no accessor asked for are ignored, and named in the response's warnings.
type body struct {
	raw  map[string]json.RawMessage
	used map[string]bool
}

// parseBody reads a JSON object; an empty body is an empty object.
func parseBody(data []byte) (*body, error) {
	b := &body{raw: map[string]json.RawMessage{}, used: map[string]bool{}}
	if len(bytes.TrimSpace(data)) == 0 {
		return b, nil
	}
	if err := json.Unmarshal(data, &b.raw); err != nil {
		return nil, invalid("invalid request body: %v", err)
	}
	if b.raw == nil { // the body was null
		b.raw = map[string]json.RawMessage{}
	}
	return b, nil
}

// get returns the member's raw value, nil when absent or null.
func (b *body) get(name string) json.RawMessage {
	b.used[name] = true
	raw := bytes.TrimSpace(b.raw[name])
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	return raw
}

// warnings names the members no accessor asked for, as the real service
// words it, or returns nil when there are none.
func (b *body) warnings() []string {
	var unknown []string
	for _, k := range sortedKeys(b.raw) {
		if !b.used[k] {
			unknown = append(unknown, k)
		}
	}
	if unknown == nil {
		return nil
	}
	return []string{fmt.Sprintf("Endpoint ignored these unrecognized parameters: [%s]", strings.Join(unknown, " "))}
}

func (b *body) str(name string) (string, error) {
	raw := b.get(name)
	if raw == nil {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", invalid("invalid %s %s: must be a string", name, raw)
	}
	return s, nil
}

func (b *body) boolean(name string) (bool, error) {
	raw := b.get(name)
	if raw == nil {
		return false, nil
	}
	var v bool
	if err := json.Unmarshal(raw, &v); err != nil {
		return false, invalid("invalid %s %s: must be true or false", name, raw)
	}
	return v, nil
}

// list reads a list of strings; with comma, one string of comma-separated
// values is accepted too. An empty list is nil.
func (b *body) list(name string, comma bool) ([]string, error) {
	raw := b.get(name)
	if raw == nil {
		return nil, nil
	}
	var l []string
	if err := json.Unmarshal(raw, &l); err == nil {
		if len(l) == 0 {
			return nil, nil
		}
		return l, nil
	}
	var s string
	if comma && json.Unmarshal(raw, &s) == nil {
		for part := range strings.SplitSeq(s, ",") {
			if part = strings.TrimSpace(part); part != "" {
				l = append(l, part)
			}
		}
		return l, nil
	}
	if comma {
		return nil, invalid("invalid %s %s: must be a list of strings or a comma-separated string", name, raw)
	}
	return nil, invalid("invalid %s %s: must be a list of strings", name, raw)
}

func (b *body) strMap(name string) (map[string]string, error) {
	raw := b.get(name)
	if raw == nil {
		return nil, nil
	}
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, invalid("invalid %s %s: must be a map of strings to strings", name, raw)
	}
	if len(m) == 0 {
		return nil, nil
	}
	return m, nil
}

// integer reads an integer member.
func (b *body) integer(name string) (value int64, given bool, err error) {
	raw := b.get(name)
	if raw == nil {
		return 0, false, nil
	}
	if i, ok := wholeNumber(raw); ok {
		return i, true, nil
	}
	return 0, true, invalid("invalid %s %s: must be an integer, without a decimal point or an exponent", name, raw)
}

// wholeNumber reads a JSON number written as an integer. 1e3 and 443.0 are
// refused although whole, as the Go servers this API comes from refuse
// them: they decode into json.Number and take its Int64, as encoding/json
// does for an int field (see the package doc). json.Number alone would
// also take a string that holds a number.
func wholeNumber(raw json.RawMessage) (int64, bool) {
	var n json.Number
	if len(raw) == 0 || raw[0] == '"' || json.Unmarshal(raw, &n) != nil {
		return 0, false
	}
	i, err := n.Int64()
	return i, err == nil
}

// destinationRequest validates the body of a destination's create/update
// against its type, and, for an update, the stored destination. It returns
// the destination to store, without associations or purge state.
func destinationRequest(typ, name string, b *body, stored *destination) (*destination, error) {
	t := destTypes[typ]
	if n, err := b.str("name"); err != nil {
		return nil, err
	} else if n != "" && n != name {
		return nil, invalid("invalid name %q: does not match %q in the path", n, name)
	}
	d := &destination{Type: typ, Name: name, Strings: map[string]string{}}
	if err := readOptions(t, typ, b, &d.Options); err != nil {
		return nil, err
	}
	for _, p := range t.params {
		switch p.kind {
		case kindString:
			v, err := b.str(p.name)
			if err != nil {
				return nil, err
			}
			d.Strings[p.name] = v
		case kindList, kindCommaList:
			v, err := b.list(p.name, p.kind == kindCommaList)
			if err != nil {
				return nil, err
			}
			if v != nil {
				if d.Lists == nil {
					d.Lists = map[string][]string{}
				}
				d.Lists[p.name] = v
			}
		case kindMap:
			v, err := b.strMap(p.name)
			if err != nil {
				return nil, err
			}
			if v != nil {
				if d.Maps == nil {
					d.Maps = map[string]map[string]string{}
				}
				d.Maps[p.name] = v
			}
		}
	}
	// Create-only fields: on an update, an omitted one keeps the stored
	// value and a different one is refused; on a create, an omitted one
	// takes its default.
	for _, p := range t.params {
		if p.kind != kindString {
			continue
		}
		v := d.Strings[p.name]
		switch {
		case stored != nil && p.createOnly && v == "":
			d.Strings[p.name] = stored.Strings[p.name]
		case stored != nil && p.createOnly && v != stored.Strings[p.name]:
			return nil, invalid("%s is create-only: it cannot be changed from %q to %q", p.name, stored.Strings[p.name], v)
		case v == "" && p.def != "":
			d.Strings[p.name] = p.def
		}
	}
	for _, p := range t.params {
		if !p.required {
			continue
		}
		missing := d.Strings[p.name] == ""
		if p.kind != kindString {
			missing = len(d.Lists[p.name]) == 0
		}
		if missing {
			return nil, invalid("missing %s: required for %s destinations", p.name, typ)
		}
	}
	switch typ {
	case "codehost":
		if err := checkCodehost(d); err != nil {
			return nil, err
		}
	case "webhost-project":
		for i, env := range d.Lists["deployment_environments"] {
			if !slices.Contains(deploymentEnvironments, env) {
				return nil, invalid("invalid deployment_environments[%d] %q: must be development, preview or production", i, env)
			}
		}
	}
	for k, v := range d.Strings {
		if v == "" {
			delete(d.Strings, k)
		}
	}
	return d, nil
}

// readOptions reads and checks the shared parameters.
func readOptions(t *destType, typ string, b *body, o *destinationOptions) error {
	var err error
	if o.SecretNameTemplate, err = b.str("secret_name_template"); err != nil {
		return err
	}
	if o.CustomTags, err = b.strMap("custom_tags"); err != nil {
		return err
	}
	if o.CustomTags != nil && !t.customTags {
		return invalid("invalid custom_tags: not supported by %s destinations", typ)
	}
	if o.Granularity, err = b.str("granularity"); err != nil {
		return err
	}
	switch o.Granularity {
	case "":
		o.Granularity = t.granularity
	case granularityPath, granularityKey:
	default:
		return invalid("invalid granularity %q: must be secret-path or secret-key", o.Granularity)
	}
	if o.DisableStrictNetworking, err = b.boolean("disable_strict_networking"); err != nil {
		return err
	}
	for _, f := range []struct {
		name    string
		dst     *[]string
		v4      bool
		example string
	}{
		{"allowed_ipv4_addresses", &o.AllowedIPv4Addresses, true, "10.0.0.0/8"},
		{"allowed_ipv6_addresses", &o.AllowedIPv6Addresses, false, "2001:db8::/32"},
	} {
		if *f.dst, err = b.list(f.name, false); err != nil {
			return err
		}
		family := "IPv6"
		if f.v4 {
			family = "IPv4"
		}
		for i, s := range *f.dst {
			p, err := netip.ParsePrefix(s)
			if err != nil || p.Addr().Is4() != f.v4 {
				return invalid("invalid %s[%d] %q: must be an %s address in CIDR notation, such as %s", f.name, i, s, family, f.example)
			}
		}
	}
	raw := b.get("allowed_ports")
	if raw == nil {
		return nil
	}
	var ports []json.RawMessage
	if err := json.Unmarshal(raw, &ports); err != nil {
		return invalid("invalid allowed_ports %s: must be a list of port numbers", raw)
	}
	for i, n := range ports {
		p, ok := wholeNumber(n)
		if !ok {
			return invalid("invalid allowed_ports[%d] %s: must be a port number, an integer without a decimal point or an exponent", i, n)
		}
		if p < 1 || p > math.MaxUint16 {
			return invalid("invalid allowed_ports[%d] %s: must be a port number between 1 and 65535", i, n)
		}
		o.AllowedPorts = append(o.AllowedPorts, int(p))
	}
	return nil
}

// checkCodehost enforces the rules of a codehost destination that the
// parameter table cannot say. Whether the app exists is checked by the
// caller, which holds the store.
func checkCodehost(d *destination) error {
	s := d.Strings
	loc := s["secrets_location"]
	if loc != locationRepository && loc != locationOrganization {
		return invalid("invalid secrets_location %q: must be repository or organization", loc)
	}
	for _, p := range destTypes["codehost"].params {
		if p.location == "" || p.location == loc {
			continue
		}
		if s[p.name] != "" || len(d.Lists[p.name]) > 0 {
			return invalid("invalid %s: only allowed when secrets_location is %s", p.name, p.location)
		}
	}
	token, app, inst := s["access_token"], s["app_name"], s["installation_id"]
	switch {
	case token != "" && (app != "" || inst != ""):
		return invalid("invalid access_token: give either access_token or app_name with installation_id, not both")
	case token == "" && app == "" && inst == "":
		return invalid("missing access_token: codehost destinations need access_token, or app_name with installation_id")
	case app != "" && inst == "":
		return invalid("missing installation_id: required when app_name is set")
	case app == "" && inst != "":
		return invalid("missing app_name: installation_id is used only with app_name")
	}
	return nil
}

// associationRequest reads the body of set and remove association.
func associationRequest(b *body) (mount, secretName string, err error) {
	if mount, err = b.str("mount"); err != nil {
		return "", "", err
	}
	if secretName, err = b.str("secret_name"); err != nil {
		return "", "", err
	}
	mount = strings.Trim(mount, "/")
	if mount == "" {
		return "", "", invalid("missing mount: required, the name of a KV version 2 mount")
	}
	if secretName == "" {
		return "", "", invalid("missing secret_name: required, the name of a secret of the mount")
	}
	if err := checkSecretName(secretName); err != nil {
		return "", "", err
	}
	return mount, secretName, nil
}

// checkSecretName refuses names that no path could carry: empty segments
// and the segments "." and "..".
func checkSecretName(name string) error {
	for seg := range strings.SplitSeq(name, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return invalid("invalid secret_name %q: path segments must not be empty, \".\" or \"..\"", name)
		}
	}
	return nil
}

// appRequest validates the body of configure custom app.
func appRequest(name string, b *body) (*app, error) {
	if n, err := b.str("name"); err != nil {
		return nil, err
	} else if n != "" && n != name {
		return nil, invalid("invalid name %q: does not match %q in the path", n, name)
	}
	raw := b.get("app_id")
	if raw == nil {
		return nil, invalid("missing app_id: required, the code host's application ID as a string of digits")
	}
	var idText string
	if err := json.Unmarshal(raw, &idText); err != nil {
		return nil, invalid("invalid app_id %s: must be a string of digits, such as \"123456\"", raw)
	}
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil || id <= 0 || strings.TrimLeft(idText, "0123456789") != "" {
		return nil, invalid("invalid app_id %q: must be a string of digits, such as \"123456\"", idText)
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
	return &app{Name: name, AppID: id, PrivateKey: key, Fingerprint: fp}, nil
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
