package fwutil

import (
	"cmp"
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

// lifecycle is the resource.Resource that NewResource makes of def: the
// framework's calls, each run around the calls that def describes.
type lifecycle[M, C any] struct {
	def    *Resource[M, C]
	client C
}

var (
	_ resource.ResourceWithConfigure      = (*lifecycle[struct{}, struct{}])(nil)
	_ resource.ResourceWithImportState    = (*lifecycle[struct{}, struct{}])(nil)
	_ resource.ResourceWithModifyPlan     = (*lifecycle[struct{}, struct{}])(nil)
	_ resource.ResourceWithValidateConfig = (*lifecycle[struct{}, struct{}])(nil)
	_ resource.ResourceWithMoveState      = (*lifecycle[struct{}, struct{}])(nil)
	_ resource.ResourceWithIdentity       = (*lifecycle[struct{}, struct{}])(nil)
)

func (r *lifecycle[M, C]) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + r.def.TypeName
	if id := r.identity(); id != nil {
		resp.ResourceBehavior.MutableIdentity = id.Mutable
	}
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
	if plan.Offered != nil && !resp.Diagnostics.HasError() {
		if err := plan.Offered(ctx, r.client); err != nil {
			resp.Diagnostics.AddError("Cannot plan the "+r.def.Object, UpperFirst(err.Error()))
			return
		}
	}
	if plan.Derive != nil && !resp.Diagnostics.HasError() {
		plan.Derive(ctx, req, resp)
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
	ctx, cancel := finishing(ctx, writeLimit)
	defer cancel()
	var m M
	resp.Diagnostics.Append(Get(ctx, req.Plan, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if r.def.Conflict != nil && r.def.Conflict.Find != nil {
		var name types.String
		_ = req.Plan.GetAttribute(ctx, path.Root("name"), &name) // none: one key for the type
		defer creating.Lock(r.def.TypeName + "\x00" + name.ValueString())()
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
		r.setIdentity(ctx, resp.State, resp.Identity, &resp.Diagnostics)
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
		r.setIdentity(ctx, resp.State, resp.Identity, &resp.Diagnostics)
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
			r.addError(&resp.Diagnostics, "read", errors.New(UpperFirst(gone.Error())+".\n\nServer said: "+err.Error()))
			return
		}
		resp.State.RemoveResource(ctx)
		if r.def.Service.AmbiguousNotFound {
			resp.Diagnostics.AddWarning(UpperFirst(r.def.Object)+" not found: removed from the state",
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
	// A read that removes the resource answers the identity of the object
	// that was, from the prior state: the framework refuses a null one,
	// which is the prior identity where the engine keeps none (Terraform
	// before 1.12, OpenTofu) or the state was written before identities.
	switch {
	case resp.Diagnostics.HasError():
	case resp.State.Raw.IsNull():
		r.setIdentity(ctx, req.State, resp.Identity, &resp.Diagnostics)
	default:
		r.setIdentity(ctx, resp.State, resp.Identity, &resp.Diagnostics)
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
	ctx, cancel := finishing(ctx, writeLimit)
	defer cancel()
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
			r.setIdentity(ctx, resp.State, resp.Identity, &resp.Diagnostics)
			return
		case err != nil:
			r.addError(&resp.Diagnostics, "update", err)
			return
		}
	}
	if !resp.Diagnostics.HasError() {
		resp.Diagnostics.Append(Set(ctx, &resp.State, &m)...)
		r.setIdentity(ctx, resp.State, resp.Identity, &resp.Diagnostics)
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
		op.Timeout = timeout
	}
	ctx, cancel := finishing(ctx, cmp.Or(op.Timeout, writeLimit))
	defer cancel()
	if err := r.def.Delete(ctx, op, &m); err != nil && !client.IsNotFound(err) {
		r.addError(&resp.Diagnostics, "delete", err)
	}
}

// ImportState imports by an import ID, or by an import block's identity,
// which stands for the import ID of its form (see Identity).
func (r *lifecycle[M, C]) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	id := req.ID
	if id == "" && req.Identity != nil {
		id = r.importID(ctx, req.Identity, &resp.Diagnostics)
		if resp.Diagnostics.HasError() {
			return
		}
	}
	if r.def.Import != nil {
		r.def.Import.importState(ctx, r.client, r.def.Object, id, &resp.State, &resp.Diagnostics)
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), id)...)
}

// MoveState accepts moved blocks from the resource's twins. It runs on a
// provider that Terraform has not configured, and makes no request.
func (r *lifecycle[M, C]) MoveState(context.Context) []resource.StateMover {
	return stateMovers(r.def.Object, r.def.Twins)
}

func (r *lifecycle[M, C]) twins() []Twin { return r.def.Twins }

func (r *lifecycle[M, C]) addError(diags *diag.Diagnostics, verb string, err error) {
	addCallError(diags, "Cannot "+verb+" the "+r.def.Object, err)
}

// writeLimit bounds a create, an update, or a delete without a
// DeleteTimeout, once Terraform has asked the provider to stop: each
// request has its own timeout and retries, so only a wait could run this
// long.
const writeLimit = 20 * time.Minute

// finishing is the context of a write: Terraform's stop (a first Ctrl-C)
// does not cancel it, so that a request in flight, which the server may
// complete whether or not its answer is awaited, finishes and its result
// reaches the state, as Terraform's graceful stop waits for the
// operations in flight; limit bounds it instead.
func finishing(ctx context.Context, limit time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), limit)
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
