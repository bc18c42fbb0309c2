package scheduler

import (
	"context"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	schedulerclient "github.com/stackworks/terraform-provider-stack/internal/client/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// NewACLAuthMethodDataSource is the constructor of the
// stack_scheduler_acl_auth_method data source.
var NewACLAuthMethodDataSource = fwutil.NewDataSource(&fwutil.DataSource[aclAuthMethodModel, *schedulerclient.Client]{
	TypeName: "scheduler_acl_auth_method",
	Service:  schedulerclient.Service,
	Schema:   aclAuthMethodDataSourceSchema,
	Read:     readACLAuthMethodDataSource,
})

func aclAuthMethodDataSourceSchema(context.Context) schema.Schema {
	str := func(desc string) schema.Attribute { return schema.StringAttribute{Computed: true, Description: desc} }
	list := func(desc string) schema.Attribute {
		return schema.ListAttribute{Computed: true, ElementType: types.StringType, Description: desc}
	}
	strMap := func(desc string) schema.Attribute {
		return schema.MapAttribute{Computed: true, ElementType: types.StringType, Description: desc}
	}
	return schema.Schema{
		Description: "Reads one ACL auth method of the scheduler by name.",
		Attributes: map[string]schema.Attribute{
			"name": schema.StringAttribute{
				Required:    true,
				Description: descName,
				Validators:  []validator.String{stringvalidator.LengthBetween(1, 128), stringvalidator.RegexMatches(authMethodNameRe, "must contain only letters, digits and dashes")},
			},
			"type":              str(descType),
			"token_locality":    str(descTokenLocality),
			"token_name_format": str(descTokenNameFormat),
			"max_token_ttl":     str(descMaxTokenTTL + " Null unless the server returns it, which the scheduler's API does not: it uses the value without keeping it."),
			"default":           schema.BoolAttribute{Computed: true, Description: descDefault},
			"config": schema.SingleNestedAttribute{
				Computed:    true,
				Description: "The method's configuration.",
				Attributes: map[string]schema.Attribute{
					"oidc_discovery_url": str(descDiscoveryURL),
					"oidc_client_id":     str(descClientID),
					"oidc_client_secret": schema.StringAttribute{
						Computed: true, Sensitive: true,
						Description: descClientSecret + " Null when the server redacts or omits it.",
					},
					"oidc_disable_user_info":  schema.BoolAttribute{Computed: true, Description: descDisableUserInfo},
					"oidc_scopes":             list(descScopes),
					"jwt_validation_pub_keys": list(descPubKeys),
					"jwks_url":                str(descJWKSURL),
					"jwks_ca_cert":            str(descJWKSCACert),
					"bound_audiences":         list(descBoundAudiences),
					"allowed_redirect_uris":   list(descRedirectURIs),
					"discovery_ca_pem":        list(descDiscoveryCaPem),
					"signing_algs":            list(descSigningAlgs),
					"expiration_leeway":       str(descExpirationLeeway),
					"not_before_leeway":       str(descNotBeforeLeeway),
					"clock_skew_leeway":       str(descClockSkewLeeway),
					"claim_mappings":          strMap(descClaimMappings),
					"list_claim_mappings":     strMap(descListClaimMappings),
				},
			},
			"create_time":  str(descCreateTime),
			"modify_time":  str(descModifyTime),
			"create_index": schema.Int64Attribute{Computed: true, Description: descCreateIndex},
			"modify_index": schema.Int64Attribute{Computed: true, Description: descModifyIndex},
		},
	}
}

// readACLAuthMethodDataSource reads the method that m names; m comes from
// the configuration, so that the answer is taken as it is.
func readACLAuthMethodDataSource(ctx context.Context, c *schedulerclient.Client, m *aclAuthMethodModel, diags *diag.Diagnostics) {
	got, _, err := c.ReadAuthMethod(ctx, m.Name.ValueString(), nil)
	if err != nil {
		fwutil.AddAPIError(diags, "Cannot read the auth method", err)
		return
	}
	modelFromAuthMethod(m, got, dataSourceConfigAttrTypes(), diags)
}

// dataSourceConfigAttrTypes are the attribute types of the config object, read once from
// the schema so that the two never disagree.
var dataSourceConfigAttrTypes = sync.OnceValue(func() map[string]attr.Type {
	return fwutil.AttrTypes(aclAuthMethodDataSourceSchema(context.Background()).Attributes["config"].GetType())
})
