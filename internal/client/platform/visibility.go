package platform

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// ConfirmGone is the platform's client.Service.ConfirmGone. The platform
// answers 404 for an object the token may not see as for one that does not
// exist, so a 404 proves an object gone only when the token sees what holds
// it: the object's organization, org, when the resource names one. A token
// that sees no organization at all (a mistyped token, another user's, a
// user's without memberships) proves nothing either. Either way the error
// says what the token does not see, and the resource stays in the state.
func ConfirmGone(ctx context.Context, typed any, org string) error {
	c, ok := typed.(*Client)
	if !ok || c == nil {
		return nil
	}
	if org != "" {
		_, err := c.Organizations.Read(ctx, org, OrganizationReadOptions{})
		switch {
		case err == nil:
			return nil
		case !client.IsNotFound(err):
			return fmt.Errorf("the platform answered 404, and checking that the token sees the organization %q failed: %w", org, err)
		}
	}
	seesAny, err := c.seesAnyOrganization(ctx)
	switch {
	case err != nil:
		return fmt.Errorf("the platform answered 404, and checking which organizations the token sees failed: %w", err)
	case !seesAny:
		return fmt.Errorf("the platform answered 404, and the token of %s sees no organization at all: "+
			"it is likely mistyped, another user's, or the token of a user without memberships. "+
			"The resource stays in the state: check the token", Service.TokenSetting())
	case org != "":
		return fmt.Errorf("the platform answered 404, and the token of %s may not see the organization %q either, "+
			"so the object may well still exist. The resource stays in the state: give the token's user, team or "+
			"organization access to %q, or check that the resource's organization (or %s) names it", Service.TokenSetting(), org, org,
			Service.SettingName(OrganizationSetting))
	}
	return nil
}

// seesAnyOrganization reads one organization of those the token sees, if
// any.
func (c *Client) seesAnyOrganization(ctx context.Context) (bool, error) {
	raw, err := c.send(ctx, request{method: http.MethodGet, at: organizations.all(), query: url.Values{"page[size]": {"1"}}})
	if err != nil {
		return false, err
	}
	items, err := decodeMany[Organization](raw)
	if err != nil {
		return false, fmt.Errorf("GET %s/organizations: %w", APIPrefix, err)
	}
	return len(items) > 0, nil
}
