package platform_test

import (
	"strings"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
)

// noRetries is p's provider block with retries off, so that one fault
// that FailNext injects fails its request.
func noRetries(p *acctest.Platform) string {
	return strings.Replace(p.ProviderConfig(), "max_retries = 6", "max_retries = 0", 1)
}
