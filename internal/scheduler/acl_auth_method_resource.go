package scheduler

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	schedulerclient "github.com/stackworks/terraform-provider-stack/internal/client/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

const (
	typeOIDC = "OIDC"
	typeJWT  = "JWT"

	defaultTokenNameFormat = "${auth_method_type}-${auth_method_name}"
)

var authMethodNameRe = regexp.MustCompile(`^[A-Za-z0-9-]+$`)

// NewACLAuthMethodResource is the constructor of stack_scheduler_acl_auth_method.
var NewACLAuthMethodResource = fwutil.NewResource(&fwutil.Resource[aclAuthMethodModel, *schedulerclient.Client]{
	TypeName: "scheduler_acl_auth_method",
	Service:  schedulerclient.Service,
	Object:   "auth method",
	Schema:   aclAuthMethodSchema,
	// No Import: the import ID is the method's name.
	Plan: &fwutil.Plan[aclAuthMethodModel, *schedulerclient.Client]{Validate: validateACLAuthMethod, Modify: modifyACLAuthMethodPlan},
	// Some servers overwrite an existing method on create instead of
	// refusing: the create looks first, so that Terraform never silently
	// adopts one.
	Conflict: &fwutil.Conflict[aclAuthMethodModel, *schedulerclient.Client]{
		Find: func(ctx context.Context, c *schedulerclient.Client, m *aclAuthMethodModel) error {
			_, _, err := c.ReadAuthMethod(ctx, m.Name.ValueString(), nil)
			return err
		},
	},
	Twins:  []fwutil.Twin{nomadACLAuthMethod},
	Create: createACLAuthMethod,
	Read:   readACLAuthMethod,
	Update: updateACLAuthMethod,
	Delete: deleteACLAuthMethod,
})

func aclAuthMethodSchema(context.Context) schema.Schema {
	replace := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	// The create-only fields: the server answers them empty (or "0s") when
	// unset, so going from one spelling of unset to another, as after an
	// import, is not a change that replaces the method.
	createOnly := []planmodifier.String{fwutil.RequiresReplaceUnlessUnset()}
	createOnlyDuration := []planmodifier.String{fwutil.DurationSameValue(), fwutil.RequiresReplaceUnlessUnsetDuration()}
	createOnlyList := []planmodifier.List{fwutil.RequiresReplaceUnlessUnsetList()}
	leeways := []validator.String{fwutil.NonNegativeDurationValidator()}

	configAttrs := map[string]schema.Attribute{
		"oidc_discovery_url": schema.StringAttribute{
			Optional:    true,
			Description: descDiscoveryURL + " Required for `OIDC`; for `JWT`, one of this, `jwks_url` or `jwt_validation_pub_keys` is required.",
		},
		"oidc_client_id":         schema.StringAttribute{Optional: true, Description: descClientID + " Required for `OIDC`."},
		"oidc_disable_user_info": schema.BoolAttribute{Optional: true, Computed: true, Default: booldefault.StaticBool(false), Description: descDisableUserInfo + " Default false."},
		"oidc_scopes":            schema.ListAttribute{Optional: true, ElementType: types.StringType, Description: descScopes},
		"jwt_validation_pub_keys": schema.ListAttribute{
			Optional: true, ElementType: types.StringType, PlanModifiers: createOnlyList,
			Description: descPubKeys + " Create-only: changing it replaces the method.",
		},
		"jwks_url": schema.StringAttribute{
			Optional: true, PlanModifiers: createOnly,
			Description: descJWKSURL + " Create-only: changing it replaces the method.",
		},
		"jwks_ca_cert": schema.StringAttribute{
			Optional: true, PlanModifiers: createOnly,
			Description: descJWKSCACert + " Create-only: changing it replaces the method.",
		},
		"bound_audiences": schema.ListAttribute{Optional: true, ElementType: types.StringType, Description: descBoundAudiences},
		"allowed_redirect_uris": schema.ListAttribute{
			Required: true, ElementType: types.StringType, Description: descRedirectURIs,
			Validators: []validator.List{listvalidator.SizeAtLeast(1)},
		},
		"discovery_ca_pem": schema.ListAttribute{Optional: true, ElementType: types.StringType, Description: descDiscoveryCaPem},
		"signing_algs":     schema.ListAttribute{Optional: true, ElementType: types.StringType, Description: descSigningAlgs},
		"expiration_leeway": schema.StringAttribute{
			Optional: true, Validators: leeways, PlanModifiers: createOnlyDuration,
			Description: descExpirationLeeway + " Create-only: changing it replaces the method.",
		},
		"not_before_leeway": schema.StringAttribute{
			Optional: true, Validators: leeways, PlanModifiers: createOnlyDuration,
			Description: descNotBeforeLeeway + " Create-only: changing it replaces the method.",
		},
		"clock_skew_leeway": schema.StringAttribute{
			Optional: true, Validators: leeways, PlanModifiers: createOnlyDuration,
			Description: descClockSkewLeeway + " Create-only: changing it replaces the method.",
		},
		"claim_mappings":      schema.MapAttribute{Optional: true, ElementType: types.StringType, Description: descClaimMappings},
		"list_claim_mappings": schema.MapAttribute{Optional: true, ElementType: types.StringType, Description: descListClaimMappings},
	}
	maps.Copy(configAttrs, fwutil.WriteOnlySecret{
		Name:        "oidc_client_secret",
		Description: descClientSecret + " For `OIDC`, this or `oidc_client_secret_wo` is required.",
		Service:     "the scheduler",
		Drift:       "When the server redacts or omits secrets, a change made outside Terraform cannot be seen.",
	}.Attributes())

	return schema.Schema{
		Description: "An ACL auth method of the scheduler: how an OIDC identity provider or a JWT issuer is used for single sign-on, " +
			"and which tokens a login produces. The scheduler's API updates only OIDC methods, so any change to a JWT method replaces it, " +
			"unless the provider's `scheduler` block sets `jwt_updates = \"in_place\"` for a server that updates JWT methods too.",
		Attributes: map[string]schema.Attribute{
			"name": schema.StringAttribute{
				Required:      true,
				Description:   descName + " Changing it replaces the method.",
				Validators:    []validator.String{stringvalidator.LengthBetween(1, 128), stringvalidator.RegexMatches(authMethodNameRe, "must contain only letters, digits and dashes")},
				PlanModifiers: replace,
			},
			"type": schema.StringAttribute{
				Required:      true,
				Description:   descType + " Changing it replaces the method.",
				Validators:    []validator.String{stringvalidator.OneOf(typeOIDC, typeJWT)},
				PlanModifiers: replace,
			},
			"token_locality": schema.StringAttribute{
				Required:    true,
				Description: descTokenLocality,
				Validators:  []validator.String{stringvalidator.OneOf("local", "global")},
			},
			"token_name_format": schema.StringAttribute{
				Optional:    true,
				Computed:    true,
				Default:     stringdefault.StaticString(defaultTokenNameFormat),
				Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
				Description: descTokenNameFormat + " Leave it unset for the default: it must not be empty, which the scheduler would take for unset.",
			},
			"max_token_ttl": schema.StringAttribute{
				Required: true,
				Description: descMaxTokenTTL + " The scheduler's API uses it without keeping it, and reads do not return it: state then keeps the configured value, " +
					"and a change made outside Terraform cannot be seen. A server that does return it is followed, as for any other attribute.",
				Validators:    []validator.String{fwutil.PositiveDurationValidator()},
				PlanModifiers: []planmodifier.String{fwutil.DurationSameValue()},
			},
			"default": schema.BoolAttribute{
				Optional:    true,
				Computed:    true,
				Default:     booldefault.StaticBool(false),
				Description: descDefault + " Default `false`.",
			},
			"config": schema.SingleNestedAttribute{
				Required:    true,
				Description: "The method's configuration.",
				Attributes:  configAttrs,
			},
			"create_time": schema.StringAttribute{
				Computed: true, Description: descCreateTime,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"modify_time": schema.StringAttribute{Computed: true, Description: descModifyTime},
			"create_index": schema.Int64Attribute{
				Computed: true, Description: descCreateIndex,
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
			"modify_index": schema.Int64Attribute{Computed: true, Description: descModifyIndex},
		},
	}
}

// validateACLAuthMethod checks the rules that tie attributes together;
// values not known yet are checked at apply by the server.
func validateACLAuthMethod(ctx context.Context, config tfsdk.Config, m *aclAuthMethodModel, diags *diag.Diagnostics) {
	if m.Config.IsNull() || m.Config.IsUnknown() || m.Type.IsUnknown() {
		return
	}
	var c aclAuthMethodResourceConfigModel
	diags.Append(fwutil.As(m.Config, &c)...)
	if diags.HasError() {
		return
	}
	cfg := path.Root("config")

	if u := c.OIDCDiscoveryURL; !u.IsNull() && !u.IsUnknown() && strings.Contains(u.ValueString(), ".well-known") {
		diags.AddAttributeError(cfg.AtName("oidc_discovery_url"), "Invalid discovery URL",
			fmt.Sprintf("config.oidc_discovery_url must not contain a \".well-known\" part: give the issuer's base URL, got %q.", u.ValueString()))
	}
	switch m.Type.ValueString() {
	case typeOIDC:
		for _, field := range []struct {
			name string
			v    attr.Value
		}{{"oidc_discovery_url", c.OIDCDiscoveryURL}, {"oidc_client_id", c.OIDCClientID}} {
			if fwutil.Unset(field.v) {
				diags.AddAttributeError(cfg.AtName(field.name), "Missing OIDC setting",
					fmt.Sprintf("config.%s is required when type is \"OIDC\".", field.name))
			}
		}
		fwutil.RequireSecret(ctx, config, cfg.AtName("oidc_client_secret"), `when type is "OIDC"`, diags)
	case typeJWT:
		if fwutil.Unset(c.OIDCDiscoveryURL) && fwutil.Unset(c.JWKSURL) && fwutil.Unset(c.JWTValidationPubKeys) {
			diags.AddAttributeError(cfg, "Missing JWT key source",
				"One of config.oidc_discovery_url, config.jwks_url or config.jwt_validation_pub_keys is required when type is \"JWT\".")
		}
	}
}

// modifyACLAuthMethodPlan keeps a plan without real changes empty, and
// turns any change of a JWT method into a replacement, because the
// scheduler's update endpoint accepts only OIDC methods: unless the
// provider's jwt_updates says that the server updates JWT methods too.
func modifyACLAuthMethodPlan(ctx context.Context, c *schedulerclient.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var state aclAuthMethodModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.State, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var plan aclAuthMethodModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Plan, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	changed := serverChanges(&plan, &state)
	if len(changed) == 0 {
		// Terraform marked the server-set attributes unknown because the
		// configuration differs from state, but only in how it spells a
		// value ("300s" for "5m", [] for unset), which the server never
		// sees: Update writes no request.
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("modify_index"), state.ModifyIndex)...)
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("modify_time"), state.ModifyTime)...)
		return
	}
	if state.Type.ValueString() != typeJWT || c.UpdatesJWT() {
		return
	}
	names := make([]string, 0, len(changed))
	for _, p := range changed {
		names = append(names, p.String())
		resp.RequiresReplace = append(resp.RequiresReplace, p)
	}
	resp.Diagnostics.AddWarning("JWT auth method will be replaced",
		fmt.Sprintf("The scheduler can update only OIDC auth methods, so changing %s of the JWT auth method %q deletes it and creates it again, "+
			"and with it what the scheduler ties to the method, such as its binding rules. "+
			"If your scheduler updates JWT methods, set jwt_updates = %q in the provider's scheduler block to update them in place.",
			strings.Join(names, ", "), state.Name.ValueString(), schedulerclient.JWTUpdatesInPlace))
}

// leeways are the durations the scheduler answers "0s" (or "") for when
// unset.
var leeways = map[string]bool{
	"expiration_leeway": true,
	"not_before_leeway": true,
	"clock_skew_leeway": true,
}

// serverChanges returns, sorted, the attributes a practitioner sets whose
// planned value differs from state in a way the server would see: not
// between two spellings of unset (null, "", [], {}, a zero leeway), which
// it answers alike, so that state after an import cannot know which one
// the configuration uses. The max_token_ttl of a JWT method imported
// without one is not either: the server never stores it, and cannot update
// a JWT method.
func serverChanges(plan, state *aclAuthMethodModel) []path.Path {
	var changed []path.Path
	differ := func(p path.Path, planned, stored attr.Value, unset func(attr.Value) bool) {
		if !planned.Equal(stored) && (!unset(planned) || !unset(stored)) {
			changed = append(changed, p)
		}
	}
	for name, v := range map[string][2]attr.Value{
		"name":              {plan.Name, state.Name},
		"type":              {plan.Type, state.Type},
		"token_locality":    {plan.TokenLocality, state.TokenLocality},
		"token_name_format": {plan.TokenNameFormat, state.TokenNameFormat},
		"max_token_ttl":     {plan.MaxTokenTTL, state.MaxTokenTTL},
		"default":           {plan.Default, state.Default},
	} {
		if name == "max_token_ttl" && state.Type.ValueString() == typeJWT && state.MaxTokenTTL.IsNull() {
			continue
		}
		differ(path.Root(name), v[0], v[1], fwutil.Unset)
	}
	cfg := path.Root("config")
	if plan.Config.IsNull() || plan.Config.IsUnknown() || state.Config.IsNull() {
		differ(cfg, plan.Config, state.Config, fwutil.Unset)
	} else {
		stored := state.Config.Attributes()
		for name, planned := range plan.Config.Attributes() {
			unset := fwutil.Unset
			if leeways[name] {
				unset = fwutil.UnsetDuration
			}
			differ(cfg.AtName(name), planned, stored[name], unset)
		}
	}
	sort.Slice(changed, func(i, j int) bool { return changed[i].String() < changed[j].String() })
	return changed
}

func createACLAuthMethod(ctx context.Context, op fwutil.Op[*schedulerclient.Client], m *aclAuthMethodModel) error {
	body := authMethodFromModel(ctx, m, op)
	if op.Diags.HasError() {
		return nil
	}
	got, err := op.Client.CreateAuthMethod(ctx, body)
	if err != nil {
		return err
	}
	// A method made by this create was created at the index of its last
	// change; an older CreateIndex is the method that was there before,
	// which the server has overwritten (the replica may not have shown it
	// to Find). Its former settings are lost, but adopting it would hide
	// that it was never Terraform's.
	if got.CreateIndex != got.ModifyIndex {
		return &fwutil.Exists{ServerSaid: fmt.Errorf("the create was answered with CreateIndex %d and ModifyIndex %d: the server overwrote the existing method with this configuration instead of refusing the create",
			got.CreateIndex, got.ModifyIndex)}
	}
	undoCreateLowercasing(body.Config, got.Config)
	modelFromAuthMethod(m, got, resourceConfigAttrTypes(), op.Diags)
	return nil
}

func readACLAuthMethod(ctx context.Context, op fwutil.Op[*schedulerclient.Client], m *aclAuthMethodModel) error {
	got, err := op.Client.ReadAuthMethodAfter(ctx, m.Name.ValueString(), uint64(m.ModifyIndex.ValueInt64()))
	if err != nil {
		return err
	}
	modelFromAuthMethod(m, got, resourceConfigAttrTypes(), op.Diags)
	return nil
}

func updateACLAuthMethod(ctx context.Context, op fwutil.Op[*schedulerclient.Client], m, prior *aclAuthMethodModel) error {
	if len(serverChanges(m, prior)) == 0 {
		// Only the spelling of values changed (modifyACLAuthMethodPlan
		// replaces a JWT method on any other change, unless the server
		// updates JWT methods), so only state learns it.
		return nil
	}
	body := authMethodFromModel(ctx, m, op)
	if op.Diags.HasError() {
		return nil
	}
	got, err := op.Client.UpdateAuthMethod(ctx, body)
	if err != nil {
		return err
	}
	modelFromAuthMethod(m, got, resourceConfigAttrTypes(), op.Diags)
	return nil
}

func deleteACLAuthMethod(ctx context.Context, op fwutil.Op[*schedulerclient.Client], m *aclAuthMethodModel) error {
	name := m.Name.ValueString()
	index, err := op.Client.DeleteAuthMethod(ctx, name)
	if err != nil && !client.IsNotFound(err) {
		return err
	}
	// A method created again under the same name right away (a
	// replacement) must not find the replica still showing this one. The
	// delete's index, which the client keeps as its last write, makes every
	// later read of this provider process (the replacement's look before
	// its create) wait until the replica has applied it: a destroy waits
	// for nothing. Where the server does not say the index, the delete
	// waits here, after the method's last write, until the replica no
	// longer shows it.
	if index > 0 {
		return nil
	}
	if err := op.Client.WaitAuthMethodGone(ctx, name, uint64(m.ModifyIndex.ValueInt64())+1); err != nil {
		return &fwutil.Failure{Summary: "The auth method was deleted, but the replica still shows it", Detail: fwutil.APIErrorDetail(err)}
	}
	return nil
}

// authMethodFromModel builds the request body from the plan, and from the
// configuration, where alone the write-only secret can be found.
func authMethodFromModel(ctx context.Context, m *aclAuthMethodModel, op fwutil.Op[*schedulerclient.Client]) *schedulerclient.AuthMethod {
	var c aclAuthMethodResourceConfigModel
	op.Diags.Append(fwutil.As(m.Config, &c)...)
	secret := op.Secret(ctx, path.Root("config").AtName("oidc_client_secret"))
	if op.Diags.HasError() {
		return nil
	}
	return &schedulerclient.AuthMethod{
		Name:            m.Name.ValueString(),
		Type:            m.Type.ValueString(),
		TokenLocality:   m.TokenLocality.ValueString(),
		TokenNameFormat: m.TokenNameFormat.ValueString(),
		MaxTokenTTL:     m.MaxTokenTTL.ValueString(),
		Default:         m.Default.ValueBool(),
		Config:          authMethodConfigFromModel(ctx, &c.aclAuthMethodConfigModel, secret, op.Diags),
	}
}

// resourceConfigAttrTypes are the attribute types of the config object, read once from
// the schema so that the two never disagree.
var resourceConfigAttrTypes = sync.OnceValue(func() map[string]attr.Type {
	return fwutil.AttrTypes(aclAuthMethodSchema(context.Background()).Attributes["config"].GetType())
})
