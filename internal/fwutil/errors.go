package fwutil

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

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

// Failure is an error that a call words itself, for a refusal the
// practitioner must act on; the lifecycle shows it as it is.
type Failure struct {
	Summary, Detail string
	// Path, when set, is the attribute the error belongs to.
	Path path.Path
}

func (f *Failure) Error() string { return f.Summary + ": " + f.Detail }

// ErrGone is what a Read returns when the server's answer shows that the
// object is gone without a 404, such as a status that says it is being
// removed: the resource leaves the state, as on a 404.
var ErrGone = errors.New("the object is gone")

// Exists is the error of a create that found the object in place, such as
// a server that overwrote an existing object instead of refusing;
// ServerSaid, if any, is shown with it. Name is the object's name when
// its import ID is another, such as a generated ID that the create looked
// up after the server's refusal.
type Exists struct {
	ServerSaid error
	Name       string
}

func (e *Exists) Error() string {
	if e.ServerSaid == nil {
		return "the object already exists"
	}
	return "the object already exists: " + e.ServerSaid.Error()
}

// addCallError shows a failed call: in its own words when it is a
// Failure, else as an API error under summary.
func addCallError(diags *diag.Diagnostics, summary string, err error) {
	var f *Failure
	switch {
	case errors.As(err, &f) && !f.Path.Equal(path.Empty()):
		diags.AddAttributeError(f.Path, f.Summary, f.Detail)
	case errors.As(err, &f):
		diags.AddError(f.Summary, f.Detail)
	default:
		AddAPIError(diags, summary, err)
	}
}

// addExists reports the object that a create found in place, e, with
// the import ID that the resource's Import prints of m.
func (r *lifecycle[M, C]) addExists(ctx context.Context, diags *diag.Diagnostics, plan tfsdk.Plan, m *M, e *Exists) {
	found := foundInPlace{Object: r.def.Object, Name: e.Name}
	switch imp := r.def.Import; {
	case imp == nil:
		// The import ID is the name, which a create does not change.
		var name types.String
		_ = plan.GetAttribute(ctx, path.Root("name"), &name)
		found.ImportID = name.ValueString()
	case imp.Print != nil:
		found.ImportID = imp.Print(m)
	}
	found.add(diags, e.ServerSaid)
}

// foundInPlace is an object that a create found in place under the
// name it was to create, with the ID that imports it: what its error
// says.
type foundInPlace struct {
	// Object is the object's kind, such as "cloudone-sm destination".
	Object string
	// Name is the object's name; empty when it is ImportID.
	Name string
	// ImportID is the ID that imports it.
	ImportID string
}

// add reports the object as already existing, on the name attribute,
// with the server's own refusal when there is one.
func (e foundInPlace) add(diags *diag.Diagnostics, serverSaid error) {
	object := UpperFirst(WithArticle(e.Object))
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
		detail = fmt.Sprintf("%s like this one already exists, and Terraform will not take over an object it did not create. "+
			"If another resource of this configuration describes the same object, it may be the one that created it: remove one of them. "+
			"Otherwise, to manage it with Terraform, import it: the resource's documentation gives its import ID.", object)
	case e.ImportID == "":
		detail = fmt.Sprintf("%s named %q already exists, and Terraform will not take over an object it did not create. %s"+
			"Otherwise, to manage it with Terraform, import it: the resource's documentation gives its import ID.", object, name, sameConfig)
	default:
		detail = fmt.Sprintf("%s named %q already exists, and Terraform will not take over an object it did not create. %s"+
			"Otherwise, to manage it with Terraform, import it: `terraform import <resource address> %s`, or an `import { to = <resource address>, id = %q }` block.",
			object, name, sameConfig, e.ImportID, e.ImportID)
	}
	// An apply killed while a create was in flight (or whose server
	// restarted) cannot have recorded what the server made: the next one
	// finds it here, and adopting it by its name alone could take over
	// another owner's object that looks the same.
	detail += " An apply that was killed, or lost its server, while it created objects may have made this one without recording it: if so, import it too."
	if serverSaid != nil {
		detail += "\n\nServer said: " + serverSaid.Error()
	}
	diags.AddAttributeError(path.Root("name"), UpperFirst(e.Object)+" already exists", detail)
}
