package fwutil

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// NeedsToken is ClientOf's needsToken for a caller that needs the
// service's token: every resource, and every data source but those with
// DataSource.NoToken.
const NeedsToken = true

// ClientOf returns the typed client of svc from a resource's or data
// source's ConfigureRequest.ProviderData, the *client.Clients the provider
// configured. It returns the zero C without diagnostics when the provider
// is not configured yet (Terraform validates configurations before it
// configures the provider), and with an error naming the missing settings
// when the service's block is incomplete.
func ClientOf[C any](providerData any, svc *client.Service, needsToken bool, diags *diag.Diagnostics) C {
	var zero C
	if providerData == nil {
		return zero
	}
	clients, ok := providerData.(*client.Clients)
	if !ok {
		diags.AddError("Unexpected provider data",
			fmt.Sprintf("Expected *client.Clients, got %T. This is a bug in the provider; please report it.", providerData))
		return zero
	}
	c, missing := clients.Get(svc)
	if c == nil || (needsToken && len(missing) > 0) {
		diags.AddError("The "+svc.Name+" is not configured",
			"This uses the "+svc.Name+", but the provider's "+svc.Block+" settings are incomplete. Set "+strings.Join(missing, " and ")+".")
		return zero
	}
	typed, ok := c.(C)
	if !ok {
		diags.AddError("Unexpected provider data",
			fmt.Sprintf("The %s's client is a %T, not a %T. This is a bug in the provider; please report it.", svc.Name, c, zero))
	}
	return typed
}
