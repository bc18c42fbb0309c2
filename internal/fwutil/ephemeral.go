package fwutil

import (
	"context"
	"encoding/json"

	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// Ephemeral describes one ephemeral resource type to the lifecycle that
// every ephemeral resource of the provider shares: an object made for one
// Terraform run, such as a token, which Terraform never writes to the plan
// or the state, opened when the run needs it and closed at its end. M is
// the model, P what Open leaves for Close (Terraform keeps it between the
// two as the resource's private data, in JSON), C the typed client of the
// service. The lifecycle owns reading the configuration, the provider's
// defaults, the client, passing P along and API errors as diagnostics.
type Ephemeral[M, P, C any] struct {
	// TypeName follows the provider's name and "_", such as
	// "platform_team_token".
	TypeName string
	// Service is the service whose client the calls get.
	Service *client.Service
	// Object names one object in messages, such as "team token".
	Object string
	// Schema is the ephemeral resource's schema.
	Schema func(ctx context.Context) schema.Schema
	// ProviderDefaults are the attributes that take a setting of the
	// provider when the configuration leaves them out: Open finds them
	// set, and opening fails when neither gives a value.
	ProviderDefaults []ProviderDefault[C]
	// Open makes the object that m, read from the configuration,
	// describes, writes the server's answer into m, and returns what
	// Close needs to undo it.
	Open func(ctx context.Context, c C, m *M) (P, error)
	// Close undoes what Open made. An error for which client.IsNotFound
	// holds is success: the object expired or was deleted meanwhile.
	Close func(ctx context.Context, c C, p P) error
}

// NewEphemeral returns the constructor of the ephemeral resource that def
// describes.
func NewEphemeral[M, P, C any](def *Ephemeral[M, P, C]) func() ephemeral.EphemeralResource {
	return func() ephemeral.EphemeralResource { return &ephemeralLifecycle[M, P, C]{def: def} }
}

type ephemeralLifecycle[M, P, C any] struct {
	def    *Ephemeral[M, P, C]
	client C
}

var (
	_ ephemeral.EphemeralResourceWithConfigure = (*ephemeralLifecycle[struct{}, struct{}, struct{}])(nil)
	_ ephemeral.EphemeralResourceWithClose     = (*ephemeralLifecycle[struct{}, struct{}, struct{}])(nil)
)

// closeKey is the private data's key of what Open leaves for Close.
const closeKey = "close"

func (e *ephemeralLifecycle[M, P, C]) Metadata(_ context.Context, req ephemeral.MetadataRequest, resp *ephemeral.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + e.def.TypeName
}

func (e *ephemeralLifecycle[M, P, C]) Schema(ctx context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = e.def.Schema(ctx)
}

func (e *ephemeralLifecycle[M, P, C]) Configure(_ context.Context, req ephemeral.ConfigureRequest, resp *ephemeral.ConfigureResponse) {
	e.client = ClientOf[C](req.ProviderData, e.def.Service, NeedsToken, &resp.Diagnostics)
}

// Open reads the model from the result, which the framework starts as a
// copy of the configuration, once the provider's defaults are in it.
func (e *ephemeralLifecycle[M, P, C]) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	for _, d := range e.def.ProviderDefaults {
		var configured types.String
		resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root(d.Attribute), &configured)...)
		if resp.Diagnostics.HasError() {
			return
		}
		v, ok := d.Of(e.client, configured, &resp.Diagnostics)
		if !ok {
			return
		}
		resp.Diagnostics.Append(resp.Result.SetAttribute(ctx, path.Root(d.Attribute), v)...)
	}
	var m M
	resp.Diagnostics.Append(Get(ctx, resp.Result, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	p, err := e.def.Open(ctx, e.client, &m)
	if err != nil {
		addCallError(&resp.Diagnostics, "Cannot open the "+e.def.Object, err)
		return
	}
	raw, err := json.Marshal(p)
	if err != nil {
		resp.Diagnostics.AddError("Cannot open the "+e.def.Object, "What closing it needs cannot be kept: "+err.Error()+". This is a bug in the provider; please report it.")
		return
	}
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, closeKey, raw)...)
	resp.Diagnostics.Append(resp.Result.Set(ctx, &m)...)
}

func (e *ephemeralLifecycle[M, P, C]) Close(ctx context.Context, req ephemeral.CloseRequest, resp *ephemeral.CloseResponse) {
	raw, diags := req.Private.GetKey(ctx, closeKey)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var p P
	if err := json.Unmarshal(raw, &p); err != nil {
		resp.Diagnostics.AddError("Cannot close the "+e.def.Object, "What Open left for closing it cannot be read: "+err.Error()+". This is a bug in the provider; please report it.")
		return
	}
	if err := e.def.Close(ctx, e.client, p); err != nil && !client.IsNotFound(err) {
		addCallError(&resp.Diagnostics, "Cannot close the "+e.def.Object, err)
	}
}
