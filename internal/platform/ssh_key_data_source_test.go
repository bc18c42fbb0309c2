package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The data source reads a key by name or by ID: its ID and name, never the
// key; a name is compared exactly, in its case.
func TestAccSSHKeyDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	k, err := p.Client(t).SSHKeys.Create(context.Background(), p.Organization, platformclient.SSHKeyOptions{Name: check.Ptr("deploy"), Value: check.Ptr(testKeyA)})
	if err != nil {
		t.Fatal(err)
	}
	check.DataSource{
		Service: p, Type: "stack_platform_ssh_key", Config: p.ProviderConfig(), Samples: check.Args{"organization": p.Organization},
		ByID: check.Read{Args: check.Args{"id": k.ID}, Want: map[string]knownvalue.Check{
			"id": check.Str(k.ID), "name": check.Str("deploy"), "organization": knownvalue.Null(),
		}},
		ByName: check.Read{Args: check.Args{"name": "deploy"}, Want: map[string]knownvalue.Check{
			"id": check.Str(k.ID), "name": check.Str("deploy"), "organization": check.Str(p.Organization),
		}},
		NotFound: []check.Refusal{{
			Args: check.Args{"name": "Deploy"},
			Want: check.Literal(`The organization "` + p.Organization + `" has no SSH key named "Deploy" that the token may see: the name is compared exactly, in its case.`),
		}},
	}.Run(t)
}
