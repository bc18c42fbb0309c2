package secrets

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// Decoding is lenient where servers are known or likely to differ from the
// spec, so that a read never fails, and state is never lost, over a
// spelling.

// anyInt is an integer as servers of this kind answer one: a JSON number
// (1000, or a whole 1000.0 or 1e3) or a string of one ("1000", " 7 "); null
// and "" are 0. The client sends integers as numbers.
type anyInt int64

func (n *anyInt) UnmarshalJSON(b []byte) error {
	text, err := scalarText(b)
	if err != nil {
		return fmt.Errorf("want an integer, as a number or a string of digits, got %s", b)
	}
	if text == "" {
		*n = 0
		return nil
	}
	if i, err := strconv.ParseInt(text, 10, 64); err == nil {
		*n = anyInt(i)
		return nil
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || f != math.Trunc(f) || f < math.MinInt64 || f >= math.MaxInt64 {
		return fmt.Errorf("want an integer, as a number or a string of digits, got %s", b)
	}
	*n = anyInt(f)
	return nil
}

// anyBool is a boolean as servers of this kind answer one: true or false,
// or a string that strconv.ParseBool takes ("true", "1", "F"); null and ""
// are false.
type anyBool bool

func (v *anyBool) UnmarshalJSON(b []byte) error {
	text, err := scalarText(b)
	if err == nil && text == "" {
		*v = false
		return nil
	}
	parsed, perr := strconv.ParseBool(text)
	if err != nil || perr != nil {
		return fmt.Errorf("want true or false, got %s", b)
	}
	*v = anyBool(parsed)
	return nil
}

// scalarText returns a JSON string's content, trimmed, or a number's or a
// boolean's literal; null is "". Other JSON values are an error.
func scalarText(b []byte) (string, error) {
	text, _, err := client.JSONScalar(b)
	return strings.TrimSpace(text), err
}
