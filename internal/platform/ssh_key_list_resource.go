package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// NewSSHKeyListResource is the constructor of the list resource of
// stack_platform_ssh_key.
var NewSSHKeyListResource = organizationList(NewSSHKeyResource, &orgList[sshKeyModel, organizationListFilter, platformclient.SSHKey]{
	What: "SSH keys",
	About: "Lists the SSH keys of an organization of the platform, their IDs and names: the platform never returns a key itself, " +
		"so a configuration generated from the list must be given each key (or its write-only twin) before it plans the import alone. " +
		"An organization's token may not list SSH keys.",
	Filters: organizationFilters("SSH keys", false, nil),
	List: func(ctx context.Context, c *platformclient.Client, org string, _ *organizationListFilter, _ *diag.Diagnostics) (*platformclient.SSHKeyList, error) {
		return c.SSHKeys.List(ctx, org)
	},
	Model: func(org types.String, k *platformclient.SSHKey, _ *diag.Diagnostics) *sshKeyModel {
		m := &sshKeyModel{}
		m.Organization = org
		modelFromSSHKey(&m.sshKeyDataModel, k)
		return m
	},
	DisplayName: func(m *sshKeyModel) string { return m.Name.ValueString() },
})
