package platform

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// Directions of a workspace's list of run triggers.
const (
	// RunTriggerInbound lists the triggers that queue runs in the
	// workspace.
	RunTriggerInbound = "inbound"
	// RunTriggerOutbound lists the triggers whose source is the
	// workspace.
	RunTriggerOutbound = "outbound"
)

// PrefixRunTrigger begins the IDs of run triggers.
const PrefixRunTrigger = "rt"

// RunTrigger makes an apply in its source workspace (Sourceable) queue a
// run in its workspace, type run-triggers (rt-…). It has no update.
type RunTrigger struct {
	ID             string     `jsonapi:"primary,run-triggers"`
	CreatedAt      *time.Time `jsonapi:"attr,created-at,rfc3339"`
	WorkspaceName  string     `jsonapi:"attr,workspace-name"`
	SourceableName string     `jsonapi:"attr,sourceable-name"`

	Workspace  *Workspace `jsonapi:"relation,workspace"`
	Sourceable *Workspace `jsonapi:"relation,sourceable"`
}

// RunTriggerCreateOptions is the body of a create: the source workspace,
// by ID, and nothing else.
type RunTriggerCreateOptions struct {
	Type       string     `jsonapi:"primary,run-triggers"`
	Sourceable *Workspace `jsonapi:"relation,sourceable"`
}

// RunTriggerList is a list of run triggers.
type RunTriggerList = List[RunTrigger]

// RunTriggers are the calls of run triggers.
type RunTriggers struct{ c *Client }

var runTriggers = collection{path: "/run-triggers", id: "run trigger ID"}

// runTriggerLockedText is what the platform answers a create of a run
// trigger while another create in the organization holds its lock: the
// create did nothing, and the same request a moment later goes through.
const runTriggerLockedText = "run trigger creation locked"

// runTriggerLockedFor is how long Create keeps trying a create that the
// lock refuses, and runTriggerLockedWait the longest wait between tries.
const (
	runTriggerLockedFor  = time.Minute
	runTriggerLockedWait = 8 * time.Second
)

// Create makes the applies of the workspace opts.Sourceable names queue
// runs in workspaceID. Concurrent creates in one organization contend for
// a lock, and the platform refuses the ones that do not get it, whatever
// the status, with "Run Trigger creation locked by another user in your
// organization. Please try again": such a refusal is tried again, after
// 1, 2, 4 and then 8 seconds, for up to a minute.
func (s *RunTriggers) Create(ctx context.Context, workspaceID string, opts RunTriggerCreateOptions) (*RunTrigger, error) {
	clk := s.c.limiter.clock
	until := clk.Now().Add(runTriggerLockedFor)
	wait := time.Second
	for {
		got, err := post[RunTrigger](ctx, s.c, runTriggers.under(workspaces.at(workspaceID)), &opts)
		if !RunTriggerLocked(err) || !clk.Now().Add(wait).Before(until) {
			return got, err
		}
		if err := clk.Sleep(ctx, wait); err != nil {
			return nil, err
		}
		wait = min(2*wait, runTriggerLockedWait)
	}
}

// RunTriggerLocked reports whether err is the platform's refusal of a
// create that another create's lock held off.
func RunTriggerLocked(err error) bool {
	var e *client.Error
	return errors.As(err, &e) && strings.Contains(strings.ToLower(e.Message), runTriggerLockedText)
}

// Read reads a run trigger by ID.
func (s *RunTriggers) Read(ctx context.Context, id string) (*RunTrigger, error) {
	return get[RunTrigger](ctx, s.c, runTriggers.at(id))
}

// List lists a workspace's run triggers of one direction, RunTriggerInbound
// or RunTriggerOutbound.
func (s *RunTriggers) List(ctx context.Context, workspaceID, direction string) (*RunTriggerList, error) {
	return list[RunTrigger](ctx, s.c, runTriggers.under(workspaces.at(workspaceID)), url.Values{"filter[run-trigger][type]": {direction}})
}

// Delete deletes a run trigger.
func (s *RunTriggers) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, runTriggers.at(id))
}
