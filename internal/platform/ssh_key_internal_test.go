package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The SSH key's convention and round trip, which conventions_test.go runs.
func init() {
	declareObject("SSH key", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.SSHKey{},
			shownBy: attributeNames(sshKeySchema(ctx).Attributes, sshKeyDataSourceSchema(ctx).Attributes),
		}
	})
	declareRoundTrip("SSH key", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := sshKeyModel{sshKeyDataModel: sshKeyDataModel{Organization: str("acme"), Name: str("deploy")}}
		opts := sshKeyFromModel(&want.sshKeyDataModel)
		a := throughJSONAPI[platformclient.SSHKey](t, &opts)
		// The platform answers neither the organization, which the state
		// keeps, nor the key, which a create alone sends.
		got := sshKeyModel{sshKeyDataModel: sshKeyDataModel{Organization: str("acme")}}
		modelFromSSHKey(&got.sshKeyDataModel, a)
		sameConfigurable(t, "SSH key", sshKeySchema(ctx), &want, &got, "key", "key_wo", "key_wo_version")
	})
}
