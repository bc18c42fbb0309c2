package platform

import (
	"context"
	"net/url"

	"github.com/hashicorp/jsonapi"
)

// PrefixRunTask begins the IDs of run tasks.
const PrefixRunTask = "task"

// RunTaskCategory is the one category of a run task, which a create must
// send.
const RunTaskCategory = "task"

// Stages of a run at which a task runs, and enforcement levels of a
// task's result: advisory warns, mandatory stops the run.
const (
	RunTaskStagePrePlan   = "pre_plan"
	RunTaskStagePostPlan  = "post_plan"
	RunTaskStagePreApply  = "pre_apply"
	RunTaskStagePostApply = "post_apply"

	RunTaskAdvisory  = "advisory"
	RunTaskMandatory = "mandatory"
)

// RunTask is a run task of an organization, type tasks (task-…): a service
// that the platform calls at stages of the runs of the workspaces it is
// attached to. HMACKey, which signs the requests, is never answered.
// GlobalConfiguration is answered only to an organization entitled to
// global run tasks: nil otherwise.
type RunTask struct {
	ID                  string                      `jsonapi:"primary,tasks"`
	Name                string                      `jsonapi:"attr,name"`
	URL                 string                      `jsonapi:"attr,url"`
	Description         string                      `jsonapi:"attr,description"`
	Category            string                      `jsonapi:"attr,category"`
	HMACKey             *string                     `jsonapi:"attr,hmac-key"`
	Enabled             bool                        `jsonapi:"attr,enabled"`
	GlobalConfiguration *RunTaskGlobalConfiguration `jsonapi:"attr,global-configuration"`

	Organization *Organization `jsonapi:"relation,organization"`
	// AgentPool is a private task's pool, whose agents forward its
	// requests to a private network.
	AgentPool *AgentPool `jsonapi:"relation,agent-pool"`
}

// RunTaskGlobalConfiguration runs a task in every workspace of its
// organization, at its stages, with its enforcement level.
type RunTaskGlobalConfiguration struct {
	Enabled          bool     `jsonapi:"attr,enabled"`
	Stages           []string `jsonapi:"attr,stages"`
	EnforcementLevel string   `jsonapi:"attr,enforcement-level"`
}

// RunTaskGlobalConfigurationOptions is the part of a global configuration
// that a request changes: a nil field is left as it is.
type RunTaskGlobalConfigurationOptions struct {
	Enabled          *bool    `jsonapi:"attr,enabled,omitempty"`
	Stages           []string `jsonapi:"attr,stages,omitempty"`
	EnforcementLevel *string  `jsonapi:"attr,enforcement-level,omitempty"`
}

// RunTaskOptions is the body of a create or an update of a run task. A
// nil field is left out: a create gives it the platform's default (Name,
// URL and Category are required), an update leaves it as it is. HMACKey
// "" takes the key away. AgentPool unset is left out; set to null, it
// makes the task public again. GlobalConfiguration changes the members it
// gives; the platform ignores it where the organization is not entitled
// to global run tasks.
type RunTaskOptions struct {
	Type                string                                   `jsonapi:"primary,tasks"`
	Name                *string                                  `jsonapi:"attr,name,omitempty"`
	URL                 *string                                  `jsonapi:"attr,url,omitempty"`
	Description         *string                                  `jsonapi:"attr,description,omitempty"`
	Category            *string                                  `jsonapi:"attr,category,omitempty"`
	HMACKey             *string                                  `jsonapi:"attr,hmac-key,omitempty"`
	Enabled             *bool                                    `jsonapi:"attr,enabled,omitempty"`
	GlobalConfiguration *RunTaskGlobalConfigurationOptions       `jsonapi:"attr,global-configuration,omitempty"`
	AgentPool           jsonapi.NullableRelationship[*AgentPool] `jsonapi:"relation,agent-pool,omitempty"`
}

// RunTaskAgentPool is the agent pool that RunTaskOptions names: the pool
// of that ID, or none, null, when id is empty.
func RunTaskAgentPool(id string) jsonapi.NullableRelationship[*AgentPool] {
	if id == "" {
		return jsonapi.NewNullNullableRelationship[*AgentPool]()
	}
	return jsonapi.NewNullableRelationshipWithValue(&AgentPool{ID: id})
}

// RunTaskList is a list of run tasks.
type RunTaskList = List[RunTask]

// RunTasks are the calls of run tasks.
type RunTasks struct{ c *Client }

var runTasks = collection{path: "/tasks", id: "run task ID"}

// Create creates a run task in an organization; the platform verifies its
// URL first.
func (s *RunTasks) Create(ctx context.Context, org string, opts RunTaskOptions) (*RunTask, error) {
	return post[RunTask](ctx, s.c, runTasks.under(organizations.at(org)), &opts)
}

// List lists an organization's run tasks.
func (s *RunTasks) List(ctx context.Context, org string) (*RunTaskList, error) {
	return list[RunTask](ctx, s.c, runTasks.under(organizations.at(org)), url.Values{})
}

// ReadByName reads the run task of an organization that has that name,
// in any case, as the platform keeps task names unique in any case. The
// platform has no search of tasks: this lists them all. None is a 404.
func (s *RunTasks) ReadByName(ctx context.Context, org, name string) (*RunTask, error) {
	l, err := s.List(ctx, org)
	return named(l, err, runTasks.under(organizations.at(org)), "run task", name, func(t *RunTask) string { return t.Name })
}

// Read reads a run task by ID.
func (s *RunTasks) Read(ctx context.Context, id string) (*RunTask, error) {
	return get[RunTask](ctx, s.c, runTasks.at(id))
}

// Update updates a run task: what opts leaves out stays. The platform
// verifies its URL again.
func (s *RunTasks) Update(ctx context.Context, id string, opts RunTaskOptions) (*RunTask, error) {
	return patch[RunTask](ctx, s.c, runTasks.at(id), &opts)
}

// Delete deletes a run task, and its attachments to workspaces.
func (s *RunTasks) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, runTasks.at(id))
}
