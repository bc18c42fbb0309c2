// Package acctest is the acceptance-test harness: an emulator per test, the
// provider served in-process, and the provider block that joins them. Tests
// configure the provider in their HCL rather than through process-wide
// environment variables, so they can run in parallel.
//
// With STACK_SCHEDULER_ADDR and STACK_SCHEDULER_TOKEN set, NewScheduler
// targets that server instead of an emulator; tests that need the
// emulator's fault injection or variants call NewSchedulerEmulator, which
// always starts one. NewSecrets and NewPlatform do the same with their
// services' variables.
package acctest

import (
	"cmp"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	schedulerclient "github.com/stackworks/terraform-provider-stack/internal/client/scheduler"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuscheduler "github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/provider"
)

// DefaultReplicaLag is the scheduler replica lag of every test emulator, so
// that every test also proves the provider copes with a lagging replica.
const DefaultReplicaLag = 300 * time.Millisecond

// ProviderFactories serves the provider in-process to Terraform.
var ProviderFactories = map[string]func() (tfprotov6.ProviderServer, error){
	"stack": providerserver.NewProtocol6WithError(provider.New("test")()),
}

// Scheduler is one test's scheduler: an emulator, or a real server.
type Scheduler struct {
	URL   string
	Token string
	// Emulator is nil when the test targets a real server.
	Emulator *emulator.Emulator
	restart  func(testing.TB) *emulator.Emulator
}

// NewScheduler returns the scheduler a test runs against: the server named
// by STACK_SCHEDULER_ADDR and STACK_SCHEDULER_TOKEN when both are set, else
// a new emulator with replica lag.
func NewScheduler(t *testing.T) *Scheduler {
	t.Helper()
	addr, token := os.Getenv("STACK_SCHEDULER_ADDR"), os.Getenv("STACK_SCHEDULER_TOKEN")
	if addr != "" && token != "" {
		return &Scheduler{URL: addr, Token: token}
	}
	return NewSchedulerEmulator(t, emulator.Options{Scheduler: emuscheduler.Options{ReplicaLag: DefaultReplicaLag}})
}

// NewSchedulerEmulator starts an emulator with the given options for one
// test, whatever the environment says.
func NewSchedulerEmulator(t testing.TB, opts emulator.Options) *Scheduler {
	t.Helper()
	emu, url, restart := startEmulator(t, opts)
	return &Scheduler{URL: url, Token: cmp.Or(opts.Scheduler.ManagementToken, "scheduler-root"), Emulator: emu, restart: restart}
}

// Restart replaces the emulator with a new one, of the same options, at the
// same address, as a restart of stack-emulator does: without a state file
// the data is gone and the scheduler's index starts again from 1, so that
// clients holding an index see it go backwards. (A reset empties the data
// but keeps the index growing.)
func (s *Scheduler) Restart(t testing.TB) {
	t.Helper()
	if s.restart == nil {
		t.Fatal("Restart needs an emulator: this test targets a real server")
	}
	s.Emulator = s.restart(t)
}

// startEmulator serves a new emulator, and returns it, its URL, and a
// function that restarts it at that URL.
func startEmulator(t testing.TB, opts emulator.Options) (*emulator.Emulator, string, func(testing.TB) *emulator.Emulator) {
	t.Helper()
	var current atomic.Pointer[emulator.Emulator]
	start := func(t testing.TB) *emulator.Emulator {
		t.Helper()
		// The old one writes its state file, if any, before the new one
		// reads it.
		closeEmulator(t, current.Load())
		emu, err := emulator.New(opts)
		if err != nil {
			t.Fatalf("starting the emulator: %v", err)
		}
		current.Store(emu)
		return emu
	}
	emu := start(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		current.Load().ServeHTTP(w, r)
	}))
	t.Cleanup(func() {
		srv.Close()
		closeEmulator(t, current.Load())
	})
	return emu, srv.URL, start
}

func closeEmulator(t testing.TB, emu *emulator.Emulator) {
	if emu == nil {
		return
	}
	if err := emu.Close(); err != nil {
		t.Errorf("closing the emulator: %v", err)
	}
}

// ProviderConfig is the provider block for this scheduler.
func (s *Scheduler) ProviderConfig() string {
	return s.ProviderConfigWithToken(s.Token)
}

// ProviderConfigWithToken is the provider block with another token.
func (s *Scheduler) ProviderConfigWithToken(token string) string {
	return fmt.Sprintf(`
provider "stack" {
  max_retries = 6
  scheduler {
    address = %q
    token   = %q
  }
}
`, s.URL, token)
}

// Client is a scheduler client for a test's own checks and out-of-band
// changes, independent of the provider under test.
func (s *Scheduler) Client(t testing.TB) *schedulerclient.Client {
	t.Helper()
	return serviceClient[*schedulerclient.Client](t, schedulerclient.Service, s.URL, s.Token, nil)
}

// serviceClient builds a service's typed client from its descriptor, as
// the provider does (secrets masked in logs alike), with quick retries.
func serviceClient[C any](t testing.TB, svc *client.Service, url, token string, settings map[string]string) C {
	t.Helper()
	cfg := svc.Config(url, token, settings)
	cfg.UserAgent = "terraform-provider-stack-acctest"
	cfg.MaxRetries = 6
	cfg.RetryWaitMin = 10 * time.Millisecond
	cfg.RetryWaitMax = 200 * time.Millisecond
	c, err := client.New(cfg)
	if err != nil {
		t.Fatalf("%s client: %v", svc.Name, err)
	}
	typed, ok := svc.NewClient(c, settings).(C)
	if !ok {
		t.Fatalf("%s client: not a %T", svc.Name, typed)
	}
	return typed
}

// Secrets is one test's secrets service: an emulator, or a real server.
type Secrets struct {
	URL       string
	Token     string
	Namespace string
	// Emulator is nil when the test targets a real server.
	Emulator *emulator.Emulator
}

// NewSecrets returns the secrets service a test runs against: the server
// named by STACK_SECRETS_ADDR and STACK_SECRETS_TOKEN (and
// STACK_SECRETS_NAMESPACE) when set, else a new emulator.
func NewSecrets(t *testing.T) *Secrets {
	t.Helper()
	addr, token := os.Getenv("STACK_SECRETS_ADDR"), os.Getenv("STACK_SECRETS_TOKEN")
	if addr != "" && token != "" {
		return &Secrets{URL: addr, Token: token, Namespace: os.Getenv("STACK_SECRETS_NAMESPACE")}
	}
	return NewSecretsEmulator(t, emulator.Options{})
}

// NewSecretsEmulator starts an emulator with the given options for one
// test, whatever the environment says.
func NewSecretsEmulator(t testing.TB, opts emulator.Options) *Secrets {
	t.Helper()
	emu, url, _ := startEmulator(t, opts)
	return &Secrets{URL: url, Token: cmp.Or(opts.Secrets.Token, "secrets-root"), Emulator: emu}
}

// ProviderConfig is the provider block for this secrets service.
func (s *Secrets) ProviderConfig() string {
	return s.ProviderConfigInNamespace(s.Namespace)
}

// ProviderConfigInNamespace is the provider block acting in a namespace.
func (s *Secrets) ProviderConfigInNamespace(namespace string) string {
	return fmt.Sprintf(`
provider "stack" {
  max_retries = 6
  secrets {
    address   = %q
    token     = %q
    namespace = %q
  }
}
`, s.URL, s.Token, namespace)
}

// Client is a secrets client for a test's own checks and out-of-band
// changes, independent of the provider under test.
func (s *Secrets) Client(t testing.TB) *secretsclient.Client {
	t.Helper()
	return serviceClient[*secretsclient.Client](t, secretsclient.Service, s.URL, s.Token, map[string]string{"namespace": s.Namespace})
}
