package platform

import (
	"context"
	"net/http"
	"net/url"
	"time"
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

func runTriggerPath(id string) (string, error) {
	p, err := segment("run trigger ID", id)
	if err != nil {
		return "", err
	}
	return "/run-triggers/" + p, nil
}

// Create makes the applies of the workspace opts.Sourceable names queue
// runs in workspaceID.
func (s *RunTriggers) Create(ctx context.Context, workspaceID string, opts RunTriggerCreateOptions) (*RunTrigger, error) {
	path, err := workspacePath(workspaceID)
	if err != nil {
		return nil, err
	}
	return one[RunTrigger](ctx, s.c, request{method: http.MethodPost, path: path + "/run-triggers", body: &opts})
}

// Read reads a run trigger by ID.
func (s *RunTriggers) Read(ctx context.Context, id string) (*RunTrigger, error) {
	path, err := runTriggerPath(id)
	if err != nil {
		return nil, err
	}
	return one[RunTrigger](ctx, s.c, request{method: http.MethodGet, path: path})
}

// List lists a workspace's run triggers of one direction, RunTriggerInbound
// or RunTriggerOutbound.
func (s *RunTriggers) List(ctx context.Context, workspaceID, direction string) (*RunTriggerList, error) {
	path, err := workspacePath(workspaceID)
	if err != nil {
		return nil, err
	}
	return list[RunTrigger](ctx, s.c, path+"/run-triggers", url.Values{"filter[run-trigger][type]": {direction}})
}

// Delete deletes a run trigger.
func (s *RunTriggers) Delete(ctx context.Context, id string) error {
	path, err := runTriggerPath(id)
	if err != nil {
		return err
	}
	return s.c.exec(ctx, request{method: http.MethodDelete, path: path})
}
