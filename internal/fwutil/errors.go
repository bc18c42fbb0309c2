package fwutil

import (
	"fmt"
	"net/http"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// AddAPIError reports a failed API call. The client's typed error already
// reads "METHOD PATH: STATUS: server message", which is what a practitioner
// needs to act, so it is passed through whole; a refused token also gets
// where to look, since servers say no more than "Permission denied".
func AddAPIError(diags *diag.Diagnostics, summary string, err error) {
	detail := err.Error()
	if code := client.StatusCode(err); code == http.StatusUnauthorized || code == http.StatusForbidden {
		detail += "\n\nThe server refused the provider's token for this service (its block's token, or the STACK_<SERVICE>_TOKEN variable): " +
			"the token is missing or unknown, or lacks the permission this request needs (the provider's documentation says which token each service needs)."
	}
	diags.AddError(summary, detail)
}

// Existing describes, for its error, an object that a create found in
// place under the name it was to create.
type Existing struct {
	// Kind is the object's kind, such as "cloudone-sm destination".
	Kind string
	// Summary heads the error, such as "Destination already exists".
	Summary string
	// Object names it with its article, such as `A cloudone-sm
	// destination named "x"`.
	Object string
	// ImportID is the ID that imports it.
	ImportID string
}

// CheckAbsent takes the answer of the read that a create makes first,
// where the API's create also updates (or a server's create upserts), so
// that Terraform never silently takes over an object it did not create. It
// reports whether the create may go on: the read found nothing. Otherwise
// the error says that the object exists and how to import it, or that the
// read failed.
func CheckAbsent(diags *diag.Diagnostics, readErr error, e Existing) bool {
	switch {
	case readErr == nil:
		e.Add(diags, nil)
		return false
	case client.IsNotFound(readErr):
		return true
	}
	AddAPIError(diags, "Cannot check whether the "+e.Kind+" exists", readErr)
	return false
}

// Add reports the object as existing, on the name attribute, with the
// server's own refusal when there is one.
func (e Existing) Add(diags *diag.Diagnostics, serverSaid error) {
	detail := fmt.Sprintf("%s already exists, and Terraform will not take over an object it did not create. "+
		"To manage it with Terraform, import it: `terraform import <resource address> %s`, or an `import { to = <resource address>, id = %q }` block.",
		e.Object, e.ImportID, e.ImportID)
	if serverSaid != nil {
		detail += "\n\nServer said: " + serverSaid.Error()
	}
	diags.AddAttributeError(path.Root("name"), e.Summary, detail)
}
