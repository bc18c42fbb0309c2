package secrets

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// The list resources of the destinations, one a type, as the resources
// are.
var (
	NewCloudOneSMDestinationListResource     = destinationListResource(cloudOneSM, NewCloudOneSMDestinationResource)
	NewCloudTwoKVDestinationListResource     = destinationListResource(cloudTwoKV, NewCloudTwoKVDestinationResource)
	NewCloudThreeSMDestinationListResource   = destinationListResource(cloudThreeSM, NewCloudThreeSMDestinationResource)
	NewCodehostDestinationListResource       = destinationListResource(codehost, NewCodehostDestinationResource)
	NewWebhostProjectDestinationListResource = destinationListResource(webhostProject, NewWebhostProjectDestinationResource)
)

// destinationListFilters are the filters of a destinations' list block:
// none, the type being the resource's.
type destinationListFilters struct{}

// destinationListResource is the constructor of the list resource of the
// destinations of one type, of the resource newResource.
func destinationListResource[M any, P destinationModelPtr[M]](kind *destinationKind[M, P], newResource func() resource.Resource) func() list.ListResource {
	return fwutil.NewListResource(newResource, &fwutil.List[M, destinationListFilters, *secretsclient.Client]{
		Filters: func(context.Context) lschema.Schema {
			return lschema.Schema{Description: "Lists the `" + kind.apiType + "` secrets-sync destinations of the namespace of the provider's `secrets` block. " +
				"The service lists their names alone: with `include_resource`, each destination is read, one request each, and its state is what an import gives: " +
				"its secrets as the service shows them, obfuscated, which Terraform never writes into a generated configuration, being sensitive " +
				"(give them, or their write-only twins, to the generated configuration), the network options, which the service does not show, unset, " +
				"and `purge_on_destroy` false."}
		},
		List: func(ctx context.Context, c *secretsclient.Client, _ *destinationListFilters, diags *diag.Diagnostics) []*M {
			got, meta, err := c.ListDestinationsByType(ctx, kind.apiType)
			if err != nil {
				fwutil.AddAPIError(diags, "Cannot list the "+kind.apiType+" destinations", err)
				return nil
			}
			addWarnings(diags, meta)
			out := make([]*M, len(got.Keys))
			for i, name := range got.Keys {
				m := new(M)
				// As an import leaves it (importDestination).
				b := P(m).base()
				b.Name, b.PurgeOnDestroy, b.DisableStrictNetworking = types.StringValue(name), types.BoolValue(false), types.BoolValue(false)
				out[i] = m
			}
			return out
		},
		DisplayName: func(m *M) string { return P(m).base().Name.ValueString() },
		ReadEach:    true,
	})
}
