package platform

import (
	"fmt"
	"slices"
)

// An organization's default settings (the provider's
// organization_default_settings) are its default execution mode and
// default agent pool, which its projects and workspaces inherit unless
// they set their own. They are attributes of the organization, written
// with PATCH /organizations/:name; this file holds their rule, which
// projects and workspaces follow too for their own settings.

// Execution modes.
const (
	modeRemote = "remote"
	modeLocal  = "local"
	modeAgent  = "agent"
)

var executionModes = []string{modeRemote, modeLocal, modeAgent}

// execution is an execution mode and the agent pool it runs on ("" but in
// agent mode).
type execution struct {
	mode string
	pool string
}

// executionRequest is what a request says of an execution mode and an agent
// pool, and where it says it, for its errors.
type executionRequest struct {
	mode, pool                 string
	modeGiven, poolGiven       bool
	modePointer, poolPointer   string
	modeAttribute, poolMessage string
}

// readExecution reads the execution mode from the attribute modeAttr, and
// the agent pool from the attribute poolAttr or, when not given there,
// from the relationship poolRel (clients send either).
func readExecution(f fields, rl relationships, modeAttr, poolAttr, poolRel string) executionRequest {
	er := executionRequest{modePointer: f.at(modeAttr), poolPointer: f.at(poolAttr), modeAttribute: modeAttr, poolMessage: poolAttr}
	if mode, ok := f.str(modeAttr); ok {
		if !slices.Contains(executionModes, mode) {
			f.probs.add(f.at(modeAttr), "invalid %s %q: must be remote, local or agent", modeAttr, mode)
		} else {
			er.mode, er.modeGiven = mode, true
		}
	}
	pool, ok := f.str(poolAttr)
	if !ok && poolRel != "" {
		if pool, ok = rl.one(poolRel); ok {
			er.poolPointer, er.poolMessage = rl.at(poolRel), "relationship "+poolRel
		}
	}
	if ok {
		if pool != "" && !isID(prefixAgentPool, pool) {
			f.probs.add(er.poolPointer, "invalid %s %q: must be an agent pool ID, apool- and 16 base58 characters", er.poolMessage, pool)
		} else {
			er.pool, er.poolGiven = pool, true
		}
	}
	return er
}

// given reports whether the request set the mode or the pool.
func (er executionRequest) given() bool { return er.modeGiven || er.poolGiven }

// apply returns cur changed by the request. A mode other than agent
// given without a pool clears the pool. The result must keep the rule:
// agent mode has a pool, other modes none; the refusals carry the API's
// words, which clients match.
func (er executionRequest) apply(cur execution, probs *problems) execution {
	next := cur
	if er.modeGiven {
		next.mode = er.mode
		if next.mode != modeAgent && !er.poolGiven {
			next.pool = ""
		}
	}
	if er.poolGiven {
		next.pool = er.pool
	}
	switch {
	case next.mode == modeAgent && next.pool == "":
		probs.add(er.poolPointer, "%s is required when %s is agent: it must be specified when using 'agent' execution mode", er.poolMessage, er.modeAttribute)
	case next.mode != modeAgent && next.pool != "":
		probs.add(er.poolPointer, "%s can only be set when %s is agent, not %s: it must not be specified unless using 'agent' execution mode", er.poolMessage, er.modeAttribute, next.mode)
	}
	return next
}

// ownExecution is a project's or a workspace's own execution settings: the
// mode and the pool it sets, and whether each overrides what it inherits
// (the organization's defaults for a project, its project's settings for a
// workspace), as the API's setting-overwrites tell.
type ownExecution struct {
	Mode          string `json:"mode,omitempty"`
	Pool          string `json:"pool,omitempty"`
	OverwriteMode bool   `json:"overwrite-mode"`
	OverwritePool bool   `json:"overwrite-pool"`
}

// over returns the settings in effect under inherited ones: the pool is
// only there in agent mode.
func (own ownExecution) over(inherited execution) execution {
	e := inherited
	if own.OverwriteMode {
		e.mode = own.Mode
	}
	if own.OverwritePool {
		e.pool = own.Pool
	}
	if e.mode != modeAgent {
		e.pool = ""
	}
	return e
}

// write applies a request to own, under inherited settings. A mode or pool
// the request sets becomes its own, overriding both mode and pool (a pool
// belongs to its mode); then setting-overwrites, when given, says which
// overrides stay: false for one goes back to inheriting it, true keeps the
// value in effect as its own. modeKey and poolKey are the members of
// setting-overwrites.
func (own *ownExecution) write(inherited execution, er executionRequest, f fields, modeKey, poolKey string) {
	if er.given() {
		next := er.apply(own.over(inherited), f.probs)
		*own = ownExecution{Mode: next.mode, Pool: next.pool, OverwriteMode: true, OverwritePool: true}
	}
	so, given, null := f.object("setting-overwrites")
	if !given || null {
		return
	}
	effective := own.over(inherited)
	// A pool belongs to its mode: the two flags, when both given, must
	// agree. The API's words, which clients match.
	if m, ok := so.boolean(modeKey); ok {
		if p, ok := so.boolean(poolKey); ok && m != p {
			f.probs.add(f.at("setting-overwrites"), "If agent-pool and execution-mode are both included in setting-overwrites, their values must be the same.")
		}
	}
	if v, ok := so.boolean(modeKey); ok {
		own.OverwriteMode, own.Mode = v, ""
		if v {
			own.Mode = effective.mode
		}
	}
	if v, ok := so.boolean(poolKey); ok {
		own.OverwritePool, own.Pool = v, ""
		if v {
			own.Pool = effective.pool
		}
	}
}

// checkExecution refuses an unknown mode, and a pool that is not an agent
// pool ID.
func checkExecution(e ownExecution) error {
	if e.OverwriteMode && !slices.Contains(executionModes, e.Mode) {
		return fmt.Errorf("execution mode %q: must be remote, local or agent", e.Mode)
	}
	if e.Pool != "" && !isID(prefixAgentPool, e.Pool) {
		return fmt.Errorf("agent pool %q: not an agent pool ID", e.Pool)
	}
	return nil
}
