package platform

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// A noun of the API (an organization, a project, a team's access to a
// workspace...) describes itself once, in its own file: a table of its
// objects, registered from that file's init with everything the shared
// code needs to hold it: its key in the state file, how each object is
// found (its ID), what a loaded object must be, and what it does when an
// object of another table is deleted: delete its own that belong to it
// (belongsTo), forget the references to it (refersTo, in a list; forgets,
// in a field), or, for a rule of its own, onDelete. Its routes are registered the same way, by
// addRoutes, and so is the state it keeps outside the store, if any, by
// registerSide. The store, the state file, Reset and Register go over what
// is registered, and name no noun.

// anyTable is what the shared code does with a table whatever its
// objects.
type anyTable interface {
	stateKey() string
	empty() any
	marshal(st *store) any
	load(st *store, raw json.RawMessage) error
	verifyLoaded(st *store) error
	needed() []anyTable
	deleted(st *store, gone anyTable, id string)
}

// table is the store of one noun's objects, by ID (a token's by its
// secret). Its fields are set once, before New, by the noun's file.
type table[T any] struct {
	index int // in registry and in a store's tables

	// key is the state file's member holding the objects, such as
	// "agent-pools"; noun names one object in errors, "agent pool".
	key, noun string
	// id is the object's key in the table.
	id func(*T) string
	// check refuses an object of the state file that no request could
	// have stored. It sees the tables of needs, loaded before, and the
	// objects of this one loaded before it. Nil accepts any object.
	check func(st *store, v *T) error
	needs []anyTable
	// org is the organization an object is in (see find).
	org inOrganization[T]
	// verify checks, once every table is loaded, what check could not:
	// references to tables loaded after this one.
	verify func(st *store) error
	// owners, refs and ones are what belongsTo, refersTo and forgets
	// declare.
	owners []ownerKey[T]
	refs   []refList[T]
	ones   []refOne[T]
	// onDelete is called when an object of any table is deleted by
	// remove, with its table and ID, after owners and refs are applied:
	// the rules that they cannot state.
	onDelete func(st *store, gone anyTable, id string)
}

// ownerKey is the key that an object keeps of its owner in another table;
// refList the list of IDs of objects of another table that it keeps.
type ownerKey[T any] struct {
	table anyTable
	key   func(*T) string
}

type refList[T any] struct {
	table anyTable
	list  func(*T) *[]string
}

// refOne is the ID of an object of another table that an object may keep
// in a field of its own, "" for none.
type refOne[T any] struct {
	table anyTable
	field func(*T) *string
}

// belongsTo declares that an object of t belongs to the object of owner
// that key names: the owner's delete removes it too, as remove does. Call
// it from the noun file's init.
func (t *table[T]) belongsTo(owner anyTable, key func(*T) string) {
	t.owners = append(t.owners, ownerKey[T]{owner, key})
}

// refersTo declares that objects of t keep IDs of objects of other in the
// list that list gives: the delete of one of those removes its ID from
// every list. Call it from the noun file's init.
func (t *table[T]) refersTo(other anyTable, list func(*T) *[]string) {
	t.refs = append(t.refs, refList[T]{other, list})
}

// forgets declares that an object of t may keep the ID of an object of
// other in the field that field gives: the delete of that one empties the
// field. Call it from the noun file's init.
func (t *table[T]) forgets(other anyTable, field func(*T) *string) {
	t.ones = append(t.ones, refOne[T]{other, field})
}

// registry is every table, in the order their files registered them.
var registry []anyTable

// register adds t to the registry: call it from the noun file's init.
func register[T any](t *table[T]) {
	t.index = len(registry)
	registry = append(registry, t)
}

// routeSets add the API's routes to a mux, each registered by its file's
// init with addRoutes.
var routeSets []func(*Server, route.Mux)

func addRoutes(f func(*Server, route.Mux)) { routeSets = append(routeSets, f) }

// sideState is state that a noun keeps outside the store, one on each
// Server: the state file does not keep it, and Reset clears it (an
// action's own rate limit, the run triggers' creation locks). Its fields
// are set once, before New, by the noun's file, which registers it from
// init with registerSide.
type sideState[T any] struct {
	index int // in sides and in a Server's sides

	// newState returns the state of a new Server.
	newState func() *T
	// reset clears it, for Reset, under the store's lock.
	reset func(*T)
}

// anySide is what New and Reset do with a noun's side state whatever its
// type.
type anySide interface {
	fresh() any
	resetOn(s *Server)
}

// sides is every noun's side state, in the order their files registered
// it.
var sides []anySide

// registerSide adds ss to the registry: call it from the noun file's init.
func registerSide[T any](ss *sideState[T]) {
	ss.index = len(sides)
	sides = append(sides, ss)
}

// on returns ss on s.
func (ss *sideState[T]) on(s *Server) *T {
	v, ok := s.sides[ss.index].(*T)
	if !ok {
		panic("platform: side state is not registered")
	}
	return v
}

func (ss *sideState[T]) fresh() any        { return ss.newState() }
func (ss *sideState[T]) resetOn(s *Server) { ss.reset(ss.on(s)) }

// store is everything the state file keeps: a map of each registered
// table's objects.
type store struct {
	tables []any // registry[i]'s map[string]*T
}

// holder is what holds a store: a store, and a Server.
type holder interface{ own() *store }

func (st *store) own() *store { return st }

// in returns the table's objects in h's store, by ID.
func (t *table[T]) in(h holder) map[string]*T {
	objects, ok := h.own().tables[t.index].(map[string]*T)
	if !ok {
		panic("platform: table " + t.key + " is not registered")
	}
	return objects
}

// remove deletes v and then, through every table's onDelete, what belongs
// to it and the references to it.
func (t *table[T]) remove(h holder, v *T) {
	st := h.own()
	id := t.id(v)
	delete(t.in(st), id)
	for _, other := range registry {
		other.deleted(st, t, id)
	}
}

// removeWhere removes, as remove does, every object of t that belongs.
func (t *table[T]) removeWhere(h holder, belongs func(*T) bool) {
	for _, v := range t.in(h) {
		if belongs(v) {
			t.remove(h, v)
		}
	}
}

func (st *store) clear() {
	st.tables = make([]any, len(registry))
	for i, t := range registry {
		st.tables[i] = t.empty()
	}
}

func (t *table[T]) stateKey() string      { return t.key }
func (t *table[T]) empty() any            { return map[string]*T{} }
func (t *table[T]) needed() []anyTable    { return t.needs }
func (t *table[T]) marshal(st *store) any { return sortedValues(t.in(st)) }

func (t *table[T]) deleted(st *store, gone anyTable, id string) {
	for _, o := range t.owners {
		if o.table == gone {
			t.removeWhere(st, func(v *T) bool { return o.key(v) == id })
		}
	}
	for _, r := range t.refs {
		if r.table == gone {
			for _, v := range t.in(st) {
				l := r.list(v)
				*l = slices.DeleteFunc(*l, func(ref string) bool { return ref == id })
			}
		}
	}
	for _, r := range t.ones {
		if r.table == gone {
			for _, v := range t.in(st) {
				if f := r.field(v); *f == id {
					*f = ""
				}
			}
		}
	}
	if t.onDelete != nil {
		t.onDelete(st, gone, id)
	}
}

func (t *table[T]) verifyLoaded(st *store) error {
	if t.verify == nil {
		return nil
	}
	return t.verify(st)
}

// load adds the objects of the state file's member raw, checking each.
func (t *table[T]) load(st *store, raw json.RawMessage) error {
	var list []*T
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &list); err != nil {
			return fmt.Errorf("%s: %w", t.key, err)
		}
	}
	objects := t.in(st)
	for i, v := range list {
		if v == nil {
			return fmt.Errorf("%s %d is null", t.noun, i)
		}
		if t.check != nil {
			if err := t.check(st, v); err != nil {
				return fmt.Errorf("%s %d: %w", t.noun, i, err)
			}
		}
		objects[t.id(v)] = v
	}
	return nil
}

// sortedValues returns a map's values in the order of their keys.
func sortedValues[V any](m map[string]V) []V {
	out := make([]V, 0, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, m[k])
	}
	return out
}

// loadOrder is the registry with each table after the tables it needs.
var loadOrder = sync.OnceValue(func() []anyTable {
	var out []anyTable
	done := map[anyTable]bool{}
	var visit func(t anyTable)
	visit = func(t anyTable) {
		if done[t] {
			return
		}
		done[t] = true
		for _, n := range t.needed() {
			visit(n)
		}
		out = append(out, t)
	}
	for _, t := range registry {
		visit(t)
	}
	return out
})
