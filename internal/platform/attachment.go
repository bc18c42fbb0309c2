package platform

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// An attachment is one member attached to one parent, such as a project
// to an OAuth client or a membership to a team, which the platform keeps
// as a relationship of the parent. Its resource owns that one link and
// nothing else of the parent: a refresh looks for its member alone, and
// removes the resource from the state when the member is no longer
// attached; a destroy detaches that member alone. Either ID replaces it.
// Its import ID is <PARENT ID>/<MEMBER ID>, and the forms by name that
// the incumbent provider takes beside it.

// attachment describes one kind of attachment to its resource. M is the
// resource's model, which holds the id, the parent's and the member's
// IDs.
type attachment[M any] struct {
	typeName, object string
	// description is the resource's, and idDescription its id's, which
	// is the parent's and the member's IDs joined by sep ("/" when
	// empty).
	description, idDescription, sep string
	// of names the object in a refused import ID, as fwutil.IDGrammar's
	// Of does; empty, the object with its article.
	of string
	// id is the model's id.
	id     func(*M) *types.String
	parent attachmentEnd[M]
	// members are the kinds of member: one, or several that the
	// configuration sets one of (a variable set's workspace or project),
	// each told apart by its IDs' prefix.
	members []attachmentMember[M]
	// checkFirst makes a create look first and refuse a member that is
	// attached already, printing the import command: so that two
	// resources never claim one member, where the destroy of one would
	// detach the other's.
	checkFirst bool
	// notAttached adds the error of an import whose member is not
	// attached to its parent.
	notAttached func(diags *diag.Diagnostics, id fwutil.ParsedID, parent, member string)
	// forms are the import ID's other forms, after <PARENT ID>/<MEMBER
	// ID>.
	forms []attachmentForm
	// twins are the incumbent's resources that a moved block brings here.
	twins []fwutil.Twin
}

// attachmentEnd is the parent or a member of an attachment: the
// attribute that holds its ID, which changing replaces the attachment.
type attachmentEnd[M any] struct {
	// attr is the attribute, such as "team_id"; label names its ID in
	// import IDs, such as "<TEAM ID>".
	attr, label string
	// prefix is its IDs' prefix, and kind what it is, with its article:
	// "an OAuth client".
	prefix, kind string
	// description is the attribute's.
	description string
	// field is the attribute's value in the model.
	field func(*M) *types.String
}

// noun is the end's kind without its article: "OAuth client".
func (e attachmentEnd[M]) noun() string {
	_, noun, _ := strings.Cut(e.kind, " ")
	return noun
}

// attachmentMember is a kind of member, with the calls that attach it,
// detach it, and tell whether it is attached (one request, whatever the
// parent's size). A detach of a member that is not attached may answer
// a 404, which is success.
type attachmentMember[M any] struct {
	attachmentEnd[M]
	attached    func(ctx context.Context, c *platformclient.Client, parent, member string) (bool, error)
	add, remove func(ctx context.Context, c *platformclient.Client, parent, member string) error
}

// attachmentForm is another form of an attachment's import ID, which
// names the parent or the member otherwise than by its ID.
type attachmentForm struct {
	fwutil.IDForm
	// find finds the IDs of the parent and the member that id names, or
	// adds the error that says why it cannot. When its lookup shows
	// already whether the member is attached (the parent's answer lists
	// its members), it adds the error of one that is not, and says that
	// it checked; otherwise the import asks as for <PARENT ID>/<MEMBER
	// ID>.
	find func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, diags *diag.Diagnostics) (parent, member string, checked bool)
}

// newAttachmentResource is the constructor of the resource of one kind of
// attachment.
func newAttachmentResource[M any](a attachment[M]) func() resource.Resource {
	if a.sep == "" {
		a.sep = "/"
	}
	return fwutil.NewResource(&fwutil.Resource[M, *platformclient.Client]{
		TypeName: a.typeName,
		Service:  platformclient.Service,
		Object:   a.object,
		Schema:   a.schema,
		Twins:    a.twins,
		Identity: a.identity(),
		Import: &fwutil.Import[M, *platformclient.Client]{
			ID: a.grammar(),
			Print: func(m *M) string {
				parent, member, _ := a.ends(m)
				return parent + "/" + member
			},
			Read: a.importState,
		},
		Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *M) error {
			parent, member, kind := a.ends(m)
			*a.id(m) = types.StringValue(parent + a.sep + member)
			if a.checkFirst {
				in, err := kind.attached(ctx, op.Client, parent, member)
				switch {
				case err != nil:
					return err
				case in:
					return &fwutil.Exists{}
				}
			}
			return kind.add(ctx, op.Client, parent, member)
		},
		Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *M) error {
			parent, member, kind := a.ends(m)
			in, err := kind.attached(ctx, op.Client, parent, member)
			if err != nil {
				return err
			}
			if !in {
				return fwutil.ErrGone
			}
			*a.id(m) = types.StringValue(parent + a.sep + member)
			return nil
		},
		Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *M) error {
			parent, member, kind := a.ends(m)
			return kind.remove(ctx, op.Client, parent, member)
		},
	})
}

// ends are the parent's and the member's IDs that m holds, and the kind
// of its member: the one that m sets.
func (a attachment[M]) ends(m *M) (parent, member string, kind attachmentMember[M]) {
	kind = a.members[0]
	for _, k := range a.members {
		if v := k.field(m); !v.IsNull() && !v.IsUnknown() {
			kind = k
			break
		}
	}
	return a.parent.field(m).ValueString(), kind.field(m).ValueString(), kind
}

// identity is the attachment's parent and member: its parent's ID and its
// member's, of whichever kind the attachment has (the import ID's
// <PARENT ID>/<MEMBER ID>). Nil, for one kind of member: derived from that
// form.
func (a attachment[M]) identity() *fwutil.Identity {
	if len(a.members) == 1 {
		return nil
	}
	id := &fwutil.Identity{Attrs: []string{a.parent.attr}}
	for _, k := range a.members {
		id.Attrs = append(id.Attrs, k.attr)
		id.Optional = append(id.Optional, k.attr)
	}
	return id
}

// grammar is the import ID's: <PARENT ID>/<MEMBER ID> for each kind of
// member, then the other forms.
func (a attachment[M]) grammar() fwutil.IDGrammar {
	g := fwutil.IDGrammar{Of: a.of}
	part := func(e attachmentEnd[M]) fwutil.IDPart {
		return fwutil.IDPart{Label: e.label, Attr: e.attr, Match: func(s string) bool { return platformclient.IsID(e.prefix, s) }}
	}
	for _, k := range a.members {
		g.Forms = append(g.Forms, fwutil.IDForm{Parts: []fwutil.IDPart{part(a.parent), part(k.attachmentEnd)}})
	}
	for _, f := range a.forms {
		g.Forms = append(g.Forms, f.IDForm)
	}
	return g
}

// importState finds the parent and the member that id names, checks that
// the member is attached, and sets the state's IDs.
func (a attachment[M]) importState(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	var parent, member string
	checked := false
	if id.Form < len(a.members) {
		parent, member = id.Parts[0], id.Parts[1]
	} else {
		parent, member, checked = a.forms[id.Form-len(a.members)].find(ctx, c, id, diags)
		if diags.HasError() {
			return
		}
	}
	kind := a.members[0]
	for _, k := range a.members[1:] {
		if platformclient.IsID(k.prefix, member) {
			kind = k
		}
	}
	if !checked {
		in, err := kind.attached(ctx, c, parent, member)
		if !importFoundAs(diags, a.object, a.parent.noun(), parent, err) {
			return
		}
		if !in {
			a.notAttached(diags, id, parent, member)
			return
		}
	}
	diags.Append(state.SetAttribute(ctx, path.Root("id"), parent+a.sep+member)...)
	diags.Append(state.SetAttribute(ctx, path.Root(a.parent.attr), parent)...)
	diags.Append(state.SetAttribute(ctx, path.Root(kind.attr), member)...)
}

func (a attachment[M]) schema(context.Context) schema.Schema {
	replace := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	attrs := map[string]schema.Attribute{
		"id": schema.StringAttribute{
			Computed:      true,
			Description:   a.idDescription,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		a.parent.attr: schema.StringAttribute{
			Required:      true,
			Description:   a.parent.description,
			Validators:    []validator.String{idValidator(a.parent.prefix, a.parent.kind)},
			PlanModifiers: replace,
		},
	}
	var oneOf []path.Expression
	for _, k := range a.members {
		oneOf = append(oneOf, path.MatchRoot(k.attr))
	}
	for i, k := range a.members {
		attr := schema.StringAttribute{
			Required:      len(a.members) == 1,
			Optional:      len(a.members) > 1,
			Description:   k.description,
			Validators:    []validator.String{idValidator(k.prefix, k.kind)},
			PlanModifiers: replace,
		}
		if i == 0 && len(a.members) > 1 {
			attr.Validators = append(attr.Validators, stringvalidator.ExactlyOneOf(oneOf...))
		}
		attrs[k.attr] = attr
	}
	return schema.Schema{Description: a.description, Attributes: attrs}
}
