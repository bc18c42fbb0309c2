package provider_test

import (
	"context"
	"os"
	"regexp"
	"slices"
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

// Every resource's example of an import by identity gives each attribute
// that its identity requires, and no attribute that its identity has not.
func TestProvider_identityExamplesGiveTheIdentitysAttributes(t *testing.T) {
	ctx := context.Background()
	block := regexp.MustCompile(`(?s)identity\s*=\s*\{(.*?)\}`)
	key := regexp.MustCompile(`(?m)^\s*([a-z_]+)\s*=`)
	for _, newResource := range provider.New("test")().Resources(ctx) {
		r := newResource()
		var md resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "stack"}, &md)
		withIdentity, ok := r.(resource.ResourceWithIdentity)
		if !ok {
			t.Errorf("%s has no identity", md.TypeName)
			continue
		}
		var is resource.IdentitySchemaResponse
		withIdentity.IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &is)
		file := "../../examples/resources/" + md.TypeName + "/import-by-identity.tf"
		text, err := os.ReadFile(file)
		if err != nil {
			t.Error(err)
			continue
		}
		m := block.FindSubmatch(text)
		if m == nil {
			t.Errorf("%s has no identity = { ... }", file)
			continue
		}
		var given []string
		for _, k := range key.FindAllSubmatch(m[1], -1) {
			given = append(given, string(k[1]))
		}
		for name, a := range is.IdentitySchema.Attributes {
			if a.IsRequiredForImport() && !slices.Contains(given, name) {
				t.Errorf("%s leaves out %s, which the identity of %s requires", file, name, md.TypeName)
			}
		}
		for _, name := range given {
			if _, ok := is.IdentitySchema.Attributes[name]; !ok {
				t.Errorf("%s gives %s, which the identity of %s has not", file, name, md.TypeName)
			}
		}
	}
}
