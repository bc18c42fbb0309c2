package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds the SSH keys of the provider's organization or of
// another, by their organizations and IDs; with include_resource, each is the state an
// import gives, without the key, which the platform never returns.
func TestAccSSHKeyListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	create := func(org, name string) *platformclient.SSHKey {
		k, err := p.Client(t).SSHKeys.Create(context.Background(), org, platformclient.SSHKeyOptions{Name: check.Ptr(name), Value: check.Ptr("-----BEGIN OPENSSH PRIVATE KEY-----")})
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	deploy, modules, elsewhere := create(p.Organization, "deploy"), create(p.Organization, "modules"), create(other, "elsewhere")
	in := func(org string, k *platformclient.SSHKey) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"organization": org, "id": k.ID})
	}
	id := func(k *platformclient.SSHKey) map[string]knownvalue.Check { return in(p.Organization, k) }
	check.Query{
		Type: "stack_platform_ssh_key", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{id(deploy), id(modules)}, DisplayName: "deploy",
				Resource: map[string]knownvalue.Check{
					"id": check.Str(deploy.ID), "organization": check.Str(p.Organization), "name": check.Str("deploy"),
					"key": knownvalue.Null(), "key_wo": knownvalue.Null(), "key_wo_version": knownvalue.Null(),
				},
			},
			{
				Label: "other", Args: check.Args{"organization": other}, Found: []map[string]knownvalue.Check{in(other, elsewhere)}, DisplayName: "elsewhere",
				Resource: map[string]knownvalue.Check{"organization": check.Str(other)},
			},
		},
	}.Run(t)
}
