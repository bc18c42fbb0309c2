package platform

import (
	"context"
	"maps"
	"regexp"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// oauthClientDataModel is an OAuth client as the platform answers it,
// which the data source shows: all but its secrets.
type oauthClientDataModel struct {
	ID                 types.String      `tfsdk:"id"`
	Organization       types.String      `tfsdk:"organization"`
	ServiceProvider    types.String      `tfsdk:"service_provider"`
	Name               types.String      `tfsdk:"name"`
	HTTPURL            types.String      `tfsdk:"http_url"`
	APIURL             types.String      `tfsdk:"api_url"`
	Key                types.String      `tfsdk:"key"`
	RSAPublicKey       types.String      `tfsdk:"rsa_public_key"`
	OrganizationScoped types.Bool        `tfsdk:"organization_scoped"`
	AgentPoolID        types.String      `tfsdk:"agent_pool_id"`
	OAuthTokenID       types.String      `tfsdk:"oauth_token_id"`
	CallbackURL        types.String      `tfsdk:"callback_url"`
	CreatedAt          timetypes.RFC3339 `tfsdk:"created_at"`
}

// oauthClientModel is an OAuth client, for the resource: what the
// platform answers, and the secrets, which it never does.
type oauthClientModel struct {
	oauthClientDataModel
	Secret              types.String `tfsdk:"secret"`
	SecretWO            types.String `tfsdk:"secret_wo"`
	SecretWOVersion     types.Int64  `tfsdk:"secret_wo_version"`
	PrivateKey          types.String `tfsdk:"private_key"`
	PrivateKeyWO        types.String `tfsdk:"private_key_wo"`
	PrivateKeyWOVersion types.Int64  `tfsdk:"private_key_wo_version"`
	OAuthToken          types.String `tfsdk:"oauth_token"`
	OAuthTokenWO        types.String `tfsdk:"oauth_token_wo"`
	OAuthTokenWOVersion types.Int64  `tfsdk:"oauth_token_wo_version"`
}

// oauthClientServiceProviders are the code hosts the platform is known to
// connect to, by the API's names (the API's documents and the incumbent
// client library's constants): the API's list is open, so the plan refuses
// none, warns of another, and the platform's answer decides.
var oauthClientServiceProviders = []string{
	"ado_server", "ado_services", "bitbucket_data_center", "bitbucket_hosted", "bitbucket_server", "bitbucket_server_legacy",
	"github", "github_enterprise", "gitlab_community_edition", "gitlab_enterprise_edition", "gitlab_hosted",
}

// oauthClientURLRe is the form of address the platform is known to take
// for a code host: an http or https URL.
var oauthClientURLRe = regexp.MustCompile(`(?i)^https?://[^/?#\s]+`)

// oauthClientSecretsUnseen says, in the secrets' descriptions, what a
// refresh and an import cannot know of them.
const oauthClientSecretsUnseen = "The platform never returns it: the state keeps the configured value, and a change made outside Terraform cannot be seen. "

// oauthClientImportSends and oauthClientImportStores say what the apply
// after an import does with a secret the state has none of: it sends one
// that an update takes, and only stores one that the platform set once.
const (
	oauthClientImportSends  = oauthClientSecretsUnseen + "After an import, the state has none: the next plan sends the configured one in place."
	oauthClientImportStores = oauthClientSecretsUnseen + "After an import, the state has none: the next plan stores the configured one without sending it."
)

// NewOAuthClientResource is the constructor of stack_platform_oauth_client.
var NewOAuthClientResource = fwutil.NewResource(&fwutil.Resource[oauthClientModel, *platformclient.Client]{
	TypeName: "platform_oauth_client",
	Service:  platformclient.Service,
	Object:   "OAuth client",
	Schema:   oauthClientSchema,
	Twins:    []fwutil.Twin{tfeOAuthClient},
	Plan: &fwutil.Plan[oauthClientModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
		Validate:         validateOAuthClient,
	},
	// Its identity is its ID: a client's name may be null, and names need
	// not be unique in an organization.
	Identity: &fwutil.Identity{Attrs: []string{"id"}},
	Import: &fwutil.Import[oauthClientModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Of: "an OAuth client", Forms: []fwutil.IDForm{{
			Says:  "its ID, oc- and 16 characters of the base58 alphabet",
			Parts: []fwutil.IDPart{{Label: "<OAUTH CLIENT ID>", Attr: "id", Match: isOAuthClientID}},
		}}},
		Print: func(m *oauthClientModel) string { return m.ID.ValueString() },
		Read: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, _ *tfsdk.State, diags *diag.Diagnostics) {
			_, err := c.OAuthClients.Read(ctx, id.String())
			importFound(diags, "OAuth client", id.String(), err)
		},
	},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *oauthClientModel) error {
		opts := oauthClientFromModel(&m.oauthClientDataModel, creating)
		opts.PrivateKey = secretOf(op.Secret(ctx, path.Root("private_key")))
		opts.Secret = secretOf(op.Secret(ctx, path.Root("secret")))
		opts.OAuthToken = secretOf(op.Secret(ctx, path.Root("oauth_token")))
		got, err := op.Client.OAuthClients.Create(ctx, m.Organization.ValueString(), opts)
		if err == nil {
			modelFromOAuthClient(&m.oauthClientDataModel, got)
		}
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *oauthClientModel) error {
		got, err := op.Client.OAuthClients.Read(ctx, m.ID.ValueString())
		if err == nil {
			modelFromOAuthClient(&m.oauthClientDataModel, got)
		}
		return err
	},
	// An update sends the secrets the configuration gives again: the
	// platform keeps the last one sent, and the OAuth token keeps its ID.
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *oauthClientModel) error {
		opts := oauthClientFromModel(&m.oauthClientDataModel, updating)
		opts.Secret = secretOf(op.Secret(ctx, path.Root("secret")))
		opts.OAuthToken = secretOf(op.Secret(ctx, path.Root("oauth_token")))
		got, err := op.Client.OAuthClients.Update(ctx, m.ID.ValueString(), opts)
		if err == nil {
			modelFromOAuthClient(&m.oauthClientDataModel, got)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *oauthClientModel) error {
		return op.Client.OAuthClients.Delete(ctx, m.ID.ValueString())
	},
})

func isOAuthClientID(s string) bool { return platformclient.IsID(platformclient.PrefixOAuthClient, s) }

// secretOf is a secret to send, nil for none.
func secretOf(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// validateOAuthClient checks the one rule of a code host that the
// incumbent client checks too (go-tfe's ErrUnsupportedPrivateKey): a
// private key is an Azure DevOps Server client's alone. What else a code
// host needs, the platform's answer says.
func validateOAuthClient(ctx context.Context, config tfsdk.Config, m *oauthClientModel, diags *diag.Diagnostics) {
	sp := m.ServiceProvider
	if sp.IsNull() || sp.IsUnknown() {
		return
	}
	if sp.ValueString() == "ado_server" {
		return
	}
	var wo types.String
	diags.Append(config.GetAttribute(ctx, path.Root("private_key_wo"), &wo)...)
	if !m.PrivateKey.IsNull() || !wo.IsNull() {
		diags.AddAttributeError(path.Root("private_key"), "Private key of another code host",
			`private_key and private_key_wo are only taken with service_provider = "ado_server", not "`+sp.ValueString()+`".`)
	}
}

func oauthClientSchema(context.Context) schema.Schema {
	sorted := append([]string(nil), oauthClientServiceProviders...)
	sort.Strings(sorted)
	// The API's documents state no form for the code host's addresses,
	// but the platform is known to take only http and https URLs.
	replaceURL := []planmodifier.String{stringplanmodifier.RequiresReplace(), fwutil.KnownForm("OAuth client", "the platform", oauthClientURLRe, "an http or https URL")}
	url := func(what string) schema.StringAttribute {
		return schema.StringAttribute{
			Required:      true,
			Description:   what + ": the platform is known to take an http or https URL, and decides on another, of which the plan warns. The platform sets it once: changing it replaces the client.",
			PlanModifiers: replaceURL,
		}
	}
	computed := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, Description: desc, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
	}
	attrs := map[string]schema.Attribute{
		"id":           computed("The client's ID, `oc-` and 16 characters."),
		"organization": organizationAttribute("OAuth client"),
		"service_provider": schema.StringAttribute{
			Required: true,
			Description: "The code host: the platform is known to take `" + strings.Join(sorted, "`, `") + "`, and its answer decides on another, " +
				"of which the plan warns. Changing it replaces the client.",
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace(),
				fwutil.KnownValues("OAuth client", "the platform", oauthClientServiceProviders...)},
		},
		"name": schema.StringAttribute{
			Optional:    true,
			Description: "Name of the client, not blank. Not set, the platform has none and shows the code host's name. Changing it renames the client in place; a refresh sees a change made outside Terraform.",
			Validators:  notBlankValidators(),
		},
		"http_url": url("The code host's web address, such as `https://github.com`"),
		"api_url":  url("The code host's API address, such as `https://api.github.com`"),
		"key": schema.StringAttribute{
			Optional:    true,
			Description: "The OAuth application's key (its client ID, or a Bitbucket Data Center consumer key, which such a client requires), not blank. Changing it changes the client in place; a refresh sees a change made outside Terraform.",
			Validators:  notBlankValidators(),
		},
		"rsa_public_key": schema.StringAttribute{
			Optional:    true,
			Description: "The public key that a Bitbucket Data Center client's consumer signs with, in PEM. Changing it changes the client in place; a refresh sees a change made outside Terraform.",
		},
		"organization_scoped": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(true),
			Description: "Whether every workspace of the organization may use the client (`true`), or only those of the projects that `stack_platform_project_oauth_client` attaches it to (`false`). " +
				"Default `true`. Changing it changes the client in place; a refresh sees a change made outside Terraform.",
		},
		"agent_pool_id": schema.StringAttribute{
			Optional: true,
			Description: "ID of the agent pool, `apool-` and 16 characters, whose agents reach a code host that the platform cannot reach itself. " +
				"Setting or changing it changes the client in place; removing it replaces the client, as the platform keeps a pool until it is given another.",
			Validators:    []validator.String{idValidator(platformclient.PrefixAgentPool, "an agent pool")},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplaceIf(poolRemoved, "Removing agent_pool_id replaces the client.", "Removing agent_pool_id replaces the client.")},
		},
		"oauth_token_id": computed("ID of the client's OAuth token, `ot-` and 16 characters: what a workspace's `vcs_repo.oauth_token_id` names. " +
			"Null until the client has a token: the platform makes it from `oauth_token` (or `oauth_token_wo`); a new token string keeps the token's ID."),
		"callback_url": computed("Where the code host sends its users back after they authorize the OAuth application: the callback URL to give the code host."),
		"created_at": schema.StringAttribute{
			Computed: true, CustomType: timetypes.RFC3339Type{},
			Description:   "When the client was made, in RFC 3339.",
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
	}
	maps.Copy(attrs, fwutil.WriteOnlySecret{
		Name: "secret", Service: "the platform", Drift: oauthClientImportSends,
		Description: "The OAuth application's secret (its client secret). Changing it sends the new one in place.",
	}.Attributes())
	maps.Copy(attrs, fwutil.WriteOnlySecret{
		Name: "oauth_token", Service: "the platform", Drift: oauthClientImportSends,
		Description: "A token of the code host (a personal access token) from which the platform makes the client's OAuth token, `oauth_token_id`. " +
			"Changing it gives the OAuth token the new one in place; the token's ID stays.",
	}.Attributes())
	// Only a create sends the private key.
	maps.Copy(attrs, fwutil.WriteOnlySecret{
		Name: "private_key", Service: "the platform", Drift: oauthClientImportStores,
		Description: "The private key of an Azure DevOps Server client (`service_provider = \"ado_server\"` only), in PEM.",
	}.CreateOnly("the client"))
	return schema.Schema{
		Description: "An OAuth client of an organization of the platform: its connection to a code host, whose OAuth token (`oauth_token_id`) a workspace's " +
			"`vcs_repo.oauth_token_id` names. The platform never returns the client's secrets (`secret`, `private_key`, `oauth_token`): a refresh cannot see " +
			"a change made to them outside Terraform, and an import leaves them null until the next apply sends the configured ones. " +
			"The code host and its addresses are set once; the rest changes in place. " +
			"The import ID is the client's ID, such as `oc-6p5RiCe5CRjBmsGt`.",
		Attributes: attrs,
	}
}

// poolRemoved replaces a client whose pool the configuration removes: an
// update can give the client another pool, not none.
func poolRemoved(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.StateValue.IsNull() && req.PlanValue.IsNull()
}

// oauthClientFromModel is the client m describes, for a create or an
// update: an update clears the name, key and public key left out, and the
// client's Update leaves out what a create alone sends. The secrets, which
// come from the configuration, the calls add.
func oauthClientFromModel(m *oauthClientDataModel, w writeKind) platformclient.OAuthClientOptions {
	// The platform takes "" as no name, and no key.
	opts := platformclient.OAuthClientOptions{
		ServiceProvider:    stringOf(m.ServiceProvider),
		HTTPURL:            stringOf(m.HTTPURL),
		APIURL:             stringOf(m.APIURL),
		Name:               w.text(m.Name),
		Key:                w.text(m.Key),
		RSAPublicKey:       w.text(m.RSAPublicKey),
		OrganizationScoped: boolOf(m.OrganizationScoped),
	}
	if id := stringOf(m.AgentPoolID); id != nil {
		opts.AgentPool = &platformclient.AgentPool{ID: *id}
	}
	return opts
}

// modelFromOAuthClient writes the client the server answered over m:
// all but its secrets, which it never answers.
func modelFromOAuthClient(m *oauthClientDataModel, oc *platformclient.OAuthClient) {
	m.ID = types.StringValue(oc.ID)
	m.Organization = sameOrganization(m.Organization, oc.Organization)
	m.ServiceProvider = types.StringValue(oc.ServiceProvider)
	m.Name = types.StringNull()
	if oc.Name != nil {
		m.Name = oauthClientText(*oc.Name)
	}
	m.HTTPURL = types.StringValue(oc.HTTPURL)
	m.APIURL = types.StringValue(oc.APIURL)
	m.Key = oauthClientText(oc.Key)
	m.RSAPublicKey = oauthClientText(oc.RSAPublicKey)
	m.OrganizationScoped = types.BoolValue(oc.OrganizationScoped)
	m.AgentPoolID = types.StringNull()
	if oc.AgentPool != nil && oc.AgentPool.ID != "" {
		m.AgentPoolID = types.StringValue(oc.AgentPool.ID)
	}
	m.OAuthTokenID = types.StringNull()
	if len(oc.OAuthTokens) > 0 && oc.OAuthTokens[0] != nil {
		m.OAuthTokenID = types.StringValue(oc.OAuthTokens[0].ID)
	}
	m.CallbackURL = types.StringValue(oc.CallbackURL)
	m.CreatedAt = timetypes.NewRFC3339Null()
	if oc.CreatedAt != nil {
		m.CreatedAt = timetypes.NewRFC3339TimeValue(*oc.CreatedAt)
	}
}

// oauthClientText is a text the platform answers, null for none: it
// answers null where nothing was set.
func oauthClientText(s string) types.String {
	if s == "" {
		return types.StringNull()
	}
	return types.StringValue(s)
}
