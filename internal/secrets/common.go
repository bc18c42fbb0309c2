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
// documentation lists them: those of the destination resources.
var destinationTypes = []string{
	cloudOneSM.apiType,
	cloudTwoKV.apiType,
	cloudThreeSM.apiType,
	codehost.apiType,
	webhostProject.apiType,
}

// destinationTypesText lists the destination types for descriptions.
func destinationTypesText() string {
	n := len(destinationTypes)
	return "one of `" + strings.Join(destinationTypes[:n-1], "`, `") + "` and `" + destinationTypes[n-1] + "`"
}

var noSlash = regexp.MustCompile(`^[^/]*$`)

// nameValidators check the name of a destination or an app, which the
// service keeps in one path segment.
func nameValidators() []validator.String {
	return []validator.String{
		stringvalidator.LengthAtLeast(1),
		stringvalidator.NoneOf(".", ".."),
		stringvalidator.RegexMatches(noSlash, "must not contain a slash"),
	}
}

// validImportName checks an import ID that is an object's name.
func validImportName(id, object string, diags *diag.Diagnostics) bool {
	if id == "" || strings.Contains(id, "/") {
		diags.AddError("Invalid import ID", fmt.Sprintf("The import ID of a %s is its name, which is not empty and has no slash; got %q.", object, id))
		return false
	}
	return true
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

// addDestinationError reports a failed request on a destination or its
// associations, saying plainly when the destination does not exist: the
// service's 404 carries no message of its own.
func addDestinationError(diags *diag.Diagnostics, summary, typ, name string, err error) {
	if client.IsNotFound(err) {
		diags.AddError(summary, fmt.Sprintf("The service has no %s destination named %q (check the type and the name).\n\nServer said: %s", typ, name, err))
		return
	}
	fwutil.AddAPIError(diags, summary, err)
}
