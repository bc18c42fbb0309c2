package fwutil

import (
	"context"
	"errors"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Partial is the error of a Create or Update that takes more than one
// request when a request fails after an earlier one changed the server.
// The call has then written into its model what the server holds now
// (what the earlier requests answered, and for the rest what the prior
// state held), and the lifecycle saves that model to the state instead
// of dropping it: the state stays true to the server, and the next plan
// shows what is left to apply. Terraform marks a resource whose Create
// fails so tainted, and replaces it on the next apply, which is what a
// half-made object needs; an Update keeps the resource as it is.
//
// The error is shown on the attribute whose request failed, and says
// what the server already holds. A call whose first request fails, or
// that undoes its earlier requests before it returns, returns the plain
// error: nothing was changed.
type Partial struct {
	// Done says what the server already holds, as a clause, such as
	// "execution_mode, agent_pool_id and global_remote_state are applied".
	Done string
	// Path is the attribute whose request failed.
	Path path.Path
	// Err is the failed request's error.
	Err error
}

func (p *Partial) Error() string {
	return "partly applied (" + p.Done + "); " + p.Path.String() + " failed: " + p.Err.Error()
}

func (p *Partial) Unwrap() error { return p.Err }

// addPartial saves m, which holds what the server has after a partial
// write, to state, and reports the failure on the failed attribute. The
// state cannot hold unknown values, so any that m leaves are saved null:
// the next refresh reads them.
func addPartial[M any](ctx context.Context, diags *diag.Diagnostics, state *tfsdk.State, object, verb string, m *M, p *Partial) {
	diags.Append(Set(ctx, state, m)...)
	if raw, err := tftypes.Transform(state.Raw, unknownAsNull); err == nil {
		state.Raw = raw
	} else {
		diags.AddError("Cannot save the state of the "+object, err.Error())
	}
	detail := APIErrorDetail(p.Err)
	if f := (*Failure)(nil); errors.As(p.Err, &f) {
		detail = f.Detail
	}
	next := "the next plan shows what is left to apply."
	if verb == "create" {
		next = "Terraform marks the resource tainted, so that the next apply replaces it."
	}
	diags.AddAttributeError(p.Path, "Cannot "+verb+" the "+object+": partly applied",
		"The "+verb+" changed the server before it failed: "+p.Done+". The request for "+p.Path.String()+" then failed, so that part is not done. "+
			"The state holds what the server has now, and "+next+"\n\n"+detail)
}

func unknownAsNull(_ *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
	if v.IsKnown() {
		return v, nil
	}
	return tftypes.NewValue(v.Type(), nil), nil
}
