package platform_test

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const gpgKeyAddr = "stack_platform_registry_gpg_key.test"

// gpgKeyIDPattern is a key ID as the registry answers it.
var gpgKeyIDPattern = regexp.MustCompile(`^[0-9A-F]{16}$`)

// publicKeyBlock is a new ASCII-armored OpenPGP public key, of version 4:
// an RSA key whose modulus is random. Nothing signs with it; the registry
// reads its key ID.
func publicKeyBlock(t *testing.T) string {
	t.Helper()
	modulus := make([]byte, 256)
	if _, err := rand.Read(modulus); err != nil {
		t.Fatal(err)
	}
	modulus[0] |= 0x80
	body := []byte{4, 0x6a, 0, 0, 0, 1} // version 4, a creation time, RSA
	body = binary.BigEndian.AppendUint16(body, 2048)
	body = append(body, modulus...)
	body = append(body, 0, 17, 0x01, 0x00, 0x01) // the exponent, 65537
	packet := append([]byte{0x99}, binary.BigEndian.AppendUint16(nil, uint16(len(body)))...)
	packet = append(packet, body...)
	b64 := base64.StdEncoding.EncodeToString(packet)
	var lines []string
	for len(b64) > 64 {
		lines, b64 = append(lines, b64[:64]), b64[64:]
	}
	lines = append(lines, b64)
	return "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n" + strings.Join(lines, "\n") + "\n-----END PGP PUBLIC KEY BLOCK-----\n"
}

func gpgKeyConfig(p *acctest.Platform, armor, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_registry_gpg_key" "test" {
  ascii_armor = %q
  %s
}
`, armor, body)
}

// gpgKeyIs checks the key the platform holds under the organization and
// key ID in the state.
func gpgKeyIs(t *testing.T, p *acctest.Platform, armor string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		org, err := check.StateValue(s, gpgKeyAddr, "organization")
		if err != nil {
			return err
		}
		id, err := check.StateValue(s, gpgKeyAddr, "id")
		if err != nil {
			return err
		}
		k, err := p.Client(t).RegistryGPGKeys.Read(context.Background(), org, id)
		if err != nil {
			return err
		}
		return check.Differences(map[string]any{"namespace": k.Namespace, "ascii_armor": k.AsciiArmor}, map[string]any{"namespace": org, "ascii_armor": armor})
	}
}

func TestAccRegistryGPGKey_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	armor, second, taken := publicKeyBlock(t), publicKeyBlock(t), publicKeyBlock(t)
	existing, err := p.Client(t).RegistryGPGKeys.Create(context.Background(), platformclient.RegistryGPGKeyOptions{Namespace: p.Organization, AsciiArmor: taken})
	if err != nil {
		t.Fatal(err)
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: gpgKeyAddr,
		// The key in place is found by its armor, and the error gives its
		// import ID.
		NotTakenOver: check.Existing{
			Config: gpgKeyConfig(p, taken, ""), ImportID: p.Organization + "/" + existing.KeyID,
			Said: `GPG key already exists`, Server: `409 Conflict.*Key ID has already been taken`,
		},
		PlanErrors: []check.PlanError{
			{Config: gpgKeyConfig(p, "not a key", ""), Want: check.Literal(`Attribute ascii_armor must be an ASCII-armored public key block`)},
			{Config: gpgKeyConfig(p, strings.ReplaceAll(armor, "PUBLIC", "PRIVATE"), ""), Want: check.Literal(`Attribute ascii_armor must be an ASCII-armored public key block`)},
			{Config: gpgKeyConfig(p, armor, `organization = "a b"`), Want: check.Literal(`Attribute organization must have 1 to 40 characters`)},
		},
		ImportErrors: []check.ImportError{{ID: p.Organization + "/key", Want: check.Literal(
			`The import ID of a GPG key is <ORGANIZATION>/<KEY ID>; got "` + p.Organization + `/key".`)}},
		Create: check.Step{
			Config: gpgKeyConfig(p, armor, ""),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(gpgKeyAddr, check.Path("organization"), check.Str(p.Organization)),
			},
			StateChecks: stateIs(gpgKeyAddr, map[string]knownvalue.Check{
				"id": knownvalue.StringRegexp(gpgKeyIDPattern), "organization": check.Str(p.Organization), "ascii_armor": check.Str(armor),
				"created_at": knownvalue.NotNull(), "updated_at": knownvalue.NotNull(),
			}),
			Check: gpgKeyIs(t, p, armor),
		},
		// Another organization moves the key in place: its ID is the
		// key's, and stays.
		Update: check.Step{
			Config:      gpgKeyConfig(p, armor, `organization = "`+other+`"`),
			StateChecks: stateIs(gpgKeyAddr, map[string]knownvalue.Check{"organization": check.Str(other)}),
			Check:       gpgKeyIs(t, p, armor),
		},
		Imports: []check.ImportID{{ID: func(id string) string { return other + "/" + id }}},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.RegistryGPGKeys.Delete(ctx, other, id)
			},
			Step: check.Step{Config: gpgKeyConfig(p, armor, `organization = "`+other+`"`), Check: gpgKeyIs(t, p, armor)},
		},
		Replace: check.Step{
			Config:      gpgKeyConfig(p, second, `organization = "`+other+`"`),
			StateChecks: stateIs(gpgKeyAddr, map[string]knownvalue.Check{"ascii_armor": check.Str(second)}),
			Check:       gpgKeyIs(t, p, second),
		},
	}.Run(t)
}
