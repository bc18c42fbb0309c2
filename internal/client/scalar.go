package client

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// JSONScalar returns the text of a JSON scalar, for the lenient decoders
// that take a value in more than one spelling: a string's content (quoted
// is true), a number's or a boolean's literal, and "" for null. Objects,
// arrays and malformed JSON are an error. It reads the value where it lies,
// without a decoder of its own, as it runs for several fields of every
// answer.
func JSONScalar(b []byte) (text string, quoted bool, err error) {
	b = bytes.TrimSpace(b)
	if !json.Valid(b) {
		return "", false, fmt.Errorf("not JSON: %s", b)
	}
	switch {
	case b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return "", false, err
		}
		return s, true, nil
	case string(b) == "null":
		return "", false, nil
	case b[0] == '{' || b[0] == '[':
		return "", false, fmt.Errorf("not a string, a number or a boolean: %s", b)
	}
	return string(b), false, nil
}
