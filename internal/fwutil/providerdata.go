package fwutil

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	schedulerclient "github.com/stackworks/terraform-provider-stack/internal/client/scheduler"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
)

// ProviderData is what the provider's Configure hands to every resource and
// data source. A service has a client as soon as its address is known, and
// the list of its missing settings, so that errors name them.
type ProviderData struct {
	Scheduler        *schedulerclient.Client
	SchedulerMissing []string
	Secrets          *secretsclient.Client
	SecretsMissing   []string
}

// Whether a caller needs the service's token; listing auth methods does not.
const (
	NeedsToken = true
	NoToken    = false
)

// SchedulerClient returns the scheduler client from a resource's or data
// source's ConfigureRequest.ProviderData. It returns nil without diagnostics
// when the provider is not configured yet (Terraform validates
// configurations before it configures the provider), and nil with an error
// naming the missing settings when the scheduler block is incomplete.
func SchedulerClient(providerData any, needsToken bool, diags *diag.Diagnostics) *schedulerclient.Client {
	data := providerDataFrom(providerData, diags)
	if data == nil {
		return nil
	}
	if data.Scheduler == nil || (needsToken && len(data.SchedulerMissing) > 0) {
		addNotConfigured(diags, "scheduler", data.SchedulerMissing)
		return nil
	}
	return data.Scheduler
}

// SecretsClient is SchedulerClient for the secrets service, whose every
// endpoint needs the token.
func SecretsClient(providerData any, diags *diag.Diagnostics) *secretsclient.Client {
	data := providerDataFrom(providerData, diags)
	if data == nil {
		return nil
	}
	if len(data.SecretsMissing) > 0 {
		addNotConfigured(diags, "secrets service", data.SecretsMissing)
		return nil
	}
	return data.Secrets
}

func addNotConfigured(diags *diag.Diagnostics, service string, missing []string) {
	diags.AddError("The "+service+" is not configured",
		"This uses the "+service+", but the provider's "+service+" settings are incomplete. Set "+
			strings.Join(missing, " and ")+".")
}

func providerDataFrom(providerData any, diags *diag.Diagnostics) *ProviderData {
	if providerData == nil {
		return nil
	}
	data, ok := providerData.(*ProviderData)
	if !ok {
		diags.AddError("Unexpected provider data",
			fmt.Sprintf("Expected *fwutil.ProviderData, got %T. This is a bug in the provider; please report it.", providerData))
		return nil
	}
	return data
}
