package platform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/answer"
)

// maxBodyBytes bounds a request body; a larger one is answered 413.
const maxBodyBytes = 4 << 20

// object is a resource object of a request document, its members as sent.
// Its type is never checked: clients send the same document with different
// types (or none), and the path says what it is.
type object struct {
	Type          string                     `json:"type"`
	ID            string                     `json:"id"`
	Attributes    map[string]json.RawMessage `json:"attributes"`
	Relationships map[string]json.RawMessage `json:"relationships"`
}

// readBody reads a request body whole, chunked or not, answering 400 or 413
// when it cannot.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	data, status, err := answer.ReadBody(w, r, maxBodyBytes)
	switch {
	case status == http.StatusRequestEntityTooLarge:
		errorReply(status, fmt.Sprintf("request body larger than %d bytes", maxBodyBytes)).Send(w)
	case err != nil:
		errorReply(status, fmt.Sprintf("reading request body: %v", err)).Send(w)
	}
	return data, err == nil
}

// readData reads a request document and returns its data as sent: nil for
// an empty body. A body that is no JSON:API document is answered 400.
func readData(w http.ResponseWriter, r *http.Request) (json.RawMessage, bool) {
	data, ok := readBody(w, r)
	if !ok {
		return nil, false
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, true
	}
	var doc struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		errorReply(http.StatusBadRequest, fmt.Sprintf("request body is not a JSON:API document: %v", err)).Send(w)
		return nil, false
	}
	return doc.Data, true
}

// readObject reads a document whose data is one resource object. An empty
// body, or data null, is an object without members.
func readObject(w http.ResponseWriter, r *http.Request) (*object, bool) {
	data, ok := readData(w, r)
	if !ok {
		return nil, false
	}
	o := &object{}
	if raw := bytes.TrimSpace(data); len(raw) > 0 && !bytes.Equal(raw, []byte("null")) {
		if raw[0] != '{' || json.Unmarshal(raw, o) != nil {
			errorReply(http.StatusBadRequest, "request body: data must be a resource object with type, attributes and relationships").Send(w)
			return nil, false
		}
	}
	return o, true
}

// readObjects reads a document whose data is a list of resource objects. A
// single object is taken as a list of one; an empty body, or data null, as
// an empty list.
func readObjects(w http.ResponseWriter, r *http.Request) ([]object, bool) {
	data, ok := readData(w, r)
	if !ok {
		return nil, false
	}
	list, err := decodeObjects(data)
	if err != nil {
		errorReply(http.StatusBadRequest, "request body: data must be a list of resource objects").Send(w)
		return nil, false
	}
	return list, true
}

// decodeObjects reads data that is a list of resource objects, one object,
// or null.
func decodeObjects(raw json.RawMessage) ([]object, error) {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0 || bytes.Equal(raw, []byte("null")):
		return nil, nil
	case raw[0] == '{':
		var o object
		if err := json.Unmarshal(raw, &o); err != nil {
			return nil, err
		}
		return []object{o}, nil
	}
	var list []object
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, err
	}
	return list, nil
}

// problems collects the validation errors of one request, each with the
// JSON pointer of the member it concerns, so that one answer names them
// all.
type problems []apiError

func (p *problems) add(pointer, format string, args ...any) {
	*p = append(*p, apiError{
		Status: strconv.Itoa(http.StatusUnprocessableEntity),
		Title:  "invalid attribute",
		Detail: fmt.Sprintf(format, args...),
		Source: &errorSource{Pointer: pointer},
	})
}

// reply is 422 with the problems.
func (p problems) reply() reply {
	return reply{status: http.StatusUnprocessableEntity, body: errorDocument{Errors: p}}
}

// fields reads the members of a JSON object of a request (the attributes,
// or an object among them), recording in probs what it cannot take. Each
// accessor tells whether the member was given: null counts as given where
// the attribute can be null (strings, lists, times, objects), and as absent
// for booleans and integers, which cannot.
type fields struct {
	raw     map[string]json.RawMessage
	pointer string // of the object, such as "/data/attributes"
	probs   *problems
}

func attributesOf(o *object, probs *problems) fields {
	return fields{raw: o.Attributes, pointer: "/data/attributes", probs: probs}
}

func (f fields) at(name string) string { return f.pointer + "/" + name }

// get returns the member's value, nil for null, and whether it was given.
func (f fields) get(name string) (json.RawMessage, bool) {
	raw, ok := f.raw[name]
	if !ok {
		return nil, false
	}
	raw = bytes.TrimSpace(raw)
	if bytes.Equal(raw, []byte("null")) {
		return nil, true
	}
	return raw, true
}

// has reports whether the member was given, null included.
func (f fields) has(name string) bool {
	_, ok := f.raw[name]
	return ok
}

// str reads a string member; null is "".
func (f fields) str(name string) (string, bool) {
	raw, ok := f.get(name)
	if !ok || raw == nil {
		return "", ok
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		f.probs.add(f.at(name), "invalid %s %s: must be a string", name, raw)
		return "", false
	}
	return s, true
}

// text reads a string member that, when given, must not be blank: a blank
// one (null included) is refused with detail.
func (f fields) text(name, detail string) (string, bool) {
	v, given := f.str(name)
	if given && strings.TrimSpace(v) == "" {
		f.probs.add(f.at(name), "%s", detail)
	}
	return v, given
}

// requiredText reads a string member that must be given and not blank,
// refusing it with detail otherwise.
func (f fields) requiredText(name, detail string) string {
	v, _ := f.str(name)
	if strings.TrimSpace(v) == "" {
		f.probs.add(f.at(name), "%s", detail)
	}
	return v
}

// boolean reads a boolean member: true or false, or a string that
// strconv.ParseBool takes ("true", "false", "1", "0", ...), as the server
// casts form values.
func (f fields) boolean(name string) (bool, bool) {
	raw, ok := f.get(name)
	if !ok || raw == nil {
		return false, false
	}
	var b bool
	if json.Unmarshal(raw, &b) == nil {
		return b, true
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if v, err := strconv.ParseBool(s); err == nil {
			return v, true
		}
	}
	f.probs.add(f.at(name), "invalid %s %s: must be true or false", name, raw)
	return false, false
}

// integer reads an integer member: a number without a fraction, or a
// string of digits.
func (f fields) integer(name string) (int, bool) {
	raw, ok := f.get(name)
	if !ok || raw == nil {
		return 0, false
	}
	text := string(raw)
	if raw[0] == '"' {
		_ = json.Unmarshal(raw, &text)
	}
	i, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil {
		f.probs.add(f.at(name), "invalid %s %s: must be an integer", name, raw)
		return 0, false
	}
	return i, true
}

// strings reads a list of strings; null is an empty list.
func (f fields) strings(name string) ([]string, bool) {
	raw, ok := f.get(name)
	if !ok || raw == nil {
		return nil, ok
	}
	var l []string
	if err := json.Unmarshal(raw, &l); err != nil {
		f.probs.add(f.at(name), "invalid %s %s: must be a list of strings", name, raw)
		return nil, false
	}
	return l, true
}

// time reads an RFC 3339 timestamp; null is nil.
func (f fields) time(name string) (*time.Time, bool) {
	s, ok := f.str(name)
	if !ok || s == "" {
		return nil, ok
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		f.probs.add(f.at(name), "invalid %s %q: must be an ISO 8601 timestamp such as 2025-01-31T18:00:00Z", name, s)
		return nil, false
	}
	t = t.UTC()
	return &t, true
}

// object reads a member that is a JSON object, as fields of its own; null
// is given with null true.
func (f fields) object(name string) (sub fields, given, null bool) {
	raw, ok := f.get(name)
	if !ok {
		return fields{}, false, false
	}
	if raw == nil {
		return fields{}, true, true
	}
	sub = fields{pointer: f.at(name), probs: f.probs}
	if err := json.Unmarshal(raw, &sub.raw); err != nil || raw[0] != '{' {
		f.probs.add(f.at(name), "invalid %s %s: must be an object", name, raw)
		return fields{}, false, false
	}
	return sub, true, false
}

// relationships reads the relationships of a request's resource object.
type relationships struct {
	raw   map[string]json.RawMessage
	probs *problems
}

func relationshipsOf(o *object, probs *problems) relationships {
	return relationships{raw: o.Relationships, probs: probs}
}

func (rl relationships) at(name string) string { return "/data/relationships/" + name + "/data" }

// data returns a relationship's data member and whether the relationship
// was given.
func (rl relationships) data(name string) (json.RawMessage, bool) {
	raw, ok := rl.raw[name]
	if !ok {
		return nil, false
	}
	var rel struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(raw, &rel); err != nil {
		rl.probs.add("/data/relationships/"+name, "invalid relationship %s: must be an object with data", name)
		return nil, false
	}
	return rel.Data, true
}

// one reads a to-one relationship: the ID it names, "" for data null.
func (rl relationships) one(name string) (string, bool) {
	raw, ok := rl.data(name)
	if !ok {
		return "", false
	}
	raw = bytes.TrimSpace(raw)
	list, err := decodeObjects(raw)
	if err != nil || len(raw) > 0 && raw[0] == '[' {
		rl.probs.add(rl.at(name), "invalid relationship %s: data must be a resource identifier or null", name)
		return "", false
	}
	if len(list) == 0 {
		return "", true
	}
	return list[0].ID, true
}

// many reads a to-many relationship's resource objects.
func (rl relationships) many(name string) ([]object, bool) {
	raw, ok := rl.data(name)
	if !ok {
		return nil, false
	}
	list, err := decodeObjects(raw)
	if err != nil {
		rl.probs.add(rl.at(name), "invalid relationship %s: data must be a list of resource objects", name)
		return nil, false
	}
	return list, true
}
