package secrets

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// destinationTypes are the destination types, in the order the service's
// documentation lists them.
var destinationTypes = []string{
	secretsclient.TypeCloudOneSM,
	secretsclient.TypeCloudTwoKV,
	secretsclient.TypeCloudThreeSM,
	secretsclient.TypeCodehost,
	secretsclient.TypeWebhostProject,
}

// destinationTypesText lists the destination types for descriptions.
func destinationTypesText() string {
	n := len(destinationTypes)
	return "one of `" + strings.Join(destinationTypes[:n-1], "`, `") + "` and `" + destinationTypes[n-1] + "`"
}

// nameRule is the rule of the names of destinations and apps, which the
// service keeps in one path segment, as the descriptions state it.
const nameRule = "The name has 1 to 128 characters: letters, digits, `.`, `-` and `_`, starting with a letter or a digit."

var nameRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)

// nameValidators check a name of a destination or an app by nameRule, at
// plan time, so that the service never has to refuse it.
func nameValidators() []validator.String {
	return []validator.String{
		stringvalidator.RegexMatches(nameRe, "must have 1 to 128 characters: letters, digits, '.', '-' and '_', starting with a letter or a digit"),
	}
}

// addWarnings shows the service's remarks on a request it carried out.
func addWarnings(diags *diag.Diagnostics, meta *secretsclient.Meta) {
	if meta == nil {
		return
	}
	for _, w := range meta.Warnings {
		diags.AddWarning("The secrets service warned", w)
	}
}

// destinationError words a failed request on a destination or its
// associations, saying plainly when the destination does not exist: the
// service's 404 carries no message of its own.
func destinationError(summary, typ, name string, err error) *fwutil.Failure {
	if client.IsNotFound(err) {
		return &fwutil.Failure{Summary: summary, Detail: fmt.Sprintf("The service has no %s destination named %q (check the type and the name).\n\nServer said: %s", typ, name, err)}
	}
	return &fwutil.Failure{Summary: summary, Detail: fwutil.APIErrorDetail(err)}
}

// addDestinationError adds destinationError to diags.
func addDestinationError(diags *diag.Diagnostics, summary, typ, name string, err error) {
	f := destinationError(summary, typ, name, err)
	diags.AddError(f.Summary, f.Detail)
}
