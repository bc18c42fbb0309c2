package platform

import (
	"bytes"
	"cmp"
	"crypto/md5"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # State versions and their outputs
//
//   - POST /workspaces/:id/state-versions takes serial (an integer) and
//     md5 (required: 422 at their pointers), lineage, state (the state
//     file, base64), json-state-outputs (the outputs as `terraform show
//     -json` writes them, base64), json-state (base64, kept unread) and
//     force; the run relationship is ignored, as the emulator runs
//     nothing. The workspace must be locked by the token's user or team (409
//     otherwise: the platform takes states only from whoever holds the
//     lock). A state that is no base64 of a JSON object is 422 at
//     /data/attributes/state, and one whose MD5 is not md5 422 at
//     /data/attributes/md5. Unless force is true, a serial lower than the
//     current state's, or a lineage other than its (both given), is 409.
//     Answers 201.
//   - With state, the version is finalized at once and becomes the
//     workspace's current state version. Without, it is pending: its
//     hosted-state-upload-url and hosted-json-state-upload-url take the
//     state and the JSON state (PUT, the raw bytes, no token: the URLs
//     carry their own key, as an object store's signed URLs do; 200; each
//     once, in either order, 409 after); the state's upload finalizes it. While a version is pending its
//     workspace's plain unlock is 409 (force-unlock works), as the
//     platform's is. A later create of the workspace discards it (status
//     discarded: its upload URLs take nothing more, 409).
//   - Outputs are json-state-outputs' when given, else the state's (a
//     state file of version 4 or later gives each output's type), by name.
//     Each is of type state-version-outputs (ID "wsout-...") with name,
//     sensitive, value, detailed-type (the Terraform type, as the state
//     writes it: "string", ["list","string"], ...; null when the state
//     gives none) and type, which the documents leave unsaid and which the
//     emulator answers as the JSON kind of the value: string, number,
//     boolean, array (lists, tuples and sets), object (maps and objects)
//     or null.
//   - Finalizing a state sets the workspace's resource-count to the
//     state's managed resource instances (data sources are not
//     resources under management); the admin API's resource count
//     overrides it until the next state.
//   - GET /state-versions/:id and GET /workspaces/:id/current-state-version
//     (404 when the workspace has none) answer type state-versions (ID
//     "sv-..."): created-at, serial, status (pending, finalized or
//     discarded), size (the state's bytes), state-version and
//     terraform-version (the state's), resources-processed (true once finalized),
//     billable-rum-count (the managed instances), intermediate false,
//     resources ([{name, type, count, module, provider}], "root" for the
//     root module), modules ({module: {type: count}}), providers
//     ({provider: {type: count}}), vcs-commit-sha and vcs-commit-url null,
//     hosted-state-download-url and hosted-json-state-download-url (null
//     until uploaded), and the upload URLs (null once uploaded). The URLs
//     are absolute, of the request's host, in the answers of these
//     endpoints; a workspace's include of its current state version, which
//     has no request at hand, gives the download URLs as paths from the
//     root, which clients resolve against the address they call. The
//     relationships are workspace, created-by (the user or team that
//     created it), run (null) and outputs. include=outputs adds the
//     outputs, values shown; created_by, run, run.created_by and
//     run.configuration_version are known and add nothing.
//   - GET /state-versions needs filter[workspace][name] and
//     filter[organization][name] (400 without either; 404 for a workspace
//     the token may not see), newest first, paged.
//   - GET /state-versions/:id/outputs lists a version's outputs, paged,
//     with their values, sensitive ones too; GET /state-version-outputs/:id
//     reads one, value shown. GET /workspaces/:id/current-state-version-outputs
//     lists the current version's outputs, paged, with a sensitive output's
//     value null, as the platform answers it there (an empty list when the
//     workspace has no state).
//   - A workspace answers its current state version as its
//     current-state-version relationship and its outputs as outputs (type
//     workspace-outputs, the same IDs: name, sensitive, output-type, and
//     value, null when sensitive), which include=current_state_version and
//     include=outputs add.
//   - Whoever sees the workspace's organization creates and reads its
//     states. A workspace's delete deletes its state versions.
//   - The admin route PUT /_emulator/platform/workspaces/:id/state (and
//     SetState) stores a state file as the workspace's current state,
//     without a lock, as an apply would.

// Prefixes of this file's objects' IDs.
const (
	prefixStateVersion       = "sv"
	prefixStateVersionOutput = "wsout"
)

// Statuses of a state version.
const (
	statePending   = "pending"
	stateFinalized = "finalized"
	stateDiscarded = "discarded"
)

// stateVersion is one state of a workspace, with the outputs read from it.
type stateVersion struct {
	ID        string    `json:"id"`
	Workspace string    `json:"workspace"`
	Serial    int       `json:"serial"`
	Lineage   string    `json:"lineage,omitempty"`
	MD5       string    `json:"md5"`
	CreatedAt time.Time `json:"created-at"`
	// CreatedByKind and CreatedBy are the user or team that created it;
	// empty for one the admin API stored.
	CreatedByKind string `json:"created-by-kind,omitempty"`
	CreatedBy     string `json:"created-by,omitempty"`
	Status        string `json:"status"`
	// Current marks the workspace's current state version, the last one
	// finalized.
	Current bool `json:"current,omitempty"`
	// UploadKey is the key of its upload and download URLs.
	UploadKey string `json:"upload-key"`
	// State is the state file; nil until uploaded. JSONState is the JSON
	// state, if one was given.
	State     []byte `json:"state,omitempty"`
	JSONState []byte `json:"json-state,omitempty"`
	// JSONOutputs are the json-state-outputs given at create, which give
	// the outputs once the state is uploaded.
	JSONOutputs []byte `json:"json-state-outputs,omitempty"`
	// Read from the state once finalized:
	StateFormat      int             `json:"state-version,omitempty"`
	TerraformVersion string          `json:"terraform-version,omitempty"`
	Resources        []stateResource `json:"resources,omitempty"`
	Outputs          []*stateOutput  `json:"outputs,omitempty"`
}

// stateResource is a resource block of a state: its instances counted.
type stateResource struct {
	Mode     string `json:"mode"`
	Type     string `json:"type"`
	Name     string `json:"name"`
	Module   string `json:"module,omitempty"`
	Provider string `json:"provider"`
	Count    int    `json:"count"`
}

// stateOutput is an output of a state version.
type stateOutput struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Sensitive bool   `json:"sensitive"`
	// Value and DetailedType are JSON as the state gives them;
	// DetailedType is nil when it gives no type.
	Value        json.RawMessage `json:"value"`
	DetailedType json.RawMessage `json:"detailed-type,omitempty"`
}

func (s *Server) registerStateVersions(mux route.Mux) {
	s.handle(mux, "POST "+apiPrefix+"/workspaces/{id}/state-versions", s.createStateVersion)
	s.handle(mux, "GET "+apiPrefix+"/workspaces/{id}/current-state-version", s.readCurrentStateVersion)
	s.handle(mux, "GET "+apiPrefix+"/workspaces/{id}/current-state-version-outputs", s.listCurrentOutputs)
	s.handle(mux, "GET "+apiPrefix+"/state-versions", s.listStateVersions)
	s.handle(mux, "GET "+apiPrefix+"/state-versions/{id}", s.readStateVersion)
	s.handle(mux, "GET "+apiPrefix+"/state-versions/{id}/outputs", s.listStateVersionOutputs)
	s.handle(mux, "GET "+apiPrefix+"/state-version-outputs/{id}", s.readStateVersionOutput)
	// The hosted URLs, as an object store's signed URLs: their key, not a
	// token, opens them.
	s.handlePublic(mux, "PUT "+apiPrefix+"/state-versions/{id}/upload/{file}", s.uploadState)
	s.handlePublic(mux, "GET "+apiPrefix+"/state-versions/{id}/download/{file}", s.downloadState)
}

// Files of a state version that its hosted URLs name.
const (
	fileState     = "state"
	fileJSONState = "json-state"
)

func (s *Server) visibleStateVersionLocked(p principal, id string) (*stateVersion, reply, bool) {
	return stateVersions.find(s, p, id, nil)
}

// currentStateVersionLocked is ws's current state version, nil for none.
func (s *Server) currentStateVersionLocked(wsID string) *stateVersion {
	for _, sv := range stateVersions.in(s) {
		if sv.Workspace == wsID && sv.Current {
			return sv
		}
	}
	return nil
}

// pendingStateVersionLocked reports whether ws has a state version whose
// state is still to be uploaded.
func (s *Server) pendingStateVersionLocked(wsID string) bool {
	for _, sv := range stateVersions.in(s) {
		if sv.Workspace == wsID && sv.Status == statePending {
			return true
		}
	}
	return false
}

// hostOf is the scheme and host of r's address, for the absolute URLs of
// an answer.
func hostOf(r *http.Request) string {
	if r.TLS != nil {
		return "https://" + r.Host
	}
	return "http://" + r.Host
}

// fileURL is the hosted URL of a state version's file: host "" gives a
// path from the root.
func (sv *stateVersion) fileURL(host, action, file string) string {
	return host + apiPrefix + "/state-versions/" + sv.ID + "/" + action + "/" + file + "?key=" + sv.UploadKey
}

// stateVersionResource renders sv, its URLs absolute on host ("" for paths
// from the root).
func (s *Server) stateVersionResource(sv *stateVersion, host string) resource {
	finalized := sv.Status == stateFinalized
	urlOf := func(action, file string, ok bool) any {
		if !ok {
			return nil
		}
		return sv.fileURL(host, action, file)
	}
	resources := []map[string]any{}
	modules, providers := map[string]map[string]int{}, map[string]map[string]int{}
	for _, res := range sv.Resources {
		module := cmp.Or(res.Module, "root")
		resources = append(resources, map[string]any{"name": res.Name, "type": res.Type, "count": res.Count, "module": module, "provider": res.Provider})
		key := res.Type
		if res.Mode == "data" {
			key = "data." + res.Type
		}
		for _, m := range []struct {
			in  map[string]map[string]int
			key string
		}{{modules, module}, {providers, res.Provider}} {
			if m.in[m.key] == nil {
				m.in[m.key] = map[string]int{}
			}
			m.in[m.key][key] += res.Count
		}
	}
	var outputs []ref
	for _, o := range sv.Outputs {
		outputs = append(outputs, ref{Type: "state-version-outputs", ID: o.ID})
	}
	attrs := map[string]any{
		"created-at":                     formatTime(sv.CreatedAt),
		"serial":                         sv.Serial,
		"status":                         sv.Status,
		"size":                           len(sv.State),
		"state-version":                  nil,
		"terraform-version":              stringOrNull(sv.TerraformVersion),
		"resources-processed":            finalized,
		"billable-rum-count":             nil,
		"intermediate":                   false,
		"resources":                      resources,
		"modules":                        modules,
		"providers":                      providers,
		"vcs-commit-sha":                 nil,
		"vcs-commit-url":                 nil,
		"hosted-state-download-url":      urlOf("download", fileState, finalized),
		"hosted-json-state-download-url": urlOf("download", fileJSONState, sv.JSONState != nil),
		"hosted-state-upload-url":        urlOf("upload", fileState, !finalized),
		"hosted-json-state-upload-url":   urlOf("upload", fileJSONState, !finalized),
	}
	if finalized {
		attrs["state-version"] = sv.StateFormat
		attrs["billable-rum-count"] = sv.managedInstances()
	}
	createdBy := toOne("users", "")
	if sv.CreatedByKind != "" {
		createdBy = toOne(sv.CreatedByKind+"s", sv.CreatedBy)
	}
	self := apiPrefix + "/state-versions/" + sv.ID
	return resource{
		Type: "state-versions", ID: sv.ID, Attributes: attrs,
		Relationships: map[string]any{
			"workspace":  toOne("workspaces", sv.Workspace),
			"created-by": createdBy,
			"run":        toOne("runs", ""),
			"outputs":    withRelated(toMany(outputs), self+"/outputs"),
		},
		Links: map[string]string{"self": self},
	}
}

// managedInstances is the number of managed resource instances of sv's
// state: its resources under management.
func (sv *stateVersion) managedInstances() int {
	n := 0
	for _, res := range sv.Resources {
		if res.Mode != "data" {
			n += res.Count
		}
	}
	return n
}

// outputResource renders an output of a state version, its value hidden
// (null) when it is sensitive and hide is set.
func outputResource(o *stateOutput, hide bool) resource {
	return resource{
		Type: "state-version-outputs", ID: o.ID,
		Attributes: map[string]any{
			"name":          o.Name,
			"sensitive":     o.Sensitive,
			"type":          jsonKind(o.Value),
			"value":         o.shownValue(hide),
			"detailed-type": o.detailedType(),
		},
		Links: map[string]string{"self": apiPrefix + "/state-version-outputs/" + o.ID},
	}
}

// workspaceOutputResource renders an output as a workspace's outputs
// relationship includes it: a sensitive one's value null.
func workspaceOutputResource(o *stateOutput) resource {
	return resource{
		Type: "workspace-outputs", ID: o.ID,
		Attributes: map[string]any{
			"name":        o.Name,
			"sensitive":   o.Sensitive,
			"output-type": jsonKind(o.Value),
			"value":       o.shownValue(true),
		},
		Links: map[string]string{"self": apiPrefix + "/state-version-outputs/" + o.ID},
	}
}

func (o *stateOutput) shownValue(hide bool) any {
	if hide && o.Sensitive || len(o.Value) == 0 {
		return nil
	}
	return o.Value
}

func (o *stateOutput) detailedType() any {
	if len(o.DetailedType) == 0 {
		return nil
	}
	return o.DetailedType
}

// jsonKind is the kind of a JSON value: string, number, boolean, array,
// object or null.
func jsonKind(v json.RawMessage) string {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return "null"
	}
	switch v[0] {
	case '"':
		return "string"
	case '[':
		return "array"
	case '{':
		return "object"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// stateVersionIncludes are the includes of a state version's endpoints:
// its outputs, values shown; the rest are the API's and add nothing.
func (s *Server) stateVersionIncludes() includes {
	return includes{
		"outputs": func(res resource) []resource {
			return renderEach(stateVersions.in(s)[res.ID].Outputs, func(o *stateOutput) resource { return outputResource(o, false) })
		},
		"created-by": nil, "run": nil, "run.created-by": nil, "run.configuration-version": nil,
	}
}

func (s *Server) readStateVersion(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, s.stateVersionIncludes, s.visibleStateVersionLocked, func(sv *stateVersion, _ []string) resource {
		return s.stateVersionResource(sv, hostOf(r))
	})
}

// currentOfLocked finds the workspace's current state version, for p: a
// workspace without one is 404.
func (s *Server) currentOfLocked(p principal, wsID string) (*stateVersion, reply, bool) {
	ws, rep, found := s.visibleWorkspaceLocked(p, wsID)
	if !found {
		return nil, rep, false
	}
	sv := s.currentStateVersionLocked(ws.ID)
	if sv == nil {
		return nil, notFound("current state version of workspace " + quote(ws.ID)), false
	}
	return sv, reply{}, true
}

func (s *Server) readCurrentStateVersion(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, s.stateVersionIncludes, s.currentOfLocked, func(sv *stateVersion, _ []string) resource {
		return s.stateVersionResource(sv, hostOf(r))
	})
}

// listStateVersions lists a workspace's state versions, newest first; the
// workspace is named by filter[workspace][name] and
// filter[organization][name], both required.
func (s *Server) listStateVersions(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*stateVersion]{
		includes: s.stateVersionIncludes,
		render:   plain(func(sv *stateVersion) resource { return s.stateVersionResource(sv, hostOf(r)) }),
	}.serve(s, w, r, func(lq *listQuery) ([]*stateVersion, reply) {
		org, name := lq.Get("filter[organization][name]"), lq.Get("filter[workspace][name]")
		if org == "" || name == "" {
			return nil, badParameter("filter", "filter[workspace][name] and filter[organization][name] are required: the state versions of which workspace")
		}
		o, rep, found := s.visibleOrgLocked(p, org)
		if !found {
			return nil, rep
		}
		ws := s.workspaceNamedLocked(o.ExternalID, name)
		if ws == nil {
			return nil, notFound("workspace " + quote(name) + " of organization " + quote(o.Name))
		}
		list := stateVersions.where(s, func(sv *stateVersion) bool { return sv.Workspace == ws.ID })
		return stateVersions.order(list, true, byTime(func(sv *stateVersion) time.Time { return sv.CreatedAt })), reply{}
	})
}

// outputListing lists outputs, their sensitive values hidden when hide.
func outputListing(hide bool) listing[*stateOutput] {
	return listing[*stateOutput]{
		includes: noIncludes,
		render:   plain(func(o *stateOutput) resource { return outputResource(o, hide) }),
	}
}

func (s *Server) listStateVersionOutputs(w http.ResponseWriter, r *http.Request, p principal) {
	listOnPath(outputListing(false), s, w, r, p, s.visibleStateVersionLocked, func(sv *stateVersion, _ *listQuery) ([]*stateOutput, reply) {
		return sv.Outputs, reply{}
	})
}

// listCurrentOutputs lists the outputs of the workspace's current state,
// none when it has none, sensitive values hidden.
func (s *Server) listCurrentOutputs(w http.ResponseWriter, r *http.Request, p principal) {
	listOnPath(outputListing(true), s, w, r, p, s.visibleWorkspaceLocked, func(ws *workspace, _ *listQuery) ([]*stateOutput, reply) {
		if sv := s.currentStateVersionLocked(ws.ID); sv != nil {
			return sv.Outputs, reply{}
		}
		return nil, reply{}
	})
}

// findOutputLocked returns the output id and its state version when p
// sees the version's workspace.
func (s *Server) findOutputLocked(p principal, id string) (*stateOutput, reply, bool) {
	for _, sv := range stateVersions.in(s) {
		for _, o := range sv.Outputs {
			if o.ID == id {
				if _, rep, found := s.visibleStateVersionLocked(p, sv.ID); !found {
					return nil, rep, false
				}
				return o, reply{}, true
			}
		}
	}
	return nil, notFound("state version output " + quote(id)), false
}

func (s *Server) readStateVersionOutput(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, noIncludes, s.findOutputLocked, func(o *stateOutput, _ []string) resource { return outputResource(o, false) })
}

// stateRequest is what a create of a state version gives.
type stateRequest struct {
	serial           int
	md5, lineage     string
	state, jsonState []byte
	jsonOutputs      []byte
	force            bool
}

// readStateRequest reads a create's attributes, recording what it
// refuses.
func readStateRequest(f fields) stateRequest {
	var req stateRequest
	if raw, given := f.get("serial"); !given || raw == nil {
		f.probs.add(f.at("serial"), "serial is required: the state's serial number")
	}
	req.serial, _ = f.integer("serial")
	req.md5 = f.requiredText("md5", "md5 is required: the MD5 checksum of the state, in hexadecimal")
	req.lineage, _ = f.str("lineage")
	req.force, _ = f.boolean("force")
	for _, b := range []struct {
		name string
		into *[]byte
	}{{"state", &req.state}, {"json-state", &req.jsonState}, {"json-state-outputs", &req.jsonOutputs}} {
		raw, given := f.str(b.name)
		if !given || raw == "" {
			continue
		}
		data, err := decodeBase64(raw)
		if err != nil {
			f.probs.add(f.at(b.name), "invalid %s: must be base64: %v", b.name, err)
			continue
		}
		*b.into = data
	}
	if req.state != nil && req.md5 != "" {
		sum := md5.Sum(req.state)
		if !strings.EqualFold(req.md5, hex.EncodeToString(sum[:])) {
			f.probs.add(f.at("md5"), "md5 %q is not the MD5 checksum of the state (%x)", req.md5, sum)
		}
	}
	return req
}

// decodeBase64 reads base64, padded or not.
func decodeBase64(s string) ([]byte, error) {
	s = strings.TrimSpace(s)
	if data, err := base64.StdEncoding.DecodeString(s); err == nil {
		return data, nil
	}
	return base64.RawStdEncoding.DecodeString(s)
}

// createStateVersion takes a state of a workspace that the token's
// principal has locked.
func (s *Server) createStateVersion(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.visibleWorkspaceLocked, func(ws *workspace, in *input) reply {
		req := readStateRequest(in.attrs)
		sv := &stateVersion{Workspace: ws.ID, Serial: req.serial, Lineage: req.lineage, MD5: req.md5, JSONState: req.jsonState, JSONOutputs: req.jsonOutputs}
		if req.state != nil {
			if _, err := sv.read(req.state); err != nil {
				in.probs.add(in.attrs.at("state"), "invalid state: %v", err)
			}
		}
		if len(*in.probs) > 0 {
			return in.probs.reply()
		}
		if h := ws.LockedBy; h == nil || h.Kind != p.kind || h.ID != p.id {
			return conflict("", "workspace %s must be locked by the token's user or team to take a state: lock it first (POST /workspaces/%s/actions/lock)", ws.ID, ws.ID)
		}
		if cur := s.currentStateVersionLocked(ws.ID); cur != nil && !req.force {
			if sv.Serial < cur.Serial {
				return conflict("/data/attributes/serial", "serial %d is lower than the current state's, %d: send a higher serial, or force", sv.Serial, cur.Serial)
			}
			if sv.Lineage != "" && cur.Lineage != "" && sv.Lineage != cur.Lineage {
				return conflict("/data/attributes/lineage", "lineage %q is not the current state's, %q: send the same lineage, or force", sv.Lineage, cur.Lineage)
			}
		}
		sv.ID, sv.UploadKey, sv.CreatedAt = newID(prefixStateVersion), randomBase58(32), s.now().UTC()
		sv.CreatedByKind, sv.CreatedBy = p.kind, p.id
		sv.Status = statePending
		// A new state replaces what a pending one was to bring.
		for _, other := range stateVersions.in(s) {
			if other.Workspace == ws.ID && other.Status == statePending {
				other.Status = stateDiscarded
			}
		}
		stateVersions.in(s)[sv.ID] = sv
		if req.state != nil {
			s.finalizeLocked(sv, req.state)
		}
		return created(document{Data: s.stateVersionResource(sv, hostOf(r))})
	})
}

// uploadState takes a pending state version's state or JSON state, at
// the URL whose key its answers give; the state finalizes it.
func (s *Server) uploadState(w http.ResponseWriter, r *http.Request, _ principal) {
	data, ok := readBody(w, r)
	if !ok {
		return
	}
	s.locked(w, func() reply {
		sv, rep, found := s.hostedFileLocked(r)
		if !found {
			return rep
		}
		isJSON := r.PathValue("file") == fileJSONState
		switch {
		case sv.Status == stateDiscarded:
			return conflict("", "state version %s was discarded, a later state version of its workspace replacing it: its upload URLs take nothing", sv.ID)
		case isJSON && sv.JSONState != nil, !isJSON && sv.Status == stateFinalized:
			return conflict("", "state version %s has its %s already: its upload URL takes nothing more", sv.ID, r.PathValue("file"))
		case isJSON:
			sv.JSONState = data
			return reply{status: http.StatusOK}
		}
		if _, err := sv.read(data); err != nil {
			return errorReply(http.StatusUnprocessableEntity, "invalid state: "+err.Error())
		}
		s.finalizeLocked(sv, data)
		return reply{status: http.StatusOK}
	})
}

// downloadState answers a state version's state or JSON state, as
// uploaded.
func (s *Server) downloadState(w http.ResponseWriter, r *http.Request, _ principal) {
	s.mu.Lock()
	var data []byte
	sv, rep, found := s.hostedFileLocked(r)
	if found {
		data = sv.State
		if r.PathValue("file") == fileJSONState {
			data = sv.JSONState
		}
		if data == nil {
			rep = notFound("file " + quote(r.PathValue("file")) + " of state version " + quote(sv.ID))
		}
	}
	s.mu.Unlock()
	if data == nil {
		rep.Send(w)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(data)
}

// hostedFileLocked is the state version of a hosted URL, when its key is
// the version's and it names one of its files: otherwise 404, as an object
// store answers a URL it did not sign.
func (s *Server) hostedFileLocked(r *http.Request) (*stateVersion, reply, bool) {
	sv := stateVersions.in(s)[r.PathValue("id")]
	file := r.PathValue("file")
	if sv == nil || file != fileState && file != fileJSONState ||
		subtle.ConstantTimeCompare([]byte(r.URL.Query().Get("key")), []byte(sv.UploadKey)) != 1 {
		return nil, notFound("hosted file"), false
	}
	return sv, reply{}, true
}

// finalizeLocked keeps state, already read into sv, as sv's and makes sv
// its workspace's current state version.
func (s *Server) finalizeLocked(sv *stateVersion, state []byte) {
	sv.State, sv.Status = state, stateFinalized
	for _, other := range stateVersions.in(s) {
		if other.Workspace == sv.Workspace {
			other.Current = false
		}
	}
	sv.Current = true
	if ws := workspaces.in(s)[sv.Workspace]; ws != nil {
		ws.ResourceCount = sv.managedInstances()
	}
}

// tfState is what the emulator reads of a state file.
type tfState struct {
	Version          int    `json:"version"`
	Serial           int    `json:"serial"`
	TerraformVersion string `json:"terraform_version"`
	Lineage          string `json:"lineage"`
	Outputs          map[string]struct {
		Value     json.RawMessage `json:"value"`
		Type      json.RawMessage `json:"type"`
		Sensitive bool            `json:"sensitive"`
	} `json:"outputs"`
	Resources []struct {
		Mode      string            `json:"mode"`
		Type      string            `json:"type"`
		Name      string            `json:"name"`
		Module    string            `json:"module"`
		Provider  string            `json:"provider"`
		Instances []json.RawMessage `json:"instances"`
	} `json:"resources"`
}

// read reads a state file into sv: its format, Terraform version and
// resources, and its outputs, or json-state-outputs' when sv has them. It
// returns the state's serial.
func (sv *stateVersion) read(state []byte) (int, error) {
	var st tfState
	if err := json.Unmarshal(state, &st); err != nil {
		return 0, fmt.Errorf("not a Terraform state file: %w", err)
	}
	if st.Version == 0 {
		return 0, errors.New("not a Terraform state file: it has no version")
	}
	sv.StateFormat, sv.TerraformVersion = st.Version, st.TerraformVersion
	if sv.Lineage == "" {
		sv.Lineage = st.Lineage
	}
	sv.Resources = nil
	for _, res := range st.Resources {
		sv.Resources = append(sv.Resources, stateResource{
			Mode: cmp.Or(res.Mode, "managed"), Type: res.Type, Name: res.Name, Module: res.Module,
			Provider: providerSource(res.Provider), Count: len(res.Instances),
		})
	}
	outputs := map[string]*stateOutput{}
	for name, o := range st.Outputs {
		out := &stateOutput{Name: name, Sensitive: o.Sensitive, Value: o.Value}
		if st.Version >= 4 && len(bytes.TrimSpace(o.Type)) > 0 {
			out.DetailedType = o.Type
		}
		outputs[name] = out
	}
	if sv.JSONOutputs != nil {
		var given map[string]struct {
			Value     json.RawMessage `json:"value"`
			Type      json.RawMessage `json:"type"`
			Sensitive bool            `json:"sensitive"`
		}
		if err := json.Unmarshal(sv.JSONOutputs, &given); err != nil {
			return 0, fmt.Errorf("json-state-outputs: not a JSON object of outputs: %w", err)
		}
		outputs = map[string]*stateOutput{}
		for name, o := range given {
			outputs[name] = &stateOutput{Name: name, Sensitive: o.Sensitive, Value: o.Value, DetailedType: o.Type}
		}
	}
	sv.Outputs = nil
	for _, name := range slices.Sorted(maps.Keys(outputs)) {
		o := outputs[name]
		o.ID = newID(prefixStateVersionOutput)
		sv.Outputs = append(sv.Outputs, o)
	}
	return st.Serial, nil
}

// providerSource is a provider's source address out of a state's
// provider["registry.terraform.io/hashicorp/aws"] form: hashicorp/aws.
func providerSource(p string) string {
	if inner, ok := strings.CutPrefix(p, `provider["`); ok {
		p, _, _ = strings.Cut(inner, `"]`)
	}
	return strings.TrimPrefix(p, "registry.terraform.io/")
}

// SetState stores state, a Terraform state file, as the current state of
// workspace id, as an apply would, without a lock, and returns the state
// version's ID.
func (s *Server) SetState(id string, state []byte) (string, error) {
	var svID string
	err := s.change(func() error {
		ws := workspaces.in(s)[id]
		if ws == nil {
			return fmt.Errorf("workspace %q: no such workspace", id)
		}
		sum := md5.Sum(state)
		sv := &stateVersion{
			ID: newID(prefixStateVersion), Workspace: ws.ID, MD5: hex.EncodeToString(sum[:]),
			UploadKey: randomBase58(32), CreatedAt: s.now().UTC(), Status: statePending,
		}
		serial, err := sv.read(state)
		if err != nil {
			return err
		}
		sv.Serial = serial
		stateVersions.in(s)[sv.ID] = sv
		s.finalizeLocked(sv, state)
		svID = sv.ID
		return nil
	})
	return svID, err
}

func (s *Server) setStateOverHTTP(w http.ResponseWriter, r *http.Request) {
	state, err := io.ReadAll(io.LimitReader(r.Body, maxBodyBytes))
	if err != nil {
		http.Error(w, fmt.Sprintf("reading the state: %v", err), http.StatusBadRequest)
		return
	}
	id, err := s.SetState(r.PathValue("id"), state)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	writeAdminJSON(w, http.StatusCreated, map[string]string{"id": id})
}

// checkStateVersion refuses a state version of the state file that no
// request could have stored.
func (st *store) checkStateVersion(sv *stateVersion) error {
	if sv == nil || !isID(prefixStateVersion, sv.ID) || sv.UploadKey == "" {
		return errors.New("no valid ID and upload key")
	}
	if workspaces.in(st)[sv.Workspace] == nil {
		return fmt.Errorf("workspace %q is not in the file", sv.Workspace)
	}
	switch sv.Status {
	case statePending:
		if sv.Current || sv.State != nil {
			return errors.New("a pending state version has no state and is not current")
		}
	case stateFinalized:
		if sv.State == nil {
			return errors.New("a finalized state version has its state")
		}
	case stateDiscarded:
		if sv.Current || sv.State != nil {
			return errors.New("a discarded state version has no state and is not current")
		}
	default:
		return fmt.Errorf("status %q: must be %s, %s or %s", sv.Status, statePending, stateFinalized, stateDiscarded)
	}
	for _, other := range stateVersions.in(st) {
		if sv.Current && other.Current && other.Workspace == sv.Workspace {
			return fmt.Errorf("workspace %q has two current state versions", sv.Workspace)
		}
	}
	for _, o := range sv.Outputs {
		if o == nil || !isID(prefixStateVersionOutput, o.ID) || o.Name == "" {
			return errors.New("an output has no valid ID and name")
		}
	}
	return nil
}

var stateVersions = &table[stateVersion]{key: "state-versions", noun: "state version", id: func(sv *stateVersion) string { return sv.ID }}

func init() {
	stateVersions.needs = []anyTable{workspaces}
	stateVersions.check = (*store).checkStateVersion
	// A workspace's delete deletes its state versions.
	stateVersions.belongsTo(workspaces, func(sv *stateVersion) string { return sv.Workspace })
	stateVersions.org = func(st *store, sv *stateVersion) *organization {
		return organizations.in(st)[workspaces.in(st)[sv.Workspace].Org]
	}
	register(stateVersions)
	addRoutes((*Server).registerStateVersions)
}
