package secrets

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// Reading a destination's connection_details into state. The read form
// shows every parameter of the type, secrets obfuscated; these keep what
// the practitioner wrote wherever the answer means the same.

// detail reads a non-secret connection detail for state: the server's
// value, with "unset" shown as the prior value's spelling (null or ""). A
// key the server does not report keeps the prior value.
func detail(prior types.String, details map[string]any, key string) types.String {
	v, reported := details[key]
	if !reported {
		return prior
	}
	// Servers answer some details as numbers (installation_id): the text
	// of the number is what the practitioner wrote.
	s, err := dsDetailText(v)
	if err != nil {
		return prior
	}
	return fwutil.StringFromAPI(prior, s)
}

// secretDetail reads a secret connection detail for state: kept as
// configured unless the server shows a value in clear.
func secretDetail(prior types.String, details map[string]any, key string) types.String {
	s, _ := details[key].(string)
	return fwutil.SecretFromAPI(prior, s, fwutil.Obfuscated)
}

// listDetail reads a connection detail that is a list of strings, as detail
// reads a string: a key the server does not report keeps the prior value,
// and "none" keeps the prior value's spelling (null or empty). A string is
// read as a comma-separated list, the form the spec's samples give.
func listDetail(prior types.List, details map[string]any, key string, diags *diag.Diagnostics) types.List {
	raw, reported := details[key]
	if !reported {
		return prior
	}
	var items []string
	switch v := raw.(type) {
	case nil:
	case string:
		for part := range strings.SplitSeq(v, ",") {
			if part = strings.TrimSpace(part); part != "" {
				items = append(items, part)
			}
		}
	case []any:
		for _, e := range v {
			s, ok := e.(string)
			if !ok {
				diags.AddError("Unexpected answer from the secrets service", fmt.Sprintf("connection_details.%s holds %v, not a string.", key, e))
				return prior
			}
			items = append(items, s)
		}
	default:
		diags.AddError("Unexpected answer from the secrets service", fmt.Sprintf("connection_details.%s is %v, not a list of strings.", key, raw))
		return prior
	}
	return fwutil.StringListFromAPI(prior, items)
}

// mapDetail is listDetail for a map of strings.
func mapDetail(prior types.Map, details map[string]any, key string, diags *diag.Diagnostics) types.Map {
	raw, reported := details[key]
	if !reported {
		return prior
	}
	var entries map[string]string
	switch v := raw.(type) {
	case nil:
	case map[string]any:
		entries = make(map[string]string, len(v))
		for k, e := range v {
			s, ok := e.(string)
			if !ok {
				diags.AddError("Unexpected answer from the secrets service", fmt.Sprintf("connection_details.%s.%s holds %v, not a string.", key, k, e))
				return prior
			}
			entries[k] = s
		}
	default:
		diags.AddError("Unexpected answer from the secrets service", fmt.Sprintf("connection_details.%s is %v, not a map of strings.", key, raw))
		return prior
	}
	return fwutil.StringMapFromAPI(prior, entries)
}
