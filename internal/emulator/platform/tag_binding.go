package platform

import (
	"fmt"
	"net/http"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Tag bindings
//
//   - A tag binding (type tag-bindings, ID "tb-...") is a key of 1 to 128
//     characters and a value of at most 256 (may be empty). A project or a
//     workspace has at most 10 bindings of its own: a write that would
//     leave more (keys it has counting once) is 422 "Tag bindings cannot
//     exceed 10 bindings per resource ...", at /data (or at the
//     tag-bindings relationship of a create or update). A key given
//     twice in one request is 422.
//   - GET .../tag-bindings and GET .../relationships/tag-bindings list an
//     object's bindings, in the order they were added, whole (not by
//     pages). PATCH .../tag-bindings adds the keys it is given or updates
//     their values, keeps the others, and answers the list; POST
//     .../relationships/tag-bindings does the same and answers 204; PATCH
//     .../relationships/tag-bindings replaces them all and answers 204. A
//     key that stays keeps its ID.
//   - GET .../effective-tag-bindings lists the bindings in effect (type
//     effective-tag-bindings, ID the binding's without its prefix): a
//     project's own; a workspace's project's, then its own, its own winning
//     for a key both have. An inherited one has links {"inherited-from":
//     "/api/v2/projects/:id"}, by which clients tell it; own ones have no
//     links. Each has the relationship inherited-from: the
//     project it comes from, or null.

// prefixTagBinding begins the IDs of this file's objects.
const prefixTagBinding = "tb"

// tagBinding is a key-value tag of a project or a workspace.
type tagBinding struct {
	ID        string    `json:"id"`
	Key       string    `json:"key"`
	Value     string    `json:"value"`
	CreatedAt time.Time `json:"created-at"`
}

const (
	maxTagKey   = 128
	maxTagValue = 256
	// maxTagBindings is how many bindings of its own a project or a
	// workspace may have.
	maxTagBindings = 10
)

// effectiveBinding is a tag binding in effect on an object, and the project
// it comes from when the object inherits it.
type effectiveBinding struct {
	binding       *tagBinding
	inheritedFrom string
}

// tagBindingOwner is what the tag-binding endpoints need of a project or a
// workspace, found for a principal.
type tagBindingOwner struct {
	bindings  *[]*tagBinding
	effective func() []effectiveBinding
	changed   func() // after its bindings change
}

// registerTagBindings adds the tag-binding endpoints of a collection
// ("projects", "workspaces"), whose objects find looks up for a principal.
// Both paths of the list are served, as clients use either: GET lists;
// PATCH of .../tag-bindings adds or updates the keys it is given and
// answers the list; POST of .../relationships/tag-bindings adds or updates
// too, and PATCH there replaces them all; both answer 204.
func (s *Server) registerTagBindings(mux route.Mux, collection string, find func(p principal, id string) (tagBindingOwner, reply, bool)) {
	base := apiPrefix + "/" + collection + "/{id}"
	list := func(w http.ResponseWriter, r *http.Request, p principal) {
		s.locked(w, func() reply {
			owner, rep, found := find(p, r.PathValue("id"))
			if !found {
				return rep
			}
			return ok(bindingsDocument(*owner.bindings))
		})
	}
	write := func(replace, answerList bool) handler {
		return func(w http.ResponseWriter, r *http.Request, p principal) {
			objs, read := readObjects(w, r)
			if !read {
				return
			}
			s.locked(w, func() reply {
				owner, rep, found := find(p, r.PathValue("id"))
				if !found {
					return rep
				}
				var probs problems
				with := readTagBindings(objs, "/data", &probs)
				checkBindingCount(*owner.bindings, with, replace, "/data", &probs)
				if len(probs) > 0 {
					return probs.reply()
				}
				*owner.bindings = s.setBindingsLocked(*owner.bindings, with, replace)
				owner.changed()
				if answerList {
					return ok(bindingsDocument(*owner.bindings))
				}
				return noContent()
			})
		}
	}
	s.handle(mux, "GET "+base+"/tag-bindings", list)
	s.handle(mux, "GET "+base+"/relationships/tag-bindings", list)
	s.handle(mux, "PATCH "+base+"/tag-bindings", write(false, true))
	s.handle(mux, "POST "+base+"/relationships/tag-bindings", write(false, false))
	s.handle(mux, "PATCH "+base+"/relationships/tag-bindings", write(true, false))
	s.handle(mux, "GET "+base+"/effective-tag-bindings", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.locked(w, func() reply {
			owner, rep, found := find(p, r.PathValue("id"))
			if !found {
				return rep
			}
			data := []resource{}
			for _, eb := range owner.effective() {
				data = append(data, eb.resource())
			}
			return ok(document{Data: data})
		})
	})
}

// bindingsDocument lists tag bindings whole, not by pages: an object has
// few, and clients read them in one request.
func bindingsDocument(bindings []*tagBinding) document {
	data := []resource{}
	for _, b := range bindings {
		data = append(data, b.resource())
	}
	return document{Data: data}
}

// readTagBindings reads tag bindings from resource objects, whose pointers
// are base and their index; a key given twice is refused.
func readTagBindings(objs []object, base string, probs *problems) []tagBinding {
	var out []tagBinding
	seen := map[string]bool{}
	for i, o := range objs {
		f := fields{raw: o.Attributes, pointer: base + "/" + strconv.Itoa(i) + "/attributes", probs: probs}
		key, _ := f.str("key")
		value, _ := f.str("value")
		switch {
		case key == "":
			probs.add(f.at("key"), "tag binding %d: key is required", i)
		case utf8.RuneCountInString(key) > maxTagKey:
			probs.add(f.at("key"), "invalid key %q: must be at most %d characters", key, maxTagKey)
		case seen[key]:
			probs.add(f.at("key"), "key %q is given twice", key)
		}
		if utf8.RuneCountInString(value) > maxTagValue {
			probs.add(f.at("value"), "invalid value of key %q: must be at most %d characters", key, maxTagValue)
		}
		seen[key] = true
		out = append(out, tagBinding{Key: key, Value: value})
	}
	return out
}

// checkBindingCount refuses, at pointer, a write of with to the bindings
// cur (replacing them, or adding to them) that would leave more than
// maxTagBindings.
func checkBindingCount(cur []*tagBinding, with []tagBinding, replace bool, pointer string, probs *problems) {
	keys := map[string]bool{}
	if !replace {
		for _, b := range cur {
			keys[b.Key] = true
		}
	}
	for _, w := range with {
		keys[w.Key] = true
	}
	if len(keys) > maxTagBindings {
		probs.add(pointer, "Tag bindings cannot exceed %d bindings per resource: this would leave %d", maxTagBindings, len(keys))
	}
}

// setBindingsLocked returns cur with the bindings of with added, or their
// values updated, and with replace the others removed. A key that stays
// keeps its ID; a new key gets one.
func (s *Server) setBindingsLocked(cur []*tagBinding, with []tagBinding, replace bool) []*tagBinding {
	byKey := map[string]*tagBinding{}
	for _, b := range cur {
		byKey[b.Key] = b
	}
	var out []*tagBinding
	if !replace {
		out = append(out, cur...)
	}
	for _, w := range with {
		if b := byKey[w.Key]; b != nil {
			b.Value = w.Value
			if replace {
				out = append(out, b)
			}
			continue
		}
		b := &tagBinding{ID: newID(prefixTagBinding), Key: w.Key, Value: w.Value, CreatedAt: s.now().UTC()}
		out = append(out, b)
	}
	return out
}

func (b *tagBinding) resource() resource {
	return resource{
		Type: "tag-bindings", ID: b.ID,
		Attributes: map[string]any{"key": b.Key, "value": b.Value, "created-at": formatTime(b.CreatedAt)},
	}
}

// resource is the binding in effect, its ID that of the binding without
// its prefix.
func (eb effectiveBinding) resource() resource {
	res := resource{
		Type: "effective-tag-bindings", ID: eb.binding.ID[len(prefixTagBinding)+1:],
		Attributes:    map[string]any{"key": eb.binding.Key, "value": eb.binding.Value},
		Relationships: map[string]any{"inherited-from": toOne("projects", eb.inheritedFrom)},
	}
	// Clients tell an inherited binding by its link.
	if eb.inheritedFrom != "" {
		res.Links = map[string]string{"inherited-from": apiPrefix + "/projects/" + eb.inheritedFrom}
	}
	return res
}

// effectiveBindings returns the bindings in effect on an object that has
// own bindings and inherits those of project (nil when it inherits none):
// its own win over inherited ones of the same key.
func effectiveBindings(own []*tagBinding, project *project) []effectiveBinding {
	var out []effectiveBinding
	mine := map[string]bool{}
	for _, b := range own {
		mine[b.Key] = true
	}
	if project != nil {
		for _, b := range project.TagBindings {
			if !mine[b.Key] {
				out = append(out, effectiveBinding{binding: b, inheritedFrom: project.ID})
			}
		}
	}
	for _, b := range own {
		out = append(out, effectiveBinding{binding: b})
	}
	return out
}

// bindingRefs are the references of an effective-tag-bindings
// relationship.
func bindingRefs(ebs []effectiveBinding) []ref {
	var refs []ref
	for _, eb := range ebs {
		refs = append(refs, eb.resource().ref())
	}
	return refs
}

// checkBindings refuses a tag binding without an ID or a key.
func checkBindings(bindings []*tagBinding) error {
	for i, b := range bindings {
		if b == nil || !isID(prefixTagBinding, b.ID) || b.Key == "" {
			return fmt.Errorf("tag binding %d has no valid ID and key", i)
		}
	}
	return nil
}
