package platform

import (
	"context"
	"net/http"
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

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// A team's access to a workspace or to a project is an object of its own,
// with its own ID: the team, what the access is to (its target), a level,
// and the permissions that the level implies or that custom access gives
// (permissions.go). An access cannot move: its team and its target
// replace it, and only a create sends them; its level and its permissions
// change in place. Each kind is one resource, built here from what it
// declares.

// teamAccessKind describes one kind of a team's access to its resource. M
// is the resource's model, A the access the platform answers and O the
// options of its create and its update.
type teamAccessKind[M, A, O any] struct {
	typeName, object string
	// description is the resource's, and idPrefix its IDs' prefix.
	description, idPrefix string
	// target is what the access is to, such as "workspace", and
	// targetAttr and targetPrefix its ID's attribute and prefix.
	target, targetAttr, targetPrefix string
	levels                           accessLevels
	// groups are the objects of permissions.
	groups []permissionGroup[M]
	// importForms are the import ID's forms after the access's ID, whose
	// last part is the access's ID; importCheck, if any, checks the
	// access read against what they name.
	importForms []fwutil.IDForm
	importCheck func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, got *A, diags *diag.Diagnostics)
	calls       func(*platformclient.Client) accessCalls[A, O]
	// id and access are the model's.
	id, access func(*M) types.String
	// fromModel is the access m describes, for a create or an update;
	// toModel writes the access the server answered over m.
	fromModel func(m *M) O
	toModel   func(m *M, a *A, diags *diag.Diagnostics)
	// found, if any, runs when the platform refuses a create with a 422,
	// which says no more: it looks up the access of m's team to m's
	// target and, found, writes its ID into m, and the create stops with
	// the error that prints the import command.
	found func(ctx context.Context, c *platformclient.Client, m *M) bool
	// twins are the incumbent's resources that a moved block brings here.
	twins []fwutil.Twin
}

// permissionGroup is one object of an access's permissions.
type permissionGroup[M any] struct {
	attribute, description string
	perms                  []permission
	// required, when set, makes the object required with custom access,
	// and says what it holds: "the permissions the team has on the
	// workspace".
	required string
	field    func(*M) types.Object
}

// accessCalls are the client's calls of one kind of access.
type accessCalls[A, O any] interface {
	Create(ctx context.Context, opts O) (*A, error)
	Read(ctx context.Context, id string) (*A, error)
	Update(ctx context.Context, id string, opts O) (*A, error)
	Delete(ctx context.Context, id string) error
}

// newTeamAccessResource is the constructor of the resource of one kind of
// a team's access.
func newTeamAccessResource[M, A, O any](k *teamAccessKind[M, A, O]) func() resource.Resource {
	return fwutil.NewResource(&fwutil.Resource[M, *platformclient.Client]{
		TypeName: k.typeName,
		Service:  platformclient.Service,
		Object:   k.object,
		Schema:   k.schema,
		Twins:    k.twins,
		Import: &fwutil.Import[M, *platformclient.Client]{
			ID: fwutil.IDGrammar{Forms: append([]fwutil.IDForm{{
				Says:  "its ID, " + k.idPrefix + "- and 16 characters of the base58 alphabet",
				Parts: []fwutil.IDPart{{Label: "<ACCESS ID>", Attr: "id", Match: k.isID}},
			}}, k.importForms...)},
			Print: func(m *M) string { return k.id(m).ValueString() },
			Read:  k.importState,
		},
		Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *M) error {
			got, err := k.calls(op.Client).Create(ctx, k.fromModel(m))
			if k.found != nil && client.StatusCode(err) == http.StatusUnprocessableEntity && k.found(ctx, op.Client, m) {
				return &fwutil.Exists{ServerSaid: err}
			}
			if err == nil {
				k.toModel(m, got, op.Diags)
			}
			return err
		},
		Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *M) error {
			got, err := k.calls(op.Client).Read(ctx, k.id(m).ValueString())
			if err == nil {
				k.toModel(m, got, op.Diags)
			}
			return err
		},
		Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *M) error {
			got, err := k.calls(op.Client).Update(ctx, k.id(m).ValueString(), k.fromModel(m))
			if err == nil {
				k.toModel(m, got, op.Diags)
			}
			return err
		},
		Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *M) error {
			return k.calls(op.Client).Delete(ctx, k.id(m).ValueString())
		},
		Plan: &fwutil.Plan[M, *platformclient.Client]{Validate: k.validate},
	})
}

func (k *teamAccessKind[M, A, O]) isID(s string) bool { return platformclient.IsID(k.idPrefix, s) }

// importState reads the access that the ID's last part names, and checks
// it against what the ID's other parts name.
func (k *teamAccessKind[M, A, O]) importState(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, _ *tfsdk.State, diags *diag.Diagnostics) {
	got, err := k.calls(c).Read(ctx, id.Parts[len(id.Parts)-1])
	if importFound(diags, k.object, id.String(), err) && k.importCheck != nil {
		k.importCheck(ctx, c, id, got, diags)
	}
}

func (k *teamAccessKind[M, A, O]) schema(context.Context) schema.Schema {
	levels := "The team's level of access: one of `" + strings.Join(k.levels.names, "`, `") + "`"
	for _, g := range k.groups {
		if g.required != "" {
			levels += "; `custom` needs `" + g.attribute + "`"
		}
	}
	attrs := map[string]schema.Attribute{
		"id": schema.StringAttribute{
			Computed:      true,
			Description:   "The access's ID, `" + k.idPrefix + "-` and 16 characters.",
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"team_id": schema.StringAttribute{
			Required:      true,
			Description:   "ID of the team, `team-` and 16 characters. Changing it replaces the access.",
			Validators:    []validator.String{idValidator(platformclient.PrefixTeam, "a team")},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		k.targetAttr: schema.StringAttribute{
			Required: true,
			Description: "ID of the " + k.target + ", `" + k.targetPrefix + "-` and 16 characters, of the team's organization. " +
				"Changing it replaces the access.",
			Validators:    []validator.String{idValidator(k.targetPrefix, "a "+k.target)},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"access": schema.StringAttribute{
			Required:    true,
			Description: levels + ". Changing it changes the access in place.",
			Validators:  []validator.String{stringvalidator.OneOf(k.levels.names...)},
		},
	}
	for _, g := range k.groups {
		attrs[g.attribute] = schema.SingleNestedAttribute{
			Optional: true, Computed: true,
			Description:   g.description,
			Attributes:    permissionAttributes(k.levels, g.perms),
			PlanModifiers: []planmodifier.Object{permissionsPlan{k.levels, g.perms}},
		}
	}
	return schema.Schema{Description: k.description, Attributes: attrs}
}

// validate refuses custom access without a group it requires, and, with a
// fixed level, a permission other than the one the level implies, as the
// platform does.
func (k *teamAccessKind[M, A, O]) validate(_ context.Context, _ tfsdk.Config, m *M, diags *diag.Diagnostics) {
	access := k.access(m)
	for _, g := range k.groups {
		obj := g.field(m)
		if g.required != "" && access.ValueString() == platformclient.AccessCustom && obj.IsNull() {
			diags.AddAttributeError(path.Root(g.attribute), "Missing permissions",
				g.attribute+" is required when access is custom: "+g.required+".")
		}
		checkPermissions(k.levels, access, g.attribute, obj, g.perms, diags)
	}
}
