package acctest

import (
	"cmp"
	"context"
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// Platform is one test's platform: an emulator, or a real server.
type Platform struct {
	Service[*platformclient.Client]
	// Organization is the test's own organization, the default
	// organization of ProviderConfig's block: NewPlatform creates it, and
	// deletes it when the test ends.
	Organization string
}

// NewPlatform returns the platform a test runs against, with an
// organization of its own: the server named by STACK_PLATFORM_ADDR and
// STACK_PLATFORM_TOKEN when both are set, whose token must be a user's
// that may create organizations, else a new emulator, at the platform's
// default rate limit, whose token is its site administrator's.
func NewPlatform(t *testing.T) *Platform {
	t.Helper()
	if srv, ok := serverFromEnv[*platformclient.Client](platformclient.Service); ok {
		p := &Platform{Service: srv}
		p.Organization = p.NewOrganization(t)
		return p
	}
	return NewPlatformEmulator(t, emulator.Options{})
}

// NewPlatformEmulator starts an emulator with the given options for one
// test, whatever the environment says, and creates the test's
// organization in it; the requests that takes are in the emulator's
// counts.
func NewPlatformEmulator(t testing.TB, opts emulator.Options) *Platform {
	t.Helper()
	p := &Platform{Service: startService[*platformclient.Client](t, platformclient.Service, opts, cmp.Or(opts.Platform.Token, "platform-root"))}
	p.Organization = p.NewOrganization(t)
	return p
}

// NewOrganization creates an organization with a generated name, which
// the test's end deletes if it still exists, and returns its name.
func (p *Platform) NewOrganization(t testing.TB) string {
	t.Helper()
	name := tfacctest.RandomWithPrefix("acc")
	c := p.Client(t)
	if _, err := c.Organizations.Create(context.Background(), platformclient.OrganizationOptions{
		Name: &name, Email: ptr("acctest@" + name + ".example"),
	}); err != nil {
		t.Fatalf("creating the test's organization: %v", err)
	}
	t.Cleanup(func() {
		if err := c.Organizations.Delete(context.Background(), name); err != nil && !client.IsNotFound(err) {
			t.Errorf("deleting the test's organization %s: %v", name, err)
		}
	})
	return name
}

func ptr[T any](v T) *T { return &v }

// ProviderConfig is the provider block for this platform, with the test's
// organization as the default.
func (p *Platform) ProviderConfig() string {
	return p.ProviderConfigWith(p.Token, p.Organization)
}

// ProviderConfigWith is the provider block with another token and another
// default organization; an empty organization leaves the setting out.
func (p *Platform) ProviderConfigWith(token, organization string) string {
	settings := map[string]string{}
	if organization != "" {
		settings[platformclient.OrganizationSetting.Name] = organization
	}
	return p.Block(token, settings)
}

// Client is a platform client for a test's own checks and out-of-band
// changes, independent of the provider under test, built from the
// platform's descriptor with the test's organization as its default.
func (p *Platform) Client(t testing.TB) *platformclient.Client {
	t.Helper()
	return p.ClientWith(t, map[string]string{platformclient.OrganizationSetting.Name: p.Organization})
}

// MintUserToken returns a new token of a new user of the emulator, who
// sees none of the test's objects: the platform answers them 404 to it.
func (p *Platform) MintUserToken(t testing.TB) string {
	t.Helper()
	if p.Emulator == nil {
		t.Fatal("MintUserToken needs an emulator: this test targets a real server")
	}
	token, err := p.Emulator.Platform().MintUserToken(tfacctest.RandomWithPrefix("user"))
	if err != nil {
		t.Fatal(err)
	}
	return token
}
