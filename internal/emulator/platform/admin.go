package platform

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// RegisterAdmin adds the emulator's own platform routes to mux, under
// /_emulator/platform/: what tests and demos do that the API cannot. They
// answer plain-text errors, as every /_emulator/ route.
//
//	POST /_emulator/platform/tokens  {"type":"user","username":"alice"} -> {"token":"..."}
//	                                 {"type":"organization","organization":"acme"}
//	                                 {"type":"team","organization":"acme","team":"team-..."}
//	PUT  /_emulator/platform/workspaces/{id}/resource-count  {"resource-count":3} -> 204
//	PUT  /_emulator/platform/workspaces/{id}/state  <a Terraform state file> -> 201 {"id":"sv-..."}
//	POST /_emulator/platform/organization-memberships/{id}/accept  {"username":"alice"}
//	                                 -> {"id":"ou-...","user":"user-...","username":"alice"}
//	POST /_emulator/platform/organizations/{org}/members  {"username":"alice","email":"alice@example.com"}
//	                                 -> 201 {"id":"ou-...","user":"user-..."}
//	POST /_emulator/platform/codehost-app-installations  {"name":"octo","installation-id":1,"installation-type":"Organization"}
//	                                 -> 201 {"id":"ghain-..."}
//	GET  /_emulator/platform/notification-deliveries[?notification-configuration=nc-...]
//	                                 -> [{"id":"ndlv-...","notification-configuration":"nc-...",...}]
//	GET  /_emulator/platform/run-task-verifications[?task=task-...]
//	                                 -> [{"id":"taskv-...","task":"task-...","url":"...",...}]
func (s *Server) RegisterAdmin(mux *http.ServeMux) {
	mux.HandleFunc("POST /_emulator/platform/tokens", s.mintOverHTTP)
	mux.HandleFunc("PUT /_emulator/platform/workspaces/{id}/resource-count", s.setResourceCountOverHTTP)
	mux.HandleFunc("PUT /_emulator/platform/workspaces/{id}/state", s.setStateOverHTTP)
	mux.HandleFunc("POST /_emulator/platform/organization-memberships/{id}/accept", s.acceptMembershipOverHTTP)
	mux.HandleFunc("POST /_emulator/platform/organizations/{org}/members", s.addMemberOverHTTP)
	mux.HandleFunc("POST /_emulator/platform/codehost-app-installations", s.registerInstallationOverHTTP)
	mux.HandleFunc("GET /_emulator/platform/notification-deliveries", s.listDeliveriesOverHTTP)
	mux.HandleFunc("GET /_emulator/platform/run-task-verifications", s.listVerificationsOverHTTP)
}

// decodeAdmin reads the JSON body of an admin route into v, answering 400
// when it cannot.
func decodeAdmin(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(v); err != nil && !errors.Is(err, io.EOF) {
		http.Error(w, fmt.Sprintf("invalid request body: %v", err), http.StatusBadRequest)
		return false
	}
	return true
}

func writeAdminJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) acceptMembershipOverHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Username string `json:"username"`
	}
	if !decodeAdmin(w, r, &req) {
		return
	}
	userID, username, err := s.AcceptMembership(r.PathValue("id"), req.Username)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	writeAdminJSON(w, http.StatusOK, map[string]string{"id": r.PathValue("id"), "user": userID, "username": username})
}

func (s *Server) addMemberOverHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Username string `json:"username"`
		Email    string `json:"email"`
	}
	if !decodeAdmin(w, r, &req) {
		return
	}
	id, userID, err := s.AddMember(r.PathValue("org"), req.Username, req.Email)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	writeAdminJSON(w, http.StatusCreated, map[string]string{"id": id, "user": userID})
}

func (s *Server) registerInstallationOverHTTP(w http.ResponseWriter, r *http.Request) {
	var req CodehostAppInstallation
	if !decodeAdmin(w, r, &req) {
		return
	}
	id, err := s.RegisterCodehostAppInstallation(req)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	writeAdminJSON(w, http.StatusCreated, map[string]string{"id": id})
}

func (s *Server) setResourceCountOverHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Count *int `json:"resource-count"`
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&req); err != nil || req.Count == nil {
		http.Error(w, `invalid request body: want {"resource-count": N}`, http.StatusBadRequest)
		return
	}
	if err := s.SetResourceCount(r.PathValue("id"), *req.Count); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// mintRequest is the body of POST /_emulator/platform/tokens.
type mintRequest struct {
	Type         string `json:"type"`
	Username     string `json:"username"`
	Organization string `json:"organization"`
	Team         string `json:"team"`
}

func (s *Server) mintOverHTTP(w http.ResponseWriter, r *http.Request) {
	var req mintRequest
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&req); err != nil {
		http.Error(w, fmt.Sprintf("invalid request body: %v", err), http.StatusBadRequest)
		return
	}
	var secret string
	var err error
	switch req.Type {
	case kindUser:
		secret, err = s.MintUserToken(req.Username)
	case kindOrganization:
		secret, err = s.MintOrganizationToken(req.Organization)
	case kindTeam:
		secret, err = s.MintTeamToken(req.Organization, req.Team)
	default:
		err = fmt.Errorf("invalid type %q: must be %s, %s or %s", req.Type, kindUser, kindOrganization, kindTeam)
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]string{"token": secret})
}
