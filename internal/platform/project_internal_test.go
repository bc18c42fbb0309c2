package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The project's convention and round trip, which conventions_test.go runs.
func init() {
	declareObject("project", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.Project{},
			shownBy: attributeNames(projectSchema(ctx).Attributes, projectDataSourceSchema(ctx).Attributes,
				projectSettingsSchema(ctx).Attributes),
			renamed:    map[string]string{"setting-overwrites": "overwrites"},
			notExposed: map[string]string{"is-unified": editionFlag},
		}
	})
	declareRoundTrip("project", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := projectModel{
			Organization: str("acme"), Name: str("networking"), Description: str("VPCs"), AutoDestroyActivityDuration: str("14d"),
			TagBindings: types.MapValueMust(types.StringType, map[string]attr.Value{"env": str("prod")}),
		}
		opts := projectFromModel(ctx, &want, updating, diags)
		a := throughJSONAPI[platformclient.Project](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		var got projectModel
		modelFromProject(&got, a, tagsOf(opts.TagBindings))
		sameConfigurable(t, "project", projectSchema(ctx), &want, &got)
	})
}
