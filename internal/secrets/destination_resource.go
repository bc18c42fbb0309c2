package secrets

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// defaultDeleteTimeout bounds the wait for an asynchronous purge.
const defaultDeleteTimeout = 10 * time.Minute

// destinationModel holds the attributes every destination type has. Each
// type's model embeds it.
type destinationModel struct {
	Name                    types.String   `tfsdk:"name"`
	SecretNameTemplate      types.String   `tfsdk:"secret_name_template"`
	Granularity             types.String   `tfsdk:"granularity"`
	DisableStrictNetworking types.Bool     `tfsdk:"disable_strict_networking"`
	AllowedIPv4Addresses    types.List     `tfsdk:"allowed_ipv4_addresses"`
	AllowedIPv6Addresses    types.List     `tfsdk:"allowed_ipv6_addresses"`
	AllowedPorts            types.List     `tfsdk:"allowed_ports"`
	PurgeOnDestroy          types.Bool     `tfsdk:"purge_on_destroy"`
	Timeouts                timeouts.Value `tfsdk:"timeouts"`
}

// taggedDestinationModel adds custom_tags, which the cloud types take and
// codehost and webhost-project refuse.
type taggedDestinationModel struct {
	destinationModel
	CustomTags types.Map `tfsdk:"custom_tags"`
}

func (m *destinationModel) base() *destinationModel { return m }

// tags is nil for the types without custom_tags.
func (m *destinationModel) tags() *types.Map { return nil }

func (m *taggedDestinationModel) tags() *types.Map { return &m.CustomTags }

// destinationModelPtr is what the shared code needs of a type's model.
type destinationModelPtr[M any] interface {
	*M
	base() *destinationModel
	tags() *types.Map
}

// secretAttribute is a secret connection parameter. It gets a sensitive
// attribute kept from state (reads obfuscate it) and a write-only twin.
type secretAttribute struct {
	name        string
	description string
	// required: one of the attribute and its twin must be set.
	required bool
}

// destinationKind describes one destination type to the shared code.
type destinationKind[M any] struct {
	apiType  string
	typeName string // resource type name after "stack_secrets_sync_"
	// defaultGranularity is the service's granularity for the type when
	// none is sent.
	defaultGranularity string
	description        string
	customTags         bool
	attributes         map[string]schema.Attribute
	secrets            []secretAttribute
	// validate checks the type's rules that tie attributes together.
	validate func(ctx context.Context, m *M, given func(string) bool, diags *diag.Diagnostics)
	// expand builds the API body; secret returns a secret's value from
	// the plan or its write-only twin in the configuration.
	expand func(ctx context.Context, m *M, opts secretsclient.DestinationOptions, secret func(string) string, diags *diag.Diagnostics) secretsclient.DestinationWrite
	// flatten copies what the server reports of the type's own
	// parameters into m; secrets are handled by the shared code.
	flatten func(ctx context.Context, m *M, details map[string]any, diags *diag.Diagnostics)
}

type destinationResource[M any, P destinationModelPtr[M]] struct {
	kind   *destinationKind[M]
	client *secretsclient.Client
}

func newDestinationResource[M any, P destinationModelPtr[M]](kind *destinationKind[M]) func() resource.Resource {
	return func() resource.Resource { return &destinationResource[M, P]{kind: kind} }
}

func (r *destinationResource[M, P]) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_secrets_sync_" + r.kind.typeName
}

func (r *destinationResource[M, P]) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := map[string]schema.Attribute{
		"name": schema.StringAttribute{
			Required:      true,
			Description:   "Name of the destination, unique among destinations of its type. Changing it replaces the destination.",
			Validators:    nameValidators(),
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"secret_name_template": schema.StringAttribute{
			Optional: true,
			Computed: true,
			Description: "Template of the names the synced secrets get at the destination; not empty. When unset, the service's default for the type applies and is shown here; " +
				"removing a template from the configuration keeps the last one, so set the default explicitly to return to it.",
			// The service takes "" for its default and answers that, which
			// the state could not hold as planned.
			Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"granularity": schema.StringAttribute{
			Optional: true,
			Computed: true,
			Default:  stringdefault.StaticString(r.kind.defaultGranularity),
			Description: "What is synced as one resource at the destination: `secret-path` (a whole secret) or `secret-key` (each key of a secret). " +
				"Default `" + r.kind.defaultGranularity + "`, the service's default for the type, which also applies when it is removed from the configuration.",
			Validators: []validator.String{stringvalidator.OneOf(secretsclient.GranularitySecretPath, secretsclient.GranularitySecretKey)},
		},
		"disable_strict_networking": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(false),
			Description: "Disables the address and port restrictions of the service's SSRF-safe sync client. Default false. The service does not report it back, so a change made outside Terraform cannot be seen.",
		},
		"allowed_ipv4_addresses": schema.ListAttribute{
			Optional: true, ElementType: types.StringType,
			Description: "IPv4 CIDR blocks the sync client may connect to. Not reported back by the service, so a change made outside Terraform cannot be seen.",
			Validators:  []validator.List{listvalidator.ValueStringsAre(fwutil.CIDRValidator(4))},
		},
		"allowed_ipv6_addresses": schema.ListAttribute{
			Optional: true, ElementType: types.StringType,
			Description: "IPv6 CIDR blocks the sync client may connect to. Not reported back by the service, so a change made outside Terraform cannot be seen.",
			Validators:  []validator.List{listvalidator.ValueStringsAre(fwutil.CIDRValidator(6))},
		},
		"allowed_ports": schema.ListAttribute{
			Optional: true, ElementType: types.Int64Type,
			Description: "Ports (1 to 65535) the sync client may connect to. Not reported back by the service, so a change made outside Terraform cannot be seen.",
			Validators:  []validator.List{listvalidator.ValueInt64sAre(int64validator.Between(1, 65535))},
		},
		"purge_on_destroy": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(false),
			Description: "When true, destroying the destination also unsyncs and removes its associations (a purge, which the service does in the background; " +
				"Terraform waits for it up to `timeouts.delete`). When false, the service refuses to delete a destination that still has associations. Default false.",
		},
	}
	if r.kind.customTags {
		attrs["custom_tags"] = schema.MapAttribute{
			Optional: true, ElementType: types.StringType,
			Description: "Tags set on the synced secrets, merged with the service's built-in tags.",
		}
	}
	for _, s := range r.kind.secrets {
		maps.Copy(attrs, fwutil.WriteOnlySecret{
			Name:        s.name,
			Description: s.description,
			Service:     "the service",
			Drift:       "The service returns it obfuscated, so a change made outside Terraform cannot be seen.",
		}.Attributes())
	}
	for name, a := range r.kind.attributes {
		attrs[name] = a
	}
	resp.Schema = schema.Schema{
		Description: r.kind.description + " Secrets are sensitive and each has a write-only twin; the service shows them obfuscated, so changes made to them outside Terraform cannot be seen.",
		Attributes:  attrs,
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.Block(ctx, timeouts.Opts{Delete: true}),
		},
	}
}

func (r *destinationResource[M, P]) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = fwutil.SecretsClient(req.ProviderData, &resp.Diagnostics)
}

func (r *destinationResource[M, P]) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m M
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Config, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// given is set to what the service takes for a value: "" and empty
	// collections are unset to it, as they are to the rules that read this.
	given := func(name string) bool {
		var v attr.Value
		if d := req.Config.GetAttribute(ctx, path.Root(name), &v); d.HasError() || v == nil {
			return false
		}
		return !fwutil.Unset(v)
	}
	for _, s := range r.kind.secrets {
		if s.required {
			fwutil.RequireSecret(ctx, req.Config, path.Root(s.name), "for a "+r.kind.apiType+" destination", &resp.Diagnostics)
		}
	}
	if r.kind.validate != nil {
		r.kind.validate(ctx, &m, given, &resp.Diagnostics)
	}
}

func (r *destinationResource[M, P]) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m M
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Plan, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	name := P(&m).base().Name.ValueString()
	_, _, err := r.client.ReadDestination(ctx, r.kind.apiType, name)
	if !fwutil.CheckAbsent(&resp.Diagnostics, err, fwutil.Existing{
		Kind:     r.kind.apiType + " destination",
		Summary:  "Destination already exists",
		Object:   fmt.Sprintf("A %s destination named %q", r.kind.apiType, name),
		ImportID: name,
	}) {
		return
	}
	r.write(ctx, &m, req.Config, &resp.State, &resp.Diagnostics)
}

func (r *destinationResource[M, P]) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m M
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Plan, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	local, err := fwutil.OnlyChanged(req.Plan.Raw, req.State.Raw, localAttributes...)
	if err != nil {
		resp.Diagnostics.AddError("Cannot compare the plan with the state", err.Error())
		return
	}
	if local {
		resp.Diagnostics.Append(fwutil.Set(ctx, &resp.State, &m)...)
		return
	}
	r.write(ctx, &m, req.Config, &resp.State, &resp.Diagnostics)
}

// localAttributes are the provider's own, which the service never sees.
var localAttributes = []string{"purge_on_destroy", "timeouts"}

// write sends the whole destination (the endpoint resets what is left out)
// and records the server's answer over the plan.
func (r *destinationResource[M, P]) write(ctx context.Context, m *M, config tfsdk.Config, state *tfsdk.State, diags *diag.Diagnostics) {
	b := P(m).base()
	opts := secretsclient.DestinationOptions{
		SecretNameTemplate:      b.SecretNameTemplate.ValueString(),
		Granularity:             b.Granularity.ValueString(),
		DisableStrictNetworking: b.DisableStrictNetworking.ValueBool(),
		AllowedIPv4Addresses:    fwutil.Strings(ctx, b.AllowedIPv4Addresses, diags),
		AllowedIPv6Addresses:    fwutil.Strings(ctx, b.AllowedIPv6Addresses, diags),
		AllowedPorts:            fwutil.Ints(ctx, b.AllowedPorts, diags),
	}
	if t := P(m).tags(); t != nil {
		opts.CustomTags = fwutil.StringMap(ctx, *t, diags)
	}
	secrets := map[string]string{}
	for _, s := range r.kind.secrets {
		secrets[s.name] = fwutil.SecretToSend(ctx, config, path.Root(s.name), diags)
	}
	body := r.kind.expand(ctx, m, opts, func(name string) string { return secrets[name] }, diags)
	if diags.HasError() {
		return
	}
	got, meta, err := r.client.WriteDestination(ctx, b.Name.ValueString(), body)
	if err != nil {
		fwutil.AddAPIError(diags, "Cannot write the "+r.kind.apiType+" destination", err)
		return
	}
	addWarnings(diags, meta)
	r.flatten(ctx, m, got, diags)
	diags.Append(fwutil.Set(ctx, state, m)...)
}

func (r *destinationResource[M, P]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m M
	resp.Diagnostics.Append(fwutil.Get(ctx, req.State, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	got, _, err := r.client.ReadDestination(ctx, r.kind.apiType, P(&m).base().Name.ValueString())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		fwutil.AddAPIError(&resp.Diagnostics, "Cannot read the "+r.kind.apiType+" destination", err)
		return
	}
	if !got.PurgeInitiatedAt.IsZero() {
		// Until the purge deletes it, the destination reads as it was, so
		// the plan would show nothing of what is coming.
		resp.Diagnostics.AddWarning("Destination is being purged",
			fmt.Sprintf("The %s destination %q has been purging since %s (a delete with purge, made outside Terraform or by a destroy that timed out). "+
				"The service will delete it and refuses changes until then; once it is gone, the next plan creates it again.",
				r.kind.apiType, got.Name, got.PurgeInitiatedAt.UTC().Format(time.RFC3339)))
	}
	r.flatten(ctx, &m, got, &resp.Diagnostics)
	resp.Diagnostics.Append(fwutil.Set(ctx, &resp.State, &m)...)
}

// flatten writes what the server reports over m. Secrets and the network
// options, which the read form does not show in clear, keep m's values.
func (r *destinationResource[M, P]) flatten(ctx context.Context, m *M, d *secretsclient.Destination, diags *diag.Diagnostics) {
	b := P(m).base()
	b.Name = types.StringValue(d.Name)
	b.SecretNameTemplate = types.StringValue(d.Options.SecretNameTemplate)
	b.Granularity = types.StringValue(d.Options.GranularityLevel)
	if t := P(m).tags(); t != nil {
		*t = fwutil.StringMapFromAPI(ctx, *t, d.Options.CustomTags, diags)
	}
	r.kind.flatten(ctx, m, d.ConnectionDetails, diags)
}

func (r *destinationResource[M, P]) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var m M
	resp.Diagnostics.Append(fwutil.Get(ctx, req.State, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	b := P(&m).base()
	timeout, d := b.Timeouts.Delete(ctx, defaultDeleteTimeout)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	name, purge := b.Name.ValueString(), b.PurgeOnDestroy.ValueBool()

	_, err := r.client.DeleteDestination(ctx, r.kind.apiType, name, purge)
	switch {
	case client.IsNotFound(err):
		return
	case client.StatusCode(err) == http.StatusConflict:
		resp.Diagnostics.AddError("Destination still has associations", fmt.Sprintf(
			"The service refuses to delete the %s destination %q while secrets are associated with it. "+
				"Remove the associations first (destroy their stack_secrets_sync_association resources), "+
				"or set purge_on_destroy = true, apply, and destroy again to have the service remove them.\n\nServer said: %s",
			r.kind.apiType, name, err))
		return
	case err != nil:
		fwutil.AddAPIError(&resp.Diagnostics, "Cannot delete the "+r.kind.apiType+" destination", err)
		return
	}
	if purge {
		if err := r.waitGone(ctx, name); err != nil {
			resp.Diagnostics.AddError("The purge of the destination did not finish", fmt.Sprintf(
				"The service accepted the deletion of the %s destination %q with purge and is removing its associations in the background, "+
					"but it had not finished within timeouts.delete (%s): %s. Run the destroy again later, or raise timeouts.delete.",
				r.kind.apiType, name, timeout, err))
		}
	}
}

// waitGone polls until a purged destination is gone. The purge runs in
// the background, so there is nothing to block on but the read.
func (r *destinationResource[M, P]) waitGone(ctx context.Context, name string) error {
	wait := 250 * time.Millisecond
	for {
		_, _, err := r.client.ReadDestination(ctx, r.kind.apiType, name)
		if client.IsNotFound(err) {
			return nil
		}
		if err != nil && ctx.Err() == nil {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, 5*time.Second)
	}
}

func (r *destinationResource[M, P]) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if !validImportName(req.ID, "destination", &resp.Diagnostics) {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("purge_on_destroy"), false)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("disable_strict_networking"), false)...)
}
