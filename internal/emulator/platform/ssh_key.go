package platform

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # SSH keys
//
//   - POST /organizations/:org/ssh-keys takes name (required, not blank)
//     and value, the private key's text (required, not blank; its format
//     is not checked). Names need not be unique: the API's documents state
//     no such rule. Answers, of type ssh-keys (ID "sshkey-..."), carry
//     name only: the value is never answered (the state file keeps it).
//   - PATCH /ssh-keys/:id changes the name; a value given there is 422 at
//     /data/attributes/value, as the value is set on create only (the
//     incumbent provider replaces a key whose value changes).
//   - GET /organizations/:org/ssh-keys lists every key of the
//     organization, by name, on one page without pagination: the API does
//     not page this list (the incumbent client's tests say so), and page[]
//     parameters are ignored.
//   - Who: whoever sees the organization reads its keys, but its
//     organization token, which the API's documents keep away from SSH
//     keys; the owners (the organization token aside) and teams with
//     manage-vcs-settings create, rename and delete them. The rest is 404.
//   - PATCH /workspaces/:id/relationships/ssh-key with data.attributes.id
//     (the key's ID, or null for none; required: 422 at
//     /data/attributes/id) sets the workspace's ssh-key relationship, for
//     whoever sees the workspace and the key, and answers the workspace
//     (200). A key of another organization is 422 at /data/attributes/id;
//     a key not found is 404.
//   - DELETE /ssh-keys/:id deletes a key in use too (204): the workspaces
//     that use it are left without one. The incumbent client's own tests
//     delete a key before the workspace it is assigned to, and the API's
//     documents state no refusal. A deleted organization takes its keys.

// prefixSSHKey begins the IDs of this file's objects.
const prefixSSHKey = "sshkey"

// sshKey is a private SSH key of an organization, which its workspaces use
// to fetch modules from private repositories. Its value is taken and
// never answered.
type sshKey struct {
	ID    string `json:"id"`
	Org   string `json:"organization"` // the organization's external ID
	Name  string `json:"name"`
	Value string `json:"value"`
}

func (s *Server) registerSSHKeys(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}/ssh-keys", s.listSSHKeys)
	s.handle(mux, "POST "+apiPrefix+"/organizations/{org}/ssh-keys", s.createSSHKey)
	s.handle(mux, "GET "+apiPrefix+"/ssh-keys/{id}", s.readSSHKey)
	s.handle(mux, "PATCH "+apiPrefix+"/ssh-keys/{id}", s.updateSSHKey)
	s.handle(mux, "DELETE "+apiPrefix+"/ssh-keys/{id}", s.deleteSSHKey)
	s.handle(mux, "PATCH "+apiPrefix+"/workspaces/{id}/relationships/ssh-key", s.assignSSHKey)
}

// seesSSHKeysLocked reports whether p may read o's SSH keys: whoever sees
// the organization but its organization token, which the API's documents
// keep away from SSH keys.
func (s *Server) seesSSHKeysLocked(p principal, o *organization) bool {
	return p.kind != kindOrganization && p.sees(o)
}

// managesSSHKeysLocked reports whether p may create, change and delete
// o's SSH keys: the owners (but the organization token) and a team with
// manage-vcs-settings.
func (s *Server) managesSSHKeysLocked(p principal, o *organization) bool {
	if !s.seesSSHKeysLocked(p, o) {
		return false
	}
	if p.owns(o) {
		return true
	}
	own := s.teamOfLocked(p)
	return own != nil && own.Org == o.ExternalID && own.Access["manage-vcs-settings"]
}

// sshKeyOrgLocked returns the organization a path names when p may read
// its SSH keys, or the 404 that answers both a missing and a hidden one.
func (s *Server) sshKeyOrgLocked(p principal, name string) (*organization, reply, bool) {
	o, rep, found := s.visibleOrgLocked(p, name)
	if !found {
		return nil, rep, false
	}
	if !s.seesSSHKeysLocked(p, o) {
		return nil, notFound("organization " + quote(name)), false
	}
	return o, reply{}, true
}

// visibleSSHKeyLocked returns the key id when p may read it.
func (s *Server) visibleSSHKeyLocked(p principal, id string) (*sshKey, reply, bool) {
	return sshKeys.find(s, p, id, func(k *sshKey) bool { return s.seesSSHKeysLocked(p, organizations.in(s)[k.Org]) })
}

// managedSSHKeyLocked is visibleSSHKeyLocked for changes, which those who
// do not manage the organization's keys are answered 404.
func (s *Server) managedSSHKeyLocked(p principal, id string) (*sshKey, reply, bool) {
	return sshKeys.find(s, p, id, func(k *sshKey) bool { return s.managesSSHKeysLocked(p, organizations.in(s)[k.Org]) })
}

// resource renders k: its name only, as the API never answers the value.
func (k *sshKey) resource() resource {
	return resource{
		Type: "ssh-keys", ID: k.ID,
		Attributes: map[string]any{"name": k.Name},
		Links:      map[string]string{"self": apiPrefix + "/ssh-keys/" + k.ID},
	}
}

// listSSHKeys answers every key of the organization, by name, on one page:
// the API does not page this list (its client's tests say so), so page[]
// parameters are ignored and the answer has no pagination.
func (s *Server) listSSHKeys(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*sshKey]{pages: whole, render: plain((*sshKey).resource)}.serve(s, w, r, func(*listQuery) ([]*sshKey, reply) {
		o, rep, found := s.sshKeyOrgLocked(p, r.PathValue("org"))
		if !found {
			return nil, rep
		}
		list := sshKeys.where(s, func(k *sshKey) bool { return k.Org == o.ExternalID })
		return sshKeys.order(list, false, byFold(func(k *sshKey) string { return k.Name })), reply{}
	})
}

func (s *Server) readSSHKey(w http.ResponseWriter, r *http.Request, p principal) {
	onPath(s, w, r, p, s.visibleSSHKeyLocked, func(k *sshKey) reply {
		return ok(document{Data: k.resource()})
	})
}

// applySSHKeyName sets k's name from a request: not blank when given, and
// required when the key is new.
func applySSHKeyName(k *sshKey, f fields) {
	name, given := f.str("name")
	switch {
	case given && strings.TrimSpace(name) == "":
		f.probs.add(f.at("name"), "name can't be blank")
	case given:
		k.Name = name
	case k.Name == "" && !f.has("name"):
		f.probs.add(f.at("name"), "name is required")
	}
}

func (s *Server) createSSHKey(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		o, rep, found := s.sshKeyOrgLocked(p, r.PathValue("org"))
		if !found {
			return rep
		}
		if !s.managesSSHKeysLocked(p, o) {
			return notFound("organization " + quote(o.Name))
		}
		f, probs := in.attrs, in.probs
		k := &sshKey{Org: o.ExternalID}
		applySSHKeyName(k, f)
		value, given := f.str("value")
		if strings.TrimSpace(value) == "" && (given || !f.has("value")) {
			probs.add(f.at("value"), "value is required: the private key's text")
		}
		if len(*probs) > 0 {
			return probs.reply()
		}
		k.Value = value
		k.ID = newID(prefixSSHKey)
		sshKeys.in(s)[k.ID] = k
		return created(document{Data: k.resource()})
	})
}

// updateSSHKey renames a key; its value is set on create only, and a value
// given here is refused rather than dropped, so that a client that means
// to change the key learns that it cannot.
func (s *Server) updateSSHKey(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.managedSSHKeyLocked, func(cur *sshKey, in *input) reply {
		k := *cur
		f, probs := in.attrs, in.probs
		applySSHKeyName(&k, f)
		if f.has("value") {
			probs.add(f.at("value"), "value cannot be changed: an SSH key's value is set when it is created; create another key instead")
		}
		if len(*probs) > 0 {
			return probs.reply()
		}
		*cur = k
		return ok(document{Data: cur.resource()})
	})
}

// deleteSSHKey deletes a key, in use or not: the workspaces that use it
// are left without one.
func (s *Server) deleteSSHKey(w http.ResponseWriter, r *http.Request, p principal) {
	removeOnPath(s, w, r, p, sshKeys, s.managedSSHKeyLocked)
}

// assignSSHKey is PATCH /workspaces/:id/relationships/ssh-key: the body's
// data.attributes.id names the key the workspace uses, or is null for
// none. The key must be of the workspace's organization.
func (s *Server) assignSSHKey(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.visibleWorkspaceLocked, func(ws *workspace, in *input) reply {
		f, probs := in.attrs, in.probs
		id, given := f.str("id")
		if !given && !f.has("id") {
			probs.add(f.at("id"), "id is required: the SSH key's ID, or null to leave the workspace without one")
		}
		if len(*probs) > 0 {
			return probs.reply()
		}
		if id != "" {
			k, rep, found := s.visibleSSHKeyLocked(p, id)
			if !found {
				return rep
			}
			if k.Org != ws.Org {
				probs.add(f.at("id"), "SSH key %s is not a key of the workspace's organization", k.ID)
				return probs.reply()
			}
		}
		ws.SSHKey = id
		ws.UpdatedAt = s.now().UTC()
		return ok(document{Data: s.workspaceResource(ws, p, nil)})
	})
}

// checkSSHKey refuses a key of the state file that no request could have
// stored.
func (st *store) checkSSHKey(k *sshKey) error {
	if k == nil || !isID(prefixSSHKey, k.ID) {
		return errors.New("no valid ID")
	}
	if organizations.in(st)[k.Org] == nil {
		return fmt.Errorf("organization %q is not in the file", k.Org)
	}
	if strings.TrimSpace(k.Name) == "" || strings.TrimSpace(k.Value) == "" {
		return errors.New("no name and value")
	}
	return nil
}

// checkWorkspaceSSHKey refuses a workspace of the state file whose key is
// not one of its organization's.
func (st *store) checkWorkspaceSSHKey(ws *workspace) error {
	if ws.SSHKey == "" {
		return nil
	}
	if k := sshKeys.in(st)[ws.SSHKey]; k == nil || k.Org != ws.Org {
		return fmt.Errorf("SSH key %q is not a key of its organization", ws.SSHKey)
	}
	return nil
}

var sshKeys = &table[sshKey]{key: "ssh-keys", noun: "SSH key", id: func(k *sshKey) string { return k.ID }}

func init() {
	sshKeys.needs = []anyTable{organizations}
	sshKeys.check = (*store).checkSSHKey
	sshKeys.belongsTo(organizations, func(k *sshKey) string { return k.Org })
	sshKeys.org = func(st *store, k *sshKey) *organization { return organizations.in(st)[k.Org] }
	register(sshKeys)
	addRoutes((*Server).registerSSHKeys)
}
