package secrets

import (
	"net/http"
	"net/url"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// Service describes the secrets service to the provider and the tests.
var Service = &client.Service{
	Name:           "secrets service",
	Block:          "secrets",
	EnvPrefix:      "STACK_SECRETS",
	ExampleAddress: "https://secrets.example.com:8200",
	AuthHeader:     TokenHeader,
	DecodeError:    DecodeError,
	SecretFields:   SecretFields(),
	APIPath:        "/v1",
	// The service's 404 of a missing object is its error form without a
	// message, {"errors": []}; its 404 of an unknown path names it
	// ("unsupported path", "no handler for route"), and a proxy's is
	// another body.
	NotFound: func(body []byte, _ string) bool {
		msgs, ok := errorList(body)
		return ok && len(msgs) == 0
	},
	// The health endpoint answers without a token, in the root namespace
	// only, and on standbys too when asked to.
	Probe: &client.Probe{
		Method: http.MethodGet, Path: "/v1/sys/health",
		Query:  url.Values{"standbyok": {"true"}, "perfstandbyok": {"true"}},
		Header: http.Header{NamespaceHeader: nil},
		Check:  client.CheckAnswer,
	},
	Settings: []client.Setting{
		{
			Name: "namespace", Env: "NAMESPACE", Header: NamespaceHeader,
			Description: "Namespace sent in `X-Secrets-Namespace`; empty (or `root`) for the root namespace.",
		},
	},
	NewClient: func(transport *client.Client, _ map[string]string) any {
		return NewClient(transport)
	},
}
