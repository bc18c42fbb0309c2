package acctest

import (
	"cmp"
	"os"
	"testing"

	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// Secrets is one test's secrets service: an emulator, or a real server.
type Secrets struct {
	Service[*secretsclient.Client]
	// Namespace is the namespace of ProviderConfig's block and Client.
	Namespace string
}

// NewSecrets returns the secrets service a test runs against: the server
// named by STACK_SECRETS_ADDR and STACK_SECRETS_TOKEN (and
// STACK_SECRETS_NAMESPACE) when set, else a new emulator.
func NewSecrets(t *testing.T) *Secrets {
	t.Helper()
	if srv, ok := serverFromEnv[*secretsclient.Client](secretsclient.Service); ok {
		return &Secrets{Service: srv, Namespace: os.Getenv(secretsclient.Service.Env("NAMESPACE"))}
	}
	return NewSecretsEmulator(t, emulator.Options{})
}

// NewSecretsEmulator starts an emulator with the given options for one
// test, whatever the environment says.
func NewSecretsEmulator(t testing.TB, opts emulator.Options) *Secrets {
	t.Helper()
	return &Secrets{Service: startService[*secretsclient.Client](t, secretsclient.Service, opts, cmp.Or(opts.Secrets.Token, "secrets-root"))}
}

// ProviderConfig is the provider block for this secrets service.
func (s *Secrets) ProviderConfig() string { return s.ProviderConfigInNamespace(s.Namespace) }

// ProviderConfigInNamespace is the provider block acting in a namespace.
func (s *Secrets) ProviderConfigInNamespace(namespace string) string {
	return s.Block(s.Token, map[string]string{"namespace": namespace})
}

// Client is a secrets client for a test's own checks and out-of-band
// changes, independent of the provider under test.
func (s *Secrets) Client(t testing.TB) *secretsclient.Client {
	t.Helper()
	return s.ClientWith(t, map[string]string{"namespace": s.Namespace})
}
