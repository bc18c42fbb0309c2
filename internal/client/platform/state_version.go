package platform

import (
	"context"
	"time"
)

// Prefixes of the IDs of state versions and their outputs.
const (
	PrefixStateVersion       = "sv"
	PrefixStateVersionOutput = "wsout"
)

// Statuses of a state version.
const (
	StateVersionPending   = "pending"
	StateVersionFinalized = "finalized"
	StateVersionDiscarded = "discarded"
)

// StateVersion is a state of a workspace, type state-versions (sv-…):
// what an apply (or a state push) left.
type StateVersion struct {
	ID        string     `jsonapi:"primary,state-versions"`
	CreatedAt *time.Time `jsonapi:"attr,created-at,rfc3339"`
	Serial    int64      `jsonapi:"attr,serial"`
	// Status is StateVersionPending until the state is uploaded, then
	// StateVersionFinalized; StateVersionDiscarded when a later state
	// replaced it before its upload.
	Status string `jsonapi:"attr,status"`
	// Size is the state's bytes.
	Size int64 `jsonapi:"attr,size"`
	// StateVersion is the state file's format, 4 today.
	StateVersion     int    `jsonapi:"attr,state-version"`
	TerraformVersion string `jsonapi:"attr,terraform-version"`
	// ResourcesProcessed says that the platform has read the state: its
	// outputs and resources are there.
	ResourcesProcessed bool `jsonapi:"attr,resources-processed"`
	// BillableRUMCount is the state's resources under management.
	BillableRUMCount *int `jsonapi:"attr,billable-rum-count"`
	// DownloadURL serves the state; the upload URLs take a pending
	// version's state and JSON state.
	DownloadURL     string `jsonapi:"attr,hosted-state-download-url"`
	JSONDownloadURL string `jsonapi:"attr,hosted-json-state-download-url"`
	UploadURL       string `jsonapi:"attr,hosted-state-upload-url"`
	JSONUploadURL   string `jsonapi:"attr,hosted-json-state-upload-url"`

	Workspace *Workspace            `jsonapi:"relation,workspace"`
	Outputs   []*StateVersionOutput `jsonapi:"relation,outputs"`
}

// StateVersionOutput is an output of a state version, type
// state-version-outputs (wsout-…).
type StateVersionOutput struct {
	ID        string `jsonapi:"primary,state-version-outputs"`
	Name      string `jsonapi:"attr,name"`
	Sensitive bool   `jsonapi:"attr,sensitive"`
	// Type is the kind of the value's JSON: string, number, boolean,
	// array, object.
	Type string `jsonapi:"attr,type"`
	// Value is the output's value as JSON decodes it, its numbers
	// json.Number with every digit the answer gives; nil when the answer
	// hides it (a sensitive output in a workspace's current outputs) or
	// it is null.
	Value any `jsonapi:"attr,value"`
	// DetailedType is the output's Terraform type as the state writes
	// it, decoded as JSON: "string", []any{"list", "string"}, ...; nil
	// when the platform does not know it.
	DetailedType any `jsonapi:"attr,detailed-type"`
}

// setExact reads the value and the detailed type again from the answer's
// attributes, their numbers exact (see exactAttributes).
func (o *StateVersionOutput) setExact(attributes map[string]any) {
	o.Value, o.DetailedType = attributes["value"], attributes["detailed-type"]
}

// StateVersionOutputList is a list of outputs.
type StateVersionOutputList = List[StateVersionOutput]

// StateVersions are the calls of state versions.
type StateVersions struct{ c *Client }

// StateVersionOutputs are the calls of state versions' outputs.
type StateVersionOutputs struct{ c *Client }

var (
	stateVersions       = collection{path: "/state-versions", id: "state version ID"}
	stateVersionOutputs = collection{path: "/state-version-outputs", id: "state version output ID"}
)

// Read reads a state version by ID.
func (s *StateVersions) Read(ctx context.Context, id string) (*StateVersion, error) {
	return get[StateVersion](ctx, s.c, stateVersions.at(id))
}

// ReadCurrent reads a workspace's current state version, the last one
// finalized; 404 when the workspace has none.
func (s *StateVersions) ReadCurrent(ctx context.Context, workspaceID string) (*StateVersion, error) {
	return get[StateVersion](ctx, s.c, workspaces.at(workspaceID).sub("current-state-version"))
}

// ListOutputs lists a state version's outputs, sensitive values shown.
func (s *StateVersions) ListOutputs(ctx context.Context, id string) (*StateVersionOutputList, error) {
	return list[StateVersionOutput](ctx, s.c, stateVersions.at(id).sub("outputs"), nil)
}

// Read reads an output by ID, its value shown, sensitive or not.
func (s *StateVersionOutputs) Read(ctx context.Context, id string) (*StateVersionOutput, error) {
	return get[StateVersionOutput](ctx, s.c, stateVersionOutputs.at(id))
}

// ListCurrent lists the outputs of a workspace's current state: none when
// it has no state. A sensitive output's value is nil: Read gives it. It
// needs only the permission to read a workspace's outputs, where the
// state versions' calls need the permission to read its states.
func (s *StateVersionOutputs) ListCurrent(ctx context.Context, workspaceID string) (*StateVersionOutputList, error) {
	return list[StateVersionOutput](ctx, s.c, workspaces.at(workspaceID).sub("current-state-version-outputs"), nil)
}
