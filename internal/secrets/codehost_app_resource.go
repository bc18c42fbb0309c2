package secrets

import (
	"context"
	"crypto"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
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
	attrs := map[string]schema.Attribute{
		"name": schema.StringAttribute{
			Required: true,
			Description: "Name of the app in the service; the name the app has at the code host is recommended. " +
				"Changing it replaces the app.",
			Validators:    nameValidators(),
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"app_id": schema.Int64Attribute{
			Required:    true,
			Description: "The code host's ID of the application, a positive number. A change made outside Terraform shows as drift.",
			Validators:  []validator.Int64{int64validator.AtLeast(1)},
		},
		"fingerprint": schema.StringAttribute{
			Computed: true,
			Description: "Fingerprint of the private key, as the service shows it. Every change of the app sends the key again, " +
				"so the fingerprint is known after the apply. A key replaced outside Terraform shows here on refresh but plans no change: " +
				"change `private_key`, or `private_key_wo_version`, to send the configured key again.",
		},
	}
	maps.Copy(attrs, fwutil.WriteOnlySecret{
		Name: "private_key",
		Description: "Private key of the app, PEM-encoded (`RSA PRIVATE KEY`, `EC PRIVATE KEY` or PKCS #8 `PRIVATE KEY`). " +
			"Set it or `private_key_wo`.",
		Service:    "the service",
		Drift:      "The service returns it obfuscated, so a change made outside Terraform cannot be seen here; `fingerprint` shows it.",
		Validators: []validator.String{privateKeyPEM{}},
	}.Attributes())
	resp.Schema = schema.Schema{
		Description: "A custom code-host app configured in the secrets service, with which `stack_secrets_sync_codehost_destination` resources authenticate " +
			"(`app_name` and `installation_id`) instead of an access token. The service refuses to delete an app while codehost destinations use it, " +
			"and deleting it here does not delete the app at the code host. The private key is sensitive and has a write-only twin; the service shows it obfuscated, " +
			"so a change made to it outside Terraform cannot be seen, except through `fingerprint`. The import ID is the app's name.",
		Attributes: attrs,
	}
}

func (r *codehostAppResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = fwutil.SecretsClient(req.ProviderData, &resp.Diagnostics)
}

// ValidateConfig requires one of the key and its write-only twin.
func (r *codehostAppResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	fwutil.RequireSecret(ctx, req.Config, path.Root("private_key"), "for a code-host app: the service needs its private key", &resp.Diagnostics)
}

func (r *codehostAppResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m codehostAppModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Plan, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	name := m.Name.ValueString()
	_, _, err := r.client.ReadCodehostApp(ctx, name)
	if !fwutil.CheckAbsent(&resp.Diagnostics, err, fwutil.Existing{
		Kind:     "code-host app",
		Summary:  "Code-host app already exists",
		Object:   fmt.Sprintf("A code-host app named %q", name),
		ImportID: name,
	}) {
		return
	}
	r.write(ctx, &m, req.Config, &resp.State, &resp.Diagnostics)
}

func (r *codehostAppResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m codehostAppModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Plan, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	r.write(ctx, &m, req.Config, &resp.State, &resp.Diagnostics)
}

// write sends the whole app, key included (the endpoint replaces the app),
// and records the server's answer over the plan.
func (r *codehostAppResource) write(ctx context.Context, m *codehostAppModel, config tfsdk.Config, state *tfsdk.State, diags *diag.Diagnostics) {
	key := fwutil.SecretToSend(ctx, config, path.Root("private_key"), diags)
	if diags.HasError() {
		return
	}
	name := m.Name.ValueString()
	got, meta, err := r.client.WriteCodehostApp(ctx, name, strconv.FormatInt(m.AppID.ValueInt64(), 10), key)
	if err != nil {
		fwutil.AddAPIError(diags, fmt.Sprintf("Cannot configure the code-host app %q", name), err)
		return
	}
	addWarnings(diags, meta)
	flattenCodehostApp(m, got)
	diags.Append(fwutil.Set(ctx, state, m)...)
}

func (r *codehostAppResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m codehostAppModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.State, &m)...)
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
	resp.Diagnostics.Append(fwutil.Set(ctx, &resp.State, &m)...)
}

// flattenCodehostApp writes what the server reports over m. The key, which
// the server obfuscates, keeps m's value; its twin never enters state.
func flattenCodehostApp(m *codehostAppModel, got *secretsclient.CodehostApp) {
	m.Name = types.StringValue(got.Name)
	m.AppID = types.Int64Value(got.AppID)
	m.PrivateKey = fwutil.SecretFromAPI(m.PrivateKey, got.PrivateKey, fwutil.Obfuscated)
	m.PrivateKeyWO = types.StringNull()
	m.Fingerprint = types.StringValue(got.Fingerprint)
}

func (r *codehostAppResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var m codehostAppModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.State, &m)...)
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
	if !validImportName(req.ID, "code-host app", &resp.Diagnostics) {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), req.ID)...)
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
	if _, err := parsePrivateKeyPEM(req.ConfigValue.ValueString()); err != nil {
		// The value is a secret: the message never shows it.
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid private key",
			fmt.Sprintf("%s %s: %v.", req.Path, v.Description(ctx), err))
	}
}

func parsePrivateKeyPEM(s string) (crypto.Signer, error) {
	block, _ := pem.Decode([]byte(s))
	if block == nil {
		return nil, errors.New("no PEM block found")
	}
	var (
		key any
		err error
	)
	switch block.Type {
	case "RSA PRIVATE KEY":
		key, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	case "EC PRIVATE KEY":
		key, err = x509.ParseECPrivateKey(block.Bytes)
	case "PRIVATE KEY":
		key, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	default:
		return nil, fmt.Errorf("the PEM block is a %q, not a private key", block.Type)
	}
	if err != nil {
		return nil, fmt.Errorf("the %s block does not parse: %w", block.Type, err)
	}
	signer, ok := key.(crypto.Signer)
	if !ok {
		return nil, fmt.Errorf("the %s block holds a %T, which has no public key", block.Type, key)
	}
	return signer, nil
}
