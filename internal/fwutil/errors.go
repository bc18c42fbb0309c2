package fwutil

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// AddAPIError reports a failed API call. The client's typed error already
// reads "METHOD PATH: STATUS: server message", which is what a practitioner
// needs to act, so it is passed through whole; a refused token also gets
// where to look, since servers say no more than "Permission denied".
func AddAPIError(diags *diag.Diagnostics, summary string, err error) {
	diags.AddError(summary, APIErrorDetail(err))
}

// APIErrorDetail is the detail of AddAPIError's diagnostic.
func APIErrorDetail(err error) string {
	detail := err.Error()
	if code := client.StatusCode(err); code == http.StatusUnauthorized || code == http.StatusForbidden {
		detail += "\n\nThe server refused the provider's token for this service (its block's token, or the STACK_<SERVICE>_TOKEN variable): " +
			"the token is missing or unknown, or lacks the permission this request needs (the provider's documentation says which token each service needs)."
	}
	return detail
}

// Existing describes, for its error, an object that a create found in
// place under the name it was to create.
type Existing struct {
	// Object is the object's kind, such as "cloudone-sm destination".
	Object string
	// ImportID is the ID that imports it.
	ImportID string
}

// Add reports the object as existing, on the name attribute, with the
// server's own refusal when there is one.
func (e Existing) Add(diags *diag.Diagnostics, serverSaid error) {
	article := "A"
	if strings.ContainsRune("aeiou", rune(e.Object[0])) {
		article = "An"
	}
	detail := fmt.Sprintf("%s %s named %q already exists, and Terraform will not take over an object it did not create. "+
		"To manage it with Terraform, import it: `terraform import <resource address> %s`, or an `import { to = <resource address>, id = %q }` block.",
		article, e.Object, e.ImportID, e.ImportID, e.ImportID)
	if serverSaid != nil {
		detail += "\n\nServer said: " + serverSaid.Error()
	}
	diags.AddAttributeError(path.Root("name"), strings.ToUpper(e.Object[:1])+e.Object[1:]+" already exists", detail)
}
