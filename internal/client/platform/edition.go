package platform

import (
	"context"
	"fmt"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// Editions of the platform, which GET /ping's TFP-AppName tells apart.
const (
	EditionHosted     = "hosted"
	EditionSelfHosted = "self-hosted"
	// HostedAppName is TFP-AppName of the hosted edition: clients compare
	// it exactly, and take any other name for the self-hosted edition.
	HostedAppName = "HCP Terraform"
)

// appNameHeader names the edition on GET /ping's answer.
const appNameHeader = "TFP-AppName"

// Edition is the platform's edition, EditionHosted or EditionSelfHosted,
// from TFP-AppName of GET /ping: the probe that the transport sends once,
// before its first request, so that knowing it costs no request of its
// own. It is "" when unknown: the ping failed or named no edition, or
// the transport sends no probe.
func (c *Client) Edition(ctx context.Context) string {
	resp, err := c.transport.Probe(ctx)
	if err != nil || resp == nil {
		return ""
	}
	switch name := resp.Header.Get(appNameHeader); name {
	case "":
		return ""
	case HostedAppName:
		return EditionHosted
	default:
		return EditionSelfHosted
	}
}

// RequireSelfHosted is nil unless the platform is known to be the hosted
// edition, where what only the self-hosted edition serves (what, such as
// "data retention policies") is not: then it is an *EditionError. An
// unknown edition is no refusal: the server answers for itself.
func (c *Client) RequireSelfHosted(ctx context.Context, what string) error {
	if c.Edition(ctx) != EditionHosted {
		return nil
	}
	return &EditionError{What: what}
}

// EditionError is a call of what only the self-hosted edition serves,
// refused unsent because the platform is the hosted edition, which would
// answer it 404 as it answers an object that does not exist: it is no
// 404, so that nothing takes it for an object gone.
type EditionError struct {
	// What is what the call manages, in the plural: "data retention
	// policies".
	What string
	// Method and Path are the call's, when a call was refused; empty
	// for a check made before any call (at plan).
	Method, Path string
}

func (e *EditionError) Error() string {
	s := fmt.Sprintf("%s are served by the platform's self-hosted edition alone, and the platform that %s names is the hosted edition: "+
		"its GET %s/ping answers %s %q. The hosted edition answers them 404, as it answers what does not exist",
		e.What, Service.AddressSetting(), APIPrefix, appNameHeader, HostedAppName)
	if e.Method != "" {
		s = e.Method + " " + APIPrefix + e.Path + ": not sent: " + s
	}
	return s
}

// selfHostedOnly makes a call of what only the self-hosted edition
// serves: on a platform known to be the hosted edition it is refused
// unsent, with an *EditionError.
func (c *Client) selfHostedOnly(ctx context.Context, what string, r request) ([]byte, error) {
	if err := c.refuseOnHosted(ctx, what, r.method, r.at); err != nil {
		return nil, err
	}
	return c.send(ctx, r)
}

// refuseOnHosted is the *EditionError of a call, method at at, of what
// only the self-hosted edition serves, on a platform known to be the
// hosted edition; nil otherwise.
func (c *Client) refuseOnHosted(ctx context.Context, what, method string, at ref) error {
	if c.Edition(ctx) == EditionHosted {
		return &EditionError{What: what, Method: method, Path: at.path}
	}
	return nil
}

// AdminError is a 404 of the admin API to a token that is not the site
// administrator's, which the admin API answers as it answers what does
// not exist: it is no 404, so that nothing takes it for an object gone.
type AdminError struct {
	// NotFound is the admin API's answer.
	NotFound error
}

func (e *AdminError) Error() string {
	return fmt.Sprintf("%s: the admin API answers 404 to every token but a site administrator's, "+
		"and the token of %s is not a site administrator's (GET %s/account/details answers is-admin false): "+
		"give the provider a site administrator's token",
		e.NotFound, Service.TokenSetting(), APIPrefix)
}

// admin makes a call of the self-hosted edition's admin API, which only a
// site administrator's token may make: refused unsent on the hosted
// edition (*EditionError), and its 404 an *AdminError when the token is
// not a site administrator's (see adminNotFound).
func (c *Client) admin(ctx context.Context, what string, r request) ([]byte, error) {
	raw, err := c.selfHostedOnly(ctx, what, r)
	return raw, c.adminNotFound(ctx, err)
}

// adminNotFound is err, the error of a call of the admin API, or, when it
// is a 404 and the token is not a site administrator's, which the token's
// own account tells (one more request, on a 404 only), an *AdminError.
func (c *Client) adminNotFound(ctx context.Context, err error) error {
	if !client.IsNotFound(err) {
		return err
	}
	if me, meErr := c.Users.ReadCurrent(ctx); meErr == nil && (me.IsAdmin == nil || !*me.IsAdmin) {
		return &AdminError{NotFound: err}
	}
	return err
}
