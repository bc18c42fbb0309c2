package platform

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Policy set versions
//
//   - POST /policy-sets/:id/versions (no body) makes a version of a set
//     that is not VCS-backed (422 otherwise), of type policy-set-versions
//     (ID "polsetver-..."): source tfe-api, status pending,
//     status-timestamps, created-at, updated-at, error and error-message
//     null, ingress-attributes null, the relationship policy-set, and
//     links.upload, where the policies' archive goes.
//   - PUT of that link takes the archive as the raw body, whatever it is
//     (the emulator evaluates nothing): the version is then ready, and
//     its set's current version. The link is the capability, as the
//     platform's upload links are: it needs no token. A version takes one
//     upload: another is 422.
//   - GET /policy-set-versions/:id reads one. A set's newest-version is
//     its last made, whatever its status; its current-version the last
//     made ready. A set's delete takes its versions.

// prefixPolicySetVersion begins the IDs of this file's objects.
const prefixPolicySetVersion = "polsetver"

// policySetVersion is an upload of a set's policies.
type policySetVersion struct {
	ID        string     `json:"id"`
	PolicySet string     `json:"policy-set"`
	CreatedAt time.Time  `json:"created-at"`
	ReadyAt   *time.Time `json:"ready-at,omitempty"`
	Size      int        `json:"size,omitempty"` // the archive's, in bytes
}

func (s *Server) registerPolicySetVersions(mux route.Mux) {
	s.handle(mux, "POST "+apiPrefix+"/policy-sets/{id}/versions", s.createPolicySetVersion)
	s.handle(mux, "GET "+apiPrefix+"/policy-set-versions/{id}", s.readPolicySetVersion)
	s.handlePublic(mux, "PUT "+apiPrefix+"/policy-set-versions/{id}/upload", s.uploadPolicySetVersion)
}

// versionsOfLocked are ps's versions, oldest first.
func (s *Server) versionsOfLocked(ps *policySet) []*policySetVersion {
	list := policySetVersions.where(s, func(v *policySetVersion) bool { return v.PolicySet == ps.ID })
	return policySetVersions.order(list, false, byTime(func(v *policySetVersion) time.Time { return v.CreatedAt }))
}

// newestPolicySetVersionLocked is ps's last version made, nil for none.
func (s *Server) newestPolicySetVersionLocked(ps *policySet) *policySetVersion {
	if list := s.versionsOfLocked(ps); len(list) > 0 {
		return list[len(list)-1]
	}
	return nil
}

// currentPolicySetVersionLocked is ps's last version made ready, nil for
// none.
func (s *Server) currentPolicySetVersionLocked(ps *policySet) *policySetVersion {
	var current *policySetVersion
	for _, v := range s.versionsOfLocked(ps) {
		if v.ReadyAt != nil && (current == nil || !v.ReadyAt.Before(*current.ReadyAt)) {
			current = v
		}
	}
	return current
}

func (s *Server) policySetVersionResource(v *policySetVersion) resource {
	status, updated := "pending", v.CreatedAt
	stamps := map[string]any{"pending-at": formatTime(v.CreatedAt)}
	if v.ReadyAt != nil {
		status, updated = "ready", *v.ReadyAt
		stamps["ready-at"] = formatTime(*v.ReadyAt)
	}
	self := apiPrefix + "/policy-set-versions/" + v.ID
	return resource{
		Type: "policy-set-versions", ID: v.ID,
		Attributes: map[string]any{
			"source":             "tfe-api",
			"status":             status,
			"status-timestamps":  stamps,
			"error":              nil,
			"error-message":      nil,
			"created-at":         formatTime(v.CreatedAt),
			"updated-at":         formatTime(updated),
			"ingress-attributes": nil,
		},
		Relationships: map[string]any{"policy-set": toOne("policy-sets", v.PolicySet)},
		Links:         map[string]string{"self": self, "upload": self + "/upload"},
	}
}

// absoluteLinks makes a version's upload link absolute, on the address the
// request came to, as the platform gives it.
func absoluteLinks(r *http.Request, res resource) resource {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	res.Links["upload"] = scheme + "://" + r.Host + res.Links["upload"]
	return res
}

func (s *Server) createPolicySetVersion(w http.ResponseWriter, r *http.Request, p principal) {
	onPath(s, w, r, p, s.managedPolicySetLocked, func(ps *policySet) reply {
		if ps.VCSRepo != nil {
			return errorReply(http.StatusUnprocessableEntity, "policy set "+quote(ps.ID)+" is VCS-backed: its versions come from its repository")
		}
		v := &policySetVersion{ID: newID(prefixPolicySetVersion), PolicySet: ps.ID, CreatedAt: s.now().UTC()}
		policySetVersions.in(s)[v.ID] = v
		return created(document{Data: absoluteLinks(r, s.policySetVersionResource(v))})
	})
}

func (s *Server) readPolicySetVersion(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, noIncludes, func(p principal, id string) (*policySetVersion, reply, bool) {
		return policySetVersions.find(s, p, id, nil)
	}, func(v *policySetVersion, _ []string) resource { return absoluteLinks(r, s.policySetVersionResource(v)) })
}

// uploadPolicySetVersion takes the archive of the version the path names,
// whoever sends it: the link is the capability.
func (s *Server) uploadPolicySetVersion(w http.ResponseWriter, r *http.Request, _ principal) {
	data, read := readBody(w, r)
	if !read {
		return
	}
	s.locked(w, func() reply {
		v := policySetVersions.in(s)[r.PathValue("id")]
		switch {
		case v == nil:
			return notFound("policy set version " + quote(r.PathValue("id")))
		case v.ReadyAt != nil:
			return errorReply(http.StatusUnprocessableEntity, "policy set version "+quote(v.ID)+" has its upload already")
		}
		now := s.now().UTC()
		v.ReadyAt, v.Size = &now, len(data)
		return ok(document{Data: absoluteLinks(r, s.policySetVersionResource(v))})
	})
}

// checkPolicySetVersion refuses a version of the state file that no
// request could have stored.
func (st *store) checkPolicySetVersion(v *policySetVersion) error {
	switch {
	case v == nil || !isID(prefixPolicySetVersion, v.ID):
		return errors.New("no valid ID")
	case policySets.in(st)[v.PolicySet] == nil:
		return fmt.Errorf("policy set %q is not in the file", v.PolicySet)
	}
	return nil
}

var policySetVersions = &table[policySetVersion]{key: "policy-set-versions", noun: "policy set version", id: func(v *policySetVersion) string { return v.ID }}

func init() {
	policySetVersions.needs = []anyTable{policySets}
	policySetVersions.check = (*store).checkPolicySetVersion
	policySetVersions.belongsTo(policySets, func(v *policySetVersion) string { return v.PolicySet })
	policySetVersions.org = func(st *store, v *policySetVersion) *organization {
		return organizations.in(st)[policySets.in(st)[v.PolicySet].Org]
	}
	register(policySetVersions)
	addRoutes((*Server).registerPolicySetVersions)
}
