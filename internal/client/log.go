package client

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// Log field names.
const (
	fieldMethod   = "http.method"
	fieldPath     = "http.path"
	fieldQuery    = "http.query"
	fieldAttempt  = "attempt"
	fieldStatus   = "http.status_code"
	fieldDuration = "duration_ms"
)

const maskText = "***"

// call is the state of one Do that its attempts share: what the retry
// policy needs to know and what every log line needs to mask.
type call struct {
	// parent is the caller's context; its end ends the call.
	parent context.Context
	// ctx is parent with the log masks, and carries the call to
	// attemptTransport.
	ctx context.Context

	method, path, query string
	idempotent          bool
	// firstContact marks the client's probe: an address that cannot be
	// reached fails it at once, without retries.
	firstContact bool
	// maxServerWait is the longest wait before a retry that a server may
	// ask for; refusedWait is the longer one a server asked for, which
	// ended the call.
	maxServerWait, refusedWait time.Duration
	authHeader                 string
	masker                     *masker
	pacer                      Pacer
	// silent: nothing is logged, so nothing needs masking either.
	silent   bool
	reqBody  string // masked
	start    time.Time
	attempts atomic.Int32
	// connected says whether the current attempt got a connection to
	// the server. Without one the server cannot have seen the request.
	connected atomic.Bool
}

type callKey struct{}

func callFrom(ctx context.Context) *call {
	cl, _ := ctx.Value(callKey{}).(*call)
	return cl
}

func (c *Client) newCall(ctx context.Context, req *Request, body []byte) *call {
	cl := &call{
		parent:     ctx,
		start:      time.Now(),
		method:     req.Method,
		path:       req.Path,
		query:      req.Query.Encode(),
		idempotent: req.Idempotent || idempotentMethods[req.Method],
		// RetryWaitMax is the practitioner's own bound on waits, so a
		// longer one lifts the cap.
		maxServerWait: max(c.cfg.RetryWaitMax, serverWaitCap),
		authHeader:    c.cfg.AuthHeader,
		masker:        c.masker,
		pacer:         c.pacer,
		silent:        c.cfg.Silent,
	}
	if cl.silent {
		cl.ctx = context.WithValue(ctx, callKey{}, cl)
		return cl
	}
	var secrets []string
	cl.reqBody, secrets = c.masker.mask(body)
	if c.cfg.Token != "" {
		secrets = append(secrets, c.cfg.Token)
	}
	// The bodies are masked by field before they are logged; tflog's own
	// masks add a second line of defense for anything else that might
	// carry a secret, such as a plain-text error echoing the request.
	if len(secrets) > 0 {
		ctx = tflog.MaskLogStrings(ctx, secrets...)
	}
	cl.ctx = context.WithValue(ctx, callKey{}, cl)
	return cl
}

func (cl *call) fields(extra map[string]any) map[string]any {
	f := map[string]any{fieldMethod: cl.method, fieldPath: cl.path}
	if cl.query != "" {
		f[fieldQuery] = cl.query
	}
	maps.Copy(f, extra)
	return f
}

func (cl *call) logRequest(req *http.Request, attempt int) {
	if cl.silent {
		return
	}
	tflog.Debug(cl.ctx, "Sending HTTP request", cl.fields(map[string]any{fieldAttempt: attempt}))
	tflog.Trace(cl.ctx, "HTTP request headers and body", cl.fields(map[string]any{
		fieldAttempt:          attempt,
		"http.request.header": cl.headerText(req.Header),
		"http.request.body":   cl.reqBody,
	}))
}

func (cl *call) logFailure(attempt int, elapsed time.Duration, err error) {
	if cl.silent {
		return
	}
	tflog.Debug(cl.ctx, "HTTP request failed", cl.fields(map[string]any{
		fieldAttempt:  attempt,
		fieldDuration: elapsed.Milliseconds(),
		"error":       err.Error(),
	}))
}

func (cl *call) logResponse(resp *http.Response, body []byte, attempt int, elapsed time.Duration) {
	if cl.silent {
		return
	}
	tflog.Debug(cl.ctx, "Received HTTP response", cl.fields(map[string]any{
		fieldAttempt:  attempt,
		fieldStatus:   resp.StatusCode,
		fieldDuration: elapsed.Milliseconds(),
	}))
	masked, secrets := cl.masker.mask(body)
	ctx := cl.ctx
	if len(secrets) > 0 {
		ctx = tflog.MaskLogStrings(ctx, secrets...)
	}
	tflog.Trace(ctx, "HTTP response headers and body", cl.fields(map[string]any{
		fieldAttempt:           attempt,
		fieldStatus:            resp.StatusCode,
		"http.response.header": cl.headerText(resp.Header),
		"http.response.body":   masked,
	}))
}

// headerText shows headers one a line, sorted, with the token masked.
func (cl *call) headerText(h http.Header) string {
	h = h.Clone()
	if cl.authHeader != "" && h.Get(cl.authHeader) != "" {
		h.Set(cl.authHeader, maskText)
	}
	var b strings.Builder
	_ = h.Write(&b)
	return strings.ReplaceAll(strings.TrimSpace(b.String()), "\r\n", "\n")
}

// masker hides the values of secret JSON fields in bodies.
type masker struct {
	keys []string
	// text finds "key": "value" pairs in a body that is not valid JSON,
	// such as an error body cut at its size limit.
	text *regexp.Regexp
}

func newMasker(keys []string) *masker {
	m := &masker{keys: keys}
	if len(keys) > 0 {
		quoted := make([]string, len(keys))
		for i, k := range keys {
			quoted[i] = regexp.QuoteMeta(k)
		}
		m.text = regexp.MustCompile(`(?i)"(` + strings.Join(quoted, "|") + `)"(\s*:\s*)"(?:[^"\\]|\\.)*"?`)
	}
	return m
}

// mask returns body as text with every secret field's value replaced, at
// any depth, and the secret values it found, so that they can be masked
// wherever else they appear.
func (m *masker) mask(body []byte) (string, []string) {
	if len(body) == 0 || len(m.keys) == 0 {
		return string(body), nil
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil || dec.More() {
		return m.text.ReplaceAllString(string(body), `"$1"$2"`+maskText+`"`), nil
	}
	var secrets []string
	v = m.walk(v, &secrets)
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Cannot happen for what the decoder produced; never fall back
		// to the unmasked body.
		return maskText, secrets
	}
	return strings.TrimSpace(out.String()), secrets
}

func (m *masker) walk(v any, secrets *[]string) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			if !m.isSecret(k) {
				t[k] = m.walk(x, secrets)
				continue
			}
			if found := leaves(x); len(found) > 0 {
				*secrets = append(*secrets, found...)
				t[k] = maskText
			}
		}
	case []any:
		for i, x := range t {
			t[i] = m.walk(x, secrets)
		}
	}
	return v
}

func (m *masker) isSecret(key string) bool {
	for _, k := range m.keys {
		// Servers may spell a field in any case; Go decodes it anyway.
		if strings.EqualFold(k, key) {
			return true
		}
	}
	return false
}

// leaves returns the non-empty strings and numbers in v. An empty secret is
// left as it is, since showing that it is empty reveals nothing.
func leaves(v any) []string {
	switch t := v.(type) {
	case string:
		if t != "" {
			return []string{t}
		}
	case json.Number:
		return []string{t.String()}
	case map[string]any:
		var out []string
		for _, x := range t {
			out = append(out, leaves(x)...)
		}
		return out
	case []any:
		var out []string
		for _, x := range t {
			out = append(out, leaves(x)...)
		}
		return out
	}
	return nil
}
