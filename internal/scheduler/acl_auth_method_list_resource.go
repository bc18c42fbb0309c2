package scheduler

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	schedulerclient "github.com/stackworks/terraform-provider-stack/internal/client/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// aclAuthMethodListFilters are the filters of the auth methods' list block.
type aclAuthMethodListFilters struct {
	Type types.String `tfsdk:"type"`
}

// NewACLAuthMethodListResource is the constructor of the list resource of
// stack_scheduler_acl_auth_method.
var NewACLAuthMethodListResource = fwutil.NewListResource(NewACLAuthMethodResource, &fwutil.List[aclAuthMethodModel, aclAuthMethodListFilters, *schedulerclient.Client]{
	Filters: func(ctx context.Context) lschema.Schema {
		return fwutil.FiltersOf(fwutil.DataSourceSchema(ctx, NewACLAuthMethodsDataSource),
			"Lists the scheduler's ACL auth methods, all of them or those of one type. "+
				"The scheduler lists a method's name and type alone: with `include_resource`, each method is read, one request each. "+
				"Each result's state is what an import reads: the scheduler does not return `max_token_ttl`, and returns an OIDC method's client secret "+
				"as it keeps it (some servers redact it or leave it out), which Terraform never writes into a generated configuration, being sensitive: "+
				"give the secret, or its write-only twin, to the generated configuration.",
			"type")
	},
	List: func(ctx context.Context, c *schedulerclient.Client, f *aclAuthMethodListFilters, diags *diag.Diagnostics) []*aclAuthMethodModel {
		stubs, _, err := c.ListAuthMethods(ctx, nil)
		if err != nil {
			fwutil.AddAPIError(diags, "Cannot list the auth methods", err)
			return nil
		}
		var out []*aclAuthMethodModel
		for _, s := range stubs {
			if f.Type.IsNull() || s.Type == f.Type.ValueString() {
				out = append(out, &aclAuthMethodModel{Name: types.StringValue(s.Name), Type: types.StringValue(s.Type)})
			}
		}
		return out
	},
	DisplayName: func(m *aclAuthMethodModel) string { return m.Name.ValueString() },
	ReadEach:    true,
})
