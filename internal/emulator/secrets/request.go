package secrets

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/answer"
)

const maxBodyBytes = 1 << 20

// validName is the rule for destination and code-host app names, which are
// one path segment.
var validName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)

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

// readBody reads and parses a JSON object body, answering 400 (413 when too
// large) when it cannot.
func readBody(w http.ResponseWriter, r *http.Request) (*body, bool) {
	data, status, err := answer.ReadBody(w, r, maxBodyBytes)
	if err != nil {
		writeErrors(w, status, fmt.Sprintf("reading request body: %v", err))
		return nil, false
	}
	b, err := parseBody(data)
	if err != nil {
		writeInvalid(w, err)
		return nil, false
	}
	return b, true
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

// boolean reads a boolean member: true or false, or a string that
// strconv.ParseBool takes ("true", "1", "F", ...), as servers of this kind
// decode booleans weakly.
func (b *body) boolean(name string) (bool, error) {
	raw := b.get(name)
	if raw == nil {
		return false, nil
	}
	if v, ok := boolValue(raw); ok {
		return v, nil
	}
	return false, invalid("invalid %s %s: %s", name, raw, ruleBoolean)
}

// ruleBoolean and ruleInteger end the messages of values of the wrong kind.
const (
	ruleBoolean = `must be true or false, or a string of them such as "true"`
	ruleInteger = `must be an integer: a number without a decimal point or an exponent, or a string of digits`
)

func boolValue(raw json.RawMessage) (bool, bool) {
	var v bool
	if json.Unmarshal(raw, &v) == nil {
		return v, true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return false, false
	}
	v, err := strconv.ParseBool(s)
	return v, err == nil
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
	if i, ok := intValue(raw); ok {
		return i, true, nil
	}
	return 0, true, invalid("invalid %s %s: %s", name, raw, ruleInteger)
}

// positiveInteger reads an ID such as app_id: a positive integer, in
// either spelling intValue takes.
func positiveInteger(name string, raw json.RawMessage) (int64, error) {
	if i, ok := intValue(raw); ok && i > 0 {
		return i, nil
	}
	return 0, invalid(`invalid %s %s: must be a positive integer: a number, or a string of digits such as "123456"`, name, raw)
}

// intValue reads an integer: a JSON number written as one, or a string
// that strconv.ParseInt takes in base 10. 1e3 and 443.0 are refused
// although whole, as the Go servers this API comes from refuse them: they
// decode into json.Number and take its Int64, as encoding/json does for an
// int field (see the package doc).
func intValue(raw json.RawMessage) (int64, bool) {
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return 0, false
		}
		i, err := strconv.ParseInt(s, 10, 64)
		return i, err == nil
	}
	var n json.Number
	if json.Unmarshal(raw, &n) != nil {
		return 0, false
	}
	i, err := n.Int64()
	return i, err == nil
}

func checkName(w http.ResponseWriter, name string) bool {
	if validName.MatchString(name) {
		return true
	}
	writeErrors(w, http.StatusBadRequest, fmt.Sprintf(
		"invalid name %q: must be 1..128 letters, digits, '.', '-' or '_', starting with a letter or digit", name))
	return false
}
