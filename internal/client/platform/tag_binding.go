package platform

// TagBinding is a key-value tag bound to a project or a workspace, type
// tag-bindings. Requests send bindings by key and value: the calls leave
// out an ID read from an answer.
type TagBinding struct {
	ID    string `jsonapi:"primary,tag-bindings"`
	Key   string `jsonapi:"attr,key"`
	Value string `jsonapi:"attr,value"`
}

// EffectiveTagBinding is a binding in force on an object: its own, or one
// it inherits (a workspace's from its project), type
// effective-tag-bindings.
type EffectiveTagBinding struct {
	ID    string `jsonapi:"primary,effective-tag-bindings"`
	Key   string `jsonapi:"attr,key"`
	Value string `jsonapi:"attr,value"`
	// InheritedFrom is the project the binding comes from, nil for the
	// object's own: what tells a workspace's bindings from its project's.
	InheritedFrom *Project `jsonapi:"relation,inherited-from,omitempty"`
}

// The bindings of a project or a workspace, listed and written under it:
// its own, and those in force on it. No call names one by ID.
var (
	tagBindings          = collection{path: "/tag-bindings"}
	effectiveTagBindings = collection{path: "/effective-tag-bindings"}
)

// TagBindingList is a list of tag bindings.
type TagBindingList = List[TagBinding]

// EffectiveTagBindingList is a list of effective tag bindings.
type EffectiveTagBindingList = List[EffectiveTagBinding]

// bindingsToSend copies bindings without their IDs; nil stays nil and
// empty stays empty, which encode tells apart.
func bindingsToSend(bindings []*TagBinding) []*TagBinding {
	if bindings == nil {
		return nil
	}
	out := make([]*TagBinding, len(bindings))
	for i, b := range bindings {
		out[i] = &TagBinding{Key: b.Key, Value: b.Value}
	}
	return out
}
