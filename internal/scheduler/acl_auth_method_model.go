package scheduler

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	schedulerclient "github.com/stackworks/terraform-provider-stack/internal/client/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// aclAuthMethodModel is the auth method as the resource and the data source
// both show it; only their config objects differ, by the resource's
// write-only twin of the client secret.
type aclAuthMethodModel struct {
	Name            types.String `tfsdk:"name"`
	Type            types.String `tfsdk:"type"`
	TokenLocality   types.String `tfsdk:"token_locality"`
	TokenNameFormat types.String `tfsdk:"token_name_format"`
	MaxTokenTTL     types.String `tfsdk:"max_token_ttl"`
	Default         types.Bool   `tfsdk:"default"`
	Config          types.Object `tfsdk:"config"`
	CreateTime      types.String `tfsdk:"create_time"`
	ModifyTime      types.String `tfsdk:"modify_time"`
	CreateIndex     types.Int64  `tfsdk:"create_index"`
	ModifyIndex     types.Int64  `tfsdk:"modify_index"`
}

// aclAuthMethodConfigModel is the auth method's config as the resource and
// the data source both show it.
type aclAuthMethodConfigModel struct {
	OIDCDiscoveryURL     types.String `tfsdk:"oidc_discovery_url"`
	OIDCClientID         types.String `tfsdk:"oidc_client_id"`
	OIDCClientSecret     types.String `tfsdk:"oidc_client_secret"`
	OIDCDisableUserInfo  types.Bool   `tfsdk:"oidc_disable_user_info"`
	OIDCScopes           types.List   `tfsdk:"oidc_scopes"`
	JWTValidationPubKeys types.List   `tfsdk:"jwt_validation_pub_keys"`
	JWKSURL              types.String `tfsdk:"jwks_url"`
	JWKSCACert           types.String `tfsdk:"jwks_ca_cert"`
	BoundAudiences       types.List   `tfsdk:"bound_audiences"`
	AllowedRedirectURIs  types.List   `tfsdk:"allowed_redirect_uris"`
	DiscoveryCaPem       types.List   `tfsdk:"discovery_ca_pem"`
	SigningAlgs          types.List   `tfsdk:"signing_algs"`
	ExpirationLeeway     types.String `tfsdk:"expiration_leeway"`
	NotBeforeLeeway      types.String `tfsdk:"not_before_leeway"`
	ClockSkewLeeway      types.String `tfsdk:"clock_skew_leeway"`
	ClaimMappings        types.Map    `tfsdk:"claim_mappings"`
	ListClaimMappings    types.Map    `tfsdk:"list_claim_mappings"`
}

// aclAuthMethodResourceConfigModel adds the write-only twin of the client
// secret, which only the resource has.
type aclAuthMethodResourceConfigModel struct {
	aclAuthMethodConfigModel
	OIDCClientSecretWO        types.String `tfsdk:"oidc_client_secret_wo"`
	OIDCClientSecretWOVersion types.Int64  `tfsdk:"oidc_client_secret_wo_version"`
}

// secretHidden tells a real secret from what servers answer instead of one.
func secretHidden(s string) bool {
	return s == fwutil.Redacted || fwutil.Obfuscated(s)
}

// authMethodConfigFromModel builds the API's config from the model. secret is the client
// secret to send, which may come from the write-only twin.
func authMethodConfigFromModel(ctx context.Context, m *aclAuthMethodConfigModel, secret string, diags *diag.Diagnostics) *schedulerclient.AuthMethodConfig {
	return &schedulerclient.AuthMethodConfig{
		OIDCDiscoveryURL:     m.OIDCDiscoveryURL.ValueString(),
		OIDCClientID:         m.OIDCClientID.ValueString(),
		OIDCClientSecret:     secret,
		OIDCDisableUserInfo:  m.OIDCDisableUserInfo.ValueBool(),
		OIDCScopes:           fwutil.Strings(ctx, m.OIDCScopes, diags),
		JWTValidationPubKeys: fwutil.Strings(ctx, m.JWTValidationPubKeys, diags),
		JWKSURL:              m.JWKSURL.ValueString(),
		JWKSCACert:           m.JWKSCACert.ValueString(),
		BoundAudiences:       fwutil.Strings(ctx, m.BoundAudiences, diags),
		AllowedRedirectURIs:  fwutil.Strings(ctx, m.AllowedRedirectURIs, diags),
		DiscoveryCaPem:       fwutil.Strings(ctx, m.DiscoveryCaPem, diags),
		SigningAlgs:          fwutil.Strings(ctx, m.SigningAlgs, diags),
		ExpirationLeeway:     m.ExpirationLeeway.ValueString(),
		NotBeforeLeeway:      m.NotBeforeLeeway.ValueString(),
		ClockSkewLeeway:      m.ClockSkewLeeway.ValueString(),
		ClaimMappings:        fwutil.StringMap(ctx, m.ClaimMappings, diags),
		ListClaimMappings:    fwutil.StringMap(ctx, m.ListClaimMappings, diags),
	}
}

// modelFromAuthMethodConfig converts the API's config. prior is what state or plan held
// before; it decides how the server's normal forms are shown (null or empty
// lists, "5m" or "5m0s") and whether the client secret is kept. A nil prior
// (data sources, import) takes the server's answer as it is.
func modelFromAuthMethodConfig(prior *aclAuthMethodConfigModel, c *schedulerclient.AuthMethodConfig) aclAuthMethodConfigModel {
	if c == nil {
		c = &schedulerclient.AuthMethodConfig{}
	}
	p := aclAuthMethodConfigModel{}
	if prior != nil {
		p = *prior
	}
	m := aclAuthMethodConfigModel{
		OIDCDiscoveryURL:     fwutil.StringFromAPI(p.OIDCDiscoveryURL, c.OIDCDiscoveryURL),
		OIDCClientID:         fwutil.StringFromAPI(p.OIDCClientID, c.OIDCClientID),
		OIDCDisableUserInfo:  types.BoolValue(c.OIDCDisableUserInfo),
		OIDCScopes:           fwutil.StringListFromAPI(p.OIDCScopes, c.OIDCScopes),
		JWTValidationPubKeys: fwutil.StringListFromAPI(p.JWTValidationPubKeys, c.JWTValidationPubKeys),
		JWKSURL:              fwutil.StringFromAPI(p.JWKSURL, c.JWKSURL),
		JWKSCACert:           fwutil.StringFromAPI(p.JWKSCACert, c.JWKSCACert),
		BoundAudiences:       fwutil.StringListFromAPI(p.BoundAudiences, c.BoundAudiences),
		AllowedRedirectURIs:  fwutil.StringListFromAPI(p.AllowedRedirectURIs, c.AllowedRedirectURIs),
		DiscoveryCaPem:       fwutil.StringListFromAPI(p.DiscoveryCaPem, c.DiscoveryCaPem),
		SigningAlgs:          fwutil.StringListFromAPI(p.SigningAlgs, c.SigningAlgs),
		ExpirationLeeway:     fwutil.DurationFromAPI(p.ExpirationLeeway, c.ExpirationLeeway),
		NotBeforeLeeway:      fwutil.DurationFromAPI(p.NotBeforeLeeway, c.NotBeforeLeeway),
		ClockSkewLeeway:      fwutil.DurationFromAPI(p.ClockSkewLeeway, c.ClockSkewLeeway),
		ClaimMappings:        fwutil.StringMapFromAPI(p.ClaimMappings, c.ClaimMappings),
		ListClaimMappings:    fwutil.StringMapFromAPI(p.ListClaimMappings, c.ListClaimMappings),
	}
	if prior == nil {
		m.OIDCClientSecret = types.StringNull()
		if c.OIDCClientSecret != "" && !secretHidden(c.OIDCClientSecret) {
			m.OIDCClientSecret = types.StringValue(c.OIDCClientSecret)
		}
	} else {
		m.OIDCClientSecret = fwutil.SecretFromAPI(p.OIDCClientSecret, c.OIDCClientSecret, secretHidden)
	}
	return m
}

// modelFromAuthMethod writes the server's answer over m: the resource's,
// which holds the plan after a write and the state after a read, or the
// data source's, read from the configuration, whose null config and
// max_token_ttl take the answer as it is. configTypes are the config
// object's attribute types, the resource's (with the write-only twin of
// the client secret) or the data source's.
func modelFromAuthMethod(m *aclAuthMethodModel, got *schedulerclient.AuthMethod, configTypes map[string]attr.Type, diags *diag.Diagnostics) {
	var priorConfig *aclAuthMethodConfigModel
	var c aclAuthMethodResourceConfigModel
	if !m.Config.IsNull() {
		diags.Append(fwutil.As(m.Config, &c)...)
		priorConfig = &c.aclAuthMethodConfigModel
	}
	c.aclAuthMethodConfigModel = modelFromAuthMethodConfig(priorConfig, got.Config)
	// The version is the practitioner's own and is kept as configured.
	if priorConfig == nil {
		c.OIDCClientSecretWOVersion = types.Int64Null()
	}
	var config any = c
	if _, writeOnly := configTypes["oidc_client_secret_wo"]; !writeOnly {
		config = c.aclAuthMethodConfigModel
	}
	cfg, d := fwutil.ObjectFrom(configTypes, config)
	diags.Append(d...)
	if diags.HasError() {
		return
	}
	*m = aclAuthMethodModel{
		Name:            types.StringValue(got.Name),
		Type:            types.StringValue(got.Type),
		TokenLocality:   types.StringValue(got.TokenLocality),
		TokenNameFormat: types.StringValue(got.TokenNameFormat),
		MaxTokenTTL:     maxTokenTTLFromAPI(m.MaxTokenTTL, got.MaxTokenTTL),
		Default:         types.BoolValue(got.Default),
		Config:          cfg,
		CreateTime:      fwutil.TimeString(got.CreateTime),
		ModifyTime:      fwutil.TimeString(got.ModifyTime),
		CreateIndex:     types.Int64Value(int64(got.CreateIndex)),
		ModifyIndex:     types.Int64Value(int64(got.ModifyIndex)),
	}
}

// maxTokenTTLFromAPI is the max_token_ttl that state shows. The scheduler of
// the API's documentation never returns it, and then state keeps prior,
// what was sent (null for a data source or an import); a server that
// returns it is believed, compared by duration so that "1h" and "1h0m0s"
// are no diff. A zero answer, in any spelling, is no answer: a method's
// maximum token life is never zero.
func maxTokenTTLFromAPI(prior types.String, api string) types.String {
	if fwutil.UnsetDuration(types.StringValue(api)) {
		return prior
	}
	return fwutil.DurationFromAPI(prior, api)
}

// undoCreateLowercasing restores the case of the fields that the create
// response shows lower-cased although the server stores them as sent; the
// next read returns them as sent, so state must hold them as sent too.
func undoCreateLowercasing(sent, got *schedulerclient.AuthMethodConfig) {
	if sent == nil || got == nil {
		return
	}
	if strings.EqualFold(sent.OIDCClientID, got.OIDCClientID) {
		got.OIDCClientID = sent.OIDCClientID
	}
	if len(sent.BoundAudiences) == len(got.BoundAudiences) {
		for i := range got.BoundAudiences {
			if strings.EqualFold(sent.BoundAudiences[i], got.BoundAudiences[i]) {
				got.BoundAudiences[i] = sent.BoundAudiences[i]
			}
		}
	}
}
