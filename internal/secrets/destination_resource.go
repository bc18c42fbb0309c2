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
type destinationKind[M any, P destinationModelPtr[M]] struct {
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
	// destinationFromModel builds the API body; secret returns a secret's
	// value from the plan or its write-only twin in the configuration.
	destinationFromModel func(ctx context.Context, m *M, opts secretsclient.DestinationOptions, secret func(string) string, diags *diag.Diagnostics) secretsclient.DestinationWrite
	// modelFromDetails copies what the server reports of the type's own
	// parameters, its secrets included, into m.
	modelFromDetails func(ctx context.Context, m *M, details map[string]any, diags *diag.Diagnostics)
	// twins are the incumbent's resource of the type, from which a moved
	// block moves destinations here (vaultDestinationTwin).
	twins []fwutil.Twin
}

// destinationResource is the constructor of the resource of one
// destination type.
func destinationResource[M any, P destinationModelPtr[M]](kind *destinationKind[M, P]) func() resource.Resource {
	object := kind.apiType + " destination"
	return fwutil.NewResource(&fwutil.Resource[M, *secretsclient.Client]{
		TypeName: "secrets_sync_" + kind.typeName,
		Service:  secretsclient.Service,
		Object:   object,
		Schema:   kind.schema,
		DeleteTimeout: &fwutil.DeleteTimeout{
			Default: defaultDeleteTimeout,
			Waits:   "while the service purges the destination (with `purge_on_destroy`)",
		},
		LocalAttributes: []string{"purge_on_destroy"},
		Twins:           kind.twins,
		// Its identity is its name: its type is the resource's, one
		// resource type for each type of destination.
		Identity: &fwutil.Identity{Attrs: []string{"name"}},
		Import: &fwutil.Import[M, *secretsclient.Client]{
			ID: fwutil.IDGrammar{
				Of:    "a destination",
				Forms: []fwutil.IDForm{{Says: "its name", Parts: []fwutil.IDPart{{Match: nameRe.MatchString, Attr: "name"}}}},
				Rule:  nameRule,
			},
			Print: func(m *M) string { return P(m).base().Name.ValueString() },
			Read:  importDestination,
		},
		Plan: &fwutil.Plan[M, *secretsclient.Client]{Validate: kind.validateConfig, Modify: kind.warnReplacement},
		Conflict: &fwutil.Conflict[M, *secretsclient.Client]{
			Find: func(ctx context.Context, c *secretsclient.Client, m *M) error {
				_, _, err := c.ReadDestination(ctx, kind.apiType, P(m).base().Name.ValueString())
				return err
			},
		},
		Create: kind.write,
		Update: func(ctx context.Context, op fwutil.Op[*secretsclient.Client], m, _ *M) error {
			return kind.write(ctx, op, m)
		},
		Read:   kind.read,
		Delete: kind.delete,
	})
}

// importDestination sets the defaults of the settings the service does
// not report, which an import cannot learn; the name is the ID's.
func importDestination(ctx context.Context, _ *secretsclient.Client, _ fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	diags.Append(state.SetAttribute(ctx, path.Root("purge_on_destroy"), false)...)
	diags.Append(state.SetAttribute(ctx, path.Root("disable_strict_networking"), false)...)
}

func (k *destinationKind[M, P]) schema(context.Context) schema.Schema {
	attrs := map[string]schema.Attribute{
		"name": schema.StringAttribute{
			Required:      true,
			Description:   "Name of the destination, unique among destinations of its type. " + nameRule + " Changing it replaces the destination.",
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
			Default:  stringdefault.StaticString(k.defaultGranularity),
			Description: "What is synced as one resource at the destination: `secret-path` (a whole secret) or `secret-key` (each key of a secret). " +
				"Default `" + k.defaultGranularity + "`, the service's default for the type, which also applies when it is removed from the configuration.",
			Validators: []validator.String{stringvalidator.OneOf(secretsclient.GranularitySecretPath, secretsclient.GranularitySecretKey)},
		},
		"disable_strict_networking": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(false),
			Description: "Disables the address and port restrictions of the service's SSRF-safe sync client. Default false. " + notReported,
		},
		"allowed_ipv4_addresses": schema.ListAttribute{
			Optional: true, ElementType: types.StringType,
			Description: "IPv4 CIDR blocks the sync client may connect to. " + notReported,
			Validators:  []validator.List{listvalidator.ValueStringsAre(fwutil.CIDRValidator(4))},
		},
		"allowed_ipv6_addresses": schema.ListAttribute{
			Optional: true, ElementType: types.StringType,
			Description: "IPv6 CIDR blocks the sync client may connect to. " + notReported,
			Validators:  []validator.List{listvalidator.ValueStringsAre(fwutil.CIDRValidator(6))},
		},
		"allowed_ports": schema.ListAttribute{
			Optional: true, ElementType: types.Int64Type,
			Description: "Ports (1 to 65535) the sync client may connect to. " + notReported,
			Validators:  []validator.List{listvalidator.ValueInt64sAre(int64validator.Between(1, 65535))},
		},
		"purge_on_destroy": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(false),
			Description: "When true, destroying the destination also unsyncs and removes its associations (a purge, which the service does in the background; " +
				"Terraform waits for it up to `timeouts.delete`). When false, the service refuses to delete a destination that still has associations. Default false.",
		},
	}
	if k.customTags {
		attrs["custom_tags"] = schema.MapAttribute{
			Optional: true, ElementType: types.StringType,
			Description: "Tags set on the synced secrets, merged with the service's built-in tags.",
		}
	}
	for _, s := range k.secrets {
		maps.Copy(attrs, fwutil.WriteOnlySecret{
			Name:        s.name,
			Description: s.description,
			Service:     "the service",
			Drift:       "The service returns it obfuscated, so a change made outside Terraform cannot be seen.",
		}.Attributes())
	}
	maps.Copy(attrs, k.attributes)
	return schema.Schema{
		Description: k.description + " Secrets are sensitive and each has a write-only twin; the service shows them obfuscated, so changes made to them outside Terraform cannot be seen.",
		Attributes:  attrs,
	}
}

// notReported ends the description of a setting the read form leaves out.
const notReported = "The service does not report it back, so a change made outside Terraform cannot be seen."

func (k *destinationKind[M, P]) validateConfig(ctx context.Context, config tfsdk.Config, m *M, diags *diag.Diagnostics) {
	// given is set to what the service takes for a value: "" and empty
	// collections are unset to it, as they are to the rules that read this.
	given := func(name string) bool {
		var v attr.Value
		if d := config.GetAttribute(ctx, path.Root(name), &v); d.HasError() || v == nil {
			return false
		}
		return !fwutil.Unset(v)
	}
	for _, s := range k.secrets {
		if s.required {
			fwutil.RequireSecret(ctx, config, path.Root(s.name), "for a "+k.apiType+" destination", diags)
		}
	}
	if k.validate != nil {
		k.validate(ctx, m, given, diags)
	}
}

// warnReplacement warns, in a plan that replaces the destination, when
// the destination still has associations: the service refuses to delete
// it then, so the apply would fail half way.
func (k *destinationKind[M, P]) warnReplacement(ctx context.Context, c *secretsclient.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if len(resp.RequiresReplace) == 0 || c == nil {
		return
	}
	var purge types.Bool
	var name types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("purge_on_destroy"), &purge)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("name"), &name)...)
	if resp.Diagnostics.HasError() || purge.ValueBool() {
		return
	}
	got, _, err := c.ReadAssociations(ctx, k.apiType, name.ValueString())
	if err != nil || len(got.AssociatedSecrets) == 0 {
		return // the apply says what is wrong, if anything
	}
	resp.Diagnostics.AddWarning("Destination with associations will be replaced", fmt.Sprintf(
		"Replacing the %s destination %q deletes it first, and the service refuses to delete a destination that has associations (it has %d). %s",
		k.apiType, name.ValueString(), len(got.AssociatedSecrets), replaceAdvice))
}

// replaceAdvice says how to replace a destination that has associations.
const replaceAdvice = "Either give its stack_secrets_sync_association resources " +
	"`lifecycle { replace_triggered_by = [<this destination>] }`, so that Terraform removes them first and creates them again on the new destination, " +
	"or set purge_on_destroy = true and apply before the replacement, to have the service remove them."

// write sends the whole destination (the endpoint resets what is left out)
// and records the server's answer over the plan.
func (k *destinationKind[M, P]) write(ctx context.Context, op fwutil.Op[*secretsclient.Client], m *M) error {
	b := P(m).base()
	diags := op.Diags
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
	for _, s := range k.secrets {
		secrets[s.name] = op.Secret(ctx, path.Root(s.name))
	}
	body := k.destinationFromModel(ctx, m, opts, func(name string) string { return secrets[name] }, diags)
	if diags.HasError() {
		return nil
	}
	got, meta, err := op.Client.WriteDestination(ctx, b.Name.ValueString(), body)
	if err != nil {
		return err
	}
	addWarnings(diags, meta)
	k.modelFromDestination(ctx, m, got, diags)
	return nil
}

func (k *destinationKind[M, P]) read(ctx context.Context, op fwutil.Op[*secretsclient.Client], m *M) error {
	got, _, err := op.Client.ReadDestination(ctx, k.apiType, P(m).base().Name.ValueString())
	if err != nil {
		return err
	}
	if !got.PurgeInitiatedAt.IsZero() {
		// Until the purge deletes it, the destination reads as it was, so
		// the plan would show nothing of what is coming.
		op.Diags.AddWarning("Destination is being purged",
			fmt.Sprintf("The %s destination %q has been purging since %s (a delete with purge, made outside Terraform or by a destroy that timed out). "+
				"The service will delete it and refuses changes until then; once it is gone, the next plan creates it again.",
				k.apiType, got.Name, got.PurgeInitiatedAt.UTC().Format(time.RFC3339)))
	}
	k.modelFromDestination(ctx, m, got, op.Diags)
	return nil
}

// modelFromDestination writes what the server reports over m: the shared
// options here, the type's own parameters through the kind's modelFromDetails. The
// network options, which the read form does not show, keep m's values.
func (k *destinationKind[M, P]) modelFromDestination(ctx context.Context, m *M, d *secretsclient.Destination, diags *diag.Diagnostics) {
	b := P(m).base()
	b.Name = types.StringValue(d.Name)
	b.SecretNameTemplate = types.StringValue(d.Options.SecretNameTemplate)
	b.Granularity = types.StringValue(d.Options.GranularityLevel)
	if t := P(m).tags(); t != nil {
		*t = fwutil.StringMapFromAPI(*t, d.Options.CustomTags)
	}
	k.modelFromDetails(ctx, m, d.ConnectionDetails, diags)
}

func (k *destinationKind[M, P]) delete(ctx context.Context, op fwutil.Op[*secretsclient.Client], m *M) error {
	b := P(m).base()
	name, purge := b.Name.ValueString(), b.PurgeOnDestroy.ValueBool()
	_, err := op.Client.DeleteDestination(ctx, k.apiType, name, purge)
	if client.StatusCode(err) == http.StatusConflict {
		return &fwutil.Failure{Summary: "Destination still has associations", Detail: fmt.Sprintf(
			"The service refuses to delete the %s destination %q while secrets are associated with it. "+
				"Remove the associations first (destroy their stack_secrets_sync_association resources), "+
				"or set purge_on_destroy = true, apply, and destroy again to have the service remove them. "+
				"When the destination is being replaced: %s\n\nServer said: %s",
			k.apiType, name, replaceAdvice, err)}
	}
	if err != nil || !purge {
		return err
	}
	// The purge runs in the background: there is nothing to block on but
	// the read.
	err = client.WaitUntilGone(ctx, 250*time.Millisecond, 5*time.Second, func(ctx context.Context) (bool, error) {
		_, _, err := op.Client.ReadDestination(ctx, k.apiType, name)
		return false, err
	})
	if err != nil {
		return &fwutil.Failure{Summary: "The purge of the destination did not finish", Detail: fmt.Sprintf(
			"The service accepted the deletion of the %s destination %q with purge and is removing its associations in the background, "+
				"but it had not finished within timeouts.delete (%s): %s. Run the destroy again later, or raise timeouts.delete.",
			k.apiType, name, op.Timeout, err)}
	}
	return nil
}
