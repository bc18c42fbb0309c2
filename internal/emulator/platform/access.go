package platform

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// A team's access to a project (team_project_access.go) or to a workspace
// (team_workspace.go) is a level: a fixed one, which implies its
// permissions, or custom, whose permissions are given. The two kinds share
// this model: each declares its levels, its permissions with what each
// level implies, and where the API words or reads them differently.

// accessCustom is the level whose permissions are given, in either kind.
const accessCustom = "custom"

// teamAccess is an access's level and permissions, in either kind.
type teamAccess struct {
	Access string `json:"access"`
	// Permissions are the permissions in effect, by key (see
	// permission.key), booleans as "true" and "false": a fixed level's
	// implied ones, or the custom ones.
	Permissions map[string]string `json:"permissions"`
}

// permission is one permission of a kind of access: the object of the
// answer it is in (project-access, workspace-access; "" for an attribute
// of the access itself), its name and its name as a phrase in the API's
// refusals, its values (nil for a boolean), and its value at each level,
// in the order of the kind's levels, custom's being the default of a
// custom access that leaves it out.
type permission struct {
	group, name, label string
	values             []string
	implied            []string
}

// key names a permission in Permissions: "runs",
// "project-access.settings".
func (pm permission) key() string {
	if pm.group == "" {
		return pm.name
	}
	return pm.group + "." + pm.name
}

// accessKind is one kind of access.
type accessKind struct {
	// levels are the fixed levels, then custom.
	levels      []string
	permissions []permission
	// nullKeeps makes a string permission given null or "" keep its
	// value; otherwise "" is refused as a value that is not one of its.
	nullKeeps bool
	// refuseFixed words the refusal of a permission that a fixed level
	// implies otherwise.
	refuseFixed func(pm permission, level, implied string) string
	// refusedByKey orders those refusals by the permissions' keys;
	// otherwise they come in the order of permissions.
	refusedByKey bool
}

// levelList is the levels as the API's refusals list them: "read, plan,
// write, admin or custom".
func (k accessKind) levelList() string {
	last := len(k.levels) - 1
	return strings.Join(k.levels[:last], ", ") + " or " + k.levels[last]
}

// at returns the permissions of a level: those it implies, or custom
// access's defaults.
func (k accessKind) at(level string) map[string]string {
	i := slices.Index(k.levels, level)
	out := map[string]string{}
	for _, pm := range k.permissions {
		out[pm.key()] = pm.implied[i]
	}
	return out
}

// attributes are the answer's attributes of ta: access, and each
// permission, in its group's object or beside access.
func (k accessKind) attributes(ta teamAccess) map[string]any {
	attrs := map[string]any{"access": ta.Access}
	for _, pm := range k.permissions {
		var v any = ta.Permissions[pm.key()]
		if pm.values == nil {
			v = v == "true"
		}
		if pm.group == "" {
			attrs[pm.name] = v
			continue
		}
		group, _ := attrs[pm.group].(map[string]any)
		if group == nil {
			group = map[string]any{}
			attrs[pm.group] = group
		}
		group[pm.name] = v
	}
	return attrs
}

// apply sets ta's level and permissions from a request, recording what it
// refuses in f's problems. A fixed level has the permissions it implies: a
// request may repeat them, but one that differs is refused, as they are
// set only with custom access. Custom access starts from the permissions
// ta has (a new access: custom access's defaults) and takes those the
// request gives.
func (k accessKind) apply(ta *teamAccess, f fields) {
	if level, given := f.str("access"); given {
		if !slices.Contains(k.levels, level) {
			f.probs.add(f.at("access"), "invalid access %q: must be %s", level, k.levelList())
			return
		}
		ta.Access = level
	}
	if ta.Permissions == nil {
		ta.Permissions = k.at(accessCustom)
	}
	given, pointers := k.read(f)
	if ta.Access == accessCustom {
		maps.Copy(ta.Permissions, given)
		return
	}
	implied := k.at(ta.Access)
	refused := func(pm permission) {
		if v, ok := given[pm.key()]; ok && v != implied[pm.key()] {
			f.probs.add(pointers[pm.key()], "%s", k.refuseFixed(pm, ta.Access, implied[pm.key()]))
		}
	}
	if k.refusedByKey {
		byKey := slices.Clone(k.permissions)
		slices.SortFunc(byKey, func(a, b permission) int { return strings.Compare(a.key(), b.key()) })
		for _, pm := range byKey {
			refused(pm)
		}
	} else {
		for _, pm := range k.permissions {
			refused(pm)
		}
	}
	ta.Permissions = implied
}

// read returns the permissions a request gives, and their pointers, by
// key, recording the values it refuses in f's problems. A group given
// null gives none.
func (k accessKind) read(f fields) (given, pointers map[string]string) {
	given, pointers = map[string]string{}, map[string]string{}
	groups := map[string]*fields{"": &f}
	for _, pm := range k.permissions {
		in, read := groups[pm.group]
		if !read {
			if sub, present, null := f.object(pm.group); present && !null {
				in = &sub
			}
			groups[pm.group] = in
		}
		if in == nil {
			continue
		}
		pointers[pm.key()] = in.at(pm.name)
		if pm.values == nil {
			if v, ok := in.boolean(pm.name); ok {
				given[pm.key()] = strconv.FormatBool(v)
			}
			continue
		}
		v, ok := in.str(pm.name)
		switch {
		case !ok || k.nullKeeps && v == "" && in.has(pm.name):
		case !slices.Contains(pm.values, v):
			f.probs.add(in.at(pm.name), "invalid %s %q: must be %s", strings.TrimSpace(pm.group+" "+pm.name), v, strings.Join(pm.values, ", "))
		default:
			given[pm.key()] = v
		}
	}
	return given, pointers
}

// check refuses an access of the state file that no request could have
// stored.
func (k accessKind) check(ta teamAccess) error {
	if !slices.Contains(k.levels, ta.Access) {
		return fmt.Errorf("access %q: must be one of %s", ta.Access, strings.Join(k.levels, ", "))
	}
	for _, pm := range k.permissions {
		v := ta.Permissions[pm.key()]
		if pm.values == nil && v != "true" && v != "false" || pm.values != nil && !slices.Contains(pm.values, v) {
			return fmt.Errorf("permission %s %q is not one of its values", pm.key(), v)
		}
	}
	if ta.Access != accessCustom && !maps.Equal(ta.Permissions, k.at(ta.Access)) {
		return errors.New("access " + ta.Access + " with permissions it does not imply")
	}
	return nil
}

// updateAccess changes the level and permissions (of) of the access that
// the path names, found by find, as kind reads them, and answers it
// rendered; a refused update changes nothing.
func updateAccess[T any](s *Server, w http.ResponseWriter, r *http.Request, p principal, kind accessKind, find finder[T], of func(*T) *teamAccess, render func(*T) resource) {
	writeOnPath(s, w, r, p, find, func(cur *T, in *input) reply {
		ta := *of(cur)
		ta.Permissions = maps.Clone(ta.Permissions)
		kind.apply(&ta, in.attrs)
		if len(*in.probs) > 0 {
			return in.probs.reply()
		}
		*of(cur) = ta
		return ok(document{Data: render(cur)})
	})
}

// requireOne reads a to-one relationship that a create requires: absent,
// or null, it is refused at its pointer.
func (in *input) requireOne(name string) string {
	_, present := in.rels.raw[name]
	id, given := in.rels.one(name)
	if !present || given && id == "" {
		in.probs.add(in.rels.at(name), "relationship %s is required", name)
	}
	return id
}
