package secrets_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emusecrets "github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

// A whole Terraform run at TF_LOG=trace, provider logs included, never
// shows the token or a secret, given plainly or write-only: destination
// credentials and app private keys.
func TestAccSecrets_secretsNeverLogged(t *testing.T) {
	const (
		token     = "canary-token-7d41"
		plain     = "canary-plain-secret-2e9b"
		writeOnly = "canary-wo-secret-8a5c"
	)
	plainKey, woKey := newTestKey(t, false), newTestKey(t, true)
	s := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{Token: token}})
	// A line of a key's base64 body stands for the key.
	keyLine := func(k testKey) string { return strings.Split(k.pem, "\n")[2] }

	acctest.NoSecretsInTraceLog(t, s.ProviderConfig()+fmt.Sprintf(`
resource "stack_secrets_sync_cloudone_sm_destination" "logged" {
  name                         = "logged"
  region                       = "us-east-1"
  access_key_id                = %q
  secret_access_key_wo         = %q
  secret_access_key_wo_version = 1
}

resource "stack_secrets_sync_codehost_app" "plain" {
  name        = "logged-plain"
  app_id      = 1
  private_key = %q
}

resource "stack_secrets_sync_codehost_app" "wo" {
  name                   = "logged-wo"
  app_id                 = 2
  private_key_wo         = %q
  private_key_wo_version = 1
}
`, plain, writeOnly, plainKey.pem, woKey.pem), "/v1/sys/sync/destinations/cloudone-sm/logged", token, plain, writeOnly, keyLine(plainKey), keyLine(woKey))
}
