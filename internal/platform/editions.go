package platform

import (
	"context"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// selfHostedOnly is the Plan.Offered of a resource of what only the
// platform's self-hosted edition serves, what in the plural ("data
// retention policies"): against the hosted edition, which GET /ping's
// headers tell, the plan fails with an error that names the edition,
// rather than the apply with the hosted edition's 404. The ping is the
// request the client sends first anyway, once.
func selfHostedOnly(what string) func(ctx context.Context, c *platformclient.Client) error {
	return func(ctx context.Context, c *platformclient.Client) error {
		if c == nil {
			return nil
		}
		return c.RequireSelfHosted(ctx, what)
	}
}
