package platform

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Code-host app installations
//
//   - An installation (type codehost-app-installations, ID "ghain-...")
//     is the platform's app installed on a code-host account: name (the
//     account's), installation-id (the code host's number), installation-type
//     (Organization or User), icon-url and installation-url. The emulator
//     talks to no code host: RegisterCodehostAppInstallation (and its admin
//     route) registers one; installation-id is unique.
//   - GET /codehost-app/installations (and GET /codehost-app-installations)
//     lists them by name and by pages: filter[name] the account's name in any
//     case, filter[installation_id] its number (not a number: 400). GET
//     /codehost-app/installation/:id (and /codehost-app-installations/:id)
//     reads one. Every user token sees every installation; team and
//     organization tokens, which authorized no app, see none (404, an
//     empty list).

// prefixCodehostAppInstallation begins the IDs of this file's objects.
const prefixCodehostAppInstallation = "ghain"

// codehostAppInstallation is an installation of the platform's app on a
// code-host account (an organization or a user there). The emulator
// talks to no code host: installations are registered through its admin
// API (RegisterCodehostAppInstallation) and read through the API.
type codehostAppInstallation struct {
	ID string `json:"id"`
	CodehostAppInstallation
}

// CodehostAppInstallation is what RegisterCodehostAppInstallation takes:
// the code-host account's name, the installation's number there, and its
// type ("Organization" unless given; or "User").
type CodehostAppInstallation struct {
	Name             string `json:"name"`
	InstallationID   int    `json:"installation-id"`
	InstallationType string `json:"installation-type"`
}

// RegisterCodehostAppInstallation stores an installation, as the app's
// installation on a code host would, and returns its ID ("ghain-...").
// Every user token sees every installation.
func (s *Server) RegisterCodehostAppInstallation(in CodehostAppInstallation) (string, error) {
	if in.InstallationType == "" {
		in.InstallationType = "Organization"
	}
	inst := &codehostAppInstallation{CodehostAppInstallation: in}
	if err := checkInstallationFields(inst); err != nil {
		return "", err
	}
	err := s.change(func() error {
		for _, other := range codehostAppInstallations.in(s) {
			if other.InstallationID == in.InstallationID {
				return fmt.Errorf("installation-id %d is registered already, as %s", in.InstallationID, other.ID)
			}
		}
		inst.ID = newID(prefixCodehostAppInstallation)
		codehostAppInstallations.in(s)[inst.ID] = inst
		return nil
	})
	return inst.ID, err
}

func checkInstallationFields(inst *codehostAppInstallation) error {
	switch {
	case !validUsername.MatchString(inst.Name):
		return fmt.Errorf("name %q: must be 1 to 40 letters, numbers, - or _, as a code-host account's", inst.Name)
	case inst.InstallationID < 1:
		return fmt.Errorf("installation-id %d: must be a positive number", inst.InstallationID)
	case inst.InstallationType != "Organization" && inst.InstallationType != "User":
		return fmt.Errorf("installation-type %q: must be Organization or User", inst.InstallationType)
	}
	return nil
}

func (s *Server) registerCodehostAppInstallations(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/codehost-app/installations", s.listCodehostAppInstallations)
	s.handle(mux, "GET "+apiPrefix+"/codehost-app/installation/{id}", s.readCodehostAppInstallation)
	s.handle(mux, "GET "+apiPrefix+"/codehost-app-installations", s.listCodehostAppInstallations)
	s.handle(mux, "GET "+apiPrefix+"/codehost-app-installations/{id}", s.readCodehostAppInstallation)
}

func (inst *codehostAppInstallation) resource() resource {
	return resource{
		Type: "codehost-app-installations", ID: inst.ID,
		Attributes: map[string]any{
			"name":              inst.Name,
			"installation-id":   inst.InstallationID,
			"installation-type": inst.InstallationType,
			"icon-url":          "https://avatars.example.com/" + inst.Name,
			"installation-url":  "https://codehost.example.com/settings/installations/" + strconv.Itoa(inst.InstallationID),
		},
		Links: map[string]string{"self": apiPrefix + "/codehost-app/installation/" + inst.ID},
	}
}

// visibleInstallationLocked returns the installation id to a user token:
// the API answers the installations a user authorized, which team and
// organization tokens have none of.
func (s *Server) visibleInstallationLocked(p principal, id string) (*codehostAppInstallation, reply, bool) {
	return codehostAppInstallations.find(s, p, id, func(*codehostAppInstallation) bool { return p.kind == kindUser })
}

// listCodehostAppInstallations lists, by name then number and by pages,
// the installations a user token sees: filter[name] is the account's name
// in any case, filter[installation_id] its number.
func (s *Server) listCodehostAppInstallations(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*codehostAppInstallation]{
		includes: noIncludes,
		render:   plain((*codehostAppInstallation).resource),
	}.serve(s, w, r, func(lq *listQuery) ([]*codehostAppInstallation, reply) {
		number := lq.Get("filter[installation_id]")
		if _, err := strconv.Atoi(number); number != "" && err != nil {
			return nil, badParameter("filter[installation_id]", "Invalid filter[installation_id] %q: must be a number", number)
		}
		name := lq.Get("filter[name]")
		list := codehostAppInstallations.where(s, func(inst *codehostAppInstallation) bool {
			return p.kind == kindUser && (name == "" || strings.EqualFold(inst.Name, name)) &&
				(number == "" || strconv.Itoa(inst.InstallationID) == number)
		})
		return codehostAppInstallations.order(list, false, byFold(func(inst *codehostAppInstallation) string { return inst.Name }),
			func(a, b *codehostAppInstallation) int { return cmp.Compare(a.InstallationID, b.InstallationID) }), reply{}
	})
}

func (s *Server) readCodehostAppInstallation(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, noIncludes, s.visibleInstallationLocked,
		func(inst *codehostAppInstallation, _ []string) resource { return inst.resource() })
}

var codehostAppInstallations = &table[codehostAppInstallation]{
	key: "codehost-app-installations", noun: "code-host app installation",
	id: func(inst *codehostAppInstallation) string { return inst.ID },
}

func init() {
	codehostAppInstallations.check = func(_ *store, inst *codehostAppInstallation) error {
		if !isID(prefixCodehostAppInstallation, inst.ID) {
			return errors.New("no valid ID")
		}
		return checkInstallationFields(inst)
	}
	register(codehostAppInstallations)
	addRoutes((*Server).registerCodehostAppInstallations)
}
