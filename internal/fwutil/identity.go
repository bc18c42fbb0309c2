package fwutil

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Identity is a resource's identity (Terraform 1.12 and later): the
// attributes that name its object the way its users do, kept in the state
// beside the resource's attributes for tools to read, and accepted by an
// import block's identity argument instead of an import ID. Every part is
// required at import, but Optional's.
//
// An identity is one of the import ID's forms written as an object: an
// import by identity joins its values, in order, with "/" into an import
// ID of that form, which then imports as any import ID does, with the same
// checks and errors. So Attrs name the form's parts, in order (those that
// set an attribute by that attribute); a last part that may hold slashes
// may stand for the last attributes, as "<MOUNT>/<SECRET NAME>" does.
//
// Absent (a nil Identity on the Resource), the identity is the object's
// name alone, the "name" attribute, where the resource has no Import; with
// an Import, it is the first of the import ID's forms whose every part sets
// an attribute, and is immutable.
type Identity struct {
	// Attrs are the identity's attributes, string attributes of the
	// resource's schema of the same names, in the order of the import
	// ID's parts.
	Attrs []string
	// Optional are those of Attrs that may be null, one at a time, where
	// the object sits under one of two kinds of parent (a variable, in a
	// workspace or a variable set): an import leaves a null one out of
	// the import ID, whose form takes either parent in its place.
	Optional []string
	// Mutable says that an update in place may change the identity, as a
	// rename of an object whose identity holds its name does. False: an
	// identity that changed during the object's life is an error of the
	// provider, as the framework checks.
	Mutable bool
}

// identity is the resource's identity, declared or, absent, derived (see
// Identity); nil when neither gives one.
func (r *lifecycle[M, C]) identity() *Identity {
	if r.def.Identity != nil {
		return r.def.Identity
	}
	if r.def.Import == nil {
		return &Identity{Attrs: []string{"name"}}
	}
forms:
	for _, f := range r.def.Import.ID.Forms {
		var attrs []string
		for _, p := range f.Parts {
			if p.Attr == "" {
				continue forms
			}
			attrs = append(attrs, p.Attr)
		}
		return &Identity{Attrs: attrs}
	}
	return nil
}

// IdentitySchema is the identity's attributes, each described as the
// resource's attribute of its name is.
func (r *lifecycle[M, C]) IdentitySchema(ctx context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	id := r.identity()
	if id == nil {
		resp.Diagnostics.AddError("Resource without an identity", "The resource "+r.def.TypeName+" declares no identity, and none of its import ID's forms sets attributes alone. This is a bug in the provider.")
		return
	}
	attrs := r.def.Schema(ctx).Attributes
	resp.IdentitySchema.Attributes = map[string]identityschema.Attribute{}
	for _, a := range id.Attrs {
		resp.IdentitySchema.Attributes[a] = identityschema.StringAttribute{
			RequiredForImport: !slices.Contains(id.Optional, a),
			OptionalForImport: slices.Contains(id.Optional, a),
			Description:       cmp.Or(attrs[a].GetMarkdownDescription(), attrs[a].GetDescription()),
		}
	}
}

// setIdentity writes into identity the values of its attributes in state.
// A nil identity is an engine's that keeps none. A value that identity
// holds already (the prior identity, on a read or an update) and that
// state spells only in another case stays as it was: names that match in
// any case (the platform's organizations) name the same object, so a
// configuration's change of case alone, an update in place, leaves the
// identity as it was.
func (r *lifecycle[M, C]) setIdentity(ctx context.Context, state tfsdk.State, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	id := r.identity()
	if identity == nil || id == nil {
		return
	}
	for _, a := range id.Attrs {
		var v, prior types.String
		diags.Append(state.GetAttribute(ctx, path.Root(a), &v)...)
		if !identity.Raw.IsNull() {
			diags.Append(identity.GetAttribute(ctx, path.Root(a), &prior)...)
			if !prior.IsNull() && strings.EqualFold(prior.ValueString(), v.ValueString()) {
				continue
			}
		}
		diags.Append(identity.SetAttribute(ctx, path.Root(a), v)...)
	}
}

// importID is the import ID that an import block's identity stands for:
// its values joined with "/".
func (r *lifecycle[M, C]) importID(ctx context.Context, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) string {
	attrs := r.identity().Attrs
	var parts []string
	for _, a := range attrs {
		var v types.String
		diags.Append(identity.GetAttribute(ctx, path.Root(a), &v)...)
		if !v.IsNull() || !slices.Contains(r.identity().Optional, a) {
			parts = append(parts, v.ValueString())
		}
	}
	return strings.Join(parts, "/")
}

// IdentityProblem says what is wrong with the identity of r, a resource of
// NewResource: none, an attribute that is not one of its string
// attributes, or attributes that no form of its import ID has a part for,
// in order (a part that sets an attribute sets the identity's of its
// place), so that an import by identity would not import. Nil: none is.
func IdentityProblem(ctx context.Context, r resource.Resource) error {
	l, ok := r.(interface{ identityProblem(context.Context) error })
	if !ok {
		return fmt.Errorf("%T is not a resource of fwutil.NewResource", r)
	}
	return l.identityProblem(ctx)
}

func (r *lifecycle[M, C]) identityProblem(ctx context.Context) error {
	id := r.identity()
	if id == nil || len(id.Attrs) == 0 {
		return errors.New("it has no identity: declare Identity, or an import ID form whose every part sets an attribute")
	}
	attrs := r.def.Schema(ctx).Attributes
	for _, a := range id.Attrs {
		if _, ok := attrs[a].(schema.StringAttribute); !ok {
			return fmt.Errorf("its identity's %q is not a string attribute of its schema", a)
		}
	}
	if len(id.Optional) > 0 {
		return nil // its forms take either parent: its tests import by each
	}
	if r.def.Import == nil {
		if !slices.Equal(id.Attrs, []string{"name"}) {
			return fmt.Errorf("its import ID is its name, and its identity is %v, not [name]", id.Attrs)
		}
		return nil
	}
forms:
	for _, f := range r.def.Import.ID.Forms {
		last := len(f.Parts) - 1
		switch {
		case len(f.Parts) > len(id.Attrs), len(f.Parts) < len(id.Attrs) && f.Parts[last].Attr != "":
			continue
		}
		for i, p := range f.Parts {
			if p.Attr != "" && p.Attr != id.Attrs[i] {
				continue forms
			}
		}
		return nil
	}
	return fmt.Errorf("no form of its import ID has a part for each of %v, in that order", id.Attrs)
}
