package fwutil

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// Resource describes one resource type to the lifecycle that every
// resource of the provider shares. M is the resource's model, C the typed
// client of its service. A resource supplies its schema, its API calls and
// its conversions; the lifecycle owns the rest: reading the model from the
// plan, state or configuration and writing it back, getting the client,
// removing from state what the server no longer has, refusing to adopt an
// object that a create finds in place, API errors as diagnostics, updates
// that change only the provider's own attributes, and the delete timeout.
//
// Besides its calls, a resource has a few optional capabilities, each a
// type that says once what its absence means: Import, Conflict, Plan and
// DeleteTimeout.
type Resource[M, C any] struct {
	// TypeName follows the provider's name and "_", such as
	// "scheduler_acl_auth_method".
	TypeName string
	// Service is the service whose client the calls get.
	Service *client.Service
	// Object names one object in messages, such as "auth method".
	Object string
	// Schema is the resource's schema. With DeleteTimeout set, the
	// lifecycle adds a timeouts block with delete.
	Schema func(ctx context.Context) schema.Schema

	// Create makes the object that m, read from the plan, describes, and
	// writes the server's answer into m. A 409 answer (see Conflict), or
	// an *Exists error, is the object found in place: the create stops
	// with an error that prints the import command (Import.Print).
	Create func(ctx context.Context, op Op[C], m *M) error
	// Read writes the server's object into m, read from the state. An
	// error for which client.IsNotFound holds removes the resource from
	// state, so that the next plan creates it again.
	Read func(ctx context.Context, op Op[C], m *M) error
	// Update sends m, read from the plan, over prior, read from the
	// state, and writes the server's answer into m. Nil: every change
	// replaces (each attribute the practitioner sets has RequiresReplace).
	Update func(ctx context.Context, op Op[C], m, prior *M) error
	// Delete deletes the object; a not-found answer is success.
	Delete func(ctx context.Context, op Op[C], m *M) error

	// Import is the resource's import ID and what an import reads. Nil:
	// the ID is the name (see Import).
	Import *Import[M, C]
	// Conflict is how a create looks up an object in place, before its
	// call or after a 409. Nil: the create relies on the server's 409
	// (see Conflict).
	Conflict *Conflict[M, C]
	// Plan is the resource's plan-time rules. Nil: the schema's alone
	// (see Plan).
	Plan *Plan[M, C]
	// DeleteTimeout bounds a destroy. Nil: no timeouts block, and a
	// delete runs under Terraform's context alone.
	DeleteTimeout *DeleteTimeout
	// LocalAttributes are the provider's own attributes, which the API
	// never sees: an update that changes only them (or timeouts) makes no
	// request and writes the plan to state. Nil: every change but
	// timeouts' is sent.
	LocalAttributes []string
}

// Conflict is how a create learns that the object it is about to make is
// already in place, for APIs whose create also updates (or servers whose
// create upserts): the create then stops with an error that says how to
// import the object, rather than silently take it over.
//
// Absent, a create knows of an object in place only from its own call:
// the server's 409, taken as the object found in place, or an *Exists that
// the call returns.
type Conflict[M, C any] struct {
	// Find, when set, reads the object that m describes before the
	// create: found, the create stops; not found (client.IsNotFound), it
	// goes on; any other error fails the create.
	Find func(ctx context.Context, c C, m *M) error
	// Lookup, when set, runs when the server refuses the create as a
	// conflict (409): it looks the object up (by its name, say, where
	// the import ID is a generated ID) and writes into m what the
	// import ID needs. Found (nil), the create stops with the error that
	// prints the import command, on the name from the plan; otherwise
	// what conflicts is not such an object, and the create fails with
	// the server's refusal as it is.
	Lookup func(ctx context.Context, c C, m *M) error
}

// Plan is a resource's plan-time rules beyond its schema's validators and
// plan modifiers.
//
// Absent, the plan is the framework's, from the schema alone.
type Plan[M, C any] struct {
	// Validate checks the configuration's rules that tie attributes
	// together, once the model is read from it. Nil: none.
	Validate func(ctx context.Context, config tfsdk.Config, m *M, diags *diag.Diagnostics)
	// ProviderDefaults are the attributes that take a setting of the
	// provider when the configuration leaves them out: the lifecycle puts
	// the setting in the plan of a create or an update, refuses a plan
	// where neither is set, and replaces the resource when the setting
	// changes its value. Nil: none.
	ProviderDefaults []ProviderDefault[C]
	// Modify adjusts the plan of an update (state and plan both set)
	// and may mark replacements or warn. resp.RequiresReplace already
	// holds the replacements that attributes' plan modifiers ask for,
	// which the framework does not show to a resource's ModifyPlan. Nil:
	// the plan is left as the framework and the provider defaults make it.
	Modify func(ctx context.Context, c C, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse)
}

// DeleteTimeout bounds a destroy that waits, such as for an asynchronous
// purge: the lifecycle adds a timeouts block with delete, whose default is
// Default, and runs the delete under that deadline (Op.Timeout).
//
// Absent, a resource has no timeouts block.
type DeleteTimeout struct {
	// Default is timeouts.delete's default.
	Default time.Duration
	// Waits says what a destroy waits for, for the block's description:
	// "while the service purges the destination".
	Waits string
}

// Op is what a call of a resource gets besides its model.
type Op[C any] struct {
	Client C
	// Config is the configuration, on create and update only: write-only
	// values are there alone.
	Config tfsdk.Config
	// Diags takes warnings; errors are returned.
	Diags *diag.Diagnostics
	// Timeout is the delete's, on delete with a DeleteTimeout.
	Timeout time.Duration
}

// Secret is the secret at p to send: its write-only twin when set, else
// the secret itself.
func (op Op[C]) Secret(ctx context.Context, p path.Path) string {
	return SecretToSend(ctx, op.Config, p, op.Diags)
}

// Failure is an error that a call words itself, for a refusal the
// practitioner must act on; the lifecycle shows it as it is.
type Failure struct {
	Summary, Detail string
	// Path, when set, is the attribute the error belongs to.
	Path path.Path
}

func (f *Failure) Error() string { return f.Summary + ": " + f.Detail }

// ErrGone is what a Read returns when the server's answer shows that the
// object is gone without a 404, such as a status that says it is being
// removed: the resource leaves the state, as on a 404.
var ErrGone = errors.New("the object is gone")

// Exists is the error of a create that found the object in place, such as
// a server that overwrote an existing object instead of refusing;
// ServerSaid, if any, is shown with it. Name is the object's name when
// its import ID is another, such as a generated ID that the create looked
// up after the server's refusal.
type Exists struct {
	ServerSaid error
	Name       string
}

func (e *Exists) Error() string {
	if e.ServerSaid == nil {
		return "the object already exists"
	}
	return "the object already exists: " + e.ServerSaid.Error()
}

// NewResource returns the constructor of the resource that def describes.
func NewResource[M, C any](def *Resource[M, C]) func() resource.Resource {
	return func() resource.Resource { return &lifecycle[M, C]{def: def} }
}

type lifecycle[M, C any] struct {
	def    *Resource[M, C]
	client C
}

var (
	_ resource.ResourceWithConfigure      = (*lifecycle[struct{}, struct{}])(nil)
	_ resource.ResourceWithImportState    = (*lifecycle[struct{}, struct{}])(nil)
	_ resource.ResourceWithModifyPlan     = (*lifecycle[struct{}, struct{}])(nil)
	_ resource.ResourceWithValidateConfig = (*lifecycle[struct{}, struct{}])(nil)
)

func (r *lifecycle[M, C]) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + r.def.TypeName
}

func (r *lifecycle[M, C]) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = r.def.Schema(ctx)
	nestedConfigPaths(resp.Schema.Attributes)
	if dt := r.def.DeleteTimeout; dt != nil {
		if resp.Schema.Blocks == nil {
			resp.Schema.Blocks = map[string]schema.Block{}
		}
		resp.Schema.Blocks["timeouts"] = timeouts.Block(ctx, timeouts.Opts{
			Delete: true,
			DeleteDescription: "How long a destroy may take " + dt.Waits + ", as a duration such as `30s` or `1h30m`. Default `" +
				shortDuration(dt.Default) + "`.",
		})
	}
}

func (r *lifecycle[M, C]) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = ClientOf[C](req.ProviderData, r.def.Service, NeedsToken, &resp.Diagnostics)
}

func (r *lifecycle[M, C]) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	if r.def.Plan == nil || r.def.Plan.Validate == nil {
		return
	}
	var m M
	resp.Diagnostics.Append(Get(ctx, req.Config, &m)...)
	if !resp.Diagnostics.HasError() {
		var diags diag.Diagnostics
		r.def.Plan.Validate(ctx, req.Config, &m, &diags)
		resp.Diagnostics.Append(withConfigPaths(diags)...)
	}
}

func (r *lifecycle[M, C]) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	plan := r.def.Plan
	if req.Plan.Raw.IsNull() || plan == nil {
		return
	}
	for _, d := range plan.ProviderDefaults {
		d.plan(ctx, r.client, req, resp)
	}
	if plan.Modify == nil || req.State.Raw.IsNull() || resp.Diagnostics.HasError() {
		return
	}
	resp.RequiresReplace = append(resp.RequiresReplace, attributesReplacing(ctx, req, &resp.Diagnostics)...)
	if !resp.Diagnostics.HasError() {
		plan.Modify(ctx, r.client, req, resp)
	}
}

func (r *lifecycle[M, C]) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m M
	resp.Diagnostics.Append(Get(ctx, req.Plan, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if r.def.Conflict != nil && r.def.Conflict.Find != nil {
		err := r.def.Conflict.Find(ctx, r.client, &m)
		switch {
		case err == nil:
			r.addExists(ctx, &resp.Diagnostics, req.Plan, &m, &Exists{})
			return
		case !client.IsNotFound(err):
			AddAPIError(&resp.Diagnostics, "Cannot check whether the "+r.def.Object+" exists", err)
			return
		}
	}
	err := r.def.Create(ctx, Op[C]{Client: r.client, Config: req.Config, Diags: &resp.Diagnostics}, &m)
	var (
		exists  *Exists
		partial *Partial
	)
	switch {
	case errors.As(err, &partial):
		addPartial(ctx, &resp.Diagnostics, &resp.State, r.def.Object, "create", &m, partial)
		return
	case errors.As(err, &exists):
		r.addExists(ctx, &resp.Diagnostics, req.Plan, &m, exists)
		return
	case client.StatusCode(err) == http.StatusConflict && r.def.Conflict != nil && r.def.Conflict.Lookup != nil:
		if r.def.Conflict.Lookup(ctx, r.client, &m) != nil {
			r.addError(&resp.Diagnostics, "create", err)
			return
		}
		var name types.String
		_ = req.Plan.GetAttribute(ctx, path.Root("name"), &name)
		r.addExists(ctx, &resp.Diagnostics, req.Plan, &m, &Exists{ServerSaid: err, Name: name.ValueString()})
		return
	case client.StatusCode(err) == http.StatusConflict:
		r.addExists(ctx, &resp.Diagnostics, req.Plan, &m, &Exists{ServerSaid: err})
		return
	case client.IsNotFound(err) && r.addMissingScope(ctx, &resp.Diagnostics, req.Plan, err):
		return
	case err != nil:
		r.addError(&resp.Diagnostics, "create", err)
		return
	}
	if !resp.Diagnostics.HasError() {
		resp.Diagnostics.Append(Set(ctx, &resp.State, &m)...)
	}
}

// addMissingScope reports a create's 404 as a missing container, on the
// resource's ScopeAttribute and in the service's words, when the service
// confirms that the token does not see the container the plan names (an
// organization that the same apply has not created yet, say); it reports
// whether it did.
func (r *lifecycle[M, C]) addMissingScope(ctx context.Context, diags *diag.Diagnostics, plan tfsdk.Plan, err error) bool {
	svc := r.def.Service
	if svc.MissingScope == nil || svc.ConfirmGone == nil {
		return false
	}
	scope := scopeOf(ctx, svc, plan.Schema.GetAttributes(), plan.GetAttribute)
	if scope == "" || svc.ConfirmGone(ctx, r.client, scope) == nil {
		return false
	}
	diags.AddAttributeError(path.Root(svc.ScopeAttribute), "Cannot create the "+r.def.Object, svc.MissingScope(scope)+"\n\nServer said: "+err.Error())
	return true
}

// scopeOf is the value of the service's ScopeAttribute read by get, ""
// when the resource has no such attribute or it is not set.
func scopeOf[A any](ctx context.Context, svc *client.Service, attrs map[string]A, get func(context.Context, path.Path, any) diag.Diagnostics) string {
	if svc.ScopeAttribute == "" {
		return ""
	}
	if _, ok := attrs[svc.ScopeAttribute]; !ok {
		return ""
	}
	var scope types.String
	_ = get(ctx, path.Root(svc.ScopeAttribute), &scope)
	return scope.ValueString()
}

func (r *lifecycle[M, C]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m M
	resp.Diagnostics.Append(Get(ctx, req.State, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	prior := m
	err := r.def.Read(ctx, Op[C]{Client: r.client, Diags: &resp.Diagnostics}, &m)
	switch {
	case client.IsNotFound(err):
		if gone := r.confirmGone(ctx, req.State); gone != nil {
			r.addError(&resp.Diagnostics, "read", errors.New(upperFirst(gone.Error())+".\n\nServer said: "+err.Error()))
			return
		}
		resp.State.RemoveResource(ctx)
		if r.def.Service.AmbiguousNotFound {
			resp.Diagnostics.AddWarning(upperFirst(r.def.Object)+" not found: removed from the state",
				"The refresh did not find the "+r.def.Object+", so Terraform forgets it and plans to create it again. "+
					"If it still exists and only the provider's token may not see it, give the token access instead of applying.\n\nServer said: "+err.Error())
		}
	case errors.Is(err, ErrGone):
		resp.State.RemoveResource(ctx)
	case err != nil:
		r.addError(&resp.Diagnostics, "read", err)
	case resp.Diagnostics.HasError():
	// A refresh mostly finds what state holds, which resp.State already
	// is: writing it again would cost more than the comparison.
	case !Equal(&prior, &m):
		resp.Diagnostics.Append(Set(ctx, &resp.State, &m)...)
	}
}

// confirmGone asks the service, if it can tell, whether a 404 of a
// refresh means that the object is gone, and returns the error to show
// instead when it does not.
func (r *lifecycle[M, C]) confirmGone(ctx context.Context, state tfsdk.State) error {
	svc := r.def.Service
	if svc.ConfirmGone == nil {
		return nil
	}
	return svc.ConfirmGone(ctx, r.client, scopeOf(ctx, svc, state.Schema.GetAttributes(), state.GetAttribute))
}

func (r *lifecycle[M, C]) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m, prior M
	resp.Diagnostics.Append(Get(ctx, req.Plan, &m)...)
	resp.Diagnostics.Append(Get(ctx, req.State, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	local, err := OnlyChanged(req.Plan.Raw, req.State.Raw, append(slices.Clone(r.def.LocalAttributes), "timeouts")...)
	if err != nil {
		resp.Diagnostics.AddError("Cannot compare the plan with the state", err.Error())
		return
	}
	if !local && r.def.Update != nil {
		err := r.def.Update(ctx, Op[C]{Client: r.client, Config: req.Config, Diags: &resp.Diagnostics}, &m, &prior)
		var partial *Partial
		switch {
		case errors.As(err, &partial):
			addPartial(ctx, &resp.Diagnostics, &resp.State, r.def.Object, "update", &m, partial)
			return
		case err != nil:
			r.addError(&resp.Diagnostics, "update", err)
			return
		}
	}
	if !resp.Diagnostics.HasError() {
		resp.Diagnostics.Append(Set(ctx, &resp.State, &m)...)
	}
}

func (r *lifecycle[M, C]) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var m M
	resp.Diagnostics.Append(Get(ctx, req.State, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	op := Op[C]{Client: r.client, Diags: &resp.Diagnostics}
	if r.def.DeleteTimeout != nil {
		var t timeouts.Value
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("timeouts"), &t)...)
		timeout, d := t.Delete(ctx, r.def.DeleteTimeout.Default)
		resp.Diagnostics.Append(d...)
		if resp.Diagnostics.HasError() {
			return
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
		op.Timeout = timeout
	}
	if err := r.def.Delete(ctx, op, &m); err != nil && !client.IsNotFound(err) {
		r.addError(&resp.Diagnostics, "delete", err)
	}
}

func (r *lifecycle[M, C]) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if r.def.Import != nil {
		r.def.Import.importState(ctx, r.client, r.def.Object, req.ID, &resp.State, &resp.Diagnostics)
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), req.ID)...)
}

func (r *lifecycle[M, C]) addError(diags *diag.Diagnostics, verb string, err error) {
	addCallError(diags, "Cannot "+verb+" the "+r.def.Object, err)
}

// addCallError shows a failed call: in its own words when it is a
// Failure, else as an API error under summary.
func addCallError(diags *diag.Diagnostics, summary string, err error) {
	var f *Failure
	switch {
	case errors.As(err, &f) && !f.Path.Equal(path.Empty()):
		diags.AddAttributeError(f.Path, f.Summary, f.Detail)
	case errors.As(err, &f):
		diags.AddError(f.Summary, f.Detail)
	default:
		AddAPIError(diags, summary, err)
	}
}

func (r *lifecycle[M, C]) addExists(ctx context.Context, diags *diag.Diagnostics, plan tfsdk.Plan, m *M, e *Exists) {
	existing := Existing{Object: r.def.Object, Name: e.Name}
	switch imp := r.def.Import; {
	case imp == nil:
		// The import ID is the name, which a create does not change.
		var name types.String
		_ = plan.GetAttribute(ctx, path.Root("name"), &name)
		existing.ImportID = name.ValueString()
	case imp.Print != nil:
		existing.ImportID = imp.Print(m)
	}
	existing.Add(diags, e.ServerSaid)
}

// shortDuration writes d as a practitioner would, "10m" rather than
// "10m0s".
func shortDuration(d time.Duration) string {
	s := d.String()
	for _, zero := range []string{"0s", "0m"} {
		if len(s) > len(zero) && s[len(s)-len(zero):] == zero && s[len(s)-len(zero)-1] >= 'a' {
			s = s[:len(s)-len(zero)]
		}
	}
	return s
}
