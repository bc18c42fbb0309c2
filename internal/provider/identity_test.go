package provider_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
	"github.com/stackworks/terraform-provider-stack/internal/provider"
)

// Every resource has an identity whose attributes are string attributes of
// its schema and make, in order, one form of its import ID, so that an
// import block's identity imports as that import ID does.
func TestProvider_everyResourceHasAnIdentityOfItsImportID(t *testing.T) {
	ctx := context.Background()
	for _, newResource := range provider.New("test")().Resources(ctx) {
		r := newResource()
		var md resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "stack"}, &md)
		if err := fwutil.IdentityProblem(ctx, r); err != nil {
			t.Errorf("%s: %v", md.TypeName, err)
		}
	}
}
