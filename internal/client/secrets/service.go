package secrets

import "github.com/stackworks/terraform-provider-stack/internal/client"

// Service describes the secrets service to the provider and the tests.
var Service = &client.Service{
	Name:           "secrets service",
	Block:          "secrets",
	EnvPrefix:      "STACK_SECRETS",
	ExampleAddress: "https://secrets.example.com:8200",
	AuthHeader:     TokenHeader,
	DecodeError:    DecodeError,
	SecretFields:   SecretFields(),
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
