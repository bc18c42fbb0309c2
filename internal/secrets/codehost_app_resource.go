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
var NewCodehostAppResource = fwutil.NewResource(&fwutil.Resource[codehostAppModel, *secretsclient.Client]{
	TypeName: "secrets_sync_codehost_app",
	Service:  secretsclient.Service,
	Object:   "code-host app",
	Schema:   codehostAppSchema,
	Twins:    vaultCodehostAppTwin,
	Import: &fwutil.Import[codehostAppModel, *secretsclient.Client]{
		ID: fwutil.IDGrammar{
			Forms: []fwutil.IDForm{{Says: "its name", Parts: []fwutil.IDPart{{Match: nameRe.MatchString, Attr: "name"}}}},
			Rule:  nameRule,
		},
		Print: func(m *codehostAppModel) string { return m.Name.ValueString() },
	},
	Plan: &fwutil.Plan[codehostAppModel, *secretsclient.Client]{
		Validate: func(ctx context.Context, config tfsdk.Config, _ *codehostAppModel, diags *diag.Diagnostics) {
			fwutil.RequireSecret(ctx, config, path.Root("private_key"), "for a code-host app: the service needs its private key", diags)
		},
	},
	Conflict: &fwutil.Conflict[codehostAppModel, *secretsclient.Client]{
		Find: func(ctx context.Context, c *secretsclient.Client, m *codehostAppModel) error {
			_, _, err := c.ReadCodehostApp(ctx, m.Name.ValueString())
			return err
		},
	},
	Create: writeCodehostApp,
	Read: func(ctx context.Context, op fwutil.Op[*secretsclient.Client], m *codehostAppModel) error {
		got, _, err := op.Client.ReadCodehostApp(ctx, m.Name.ValueString())
		if err == nil {
			modelFromCodehostApp(m, got)
		}
		return err
	},
	Update: func(ctx context.Context, op fwutil.Op[*secretsclient.Client], m, _ *codehostAppModel) error {
		return writeCodehostApp(ctx, op, m)
	},
	Delete: func(ctx context.Context, op fwutil.Op[*secretsclient.Client], m *codehostAppModel) error {
		name := m.Name.ValueString()
		_, err := op.Client.DeleteCodehostApp(ctx, name)
		if client.StatusCode(err) == http.StatusConflict {
			return &fwutil.Failure{Summary: "Code-host app still in use", Detail: fmt.Sprintf(
				"The service refuses to delete the code-host app %q while codehost destinations authenticate with it. "+
					"Destroy those stack_secrets_sync_codehost_destination resources, or point them at another app or an access token, first, then destroy the app again.\n\nServer said: %s",
				name, err)}
		}
		return err
	},
})

func codehostAppSchema(context.Context) schema.Schema {
	attrs := map[string]schema.Attribute{
		"name": schema.StringAttribute{
			Required: true,
			Description: "Name of the app in the service; the name the app has at the code host is recommended. " + nameRule + " Changing it replaces the app: " +
				"to rename an app that destinations use, give it `lifecycle { create_before_destroy = true }`, so that Terraform creates the new app and points the destinations at it before it deletes the old one, which the service refuses while destinations use it.",
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
	return schema.Schema{
		Description: "A custom code-host app configured in the secrets service, with which `stack_secrets_sync_codehost_destination` resources authenticate " +
			"(`app_name` and `installation_id`) instead of an access token. The service refuses to delete an app while codehost destinations use it, " +
			"and deleting it here does not delete the app at the code host. The private key is sensitive and has a write-only twin; the service shows it obfuscated, " +
			"so a change made to it outside Terraform cannot be seen, except through `fingerprint`. The import ID is the app's name.",
		Attributes: attrs,
	}
}

// writeCodehostApp sends the whole app, key included (the endpoint
// replaces the app), and records the server's answer over the plan.
func writeCodehostApp(ctx context.Context, op fwutil.Op[*secretsclient.Client], m *codehostAppModel) error {
	key := op.Secret(ctx, path.Root("private_key"))
	if op.Diags.HasError() {
		return nil
	}
	got, meta, err := op.Client.WriteCodehostApp(ctx, m.Name.ValueString(), strconv.FormatInt(m.AppID.ValueInt64(), 10), key)
	if err != nil {
		return err
	}
	addWarnings(op.Diags, meta)
	modelFromCodehostApp(m, got)
	return nil
}

// modelFromCodehostApp writes what the server reports over m. The key,
// which the server obfuscates, keeps m's value.
func modelFromCodehostApp(m *codehostAppModel, got *secretsclient.CodehostApp) {
	m.Name = types.StringValue(got.Name)
	m.AppID = types.Int64Value(got.AppID)
	m.PrivateKey = fwutil.SecretFromAPI(m.PrivateKey, got.PrivateKey, fwutil.Obfuscated)
	m.Fingerprint = types.StringValue(got.Fingerprint)
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
