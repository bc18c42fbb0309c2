package platform

import (
	"context"
	"fmt"
	"net/url"
)

// PrefixWorkspaceRunTask begins the IDs of run tasks attached to
// workspaces.
const PrefixWorkspaceRunTask = "wstask"

// WorkspaceRunTask is a run task attached to a workspace, type
// workspace-tasks (wstask-…): the stages of the workspace's runs at which
// the task runs, and how its result weighs on them. Stage, deprecated, is
// the first of Stages.
type WorkspaceRunTask struct {
	ID               string   `jsonapi:"primary,workspace-tasks"`
	EnforcementLevel string   `jsonapi:"attr,enforcement-level"`
	Stages           []string `jsonapi:"attr,stages"`
	Stage            string   `jsonapi:"attr,stage"`
	Enabled          bool     `jsonapi:"attr,enabled"`

	Task      *RunTask   `jsonapi:"relation,task"`
	Workspace *Workspace `jsonapi:"relation,workspace"`
}

// WorkspaceRunTaskOptions is the body of a create or an update of an
// attachment. A nil field is left out: a create gives it the platform's
// default (EnforcementLevel and Task are required; Stages defaults to
// post_plan, Enabled to true), an update leaves it as it is. Task is sent
// by a create alone. The deprecated stage is never sent: Stages says it.
type WorkspaceRunTaskOptions struct {
	Type             string   `jsonapi:"primary,workspace-tasks"`
	EnforcementLevel *string  `jsonapi:"attr,enforcement-level,omitempty"`
	Stages           []string `jsonapi:"attr,stages,omitempty"`
	Enabled          *bool    `jsonapi:"attr,enabled,omitempty"`
	Task             *RunTask `jsonapi:"relation,task,omitempty"`
}

// WorkspaceRunTaskList is a list of a workspace's run tasks.
type WorkspaceRunTaskList = List[WorkspaceRunTask]

// WorkspaceRunTasks are the calls of run tasks attached to workspaces.
type WorkspaceRunTasks struct{ c *Client }

var workspaceRunTasks = collection{path: "/tasks", id: "workspace run task ID"}

// Create attaches the task opts.Task names to a workspace.
func (s *WorkspaceRunTasks) Create(ctx context.Context, workspaceID string, opts WorkspaceRunTaskOptions) (*WorkspaceRunTask, error) {
	return post[WorkspaceRunTask](ctx, s.c, workspaceRunTasks.under(workspaces.at(workspaceID)), &opts)
}

// List lists the run tasks attached to a workspace.
func (s *WorkspaceRunTasks) List(ctx context.Context, workspaceID string) (*WorkspaceRunTaskList, error) {
	return list[WorkspaceRunTask](ctx, s.c, workspaceRunTasks.under(workspaces.at(workspaceID)), url.Values{})
}

// ReadByTask reads the attachment of the run task taskID to a workspace,
// found among the workspace's: a workspace has a task once. None is a
// 404.
func (s *WorkspaceRunTasks) ReadByTask(ctx context.Context, workspaceID, taskID string) (*WorkspaceRunTask, error) {
	l, err := s.List(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	return find(l, workspaceRunTasks.under(workspaces.at(workspaceID)), fmt.Sprintf("no attachment of the run task %q", taskID),
		func(wt *WorkspaceRunTask) bool { return wt.Task != nil && wt.Task.ID == taskID })
}

// Read reads a workspace's run task by ID.
func (s *WorkspaceRunTasks) Read(ctx context.Context, workspaceID, id string) (*WorkspaceRunTask, error) {
	return get[WorkspaceRunTask](ctx, s.c, s.at(workspaceID, id))
}

// Update updates a workspace's run task: what opts leaves out stays; its
// task stays.
func (s *WorkspaceRunTasks) Update(ctx context.Context, workspaceID, id string, opts WorkspaceRunTaskOptions) (*WorkspaceRunTask, error) {
	opts.Task = nil
	return patch[WorkspaceRunTask](ctx, s.c, s.at(workspaceID, id), &opts)
}

// Delete detaches a run task from a workspace.
func (s *WorkspaceRunTasks) Delete(ctx context.Context, workspaceID, id string) error {
	return del(ctx, s.c, s.at(workspaceID, id))
}

// at is the workspace's run task id.
func (s *WorkspaceRunTasks) at(workspaceID, id string) ref {
	return workspaceRunTasks.under(workspaces.at(workspaceID)).item(workspaceRunTasks.id, id)
}
