package platform

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Workspace run tasks
//
//   - A run task attached to a workspace (type workspace-tasks, ID
//     "wstask-...") is created and listed at /workspaces/:id/tasks, and
//     read, updated and deleted at /workspaces/:id/tasks/:task_id: an
//     attachment of another workspace is 404 there. Whoever sees the
//     workspace manages its run tasks, as team tokens manage every
//     workspace of their organization (doc.go).
//   - A create takes enforcement-level (required: advisory or mandatory,
//     422 at the member) and the relationship task (required: a run task
//     of the workspace's organization, 422 at /data/relationships/task/data
//     otherwise); a task attached to the workspace already is 422 "Task
//     has already been taken" there. stages are pre_plan, post_plan,
//     pre_apply and post_apply, each kept once (422 for another, or for
//     none); without stages, the deprecated stage gives the one stage, and
//     without either the stages are ["post_plan"]. enabled is true unless
//     given. An update changes what it gives: stages, or else stage alone
//     (which makes the stages that one), enforcement-level, enabled; the
//     task stays.
//   - Answers carry enforcement-level, stages, stage (the first of
//     stages, as go-tfe's tests read it), enabled, and the relationships
//     task and workspace. The list is oldest first, paged.
//   - The delete of the workspace or of the task deletes the attachment;
//     the task answers its attachments in its relationship
//     workspace-tasks (run_task.go).

// prefixWorkspaceRunTask begins the IDs of this file's objects.
const prefixWorkspaceRunTask = "wstask"

// defaultStage is the stage of an attachment that names none.
const defaultStage = "post_plan"

// workspaceRunTask is a run task attached to a workspace: the stages of
// the workspace's runs at which it runs, and how its result weighs.
type workspaceRunTask struct {
	ID               string    `json:"id"`
	Workspace        string    `json:"workspace"`
	Task             string    `json:"task"`
	EnforcementLevel string    `json:"enforcement-level"`
	Stages           []string  `json:"stages"`
	Enabled          bool      `json:"enabled"`
	CreatedAt        time.Time `json:"created-at"`
}

func (s *Server) registerWorkspaceRunTasks(mux route.Mux) {
	list := apiPrefix + "/workspaces/{id}/tasks"
	s.handle(mux, "GET "+list, s.listWorkspaceRunTasks)
	s.handle(mux, "POST "+list, s.createWorkspaceRunTask)
	s.handle(mux, "GET "+list+"/{task_id}", s.readWorkspaceRunTask)
	s.handle(mux, "PATCH "+list+"/{task_id}", s.updateWorkspaceRunTask)
	s.handle(mux, "DELETE "+list+"/{task_id}", s.deleteWorkspaceRunTask)
}

// attachmentsOfLocked are the attachments of the task id to workspaces,
// oldest first.
func (s *Server) attachmentsOfLocked(id string) []*workspaceRunTask {
	list := workspaceRunTasks.where(s, func(wt *workspaceRunTask) bool { return wt.Task == id })
	return workspaceRunTasks.order(list, false, byTime(func(wt *workspaceRunTask) time.Time { return wt.CreatedAt }))
}

// workspaceRunTaskOnPathLocked returns the attachment that the path names
// when p sees its workspace, or the 404 that answers a missing and a
// hidden one alike, and an attachment of another workspace.
func (s *Server) workspaceRunTaskOnPathLocked(p principal, r *http.Request) (*workspaceRunTask, reply, bool) {
	ws, rep, found := s.visibleWorkspaceLocked(p, r.PathValue("id"))
	if !found {
		return nil, rep, false
	}
	id := r.PathValue("task_id")
	if wt := workspaceRunTasks.in(s)[id]; wt != nil && wt.Workspace == ws.ID {
		return wt, reply{}, true
	}
	return nil, notFound("workspace run task " + quote(id) + " of workspace " + ws.ID), false
}

func (s *Server) workspaceRunTaskResource(wt *workspaceRunTask) resource {
	return resource{
		Type: "workspace-tasks", ID: wt.ID,
		Attributes: map[string]any{
			"enforcement-level": wt.EnforcementLevel,
			"stages":            wt.Stages,
			"stage":             wt.Stages[0],
			"enabled":           wt.Enabled,
		},
		Relationships: map[string]any{
			"task":      withRelated(toOne("tasks", wt.Task), apiPrefix+"/tasks/"+wt.Task),
			"workspace": withRelated(toOne("workspaces", wt.Workspace), apiPrefix+"/workspaces/"+wt.Workspace),
		},
		Links: map[string]string{"self": apiPrefix + "/workspaces/" + wt.Workspace + "/tasks/" + wt.ID},
	}
}

func (s *Server) listWorkspaceRunTasks(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*workspaceRunTask]{includes: noIncludes, render: plain(s.workspaceRunTaskResource)}.serve(s, w, r,
		func(*listQuery) ([]*workspaceRunTask, reply) {
			ws, rep, found := s.visibleWorkspaceLocked(p, r.PathValue("id"))
			if !found {
				return nil, rep
			}
			list := workspaceRunTasks.where(s, func(wt *workspaceRunTask) bool { return wt.Workspace == ws.ID })
			return workspaceRunTasks.order(list, false, byTime(func(wt *workspaceRunTask) time.Time { return wt.CreatedAt })), reply{}
		})
}

func (s *Server) readWorkspaceRunTask(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		wt, rep, found := s.workspaceRunTaskOnPathLocked(p, r)
		if !found {
			return rep
		}
		return ok(document{Data: s.workspaceRunTaskResource(wt)})
	})
}

// createWorkspaceRunTask attaches the task that the relationship task
// names to the path's workspace.
func (s *Server) createWorkspaceRunTask(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.visibleWorkspaceLocked, func(ws *workspace, in *input) reply {
		f, rl, probs := in.attrs, in.rels, in.probs
		in.require("enforcement-level", "Enforcement level can't be blank: advisory or mandatory")
		wt := &workspaceRunTask{Workspace: ws.ID, Stages: []string{defaultStage}, Enabled: true}
		applyWorkspaceRunTask(wt, f)
		id, _ := rl.one("task")
		switch task := runTasks.in(s)[id]; {
		case id == "":
			probs.add(rl.at("task"), "relationship task is required: the run task to attach")
		case task == nil || task.Org != ws.Org:
			probs.add(rl.at("task"), "task %q: no run task of the workspace's organization has that ID", id)
		default:
			for _, other := range workspaceRunTasks.in(s) {
				if other.Workspace == ws.ID && other.Task == id {
					probs.add(rl.at("task"), "Task has already been taken: run task %s is attached to workspace %s as %s", id, ws.ID, other.ID)
				}
			}
		}
		if len(*probs) > 0 {
			return probs.reply()
		}
		wt.ID, wt.Task, wt.CreatedAt = newID(prefixWorkspaceRunTask), id, s.now().UTC()
		workspaceRunTasks.in(s)[wt.ID] = wt
		return created(document{Data: s.workspaceRunTaskResource(wt)})
	})
}

// applyWorkspaceRunTask sets wt's attributes from a request, recording
// what it refuses: stages, or else the deprecated stage as the one stage.
func applyWorkspaceRunTask(wt *workspaceRunTask, f fields) {
	if v, given := f.str("enforcement-level"); given {
		if !slices.Contains(runTaskEnforcementLevels, v) {
			f.probs.add(f.at("enforcement-level"), "invalid enforcement-level %q: must be advisory or mandatory", v)
		}
		wt.EnforcementLevel = v
	}
	if v, given := f.strings("stages"); given {
		if wt.Stages = checkStages(f, "stages", v); len(v) == 0 {
			f.probs.add(f.at("stages"), "stages can't be blank: name at least one of %s", strings.Join(runTaskStages, ", "))
		}
	} else if v, given := f.str("stage"); given {
		checkStages(f, "stage", []string{v})
		wt.Stages = []string{v}
	}
	if v, given := f.boolean("enabled"); given {
		wt.Enabled = v
	}
}

func (s *Server) updateWorkspaceRunTask(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		cur, rep, found := s.workspaceRunTaskOnPathLocked(p, r)
		if !found {
			return rep
		}
		wt := *cur
		applyWorkspaceRunTask(&wt, in.attrs)
		if len(*in.probs) > 0 {
			return in.probs.reply()
		}
		*cur = wt
		return ok(document{Data: s.workspaceRunTaskResource(cur)})
	})
}

func (s *Server) deleteWorkspaceRunTask(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		wt, rep, found := s.workspaceRunTaskOnPathLocked(p, r)
		if !found {
			return rep
		}
		workspaceRunTasks.remove(s, wt)
		return noContent()
	})
}

// checkWorkspaceRunTask refuses an attachment of the state file that no
// request could have stored.
func (st *store) checkWorkspaceRunTask(wt *workspaceRunTask) error {
	if wt == nil || !isID(prefixWorkspaceRunTask, wt.ID) {
		return errors.New("no valid ID")
	}
	ws, task := workspaces.in(st)[wt.Workspace], runTasks.in(st)[wt.Task]
	if ws == nil || task == nil || ws.Org != task.Org {
		return fmt.Errorf("workspace %q and run task %q are not of one organization in the file", wt.Workspace, wt.Task)
	}
	if !slices.Contains(runTaskEnforcementLevels, wt.EnforcementLevel) {
		return fmt.Errorf("enforcement-level %q: must be advisory or mandatory", wt.EnforcementLevel)
	}
	if len(wt.Stages) == 0 {
		return errors.New("no stages")
	}
	for i, stage := range wt.Stages {
		if !slices.Contains(runTaskStages, stage) || slices.Index(wt.Stages, stage) != i {
			return fmt.Errorf("stage %q: unknown, or there twice", stage)
		}
	}
	for _, other := range workspaceRunTasks.in(st) {
		if other.Workspace == wt.Workspace && other.Task == wt.Task {
			return fmt.Errorf("run task %q is attached to workspace %q twice", wt.Task, wt.Workspace)
		}
	}
	return nil
}

var workspaceRunTasks = &table[workspaceRunTask]{
	key: "workspace-run-tasks", noun: "workspace run task",
	id: func(wt *workspaceRunTask) string { return wt.ID },
}

func init() {
	workspaceRunTasks.needs = []anyTable{workspaces, runTasks}
	workspaceRunTasks.check = (*store).checkWorkspaceRunTask
	// The delete of the workspace or of the task deletes the attachment.
	workspaceRunTasks.belongsTo(workspaces, func(wt *workspaceRunTask) string { return wt.Workspace })
	workspaceRunTasks.belongsTo(runTasks, func(wt *workspaceRunTask) string { return wt.Task })
	workspaceRunTasks.org = func(st *store, wt *workspaceRunTask) *organization {
		return organizations.in(st)[workspaces.in(st)[wt.Workspace].Org]
	}
	register(workspaceRunTasks)
	addRoutes((*Server).registerWorkspaceRunTasks)
}
