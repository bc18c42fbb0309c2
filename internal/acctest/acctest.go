// Package acctest is the acceptance-test harness: an emulator per test, the
// provider served in-process, and the provider block that joins them. Tests
// configure the provider in their HCL rather than through process-wide
// environment variables, so they can run in parallel.
//
// Every service's harness is a Service built from the service's
// descriptor (client.Service): how its emulator starts for a test, its
// provider block, its test client and the count of the requests it saw are
// written once, here. Scheduler, Secrets and Platform add only what is
// their service's own (the secrets namespace, the platform organization).
//
// With STACK_SCHEDULER_ADDR and STACK_SCHEDULER_TOKEN set, NewScheduler
// targets that server instead of an emulator; tests that need the
// emulator's fault injection or variants call NewSchedulerEmulator, which
// always starts one. NewSecrets and NewPlatform do the same with their
// services' variables.
package acctest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	"github.com/stackworks/terraform-provider-stack/internal/provider"
)

// DefaultReplicaLag is the scheduler replica lag of every test emulator, so
// that every test also proves the provider copes with a lagging replica.
const DefaultReplicaLag = 300 * time.Millisecond

// ProviderFactories serves the provider in-process to Terraform.
var ProviderFactories = map[string]func() (tfprotov6.ProviderServer, error){
	"stack": providerserver.NewProtocol6WithError(provider.New("test")()),
}

// Service is one test's service, of typed client C: an emulator, or a
// real server.
type Service[C any] struct {
	// Descriptor is the service's descriptor, from which the provider
	// block and the test's client are built.
	Descriptor *client.Service
	URL        string
	Token      string
	// Emulator is nil when the test targets a real server.
	Emulator *emulator.Emulator
	restart  func(testing.TB) *emulator.Emulator
}

// serverFromEnv is the real server that the descriptor's ADDR and TOKEN
// variables name, if both are set.
func serverFromEnv[C any](desc *client.Service) (Service[C], bool) {
	addr, token := os.Getenv(desc.Env("ADDR")), os.Getenv(desc.Env("TOKEN"))
	return Service[C]{Descriptor: desc, URL: addr, Token: token}, addr != "" && token != ""
}

// startService starts an emulator with opts for one test, whose token for
// the service is token.
func startService[C any](t testing.TB, desc *client.Service, opts emulator.Options, token string) Service[C] {
	t.Helper()
	emu, url, restart := startEmulator(t, opts)
	return Service[C]{Descriptor: desc, URL: url, Token: token, Emulator: emu, restart: restart}
}

// Block is the provider block for this service with token and settings,
// as ProviderBlock writes it, with six retries.
func (s *Service[C]) Block(token string, settings map[string]string) string {
	return ProviderBlock(s.Descriptor, s.URL, token, 6, settings)
}

// ProviderBlock is the provider block of one service, its descriptor's
// block with address, token and settings, the descriptor's settings by
// name: each one in settings is written, even empty, in the descriptor's
// order; the others are left out.
func ProviderBlock(desc *client.Service, address, token string, maxRetries int, settings map[string]string) string {
	var extra strings.Builder
	for _, st := range desc.Settings {
		if v, ok := settings[st.Name]; ok {
			fmt.Fprintf(&extra, "\n    %s = %q", st.Name, v)
		}
	}
	return fmt.Sprintf(`
provider "stack" {
  max_retries = %d
  %s {
    address = %q
    token   = %q%s
  }
}
`, maxRetries, desc.Block, address, token, extra.String())
}

// ClientWith is the service's typed client for a test's own checks and
// out-of-band changes, independent of the provider under test, built from
// the descriptor as the provider builds it (secrets masked in logs
// alike), with quick retries and the given settings.
func (s *Service[C]) ClientWith(t testing.TB, settings map[string]string) C {
	t.Helper()
	cfg := s.Descriptor.Config(s.URL, s.Token, settings)
	cfg.UserAgent = "terraform-provider-stack-acctest"
	cfg.MaxRetries = 6
	cfg.RetryWaitMin = 10 * time.Millisecond
	cfg.RetryWaitMax = 200 * time.Millisecond
	c, err := client.New(cfg)
	if err != nil {
		t.Fatalf("%s client: %v", s.Descriptor.Name, err)
	}
	typed, ok := s.Descriptor.NewClient(c, settings).(C)
	if !ok {
		t.Fatalf("%s client: not a %T", s.Descriptor.Name, typed)
	}
	return typed
}

// Stats is the emulator's count of the requests it saw; false when the
// test targets a real server, whose requests are not counted.
func (s *Service[C]) Stats() (emulator.Stats, bool) {
	if s.Emulator == nil {
		return emulator.Stats{}, false
	}
	return s.Emulator.Stats(), true
}

// RequestsSince returns the requests the emulator counted since before,
// by route, leaving out the routes it saw no more of.
func (s *Service[C]) RequestsSince(before emulator.Stats) map[string]int64 {
	sent := map[string]int64{}
	now, _ := s.Stats()
	for route, n := range now.Requests {
		if d := n - before.Requests[route]; d != 0 {
			sent[route] = d
		}
	}
	return sent
}

// Restart replaces the emulator with a new one, of the same options, at the
// same address, as a restart of stack-emulator does: without a state file
// the data is gone and the scheduler's index starts again from 1, so that
// clients holding an index see it go backwards. (A reset empties the data
// but keeps the index growing.)
func (s *Service[C]) Restart(t testing.TB) {
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
