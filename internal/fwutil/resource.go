package fwutil

import (
	"context"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

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
// type that says once what its absence means: Import, Identity, Conflict,
// Plan, DeleteTimeout and Twins.
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
	// Identity is the resource's identity, which names its object in the
	// state and in an import block. Nil: the name, or the first import ID
	// form of attributes alone (see Identity).
	Identity *Identity
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
	// Twins are the incumbent providers' resources from which a `moved`
	// block moves objects here (see Twin). Nil: a moved block from another
	// provider's resource is refused.
	Twins []Twin
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
	// goes on; any other error fails the create. The creates of one name
	// (the plan's "name", if the resource has one) run one at a time in a
	// provider process, each from its Find to its answer, so that of two
	// resources of one name in a configuration the second finds the
	// first's object, even on a server whose create overwrites.
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
	// Derive sets in the plan of a create or an update, once the provider
	// defaults are in it, the values that the server derives by a
	// documented rule from values that only those defaults make known (a
	// private registry provider's namespace: its organization's name), so
	// that they are known in the plan. Nil: none.
	Derive func(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse)
	// Modify adjusts the plan of an update (state and plan both set)
	// and may mark replacements or warn. resp.RequiresReplace already
	// holds the replacements that attributes' plan modifiers ask for,
	// which the framework does not show to a resource's ModifyPlan. Nil:
	// the plan is left as the framework and the provider defaults make it.
	Modify func(ctx context.Context, c C, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse)
	// Offered says whether the service offers the resource at all, such
	// as an object that one edition of a service has and another has not:
	// it runs at the plan of a create or an update once the provider
	// defaults are planned, and an error it returns fails the plan, on no
	// attribute, before anything is applied. It gets a nil client while
	// the provider is not configured, and then should say nil. Nil: the
	// service offers it, and a call against a service that does not fails
	// at apply.
	Offered func(ctx context.Context, c C) error
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

// NewResource returns the constructor of the resource that def describes.
func NewResource[M, C any](def *Resource[M, C]) func() resource.Resource {
	return func() resource.Resource { return &lifecycle[M, C]{def: def} }
}
