package platform

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Run tasks
//
//   - An organization's run tasks (type tasks, ID "task-...") are created
//     and listed at /organizations/:org/tasks, and read, updated and
//     deleted at /tasks/:id. The organization's owners and the teams with
//     manage-run-tasks create, update and delete them; whoever sees the
//     organization reads them, and to the others a write is 404, as is
//     everything to who does not see the organization.
//   - name (required, not blank: 422 "Name can't be blank") is unique in
//     the organization in any case: another is 422 "Name has already been
//     taken" at /data/attributes/name, as the platform's validations
//     answer. url is required, an http or https URL with a host (422).
//     description has at most 300 characters (422), "" unless given.
//     category must be "task" (422 for another); the API's documents make
//     it required, and its clients always send it, but a create without
//     it is taken as "task". enabled is true unless given. hmac-key, the
//     key that signs the requests to the URL, is taken and never answered
//     (null); "" or null takes it away. An update changes what it gives
//     and leaves the rest.
//   - global-configuration {enabled, stages, enforcement-level} runs the
//     task in every workspace of the organization, and needs the
//     global-run-tasks entitlement (entitlement_set.go). Without it, the
//     platform ignores what a request gives (go-tfe's
//     TestRunTasksCreateWithoutGlobalEntitlement: no error) and answers no
//     global-configuration at all; what was kept before a change of plan
//     is answered again once the plan has it. With it, a new task's is
//     {enabled: false, stages: [], enforcement-level: "advisory"}; stages
//     are pre_plan, post_plan, pre_apply and post_apply, each once,
//     enforcement-level advisory or mandatory (422 at the member); a
//     request changes the members it gives and leaves the others, as the
//     incumbent provider's global settings send enabled alone to turn
//     them off.
//   - The relationship agent-pool makes a private run task, whose requests
//     go through the pool's agents to a private network: it needs the
//     private-run-tasks entitlement (422 at the relationship without it,
//     naming the entitlement: the API's documents say nothing of the
//     refusal), and must be an agent pool of the organization (422 "The
//     provided agent pool does not exist", go-tfe's words). Null makes the
//     task public again; an update that leaves it out keeps it. A deleted
//     pool leaves its tasks public.
//   - The platform verifies the URL on every create and update, sending
//     it a request that the task's endpoint must answer. The emulator
//     never sends a request anywhere: it records the request it would
//     send (run_task_verification.go), answered as an endpoint that
//     accepts it would, and stores the task.
//   - Answers carry name, url, description, category, enabled, hmac-key
//     (null), global-configuration (above) and the relationships
//     organization, agent-pool and workspace-tasks (the task's
//     attachments to workspaces, workspace_run_task.go). include= knows
//     workspace_tasks and workspace_tasks.workspace. The list is by name,
//     in any case, paged.
//   - A task's delete takes its attachments to workspaces and its
//     recorded verifications, and the organization's delete its tasks.

// prefixRunTask begins the IDs of this file's objects.
const prefixRunTask = "task"

// maxRunTaskDescription is the most characters a description has.
const maxRunTaskDescription = 300

// runTaskCategory is the one category of a run task.
const runTaskCategory = "task"

// runTaskStages are the stages of a run at which a task runs.
var runTaskStages = []string{"pre_plan", "post_plan", "pre_apply", "post_apply"}

// runTaskEnforcementLevels are how a task's failure weighs on the run: advisory
// warns, mandatory stops it.
var runTaskEnforcementLevels = []string{"advisory", "mandatory"}

// runTask calls a service at stages of a workspace's runs: its URL,
// signed with its HMAC key. The emulator runs nothing: a task is its
// settings, and the verification requests it would have sent.
type runTask struct {
	ID          string `json:"id"`
	Org         string `json:"organization"` // the organization's external ID
	Name        string `json:"name"`
	URL         string `json:"url"`
	Description string `json:"description"`
	Category    string `json:"category"`
	// HMACKey signs the requests to URL: taken, never answered.
	HMACKey   string              `json:"hmac-key,omitempty"`
	Enabled   bool                `json:"enabled"`
	Global    globalConfiguration `json:"global-configuration"`
	AgentPool string              `json:"agent-pool,omitempty"`
	CreatedAt time.Time           `json:"created-at"`
}

// globalConfiguration runs a task in every workspace of its organization.
type globalConfiguration struct {
	Enabled          bool     `json:"enabled"`
	Stages           []string `json:"stages"`
	EnforcementLevel string   `json:"enforcement-level"`
}

func (s *Server) registerRunTasks(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}/tasks", s.listRunTasks)
	s.handle(mux, "POST "+apiPrefix+"/organizations/{org}/tasks", s.createRunTask)
	s.handle(mux, "GET "+apiPrefix+"/tasks/{id}", s.readRunTask)
	s.handle(mux, "PATCH "+apiPrefix+"/tasks/{id}", s.updateRunTask)
	s.handle(mux, "DELETE "+apiPrefix+"/tasks/{id}", s.deleteRunTask)
}

func (s *Server) visibleRunTaskLocked(p principal, id string) (*runTask, reply, bool) {
	return runTasks.find(s, p, id, nil)
}

func (s *Server) managedRunTaskLocked(p principal, id string) (*runTask, reply, bool) {
	return runTasks.find(s, p, id, func(t *runTask) bool {
		return s.managesByAccessLocked(p, organizations.in(s)[t.Org], "manage-run-tasks")
	})
}

// runTaskIncludes are the task's attachments to workspaces, and their
// workspaces.
func (s *Server) runTaskIncludes(p principal) includes {
	return includes{
		"workspace-tasks": func(res resource) []resource {
			return renderEach(s.attachmentsOfLocked(res.ID), s.workspaceRunTaskResource)
		},
		"workspace-tasks.workspace": func(res resource) []resource {
			return renderEach(s.attachmentsOfLocked(res.ID), func(wt *workspaceRunTask) resource {
				return s.workspaceResource(workspaces.in(s)[wt.Workspace], p, nil)
			})
		},
	}
}

func (s *Server) runTaskResource(t *runTask) resource {
	var attached []string
	for _, wt := range s.attachmentsOfLocked(t.ID) {
		attached = append(attached, wt.ID)
	}
	attrs := map[string]any{
		"name":        t.Name,
		"url":         t.URL,
		"description": t.Description,
		"category":    t.Category,
		"enabled":     t.Enabled,
		"hmac-key":    nil,
	}
	if o := organizations.in(s)[t.Org]; o.entitled("global-run-tasks") {
		attrs["global-configuration"] = map[string]any{
			"enabled":           t.Global.Enabled,
			"stages":            orEmpty(t.Global.Stages),
			"enforcement-level": t.Global.EnforcementLevel,
		}
	}
	return resource{
		Type: "tasks", ID: t.ID, Attributes: attrs,
		Relationships: map[string]any{
			"organization":    toOne("organizations", organizations.in(s)[t.Org].Name),
			"agent-pool":      toOne("agent-pools", t.AgentPool),
			"workspace-tasks": toMany(refsOf("workspace-tasks", attached)),
		},
		Links: map[string]string{"self": apiPrefix + "/tasks/" + t.ID},
	}
}

// listRunTasks lists the organization's tasks by name, in any case.
func (s *Server) listRunTasks(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*runTask]{
		includes: func() includes { return s.runTaskIncludes(p) },
		render:   plain(s.runTaskResource),
	}.serveInOrg(s, w, r, p, func(o *organization, _ *listQuery) ([]*runTask, reply) {
		list := runTasks.where(s, func(t *runTask) bool { return t.Org == o.ExternalID })
		return runTasks.order(list, false, byFold(func(t *runTask) string { return t.Name })), reply{}
	})
}

func (s *Server) readRunTask(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, func() includes { return s.runTaskIncludes(p) }, s.visibleRunTaskLocked,
		func(t *runTask, _ []string) resource { return s.runTaskResource(t) })
}

// createRunTask takes name and url (required) and the rest as
// applyRunTask reads them, records the verification the platform would
// send, and stores the task.
func (s *Server) createRunTask(w http.ResponseWriter, r *http.Request, p principal) {
	s.writeInOrg(w, r, p, func(o *organization, in *input) reply {
		if !s.managesByAccessLocked(p, o, "manage-run-tasks") {
			return notFound("organization " + quote(o.Name))
		}
		f, probs := in.attrs, in.probs
		in.require("name", "Name can't be blank")
		in.require("url", "URL can't be blank")
		t := &runTask{
			Org: o.ExternalID, Category: runTaskCategory, Enabled: true,
			Global: globalConfiguration{Stages: []string{}, EnforcementLevel: "advisory"},
		}
		s.applyRunTask(t, o, f, in.rels)
		if len(*probs) > 0 {
			return probs.reply()
		}
		if taken := s.runTaskNamedLocked(o.ExternalID, t.Name); taken != nil {
			probs.add(f.at("name"), "Name has already been taken: run task %s of organization %q is named %q", taken.ID, o.Name, taken.Name)
			return probs.reply()
		}
		t.ID, t.CreatedAt = newID(prefixRunTask), s.now().UTC()
		s.recordVerificationLocked(t, "create")
		runTasks.in(s)[t.ID] = t
		return created(document{Data: s.runTaskResource(t)})
	})
}

// runTaskNamedLocked returns the task of organization org (its external
// ID) of that name, in any case.
func (s *Server) runTaskNamedLocked(org, name string) *runTask {
	for _, t := range runTasks.in(s) {
		if t.Org == org && strings.EqualFold(t.Name, name) {
			return t
		}
	}
	return nil
}

// applyRunTask sets t's attributes and its agent pool from a request,
// recording what it refuses; what the request leaves out stays.
func (s *Server) applyRunTask(t *runTask, o *organization, f fields, rl relationships) {
	if name, given := f.text("name", "Name can't be blank"); given {
		t.Name = name
	}
	if v, given := f.str("url"); given {
		if u, err := url.Parse(v); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			f.probs.add(f.at("url"), "URL must be an http or https URL, not %q", v)
		}
		t.URL = v
	}
	if v, given := f.str("description"); given {
		if n := utf8.RuneCountInString(v); n > maxRunTaskDescription {
			f.probs.add(f.at("description"), "Description is too long (maximum is %d characters), got %d", maxRunTaskDescription, n)
		}
		t.Description = v
	}
	if v, given := f.str("category"); given && v != runTaskCategory {
		f.probs.add(f.at("category"), "Category %q is not included in the list: a run task's category is %q", v, runTaskCategory)
	}
	if v, given := f.boolean("enabled"); given {
		t.Enabled = v
	}
	if v, given := f.str("hmac-key"); given {
		t.HMACKey = v
	}
	if g, given, null := f.object("global-configuration"); given && !null && o.entitled("global-run-tasks") {
		applyGlobalConfiguration(&t.Global, g)
	}
	if id, given := rl.one("agent-pool"); given {
		switch pool := agentPools.in(s)[id]; {
		case id == "":
		case !o.entitled("private-run-tasks"):
			f.probs.add(rl.at("agent-pool"), "organization %q is not entitled to private run tasks (private-run-tasks): a run task's agent pool needs it", o.Name)
		case pool == nil || pool.Org != o.ExternalID:
			f.probs.add(rl.at("agent-pool"), "The provided agent pool does not exist: %q is no agent pool of organization %q", id, o.Name)
		}
		t.AgentPool = id
	}
}

// applyGlobalConfiguration sets the members of g that the request gives.
func applyGlobalConfiguration(g *globalConfiguration, f fields) {
	if v, given := f.boolean("enabled"); given {
		g.Enabled = v
	}
	if v, given := f.strings("stages"); given {
		g.Stages = checkStages(f, "stages", v)
	}
	if v, given := f.str("enforcement-level"); given {
		if !slices.Contains(runTaskEnforcementLevels, v) {
			f.probs.add(f.at("enforcement-level"), "invalid enforcement-level %q: must be advisory or mandatory", v)
		}
		g.EnforcementLevel = v
	}
}

// checkStages returns stages, each once, recording a stage that is none
// of runTaskStages at the member name.
func checkStages(f fields, name string, stages []string) []string {
	out := []string{}
	for _, st := range stages {
		if !slices.Contains(runTaskStages, st) {
			f.probs.add(f.at(name), "invalid stage %q: must be %s", st, strings.Join(runTaskStages, ", "))
			continue
		}
		if !slices.Contains(out, st) {
			out = append(out, st)
		}
	}
	return out
}

func (s *Server) updateRunTask(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.managedRunTaskLocked, func(cur *runTask, in *input) reply {
		t := *cur
		t.Global.Stages = slices.Clone(cur.Global.Stages)
		f, probs := in.attrs, in.probs
		o := organizations.in(s)[t.Org]
		s.applyRunTask(&t, o, f, in.rels)
		if len(*probs) > 0 {
			return probs.reply()
		}
		if taken := s.runTaskNamedLocked(t.Org, t.Name); taken != nil && taken != cur {
			probs.add(f.at("name"), "Name has already been taken: run task %s is named %q", taken.ID, taken.Name)
			return probs.reply()
		}
		*cur = t
		s.recordVerificationLocked(cur, "update")
		return ok(document{Data: s.runTaskResource(cur)})
	})
}

func (s *Server) deleteRunTask(w http.ResponseWriter, r *http.Request, p principal) {
	removeOnPath(s, w, r, p, runTasks, s.managedRunTaskLocked)
}

// checkRunTask refuses a task of the state file that no request could
// have stored.
func (st *store) checkRunTask(t *runTask) error {
	if t == nil || !isID(prefixRunTask, t.ID) || strings.TrimSpace(t.Name) == "" {
		return errors.New("no valid ID and name")
	}
	if organizations.in(st)[t.Org] == nil {
		return fmt.Errorf("organization %q is not in the file", t.Org)
	}
	if t.Category != runTaskCategory {
		return fmt.Errorf("category %q: must be %q", t.Category, runTaskCategory)
	}
	if utf8.RuneCountInString(t.Description) > maxRunTaskDescription {
		return fmt.Errorf("description longer than %d characters", maxRunTaskDescription)
	}
	if !slices.Contains(runTaskEnforcementLevels, t.Global.EnforcementLevel) {
		return fmt.Errorf("global enforcement-level %q: must be advisory or mandatory", t.Global.EnforcementLevel)
	}
	for _, stage := range t.Global.Stages {
		if !slices.Contains(runTaskStages, stage) {
			return fmt.Errorf("global stage %q: must be one of %s", stage, strings.Join(runTaskStages, ", "))
		}
	}
	if t.AgentPool != "" {
		if pool := agentPools.in(st)[t.AgentPool]; pool == nil || pool.Org != t.Org {
			return fmt.Errorf("agent pool %q is not an agent pool of its organization", t.AgentPool)
		}
	}
	for _, other := range runTasks.in(st) {
		if other.Org == t.Org && strings.EqualFold(other.Name, t.Name) {
			return fmt.Errorf("organization %q has two run tasks named %q", t.Org, t.Name)
		}
	}
	return nil
}

var runTasks = &table[runTask]{key: "run-tasks", noun: "run task", id: func(t *runTask) string { return t.ID }}

func init() {
	runTasks.needs = []anyTable{organizations, agentPools}
	runTasks.check = (*store).checkRunTask
	// An organization's delete deletes its tasks; a deleted agent pool
	// leaves its tasks public.
	runTasks.belongsTo(organizations, func(t *runTask) string { return t.Org })
	runTasks.forgets(agentPools, func(t *runTask) *string { return &t.AgentPool })
	runTasks.org = func(st *store, t *runTask) *organization { return organizations.in(st)[t.Org] }
	register(runTasks)
	addRoutes((*Server).registerRunTasks)
}
