package acctest

import (
	"cmp"
	"os"
	"testing"

	schedulerclient "github.com/stackworks/terraform-provider-stack/internal/client/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuscheduler "github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
)

// Scheduler is one test's scheduler: an emulator, or a real server.
type Scheduler struct {
	Service[*schedulerclient.Client]
}

// NewScheduler returns the scheduler a test runs against: the server named
// by STACK_SCHEDULER_ADDR and STACK_SCHEDULER_TOKEN when both are set, else
// a new emulator with replica lag, whose create of an existing name
// overwrites it, as some real servers' does, when
// STACK_TEST_SCHEDULER_UPSERT_ON_CREATE=1 (make test runs the scheduler's
// tests so too).
func NewScheduler(t *testing.T) *Scheduler {
	t.Helper()
	if srv, ok := serverFromEnv[*schedulerclient.Client](schedulerclient.Service); ok {
		return &Scheduler{srv}
	}
	return NewSchedulerEmulator(t, emulator.Options{Scheduler: emuscheduler.Options{
		ReplicaLag: DefaultReplicaLag, UpsertOnCreate: os.Getenv("STACK_TEST_SCHEDULER_UPSERT_ON_CREATE") == "1",
	}})
}

// NewSchedulerEmulator starts an emulator with the given options for one
// test, whatever the environment says.
func NewSchedulerEmulator(t testing.TB, opts emulator.Options) *Scheduler {
	t.Helper()
	return &Scheduler{startService[*schedulerclient.Client](t, schedulerclient.Service, opts,
		cmp.Or(opts.Scheduler.ManagementToken, "scheduler-root"))}
}

// ProviderConfig is the provider block for this scheduler.
func (s *Scheduler) ProviderConfig() string { return s.Block(s.Token, nil) }

// ProviderConfigWithToken is the provider block with another token.
func (s *Scheduler) ProviderConfigWithToken(token string) string { return s.Block(token, nil) }

// Client is a scheduler client for a test's own checks and out-of-band
// changes, independent of the provider under test.
func (s *Scheduler) Client(t testing.TB) *schedulerclient.Client { return s.ClientWith(t, nil) }
