package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// NewSSHKeyListResource is the constructor of the list resource of
// stack_platform_ssh_key.
var NewSSHKeyListResource = fwutil.NewListResource(NewSSHKeyResource, &fwutil.List[sshKeyModel, organizationListFilter, *platformclient.Client]{
	Filters: func(context.Context) lschema.Schema {
		return organizationFilters("Lists the SSH keys of an organization of the platform, their IDs and names: the platform never returns a key itself, "+
			"so a configuration generated from the list must be given each key (or its write-only twin) before it plans the import alone. "+
			"An organization's token may not list SSH keys. "+
			fmt.Sprintf("The list is read whole, %d SSH keys a request, the most the platform serves.", platformclient.PageSize), "SSH keys", false)
	},
	List: func(ctx context.Context, c *platformclient.Client, f *organizationListFilter, diags *diag.Diagnostics) []*sshKeyModel {
		return listedIn(c, &f.Organization, "SSH keys", diags, func(org string) (*platformclient.SSHKeyList, error) {
			return c.SSHKeys.List(ctx, org)
		}, func(org types.String, k *platformclient.SSHKey) *sshKeyModel {
			m := &sshKeyModel{}
			m.Organization = org
			modelFromSSHKey(&m.sshKeyDataModel, k)
			return m
		})
	},
	DisplayName: func(m *sshKeyModel) string { return m.Name.ValueString() },
})
