package scheduler

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	schedulerclient "github.com/stackworks/terraform-provider-stack/internal/client/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

type aclAuthMethodsDataSourceModel struct {
	Type        types.String             `tfsdk:"type"`
	AuthMethods []aclAuthMethodStubModel `tfsdk:"auth_methods"`
}

type aclAuthMethodStubModel struct {
	Name        types.String `tfsdk:"name"`
	Type        types.String `tfsdk:"type"`
	Default     types.Bool   `tfsdk:"default"`
	CreateIndex types.Int64  `tfsdk:"create_index"`
	ModifyIndex types.Int64  `tfsdk:"modify_index"`
}

// NewACLAuthMethodsDataSource is the constructor of the
// stack_scheduler_acl_auth_methods data source.
var NewACLAuthMethodsDataSource = fwutil.NewDataSource(&fwutil.DataSource[aclAuthMethodsDataSourceModel, *schedulerclient.Client]{
	TypeName: "scheduler_acl_auth_methods",
	Service:  schedulerclient.Service,
	NoToken:  true,
	Schema:   aclAuthMethodsDataSourceSchema,
	Read:     readACLAuthMethodsDataSource,
})

func aclAuthMethodsDataSourceSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "Lists the scheduler's ACL auth methods, optionally only those of one type. Listing needs no management token.",
		Attributes: map[string]schema.Attribute{
			"type": schema.StringAttribute{
				Optional:    true,
				Description: "When set, only methods of this type (`OIDC` or `JWT`) are listed.",
				Validators:  []validator.String{stringvalidator.OneOf(typeOIDC, typeJWT)},
			},
			"auth_methods": schema.ListNestedAttribute{
				Computed:    true,
				Description: "The methods, in the order the scheduler lists them.",
				NestedObject: schema.NestedAttributeObject{
					Attributes: map[string]schema.Attribute{
						"name":         schema.StringAttribute{Computed: true, Description: descName},
						"type":         schema.StringAttribute{Computed: true, Description: descType},
						"default":      schema.BoolAttribute{Computed: true, Description: descDefault},
						"create_index": schema.Int64Attribute{Computed: true, Description: descCreateIndex},
						"modify_index": schema.Int64Attribute{Computed: true, Description: descModifyIndex},
					},
				},
			},
		},
	}
}

func readACLAuthMethodsDataSource(ctx context.Context, c *schedulerclient.Client, m *aclAuthMethodsDataSourceModel, diags *diag.Diagnostics) {
	stubs, _, err := c.ListAuthMethods(ctx, nil)
	if err != nil {
		fwutil.AddAPIError(diags, "Cannot list the auth methods", err)
		return
	}
	m.AuthMethods = []aclAuthMethodStubModel{}
	for _, s := range stubs {
		if !m.Type.IsNull() && s.Type != m.Type.ValueString() {
			continue
		}
		m.AuthMethods = append(m.AuthMethods, aclAuthMethodStubModel{
			Name:        types.StringValue(s.Name),
			Type:        types.StringValue(s.Type),
			Default:     types.BoolValue(s.Default),
			CreateIndex: types.Int64Value(int64(s.CreateIndex)),
			ModifyIndex: types.Int64Value(int64(s.ModifyIndex)),
		})
	}
}
