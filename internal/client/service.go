package client

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// Service describes one service the provider talks to, once: its name, its
// block of provider settings and their environment variables, how requests
// authenticate, how its errors read, and which fields are secret. The
// provider's configuration, the resources' lookup of their client and the
// acceptance tests' own clients are all built from it, so that a service is
// added in one place.
type Service struct {
	// Name is how messages name the service: "scheduler", "secrets service".
	Name string
	// Block is the provider's settings block: "scheduler". Its settings
	// are named Block+"."+setting, such as "scheduler.address".
	Block string
	// EnvPrefix prefixes the environment variables of the block's
	// settings: STACK_SCHEDULER gives STACK_SCHEDULER_ADDR and
	// STACK_SCHEDULER_TOKEN.
	EnvPrefix string
	// ExampleAddress is an address for documentation and messages.
	ExampleAddress string
	// AuthHeader carries AuthPrefix + the token on every request.
	AuthHeader, AuthPrefix string
	// DecodeError turns the service's error bodies into messages; nil
	// takes the body as text.
	DecodeError func(body []byte, contentType string) string
	// SecretFields name the JSON fields that never reach the log.
	SecretFields []string
	// APIPath is where the API's paths start under the service's address,
	// such as "/v1": an address given with it (the API's URL, which users
	// paste as often as the server's) is the same address.
	APIPath string
	// NotFound and Probe are the transport's Config.NotFound and
	// Config.Probe: how to tell the service's own "no such object" from
	// another 404, and the request that shows an address serves the API.
	NotFound func(body []byte, contentType string) bool
	Probe    *Probe
	// AmbiguousNotFound says that the service answers 404 also for an
	// object that the token may not see, so that a 404 does not prove the
	// object gone: resources that a refresh no longer finds say so in a
	// warning, with the server's answer.
	AmbiguousNotFound bool
	// ConfirmGone, when set, is asked before a 404 of a refresh removes a
	// resource from the state, given the service's typed client and the
	// resource's ScopeAttribute in the state ("" when it has none). An
	// error keeps the resource in the state and fails the refresh: the
	// 404 meant that the token may not see the object, not that it is
	// gone.
	ConfirmGone func(ctx context.Context, typed any, scope string) error
	// ScopeAttribute is the attribute that holds what ConfirmGone checks
	// the token sees, such as the platform's "organization".
	ScopeAttribute string
	// MissingScope words a create's 404 when ConfirmGone finds that the
	// token does not see the container that the resource's ScopeAttribute
	// names: what to check, such as a reference to the resource that
	// creates the container in the same configuration.
	MissingScope func(scope string) string
	// TerraformCredentials says that a token left unset in the block and
	// its variable comes from Terraform's own credentials for the host of
	// the address (TF_TOKEN_<host>, the CLI configuration), where users of
	// the service's incumbent provider keep it: the platform's.
	TerraformCredentials bool
	// Settings are the block's settings besides address and token.
	Settings []Setting
	// NewClient wraps the service's transport in its typed client, given
	// the values of Settings by name ("" when unset).
	NewClient func(transport *Client, settings map[string]string) any
}

// Setting is one setting of a service's block besides address and token.
type Setting struct {
	// Name is the attribute in the block: "region".
	Name string
	// Env is the environment variable's suffix after the service's prefix:
	// "REGION" for STACK_SCHEDULER_REGION.
	Env string
	// Description is the attribute's description, without the sentence
	// naming its environment variable, which is added.
	Description string
	// OneOf, when not empty, lists the values the setting may take.
	OneOf []string
	// Check, when set, checks a value that is not a choice among names,
	// such as a number, and says what is wrong with it.
	Check func(value string) error
	// Header, when set, carries the setting's value, if any, on every
	// request.
	Header string
}

// AddressSetting names the address setting and its variable for messages:
// "scheduler.address (or STACK_SCHEDULER_ADDR)".
func (s *Service) AddressSetting() string { return s.setting("address", "ADDR") }

// TokenSetting is AddressSetting for the token.
func (s *Service) TokenSetting() string { return s.setting("token", "TOKEN") }

// SettingName is AddressSetting for one of Settings.
func (s *Service) SettingName(st Setting) string { return s.setting(st.Name, st.Env) }

// Env is the environment variable of a setting, by its suffix: Env("ADDR").
func (s *Service) Env(suffix string) string { return s.EnvPrefix + "_" + suffix }

func (s *Service) setting(name, env string) string {
	return fmt.Sprintf("%s.%s (or %s)", s.Block, name, s.Env(env))
}

// Config is the transport configuration of the service at address with
// token and the values of Settings by name; shared settings (TLS,
// retries, timeouts) are the caller's to add.
func (s *Service) Config(address, token string, settings map[string]string) Config {
	headers := map[string]string{}
	for _, st := range s.Settings {
		if v := settings[st.Name]; st.Header != "" && v != "" {
			headers[st.Header] = v
		}
	}
	return Config{
		BaseURL:      s.TrimAPIPath(address),
		AuthHeader:   s.AuthHeader,
		AuthPrefix:   s.AuthPrefix,
		Token:        token,
		Headers:      headers,
		DecodeError:  s.DecodeError,
		SecretFields: s.SecretFields,
		Service:      s.Name,
		Setting:      s.AddressSetting(),
		ExampleURL:   s.ExampleAddress,
		TokenSetting: s.TokenSetting(),
		NotFound:     s.NotFound,
		Probe:        s.Probe,
	}
}

// TrimAPIPath returns address without a trailing APIPath (and slash):
// https://host/api/v2/ and https://host are the same platform.
func (s *Service) TrimAPIPath(address string) string {
	trimmed := strings.TrimRight(address, "/")
	if s.APIPath != "" && strings.HasSuffix(trimmed, s.APIPath) {
		return strings.TrimSuffix(trimmed, s.APIPath)
	}
	return address
}

// CheckSetting checks a setting's value against OneOf and Check; ""
// (unset) passes.
func (st Setting) CheckSetting(value string) error {
	if value == "" {
		return nil
	}
	if len(st.OneOf) > 0 && !slices.Contains(st.OneOf, value) {
		return fmt.Errorf("must be one of %q, got %q", st.OneOf, value)
	}
	if st.Check != nil {
		return st.Check(value)
	}
	return nil
}

// Clients is what the provider's configuration hands to every resource and
// data source: the typed client of each service whose address is known, and
// the settings each service still lacks, so that errors can name them.
type Clients struct {
	byService map[*Service]serviceClient
}

type serviceClient struct {
	client  any
	missing []string
}

// Add records a service's typed client (nil without an address) and its
// missing settings.
func (c *Clients) Add(s *Service, client any, missing []string) {
	if c.byService == nil {
		c.byService = map[*Service]serviceClient{}
	}
	c.byService[s] = serviceClient{client: client, missing: missing}
}

// Get returns a service's typed client, nil when it has none, and the
// settings it lacks.
func (c *Clients) Get(s *Service) (client any, missing []string) {
	sc := c.byService[s]
	return sc.client, sc.missing
}
