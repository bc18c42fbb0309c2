package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

var sshKeyLookup = lookup{
	object: "SSH key", idPrefix: platformclient.PrefixSSHKey, idRule: "`sshkey-` and 16 characters",
	nameMatch: ", compared exactly, in its case; the first of that name when several have it", nameRule: sshKeyNameRule,
	nameValidators: notBlankValidators(),
	owner:          "the key's, which the platform does not answer: it is then null",
}

// NewSSHKeyDataSource is the constructor of the stack_platform_ssh_key
// data source.
var NewSSHKeyDataSource = fwutil.NewDataSource(&fwutil.DataSource[sshKeyDataModel, *platformclient.Client]{
	TypeName: "platform_ssh_key",
	Service:  platformclient.Service,
	Schema:   sshKeyDataSourceSchema,
	Read:     readSSHKeyDataSource,
})

func sshKeyDataSourceSchema(ctx context.Context) schema.Schema {
	// The key itself the platform never returns.
	attrs := computedFrom(sshKeySchema(ctx), nil, "key", "key_wo_version")
	sshKeyLookup.addAttributes(attrs)
	return schema.Schema{
		Description: "Reads an SSH key of the platform, by its name in an organization or by its ID: its ID and name, for a workspace's SSH key. " +
			"The platform never returns the key itself. An organization's token may not read SSH keys.",
		Attributes: attrs,
	}
}

func readSSHKeyDataSource(ctx context.Context, c *platformclient.Client, m *sshKeyDataModel, diags *diag.Diagnostics) {
	got, ok := find(ctx, sshKeyLookup, c, m.ID, m.Organization, m.Name, diags,
		c.SSHKeys.Read,
		func(ctx context.Context, org, _ string) (*platformclient.SSHKeyList, error) {
			return c.SSHKeys.List(ctx, org)
		},
		func(k *platformclient.SSHKey) string { return k.Name })
	if !ok {
		return
	}
	// By name, the organization is the one looked in; by ID, the platform
	// does not say.
	if m.ID.IsNull() {
		org, _ := organizationDefault.Of(c, m.Organization, diags)
		m.Organization = types.StringValue(org)
	}
	modelFromSSHKey(m, got)
}
