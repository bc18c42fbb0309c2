// Package client is the one HTTP transport that every service's typed client
// shares: base URL, authentication header, TLS, per-attempt timeouts,
// retries, typed errors and logging through tflog with secrets masked.
//
// The typed clients under it, one per service, know the paths and the
// objects; this package knows only requests and responses, so that retry
// and masking rules are written once and hold for every service.
package client

import (
	"bytes"
	"cmp"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/hashicorp/go-cleanhttp"
	"github.com/hashicorp/go-retryablehttp"
)

// Config says how to reach one service.
type Config struct {
	// BaseURL is the server's address, such as http://127.0.0.1:8080. The
	// service's path prefix (/v1, /api/v2) belongs to the typed client.
	BaseURL string
	// Service names the service in messages, as a noun that reads after
	// "the", such as "scheduler" or "secrets service"; empty means
	// "server".
	Service string
	// Setting names where the practitioner sets BaseURL, such as
	// "scheduler.address (or STACK_SCHEDULER_ADDR)", so that an invalid
	// address and a server that cannot be reached say what to check;
	// empty means "the address".
	Setting string
	// ExampleURL is a valid address of the service, such as
	// https://scheduler.example.com:4646, shown when BaseURL is not
	// one; empty means https://server.example.com.
	ExampleURL string
	// TokenSetting names where the practitioner sets Token, such as
	// "scheduler.token (or STACK_SCHEDULER_TOKEN)", for the errors of a
	// refused token.
	TokenSetting string
	// AuthHeader carries AuthPrefix+Token on every request when Token is set.
	AuthHeader string
	AuthPrefix string
	Token      string
	// Headers are sent on every request; they may replace the default
	// Accept and Content-Type (application/json).
	Headers   map[string]string
	UserAgent string

	// CACertFile names a PEM file whose certificates are trusted in
	// addition to the system's.
	CACertFile         string
	InsecureSkipVerify bool

	// MaxRetries is how many times a failed attempt may be repeated; 0
	// means one attempt only.
	MaxRetries int
	// RequestTimeout bounds each attempt, response body included; 0 means
	// no bound other than the caller's context.
	RequestTimeout time.Duration
	// RetryWaitMin and RetryWaitMax bound the exponential backoff between
	// attempts when the server does not say how long to wait. Zero means
	// 500ms and 30s.
	RetryWaitMin, RetryWaitMax time.Duration

	// DecodeError turns the service's error body into a message. It gets
	// whatever the server sent, of any type, at most 1 MiB of it, and must
	// not panic. When it is nil or returns "", the message is the body as
	// trimmed text.
	DecodeError func(body []byte, contentType string) string
	// SecretFields names JSON fields whose values never reach the log.
	SecretFields []string
	// NotFound reports whether a 404's body (at most 1 MiB of it) is the
	// service's own answer for an object that does not exist, rather than
	// a page of something else at the address: an unknown route, a proxy,
	// another server. Only such a 404 makes IsNotFound hold, so that a
	// wrong address is never taken for deleted objects. Nil takes every
	// 404 for the service's.
	NotFound func(body []byte, contentType string) bool
	// Probe, when set, is the request that shows the address serves the
	// service's API; the client sends it before its first request, once.
	Probe *Probe
	// Silent skips the logging of requests and responses, and the
	// masking of their bodies that it needs, for a caller whose logs
	// nobody reads: Terraform throws a provider's log lines away unless
	// one of its TF_LOG variables is set.
	Silent bool
}

const (
	defaultRetryWaitMin = 500 * time.Millisecond
	defaultRetryWaitMax = 30 * time.Second
)

// Client sends requests to one service. It is safe for concurrent use.
type Client struct {
	cfg    Config
	base   string
	http   *http.Client
	masker *masker
	// pacer, when set, paces every attempt (see WithPacer).
	pacer Pacer
	// probe holds the answer to Config.Probe, shared with the paced
	// copies of the client.
	probe *probeState
}

// maxIdleConnsPerHost is how many idle connections to a service the client
// keeps for the next requests. Terraform makes up to 10 requests at once by
// default (-parallelism), and cleanhttp keeps only GOMAXPROCS+1, so with
// fewer cores every wave of requests beyond that opened new connections,
// each a new TLS handshake against a real server. 32 leaves room for a
// raised -parallelism.
const maxIdleConnsPerHost = 32

// New checks cfg and builds a client. It fails on an address that is not
// an absolute http(s) URL and on a CA file that cannot be read or holds no
// certificate, so that a misconfiguration shows at configure time rather
// than as a puzzling TLS error on the first request.
func New(cfg Config) (*Client, error) {
	cfg.Service = cmp.Or(cfg.Service, "server")
	cfg.Setting = cmp.Or(cfg.Setting, "the address")
	cfg.ExampleURL = cmp.Or(cfg.ExampleURL, "https://server.example.com")
	u, err := parseAddress(cfg)
	if err != nil {
		return nil, err
	}
	if cfg.MaxRetries < 0 {
		return nil, fmt.Errorf("invalid max retries %d: must not be negative", cfg.MaxRetries)
	}
	if cfg.RetryWaitMin <= 0 {
		cfg.RetryWaitMin = defaultRetryWaitMin
	}
	if cfg.RetryWaitMax <= 0 {
		cfg.RetryWaitMax = defaultRetryWaitMax
	}
	cfg.RetryWaitMax = max(cfg.RetryWaitMax, cfg.RetryWaitMin)

	tlsConfig, err := tlsConfig(cfg)
	if err != nil {
		return nil, err
	}
	base := cleanhttp.DefaultPooledTransport()
	base.TLSClientConfig = tlsConfig
	base.MaxIdleConnsPerHost = maxIdleConnsPerHost
	return &Client{
		cfg:    cfg,
		base:   strings.TrimRight(u.String(), "/"),
		http:   &http.Client{Transport: &attemptTransport{base: base, timeout: cfg.RequestTimeout}},
		masker: newMasker(cfg.SecretFields),
		probe:  &probeState{},
	}, nil
}

// parseAddress parses cfg.BaseURL, which must be an absolute http(s) URL
// with a host and nothing after its path. The address often comes from an
// environment variable that the practitioner does not see, so the error
// names the setting, the rule, a valid example and the value.
func parseAddress(cfg Config) (*url.URL, error) {
	invalid := func(rule string) error {
		return fmt.Errorf("%s must be %s, such as %s; got %q", cfg.Setting, rule, cfg.ExampleURL, cfg.BaseURL)
	}
	// Checked before parsing: url.Parse reads "host:8080" as the scheme
	// "host", and fails on "127.0.0.1:8080" with a message about paths.
	scheme, _, found := strings.Cut(cfg.BaseURL, "://")
	if !found || !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") {
		return nil, invalid("a URL with an http:// or https:// scheme")
	}
	u, err := url.Parse(cfg.BaseURL)
	if err != nil {
		// url.Error repeats the value, which the message shows anyway.
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err
		}
		return nil, invalid(fmt.Sprintf("a valid URL (%s)", err))
	}
	if u.Host == "" {
		return nil, invalid("a URL with a host")
	}
	if u.RawQuery != "" || u.ForceQuery || u.Fragment != "" {
		return nil, invalid("a URL without a query or fragment")
	}
	return u, nil
}

func tlsConfig(cfg Config) (*tls.Config, error) {
	c := &tls.Config{
		MinVersion: tls.VersionTLS12,
		// The practitioner asks for it explicitly, typically for a
		// test server with a self-signed certificate.
		InsecureSkipVerify: cfg.InsecureSkipVerify, //nolint:gosec // opt-in setting
	}
	if cfg.CACertFile == "" {
		return c, nil
	}
	pem, err := os.ReadFile(cfg.CACertFile)
	if err != nil {
		return nil, fmt.Errorf("reading CA certificate file: %w", err)
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		// Without a system pool (some platforms) the file alone is trusted.
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("CA certificate file %s holds no PEM certificate", cfg.CACertFile)
	}
	c.RootCAs = pool
	return c, nil
}

// Request is one API call.
type Request struct {
	// Method may be any token, such as LIST.
	Method string
	// Path follows the base URL and is sent as written: typed clients
	// escape its segments with url.PathEscape.
	Path  string
	Query url.Values
	// Body is sent JSON-encoded when non-nil.
	Body any
	// Raw, when non-nil (empty included), is sent as it is instead of
	// Body, with the Content-Type that Header gives: an upload.
	Raw []byte
	// Idempotent marks a request that may be repeated after a 502, a 504
	// or a lost connection although its method is not idempotent, such as a
	// POST that writes a whole object.
	Idempotent bool
	Header     http.Header
}

// Response is what a call returned besides its body.
type Response struct {
	StatusCode int
	Header     http.Header
}

// Do sends req, with retries, and decodes a JSON answer into out when out is
// non-nil and the body is not empty. A non-2xx answer is an *Error; the
// Response is returned whenever the server answered, errors included, since
// headers such as an index matter on a 404 too.
func (c *Client) Do(ctx context.Context, req *Request, out any) (*Response, error) {
	if _, err := c.Probe(ctx); err != nil {
		return nil, err
	}
	return c.do(ctx, req, out, false)
}

// do is Do without the probe; firstContact marks the probe itself, which
// an address that refuses connections fails at once, without retries.
func (c *Client) do(ctx context.Context, req *Request, out any, firstContact bool) (*Response, error) {
	body := req.Raw
	if req.Raw == nil && req.Body != nil {
		var err error
		if body, err = json.Marshal(req.Body); err != nil {
			return nil, fmt.Errorf("%s %s: encoding request body: %w", req.Method, req.Path, err)
		}
	}
	cl := c.newCall(ctx, req, body)
	cl.firstContact = firstContact
	hreq, err := c.newHTTPRequest(cl.ctx, req, body)
	if err != nil {
		return nil, err
	}

	rc := &retryablehttp.Client{
		HTTPClient:   c.http,
		RetryWaitMin: c.cfg.RetryWaitMin,
		RetryWaitMax: c.cfg.RetryWaitMax,
		RetryMax:     c.cfg.MaxRetries,
		CheckRetry:   cl.checkRetry,
		Backoff:      cl.backoff,
		// The last answer, whatever it is, becomes the caller's error
		// below, instead of retryablehttp's "giving up" text.
		ErrorHandler: retryablehttp.PassthroughErrorHandler,
	}
	hresp, err := rc.Do(hreq)
	if err != nil {
		if hresp != nil {
			_ = hresp.Body.Close()
		}
		return nil, c.transportError(cl, err)
	}
	defer func() { _ = hresp.Body.Close() }()
	resp := &Response{StatusCode: hresp.StatusCode, Header: hresp.Header}

	// attemptTransport has read the body into memory already.
	b, err := io.ReadAll(hresp.Body)
	if err != nil {
		return resp, c.transportError(cl, err)
	}
	if hresp.StatusCode < 200 || hresp.StatusCode > 299 {
		contentType := hresp.Header.Get("Content-Type")
		var apiErr error = &Error{
			StatusCode: hresp.StatusCode,
			Method:     req.Method,
			Path:       req.Path,
			URL:        c.base + req.Path,
			Message:    c.errorMessage(b, contentType),
			Service:    c.cfg.Service,
			Foreign: hresp.StatusCode == http.StatusNotFound &&
				c.cfg.NotFound != nil && !c.cfg.NotFound(b, contentType),

			Setting:      c.cfg.Setting,
			TokenSetting: c.cfg.TokenSetting,
		}
		if cl.refusedWait > 0 {
			apiErr = &retryRefused{err: apiErr, wait: cl.refusedWait, max: cl.maxServerWait}
		}
		return resp, apiErr
	}
	if raw, ok := out.(*RawBody); ok {
		*raw = b
		return resp, nil
	}
	if out != nil && len(bytes.TrimSpace(b)) > 0 {
		if err := json.Unmarshal(b, out); err != nil {
			return resp, fmt.Errorf("%s %s: decoding the %d response: %w", req.Method, c.base+req.Path, hresp.StatusCode, err)
		}
	}
	return resp, nil
}

// RequestTimeout is the bound of each attempt, 0 for none: a request that
// asks the server to hold its answer, such as a blocking query, must ask
// for less.
func (c *Client) RequestTimeout() time.Duration { return c.cfg.RequestTimeout }

func (c *Client) newHTTPRequest(ctx context.Context, req *Request, body []byte) (*retryablehttp.Request, error) {
	target := c.base + req.Path
	if len(req.Query) > 0 {
		target += "?" + req.Query.Encode()
	}
	var raw any
	if body != nil {
		raw = body
	}
	hreq, err := retryablehttp.NewRequestWithContext(ctx, req.Method, target, raw)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", req.Method, req.Path, err)
	}
	h := hreq.Header
	h.Set("Accept", "application/json")
	if body != nil {
		h.Set("Content-Type", "application/json")
	}
	if c.cfg.UserAgent != "" {
		h.Set("User-Agent", c.cfg.UserAgent)
	}
	for k, v := range c.cfg.Headers {
		h.Set(k, v)
	}
	for k, vs := range req.Header {
		h.Del(k)
		for _, v := range vs {
			h.Add(k, v)
		}
	}
	if c.cfg.Token != "" {
		h.Set(c.cfg.AuthHeader, c.cfg.AuthPrefix+c.cfg.Token)
	}
	return hreq, nil
}

// transportError names the call in an error that is not an HTTP answer: a
// lost connection, a timeout, a canceled context. When the last attempt
// could not even connect, the address is the likely culprit, and the error
// says how hard the client tried and which setting to check.
func (c *Client) transportError(cl *call, err error) error {
	if ctxErr := cl.parent.Err(); ctxErr != nil {
		return fmt.Errorf("%s %s: %w", cl.method, c.base+cl.path, ctxErr)
	}
	// url.Error repeats the full URL, which the method and path say better.
	var uerr *url.Error
	if errors.As(err, &uerr) {
		err = uerr.Err
	}
	var verifyErr *tls.CertificateVerificationError
	if !cl.connected.Load() && !errors.As(err, &verifyErr) {
		return &unreachableError{
			method:   cl.method,
			url:      c.base + cl.path,
			service:  c.cfg.Service,
			setting:  c.cfg.Setting,
			attempts: int(cl.attempts.Load()),
			elapsed:  time.Since(cl.start),
			err:      err,
		}
	}
	return fmt.Errorf("%s %s: %w", cl.method, c.base+cl.path, err)
}
