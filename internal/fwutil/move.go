package fwutil

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// Twin is an incumbent provider's resource whose objects a resource of this
// provider manages too, and from which it accepts a `moved` block:
//
//	moved {
//	  from = nomad_acl_auth_method.sso
//	  to   = stack_scheduler_acl_auth_method.sso
//	}
//
// Terraform (1.8 and later) and OpenTofu (1.10 and later) hand the
// incumbent's state, as it is stored, to this provider before the plan,
// without configuring it: a move is a pure transform of that state, which
// makes no request. The plan's refresh then reads the object and fills in
// what the incumbent does not keep (times, indexes); what the API never
// answers (a secret) must come from the incumbent's state, so a transform
// carries it over.
type Twin struct {
	// Provider is the incumbent's namespace and type, without a host, such
	// as "hashicorp/nomad": a source address matches whatever its registry
	// host (OpenTofu sends registry.opentofu.org/hashicorp/nomad).
	Provider string
	// Type is the incumbent's resource type, such as
	// "nomad_acl_auth_method".
	Type string
	// Versions maps each schema version of the incumbent's resource that
	// the move knows to the transform of its state into this resource's
	// attributes (see Moved): a state of another version is refused, never
	// guessed at. An attribute the transform leaves out is null.
	Versions map[int64]func(src Moved) (map[string]any, error)
}

// Moved is an incumbent resource's state as Terraform stores it: its
// attributes as JSON values (strings, json.Number, bool, []any,
// map[string]any, nil), as the incumbent's schema names them.
//
// Its accessors read a value the way this provider writes it: the
// incumbent's spellings of "unset" ("", [], {}: SDKv2 providers store
// those for an attribute left out) are nil, so that a moved attribute the
// configuration leaves out stays null rather than planning a change.
type Moved struct {
	attrs   map[string]any
	dropped *[]string
}

// Get is the attribute name, nil when unset in any spelling.
func (m Moved) Get(name string) any {
	return unsetAsNil(m.attrs[name])
}

// String is the attribute name as a string, "" when unset or not a string.
func (m Moved) String(name string) string {
	s, _ := m.attrs[name].(string)
	return s
}

// Copy sets dst's attributes of the same names from m's, leaving out those
// unset.
func (m Moved) Copy(dst map[string]any, names ...string) {
	for _, name := range names {
		m.CopyAs(dst, name, name)
	}
}

// CopyAs sets dst's attribute to from m's attribute from, unless unset.
func (m Moved) CopyAs(dst map[string]any, from, to string) {
	if v := m.Get(from); v != nil {
		dst[to] = v
	}
}

// Block is the nested block name: an object, or a list (or set) of one
// object as SDKv2 providers store a block of at most one. Absent, empty or
// null, it is not there.
func (m Moved) Block(name string) (Moved, bool) {
	v := m.attrs[name]
	if l, ok := v.([]any); ok {
		if len(l) != 1 {
			return Moved{}, false
		}
		v = l[0]
	}
	o, ok := v.(map[string]any)
	if !ok {
		return Moved{}, false
	}
	return Moved{attrs: o, dropped: m.dropped}, true
}

// Drop names the incumbent's attributes that this resource has no twin of:
// those that m sets (to anything but unset or their incumbent's default,
// def, which may be nil) are named in a warning of the move, which says
// that the object keeps them on the server until an update of this
// provider, which does not send them.
func (m Moved) Drop(def any, names ...string) {
	for _, name := range names {
		v := m.Get(name)
		if v == nil || v == def || v == false {
			continue
		}
		*m.dropped = append(*m.dropped, name)
	}
}

// unsetAsNil is v, or nil for the incumbent's spellings of unset.
func unsetAsNil(v any) any {
	switch t := v.(type) {
	case string:
		if t == "" {
			return nil
		}
	case []any:
		if len(t) == 0 {
			return nil
		}
	case map[string]any:
		if len(t) == 0 {
			return nil
		}
	}
	return v
}

// TwinsOf are the twins that r, a resource of NewResource, accepts moved
// blocks from; none for another resource.
func TwinsOf(r resource.Resource) []Twin {
	if l, ok := r.(interface{ twins() []Twin }); ok {
		return l.twins()
	}
	return nil
}

// sourceProvider is addr, a provider's HOST/NAMESPACE/TYPE, without its
// host.
func sourceProvider(addr string) string {
	parts := strings.Split(strings.ToLower(addr), "/")
	if len(parts) > 2 {
		parts = parts[len(parts)-2:]
	}
	return strings.Join(parts, "/")
}

// stateMovers are the framework's movers for object's twins: each takes
// the requests whose source is its twin (by namespace, type and resource
// type, whatever the host) and leaves the others to the next.
func stateMovers(object string, twins []Twin) []resource.StateMover {
	movers := make([]resource.StateMover, 0, len(twins))
	for _, twin := range twins {
		movers = append(movers, resource.StateMover{
			StateMover: func(ctx context.Context, req resource.MoveStateRequest, resp *resource.MoveStateResponse) {
				if sourceProvider(req.SourceProviderAddress) != twin.Provider || req.SourceTypeName != twin.Type {
					return
				}
				twin.move(ctx, object, req, resp)
			},
		})
	}
	return movers
}

// move transforms the incumbent's state of req into resp's target state.
func (twin Twin) move(ctx context.Context, object string, req resource.MoveStateRequest, resp *resource.MoveStateResponse) {
	summary := "Cannot move " + twin.Type + " to this provider"
	transform, ok := twin.Versions[req.SourceSchemaVersion]
	if !ok {
		resp.Diagnostics.AddError(summary, fmt.Sprintf(
			"The state of %s is of schema version %d, which this provider does not know: it moves versions %s of %s. "+
				"Remove the moved block and import the %s instead, or move it with a version of this provider that knows the incumbent's version.",
			twin.Type, req.SourceSchemaVersion, knownVersions(twin.Versions), twin.Provider, object))
		return
	}
	if req.SourceRawState == nil || len(req.SourceRawState.JSON) == 0 {
		resp.Diagnostics.AddError(summary, "The state of "+twin.Type+" is in the flat form of Terraform 0.11 and earlier; "+
			"refresh it with the incumbent provider on a current Terraform first, then move it.")
		return
	}
	var attrs map[string]any
	dec := json.NewDecoder(bytes.NewReader(req.SourceRawState.JSON))
	dec.UseNumber()
	if err := dec.Decode(&attrs); err != nil {
		resp.Diagnostics.AddError(summary, "The state of "+twin.Type+" is not a JSON object: "+err.Error())
		return
	}
	var dropped []string
	target, err := transform(Moved{attrs: attrs, dropped: &dropped})
	if err != nil {
		resp.Diagnostics.AddError(summary, err.Error())
		return
	}
	resp.Diagnostics.Append(setMovedState(ctx, target, resp)...)
	if len(dropped) > 0 && !resp.Diagnostics.HasError() {
		resp.Diagnostics.AddWarning("Moved without what this provider does not manage",
			fmt.Sprintf("The state of %s sets %s, which this provider does not manage: the %s keeps what the server has until this provider updates it, "+
				"and an update does not send them. Remove them from the configuration.", twin.Type, strings.Join(dropped, ", "), object))
	}
}

// setMovedState writes the attributes target into resp's state, whose
// schema the framework set: an attribute that the schema does not have is
// a mistake of the transform, and an error.
func setMovedState(ctx context.Context, target map[string]any, resp *resource.MoveStateResponse) diag.Diagnostics {
	var diags diag.Diagnostics
	b, err := json.Marshal(target)
	if err != nil {
		diags.AddError("Cannot move the resource", err.Error())
		return diags
	}
	v, err := (&tfprotov6.RawState{JSON: b}).Unmarshal(resp.TargetState.Schema.Type().TerraformType(ctx))
	if err != nil {
		diags.AddError("Cannot move the resource", "The moved state does not fit this provider's schema: "+err.Error())
		return diags
	}
	resp.TargetState.Raw = v
	return diags
}

// knownVersions lists the keys of versions in order: "0 and 1".
func knownVersions[F any](versions map[int64]F) string {
	keys := slices.Sorted(maps.Keys(versions))
	words := make([]string, len(keys))
	for i, k := range keys {
		words[i] = strconv.FormatInt(k, 10)
	}
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
