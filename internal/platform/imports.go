package platform

import (
	"context"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// An import reads what its ID names before it sets the state, so that an
// ID the platform does not answer fails in the provider's words.

// importFound checks the answer to the read that an import makes of the
// object its ID names, id, once the ID is well formed: so that an ID the
// platform does not answer fails the import in the provider's words,
// which say that the token may be why, rather than in Terraform's
// "non-existent remote object". It reports whether the object was found.
func importFound(diags *diag.Diagnostics, object, id string, err error) bool {
	return importFoundAs(diags, object, object, id, err)
}

// importFoundAs is importFound for an import of object whose ID names
// another object, named: the workspace of a workspace's settings.
func importFoundAs(diags *diag.Diagnostics, object, named, id string, err error) bool {
	switch {
	case err == nil:
		return true
	case client.IsNotFound(err):
		importNotFound(diags, object, named, id, fmt.Sprintf("Server said: %s", err))
	default:
		fwutil.AddAPIError(diags, "Cannot import the "+object, err)
	}
	return false
}

// importNotFound fails the import of object, whose ID, id, names a named
// that the platform did not answer: why says what it answered instead,
// such as a list without it.
func importNotFound(diags *diag.Diagnostics, object, named, id, why string) {
	diags.AddError("Cannot import the "+object, fmt.Sprintf(
		"The platform has no %s %q, or the provider's token may not see it.\n\n%s", named, id, why))
}

// workspaceIDForms are the import IDs of a workspace and of what a
// workspace's ID identifies (its settings): the workspace's ID, or its
// organization and name.
var workspaceIDForms = []fwutil.IDForm{
	{
		Says:  "its ID, ws- and 16 characters of the base58 alphabet",
		Parts: []fwutil.IDPart{{Label: "<WORKSPACE ID>", Match: isWorkspaceID}},
	},
	{Parts: []fwutil.IDPart{{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString}, {Label: "<WORKSPACE NAME>", Match: workspaceNameRe.MatchString}}},
}

// isWorkspaceID says whether s is a workspace's ID.
func isWorkspaceID(s string) bool { return platformclient.IsID(platformclient.PrefixWorkspace, s) }

// workspaceNameRe matches a workspace's name.
var workspaceNameRe = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// importWorkspace reads the workspace that id, in one of
// workspaceIDForms, names, to learn its ID and so that a workspace the
// platform does not answer fails the import of object, the workspace or
// its settings, in the provider's words. force_delete, which the platform
// does not keep, is imported at its default by the workspace's Import, so
// that the plan after an import of a configuration that leaves it out or
// sets it false is empty.
func importWorkspace(ctx context.Context, c *platformclient.Client, object string, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	var got *platformclient.Workspace
	var err error
	if p := id.Parts; len(p) == 2 {
		got, err = c.Workspaces.Read(ctx, p[0], p[1], platformclient.WorkspaceReadOptions{})
	} else {
		got, err = c.Workspaces.ReadByID(ctx, p[0], platformclient.WorkspaceReadOptions{})
	}
	if !importFoundAs(diags, object, "workspace", id.String(), err) {
		return
	}
	diags.Append(state.SetAttribute(ctx, path.Root("id"), got.ID)...)
}

// importByIDOrName reads the object that an import ID names by its ID
// (its grammar's first form) with read, or by <ORGANIZATION>/<NAME> (its
// second) with importByName.
func importByIDOrName[T any](ctx context.Context, id fwutil.ParsedID, object string, state *tfsdk.State, diags *diag.Diagnostics,
	read func(ctx context.Context, id string) (*T, error), find func(ctx context.Context, org, name string) (*T, error), idOf func(*T) string,
) {
	if id.Form == 0 {
		_, err := read(ctx, id.String())
		importFound(diags, object, id.String(), err)
		return
	}
	importByName(ctx, id, object, state, diags, find, idOf)
}

// importByName finds the object that an import ID's <ORGANIZATION>/<NAME>
// names with find (a search of the organization's objects of its kind,
// the name in any case, as the platform keeps their names unique in any
// case), and sets its ID (idOf): none fails naming the organization and
// the name.
func importByName[T any](ctx context.Context, id fwutil.ParsedID, object string, state *tfsdk.State, diags *diag.Diagnostics,
	find func(ctx context.Context, org, name string) (*T, error), idOf func(*T) string,
) {
	org, name := id.Parts[0], id.Parts[1]
	found, err := find(ctx, org, name)
	switch {
	case client.IsNotFound(err):
		importNotFound(diags, object, object, id.String(), fmt.Sprintf("The organization %q has no %s named %q, in any case, that the token may see.", org, object, name))
		return
	case !importFound(diags, object, id.String(), err):
		return
	}
	diags.Append(state.SetAttribute(ctx, path.Root("id"), idOf(found))...)
}
