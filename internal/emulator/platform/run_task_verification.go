package platform

import (
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// prefixRunTaskVerification begins the IDs of this file's objects, which
// the API does not have: they are the emulator's record.
const prefixRunTaskVerification = "taskv"

// runTaskVerification is the request the platform would have sent to a
// run task's URL to verify it, on the task's create or update: the
// emulator never sends a request anywhere, so it records the request
// instead, for tests and demos to read through the admin API (GET
// /_emulator/platform/run-task-verifications).
type runTaskVerification struct {
	ID   string `json:"id"`
	Task string `json:"task"`
	Org  string `json:"organization"` // the organization's external ID
	// On is what made it: "create" or "update".
	On string `json:"on"`
	// URL is where the request would go, through AgentPool's agents for
	// a private task.
	URL       string            `json:"url"`
	AgentPool string            `json:"agent-pool,omitempty"`
	Headers   map[string]string `json:"headers"`
	Body      string            `json:"body"`
	SentAt    time.Time         `json:"sent-at"`
}

// runTaskVerificationPayload is the body of a verification: the payload
// of a run task's request, at the stage "test", with no run.
type runTaskVerificationPayload struct {
	PayloadVersion                  int             `json:"payload_version"`
	Stage                           string          `json:"stage"`
	AccessToken                     *string         `json:"access_token"`
	Capabilities                    map[string]bool `json:"capabilities"`
	ConfigurationVersionDownloadURL *string         `json:"configuration_version_download_url"`
	ConfigurationVersionID          *string         `json:"configuration_version_id"`
	IsSpeculative                   bool            `json:"is_speculative"`
	OrganizationName                string          `json:"organization_name"`
	PlanJSONAPIURL                  *string         `json:"plan_json_api_url"`
	RunAppURL                       *string         `json:"run_app_url"`
	RunCreatedAt                    *string         `json:"run_created_at"`
	RunCreatedBy                    *string         `json:"run_created_by"`
	RunID                           *string         `json:"run_id"`
	RunMessage                      *string         `json:"run_message"`
	TaskResultCallbackURL           *string         `json:"task_result_callback_url"`
	TaskResultEnforcementLevel      string          `json:"task_result_enforcement_level"`
	TaskResultID                    *string         `json:"task_result_id"`
	WorkspaceAppURL                 *string         `json:"workspace_app_url"`
	WorkspaceID                     *string         `json:"workspace_id"`
	WorkspaceName                   *string         `json:"workspace_name"`
	WorkspaceWorkingDirectory       *string         `json:"workspace_working_directory"`
}

// runTaskSignatureHeader carries the HMAC-SHA512 of a request's body under
// the task's key, hex-encoded: a task without a key sends none.
const runTaskSignatureHeader = "X-TFC-Task-Signature"

// recordVerificationLocked records the verification request of t, made by
// on ("create" or "update"): its URL, the JSON payload of the stage
// "test", and with an HMAC key its signature.
func (s *Server) recordVerificationLocked(t *runTask, on string) {
	body, err := json.Marshal(runTaskVerificationPayload{
		PayloadVersion: 1, Stage: "test", Capabilities: map[string]bool{"outcomes": true},
		OrganizationName: organizations.in(s)[t.Org].Name, TaskResultEnforcementLevel: "test",
	})
	if err != nil {
		panic(err) // not reached: the payload is strings, numbers and booleans
	}
	v := &runTaskVerification{
		ID: newID(prefixRunTaskVerification), Task: t.ID, Org: t.Org, On: on, URL: t.URL, AgentPool: t.AgentPool,
		Headers: map[string]string{"Content-Type": "application/json", "User-Agent": "Stack-Emulator-Run-Tasks"},
		Body:    string(body), SentAt: s.now().UTC(),
	}
	if t.HMACKey != "" {
		mac := hmac.New(sha512.New, []byte(t.HMACKey))
		mac.Write(body)
		v.Headers[runTaskSignatureHeader] = hex.EncodeToString(mac.Sum(nil))
	}
	runTaskVerifications.in(s)[v.ID] = v
}

// RunTaskVerifications returns the verification requests the emulator
// would have sent to run tasks' URLs, oldest first: every one, or those
// of one task when task is not empty.
func (s *Server) RunTaskVerifications(task string) []byte {
	return recordsJSON(s, runTaskVerifications, func(v *runTaskVerification) bool { return task == "" || v.Task == task },
		func(v *runTaskVerification) time.Time { return v.SentAt })
}

// listVerificationsOverHTTP is GET /_emulator/platform/run-task-verifications
// [?task=task-...].
func (s *Server) listVerificationsOverHTTP(w http.ResponseWriter, r *http.Request) {
	serveRecords(w, s.RunTaskVerifications(r.URL.Query().Get("task")))
}

// checkRunTaskVerification refuses a verification of the state file that
// no request could have recorded.
func (st *store) checkRunTaskVerification(v *runTaskVerification) error {
	if v == nil || !isID(prefixRunTaskVerification, v.ID) {
		return errors.New("no valid ID")
	}
	if t := runTasks.in(st)[v.Task]; t == nil || t.Org != v.Org {
		return fmt.Errorf("run task %q is not in the file", v.Task)
	}
	return nil
}

var runTaskVerifications = &table[runTaskVerification]{
	key: "run-task-verifications", noun: "run task verification",
	id: func(v *runTaskVerification) string { return v.ID },
}

func init() {
	runTaskVerifications.needs = []anyTable{runTasks}
	runTaskVerifications.check = (*store).checkRunTaskVerification
	// A task's delete takes its verifications.
	runTaskVerifications.belongsTo(runTasks, func(v *runTaskVerification) string { return v.Task })
	runTaskVerifications.org = func(st *store, v *runTaskVerification) *organization { return organizations.in(st)[v.Org] }
	register(runTaskVerifications)
}
