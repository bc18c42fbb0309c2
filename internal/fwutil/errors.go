package fwutil

import (
	"errors"
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
	var e *client.Error
	if !errors.As(err, &e) || (e.StatusCode != http.StatusUnauthorized && e.StatusCode != http.StatusForbidden) {
		return detail
	}
	who, where := "The server", "the token of the service's block, or its STACK_<SERVICE>_TOKEN variable"
	if e.Service != "" {
		who = "The " + e.Service
	}
	if e.TokenSetting != "" {
		where = e.TokenSetting
	}
	return detail + "\n\n" + who + " refused the provider's token: it is missing or unknown, or lacks the permission this request needs " +
		"(the provider's documentation says which token each service needs). Check " + where + "."
}

// Existing describes, for its error, an object that a create found in
// place under the name it was to create.
type Existing struct {
	// Object is the object's kind, such as "cloudone-sm destination".
	Object string
	// Name is the object's name; empty when it is ImportID.
	Name string
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
	name := e.Name
	if name == "" {
		name = e.ImportID
	}
	// The object may be another block's of the same configuration, created
	// a moment ago by the same apply: importing it would then give one
	// object two owners.
	sameConfig := "If another resource of this configuration has the same name, it may be the one that created it: give one of them another name. "
	var detail string
	switch {
	case e.ImportID == "" && name == "":
		detail = fmt.Sprintf("%s %s like this one already exists, and Terraform will not take over an object it did not create. "+
			"If another resource of this configuration describes the same object, it may be the one that created it: remove one of them. "+
			"Otherwise, to manage it with Terraform, import it: the resource's documentation gives its import ID.", article, e.Object)
	case e.ImportID == "":
		detail = fmt.Sprintf("%s %s named %q already exists, and Terraform will not take over an object it did not create. %s"+
			"Otherwise, to manage it with Terraform, import it: the resource's documentation gives its import ID.", article, e.Object, name, sameConfig)
	default:
		detail = fmt.Sprintf("%s %s named %q already exists, and Terraform will not take over an object it did not create. %s"+
			"Otherwise, to manage it with Terraform, import it: `terraform import <resource address> %s`, or an `import { to = <resource address>, id = %q }` block.",
			article, e.Object, name, sameConfig, e.ImportID, e.ImportID)
	}
	if serverSaid != nil {
		detail += "\n\nServer said: " + serverSaid.Error()
	}
	diags.AddAttributeError(path.Root("name"), upperFirst(e.Object)+" already exists", detail)
}

// upperFirst starts s, an object's kind, with a capital, for a summary.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
