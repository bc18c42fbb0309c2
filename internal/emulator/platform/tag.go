package platform

import (
	"errors"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Flat tags
//
//   - Tags (type tags, ID "tag-...") are the organization's; a workspace
//     carries them, given on create as the tags relationship, or through
//     POST and DELETE .../relationships/tags (204), each by ID or by
//     attributes.name. A name is 1 to 255 letters, numbers, colons,
//     hyphens and underscores, starting and ending with a letter or number;
//     upper case is taken and lower-cased. A tag named that does not exist
//     yet is created; a tag of another organization is 422. Adding a tag the
//     workspace has, or removing one it has not, changes nothing. An
//     update's tags relationship is ignored: tags are given on create
//     only.
//   - GET .../relationships/tags lists a workspace's tags by name, with
//     instance-count (the workspaces that carry it), paginated; name=
//     filters by substring.

// prefixTag begins the IDs of this file's objects.
const prefixTag = "tag"

// tag is a flat tag of an organization, which workspaces carry by name.
type tag struct {
	ID        string    `json:"id"`
	Org       string    `json:"organization"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"created-at"`
}

const maxTagName = 255

// validTagName: letters, numbers, colons, hyphens and underscores, starting
// and ending with a letter or a number. Upper-case letters are taken and
// lower-cased, as the API does.
var validTagName = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9_:-]*[a-z0-9])?$`)

func (s *Server) registerTags(mux route.Mux) {
	base := apiPrefix + "/workspaces/{id}/relationships/tags"
	s.handle(mux, "GET "+base, s.listWorkspaceTags)
	s.handle(mux, "POST "+base, func(w http.ResponseWriter, r *http.Request, p principal) { s.writeWorkspaceTags(w, r, p, true) })
	s.handle(mux, "DELETE "+base, func(w http.ResponseWriter, r *http.Request, p principal) { s.writeWorkspaceTags(w, r, p, false) })
}

func (s *Server) tagNamedLocked(org, name string) *tag {
	for _, t := range tags.in(s) {
		if t.Org == org && t.Name == name {
			return t
		}
	}
	return nil
}

// readTagNames reads tags of a request, each by its ID (a tag of org) or
// by attributes.name, and returns their names, lower-cased.
func (s *Server) readTagNamesLocked(org string, objs []object, base string, probs *problems) []string {
	var names []string
	for i, o := range objs {
		at := base + "/" + strconv.Itoa(i)
		if o.ID != "" {
			if t := tags.in(s)[o.ID]; t != nil && t.Org == org {
				names = append(names, t.Name)
			} else {
				probs.add(at+"/id", "tag %q: not a tag of this organization", o.ID)
			}
			continue
		}
		f := fields{raw: o.Attributes, pointer: at + "/attributes", probs: probs}
		name, _ := f.str("name")
		name = strings.ToLower(name)
		if len(name) > maxTagName || !validTagName.MatchString(name) {
			probs.add(f.at("name"), "invalid tag name %q: must be 1 to %d letters, numbers, colons, hyphens and underscores, starting and ending with a letter or number", name, maxTagName)
			continue
		}
		names = append(names, name)
	}
	return names
}

// tagIDsLocked returns the IDs of org's tags of these names, creating the
// ones it does not have.
func (s *Server) tagIDsLocked(org string, names []string) []string {
	var out []string
	for _, name := range names {
		t := s.tagNamedLocked(org, name)
		if t == nil {
			t = &tag{ID: newID(prefixTag), Org: org, Name: name, CreatedAt: s.now().UTC()}
			tags.in(s)[t.ID] = t
		}
		if !slices.Contains(out, t.ID) {
			out = append(out, t.ID)
		}
	}
	return out
}

// tagNamesLocked returns the names of tags, sorted.
func (s *Server) tagNamesLocked(ids []string) []string {
	names := []string{}
	for _, id := range ids {
		names = append(names, tags.in(s)[id].Name)
	}
	slices.Sort(names)
	return names
}

func (s *Server) tagResource(t *tag) resource {
	count := 0
	for _, ws := range workspaces.in(s) {
		if slices.Contains(ws.Tags, t.ID) {
			count++
		}
	}
	return resource{
		Type: "tags", ID: t.ID,
		Attributes:    map[string]any{"name": t.Name, "instance-count": count, "created-at": formatTime(t.CreatedAt)},
		Relationships: map[string]any{"organization": toOne("organizations", organizations.in(s)[t.Org].Name)},
	}
}

// listWorkspaceTags lists a workspace's tags by name, by pages; name= keeps
// those whose name has it.
func (s *Server) listWorkspaceTags(w http.ResponseWriter, r *http.Request, p principal) {
	listOnPath(listing[*tag]{includes: noIncludes, render: plain(s.tagResource)}, s, w, r, p, s.visibleWorkspaceLocked, func(ws *workspace, lq *listQuery) ([]*tag, reply) {
		list := tags.where(s, func(t *tag) bool { return slices.Contains(ws.Tags, t.ID) && containsFold(t.Name, lq.Get("name")) })
		return tags.order(list, false, byString(func(t *tag) string { return t.Name })), reply{}
	})
}

// writeWorkspaceTags adds tags to a workspace, or removes them; both
// answer 204. A tag the workspace has is not added twice; one it does not
// have is not removed.
func (s *Server) writeWorkspaceTags(w http.ResponseWriter, r *http.Request, p principal, add bool) {
	objs, read := readObjects(w, r)
	if !read {
		return
	}
	onPath(s, w, r, p, s.visibleWorkspaceLocked, func(ws *workspace) reply {
		var probs problems
		names := s.readTagNamesLocked(ws.Org, objs, "/data", &probs)
		if len(probs) > 0 {
			return probs.reply()
		}
		if add {
			for _, id := range s.tagIDsLocked(ws.Org, names) {
				if !slices.Contains(ws.Tags, id) {
					ws.Tags = append(ws.Tags, id)
				}
			}
		} else {
			ws.Tags = slices.DeleteFunc(ws.Tags, func(id string) bool { return slices.Contains(names, tags.in(s)[id].Name) })
		}
		ws.UpdatedAt = s.now().UTC()
		return noContent()
	})
}

var tags = &table[tag]{key: "tags", noun: "tag", id: func(t *tag) string { return t.ID }}

func init() {
	tags.needs = []anyTable{organizations}
	tags.check = func(st *store, t *tag) error {
		if !isID(prefixTag, t.ID) || organizations.in(st)[t.Org] == nil || !validTagName.MatchString(t.Name) {
			return errors.New("no valid ID, organization and name")
		}
		return nil
	}
	tags.belongsTo(organizations, func(t *tag) string { return t.Org })
	tags.org = func(st *store, t *tag) *organization { return organizations.in(st)[t.Org] }
	register(tags)
}
