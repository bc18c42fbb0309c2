package platform

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// A to-many relationship of an object (a variable set's workspaces, an
// OAuth client's projects, a team's users) is changed through one
// endpoint: POST <parent>/relationships/<name> adds the members that the
// body's data[] names ({type, id}; the type is not checked), DELETE
// removes them, and both answer 204. A request changes all it names or,
// refused, nothing; adding a member that is there, or removing one that is
// not, changes nothing. The parent is found as the noun finds it (404),
// after the body is read (400 for one that is no list of resource
// objects).

// relation is one to-many relationship: its parent, how a member is checked
// and kept, and the choices where the API answers its relationships
// differently.
type relation[P any] struct {
	// find finds the parent that the path's {id} names for the token, or
	// answers 404.
	find finder[P]
	// member checks the member that a request names by id, for an add
	// (add) or a removal, and returns the key that parent keeps of it, or
	// why it is refused.
	member func(parent *P, id string, add bool) (key, refused string)
	// members is where parent keeps its members' keys.
	members memberSet[P]
	// closed, when set, says why parent takes no member at all ("" when
	// it does): every request is refused.
	closed func(parent *P) string
	// empty, when set, is the refusal of a request that names no member;
	// unset, such a request is taken and changes nothing.
	empty string
	// refusal is how a refused request is answered.
	refusal refusalForm
	// changed, when set, records on parent that a request was taken (its
	// updated-at), whether or not the request changed a member.
	changed func(parent *P)
}

// memberSet is where a relationship keeps its members: join adds one's
// key to the parent, leave removes it; neither fails.
type memberSet[P any] struct {
	join, leave func(parent *P, key string)
}

// keptIn is the memberSet of a parent that keeps its members' keys in the
// list that list gives, in the order they joined.
func keptIn[P any](list func(*P) *[]string) memberSet[P] {
	return memberSet[P]{
		join: func(parent *P, key string) {
			if l := list(parent); !slices.Contains(*l, key) {
				*l = append(*l, key)
			}
		},
		leave: func(parent *P, key string) {
			l := list(parent)
			*l = slices.DeleteFunc(*l, func(k string) bool { return k == key })
		},
	}
}

// refusalForm is how a relationship's endpoint answers a refused request:
// the API answers most with a 422, but not all alike.
type refusalForm int

const (
	// atMember is 422 "invalid attribute" with every refusal of the
	// request, each refused member's at /data/<i>/id (its index in
	// data[]), the parent's and an empty data's at /data.
	atMember refusalForm = iota
	// atData is atMember with every refusal at /data, an OAuth client's
	// projects'.
	atData
	// asBadRequest is 400 with the first refusal's words alone, as the
	// API answers a team's members.
	asBadRequest
)

// at is the pointer of the refusal of member i, -1 for the request's.
func (form refusalForm) at(i int) string {
	if form != atMember || i < 0 {
		return "/data"
	}
	return "/data/" + strconv.Itoa(i) + "/id"
}

func (form refusalForm) reply(probs problems) reply {
	if form == asBadRequest {
		return errorReply(http.StatusBadRequest, probs[0].Detail)
	}
	return probs.reply()
}

// relate registers POST (add) and DELETE (remove) of path, a relationship
// of the parent that the path's {id} names.
func relate[P any](s *Server, mux route.Mux, path string, rel relation[P]) {
	s.handle(mux, "POST "+path, rel.handler(s, true))
	s.handle(mux, "DELETE "+path, rel.handler(s, false))
}

func (rel relation[P]) handler(s *Server, add bool) handler {
	return func(w http.ResponseWriter, r *http.Request, p principal) {
		objs, read := readObjects(w, r)
		if !read {
			return
		}
		onPath(s, w, r, p, rel.find, func(parent *P) reply {
			keys, probs := rel.check(parent, objs, add)
			if len(probs) > 0 {
				return rel.refusal.reply(probs)
			}
			change := rel.members.leave
			if add {
				change = rel.members.join
			}
			for _, key := range keys {
				change(parent, key)
			}
			if rel.changed != nil {
				rel.changed(parent)
			}
			return noContent()
		})
	}
}

// check returns the keys of the members that objs name, or the refusals
// of the request.
func (rel relation[P]) check(parent *P, objs []object, add bool) ([]string, problems) {
	var probs problems
	if rel.closed != nil {
		if why := rel.closed(parent); why != "" {
			probs.add(rel.refusal.at(-1), "%s", why)
			return nil, probs
		}
	}
	if len(objs) == 0 && rel.empty != "" {
		probs.add(rel.refusal.at(-1), "%s", rel.empty)
		return nil, probs
	}
	var keys []string
	for i, obj := range objs {
		key, refused := rel.member(parent, obj.ID, add)
		if refused != "" {
			probs.add(rel.refusal.at(i), "%s", refused)
			continue
		}
		keys = append(keys, key)
	}
	return keys, probs
}
