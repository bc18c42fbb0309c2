package platform_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// What the tests of the platform's tokens share.

// tokenSecret matches the platform's token secrets.
var tokenSecret = knownvalue.StringRegexp(regexp.MustCompile(`^[1-9A-HJ-NP-Za-km-z]{14}\.atlasv1\.[1-9A-HJ-NP-Za-km-z]{67}$`))

// tokenWorks checks that the secret in the state of addr is a token the
// platform takes, and records it in *secret; the token *was, when one was
// recorded before, must not work any more.
func tokenWorks(t *testing.T, p *acctest.Platform, addr string, secret, was *string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		got, err := check.StateValue(s, addr, "token")
		if err != nil {
			return err
		}
		if err := readsOrganization(t, p, got); err != nil {
			return fmt.Errorf("the token in the state does not work: %w", err)
		}
		if was != nil && *was != "" {
			if err := readsOrganization(t, p, *was); client.StatusCode(err) != http.StatusUnauthorized {
				return fmt.Errorf("the replaced token still works, or fails otherwise than 401: %w", err)
			}
		}
		*secret = got
		return nil
	}
}

// readsOrganization reads the test's organization with token.
func readsOrganization(t *testing.T, p *acctest.Platform, token string) error {
	as := *p
	as.Token = token
	_, err := as.Client(t).Organizations.Read(context.Background(), p.Organization, platformclient.OrganizationReadOptions{})
	return err
}
