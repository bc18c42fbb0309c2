package fwutil

import (
	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// AddAPIError reports a failed API call. The client's typed error already
// reads "METHOD PATH: STATUS: server message", which is what a practitioner
// needs to act, so it is passed through whole.
func AddAPIError(diags *diag.Diagnostics, summary string, err error) {
	diags.AddError(summary, err.Error())
}
