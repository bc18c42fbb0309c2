package platform

import (
	"encoding/json"
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
//	GET  /_emulator/platform/notification-deliveries[?notification-configuration=nc-...]
//	                                 -> [{"id":"ndlv-...","notification-configuration":"nc-...",...}]
func (s *Server) RegisterAdmin(mux *http.ServeMux) {
	mux.HandleFunc("POST /_emulator/platform/tokens", s.mintOverHTTP)
	mux.HandleFunc("PUT /_emulator/platform/workspaces/{id}/resource-count", s.setResourceCountOverHTTP)
	mux.HandleFunc("GET /_emulator/platform/notification-deliveries", s.listDeliveriesOverHTTP)
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
