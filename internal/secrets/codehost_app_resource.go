package secrets

import (
	"context"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
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
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

var (
	_ resource.ResourceWithConfigure      = (*codehostAppResource)(nil)
	_ resource.ResourceWithImportState    = (*codehostAppResource)(nil)
	_ resource.ResourceWithValidateConfig = (*codehostAppResource)(nil)
)

type codehostAppModel struct {
	Name                types.String `tfsdk:"name"`
	AppID               types.Int64  `tfsdk:"app_id"`
	PrivateKey          types.String `tfsdk:"private_key"`
	PrivateKeyWO        types.String `tfsdk:"private_key_wo"`
	PrivateKeyWOVersion types.Int64  `tfsdk:"private_key_wo_version"`
	Fingerprint         types.String `tfsdk:"fingerprint"`
}

// NewCodehostAppResource is the constructor of
// stack_secrets_sync_codehost_app.
func NewCodehostAppResource() resource.Resource { return &codehostAppResource{} }

type codehostAppResource struct {
	client *secretsclient.Client
}

func (r *codehostAppResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_secrets_sync_codehost_app"
}

func (r *codehostAppResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A custom code-host app configured in the secrets service, with which `stack_secrets_sync_codehost_destination` resources authenticate " +
			"(`app_name` and `installation_id`) instead of an access token. The service refuses to delete an app while codehost destinations use it, " +
			"and deleting it here does not delete the app at the code host. The private key is sensitive and has a write-only twin; the service shows it obfuscated, " +
			"so a change made to it outside Terraform cannot be seen, except through `fingerprint`. The import ID is the app's name.",
		Attributes: map[string]schema.Attribute{
			"name": schema.StringAttribute{
				Required: true,
				Description: "Name of the app in the service; the name the app has at the code host is recommended. " +
					"Changing it replaces the app.",
				Validators:    []validator.String{stringvalidator.LengthAtLeast(1), stringvalidator.NoneOf(".", ".."), stringvalidator.RegexMatches(noSlash, "must not contain a slash")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"app_id": schema.Int64Attribute{
				Required:    true,
				Description: "The code host's ID of the application, a positive number. A change made outside Terraform shows as drift.",
				Validators:  []validator.Int64{int64validator.AtLeast(1)},
			},
			"private_key": schema.StringAttribute{
				Optional:  true,
				Sensitive: true,
				Description: "Private key of the app, PEM-encoded (`RSA PRIVATE KEY`, `EC PRIVATE KEY` or PKCS #8 `PRIVATE KEY`). " +
					"Set it or `private_key_wo`. Prefer `private_key_wo`, which never enters the state. " +
					"The service returns it obfuscated, so a change made outside Terraform cannot be seen here; `fingerprint` shows it.",
				Validators: []validator.String{stringvalidator.ConflictsWith(path.MatchRoot("private_key_wo")), privateKeyPEM{}},
			},
			"private_key_wo": schema.StringAttribute{
				Optional:  true,
				Sensitive: true,
				WriteOnly: true,
				Description: "Write-only twin of `private_key` (Terraform 1.11 and later): sent to the service, never stored in plan or state. " +
					"Change `private_key_wo_version` to send a new value.",
				Validators: []validator.String{privateKeyPEM{}},
			},
			"private_key_wo_version": schema.Int64Attribute{
				Optional:    true,
				Description: "Any number; change it to send `private_key_wo` again.",
				Validators:  []validator.Int64{int64validator.AlsoRequires(path.MatchRoot("private_key_wo"))},
			},
			"fingerprint": schema.StringAttribute{
				Computed: true,
				Description: "Fingerprint of the private key, as the service computes it. It changes when the key changes, " +
					"also when the key is replaced outside Terraform (visible on refresh).",
				PlanModifiers: []planmodifier.String{fingerprintFromState{}},
			},
		},
	}
}

func (r *codehostAppResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = fwutil.SecretsClient(req.ProviderData, &resp.Diagnostics)
}

// ValidateConfig requires one of the key and its write-only twin.
func (r *codehostAppResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var key, wo types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("private_key"), &key)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("private_key_wo"), &wo)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if key.IsNull() && wo.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("private_key"), "Missing private_key",
			"private_key or private_key_wo is required: the service needs the app's private key.")
	}
}

func (r *codehostAppResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m codehostAppModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	name := m.Name.ValueString()
	// The endpoint also updates: look first, so that Terraform never
	// silently takes over an app it did not create.
	_, _, err := r.client.ReadCodehostApp(ctx, name)
	switch {
	case err == nil:
		resp.Diagnostics.AddAttributeError(path.Root("name"), "Code-host app already exists", fmt.Sprintf(
			"A code-host app named %q is already configured in the service, and Terraform will not take over an object it did not create. "+
				"To manage it with Terraform, import it: `terraform import <resource address> %s`, or an `import { to = <resource address>, id = %q }` block.",
			name, name, name))
		return
	case !client.IsNotFound(err):
		fwutil.AddAPIError(&resp.Diagnostics, "Cannot check whether the code-host app exists", err)
		return
	}
	r.write(ctx, &m, req.Config, &resp.State, &resp.Diagnostics)
}

func (r *codehostAppResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m codehostAppModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	r.write(ctx, &m, req.Config, &resp.State, &resp.Diagnostics)
}

// write sends the whole app, key included (the endpoint replaces the app),
// and records the server's answer over the plan.
func (r *codehostAppResource) write(ctx context.Context, m *codehostAppModel, config tfsdk.Config, state *tfsdk.State, diags *diag.Diagnostics) {
	var wo types.String
	diags.Append(config.GetAttribute(ctx, path.Root("private_key_wo"), &wo)...)
	if diags.HasError() {
		return
	}
	key := m.PrivateKey.ValueString()
	if !wo.IsNull() {
		key = wo.ValueString()
	}
	name := m.Name.ValueString()
	got, meta, err := r.client.WriteCodehostApp(ctx, name, strconv.FormatInt(m.AppID.ValueInt64(), 10), key)
	if err != nil {
		fwutil.AddAPIError(diags, fmt.Sprintf("Cannot configure the code-host app %q", name), err)
		return
	}
	addWarnings(diags, meta)
	flattenCodehostApp(m, got)
	diags.Append(state.Set(ctx, m)...)
}

func (r *codehostAppResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m codehostAppModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	got, _, err := r.client.ReadCodehostApp(ctx, m.Name.ValueString())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		fwutil.AddAPIError(&resp.Diagnostics, "Cannot read the code-host app", err)
		return
	}
	flattenCodehostApp(&m, got)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// flattenCodehostApp writes what the server reports over m. The key, which
// the server obfuscates, keeps m's value; its twin never enters state.
func flattenCodehostApp(m *codehostAppModel, got *secretsclient.CodehostApp) {
	m.Name = types.StringValue(got.Name)
	m.AppID = types.Int64Value(got.AppID)
	m.PrivateKey = fwutil.SecretFromAPI(m.PrivateKey, got.PrivateKey, obfuscated)
	m.PrivateKeyWO = types.StringNull()
	m.Fingerprint = types.StringValue(got.Fingerprint)
}

func (r *codehostAppResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var m codehostAppModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	name := m.Name.ValueString()
	_, err := r.client.DeleteCodehostApp(ctx, name)
	switch {
	case err == nil, client.IsNotFound(err):
	case client.StatusCode(err) == http.StatusConflict:
		resp.Diagnostics.AddError("Code-host app still in use", fmt.Sprintf(
			"The service refuses to delete the code-host app %q while codehost destinations authenticate with it. "+
				"Destroy those stack_secrets_sync_codehost_destination resources, or point them at another app or an access token, first, then destroy the app again.\n\nServer said: %s",
			name, err))
	default:
		fwutil.AddAPIError(&resp.Diagnostics, "Cannot delete the code-host app", err)
	}
}

func (r *codehostAppResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if req.ID == "" || strings.Contains(req.ID, "/") {
		resp.Diagnostics.AddError("Invalid import ID", fmt.Sprintf("The import ID of a code-host app is its name, which has no slash; got %q.", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), req.ID)...)
}

// fingerprintFromState keeps the fingerprint of the state in the plan,
// unless the key may change: when private_key or private_key_wo_version
// differs from the state, the new fingerprint is known only after apply.
type fingerprintFromState struct{}

func (fingerprintFromState) Description(context.Context) string {
	return "Keeps the fingerprint of the state unless private_key or private_key_wo_version changes."
}

func (m fingerprintFromState) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (fingerprintFromState) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || !req.PlanValue.IsUnknown() || req.Plan.Raw.IsNull() {
		return
	}
	for _, name := range []string{"private_key", "private_key_wo_version"} {
		var planned, prior attr.Value
		resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root(name), &planned)...)
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root(name), &prior)...)
		if resp.Diagnostics.HasError() || !planned.Equal(prior) {
			return
		}
	}
	resp.PlanValue = req.StateValue
}

// privateKeyPEM checks that a string is a PEM-encoded private key of a
// form the service takes: PKCS #1 (RSA), SEC 1 (EC) or PKCS #8.
type privateKeyPEM struct{}

func (privateKeyPEM) Description(context.Context) string {
	return "must be a PEM-encoded private key (RSA PRIVATE KEY, EC PRIVATE KEY or PRIVATE KEY)"
}

func (v privateKeyPEM) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v privateKeyPEM) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := parsePrivateKeyPEM(req.ConfigValue.ValueString()); err != nil {
		// The value is a secret: the message never shows it.
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid private key",
			fmt.Sprintf("%s %s: %v.", req.Path, v.Description(ctx), err))
	}
}

func parsePrivateKeyPEM(s string) error {
	block, _ := pem.Decode([]byte(s))
	if block == nil {
		return errors.New("no PEM block found")
	}
	var err error
	switch block.Type {
	case "RSA PRIVATE KEY":
		_, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	case "EC PRIVATE KEY":
		_, err = x509.ParseECPrivateKey(block.Bytes)
	case "PRIVATE KEY":
		_, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	default:
		return fmt.Errorf("the PEM block is a %q, not a private key", block.Type)
	}
	if err != nil {
		return fmt.Errorf("the %s block does not parse: %w", block.Type, err)
	}
	return nil
}
