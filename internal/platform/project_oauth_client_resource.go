package platform

import (
	"context"
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// projectOAuthClientModel is an OAuth client attached to a project.
type projectOAuthClientModel struct {
	ID            types.String `tfsdk:"id"`
	OAuthClientID types.String `tfsdk:"oauth_client_id"`
	ProjectID     types.String `tfsdk:"project_id"`
}

func isProjectID(s string) bool { return platformclient.IsID(platformclient.PrefixProject, s) }

// NewProjectOAuthClientResource is the constructor of
// stack_platform_project_oauth_client. Attaching twice is the same as
// once: the platform refuses nothing that a create could take over.
var NewProjectOAuthClientResource = newAttachmentResource(attachment[projectOAuthClientModel]{
	typeName: "platform_project_oauth_client",
	object:   "project OAuth client",
	twins:    []fwutil.Twin{tfeProjectOAuthClient},
	of:       "an OAuth client's attachment to a project",
	description: "Attaches an OAuth client of the platform to a project, so that the project's workspaces may use it when the client is not " +
		"`organization_scoped`. Every argument replaces the attachment; one removed outside Terraform is planned again. " +
		"The import ID is `<OAUTH CLIENT ID>/<PROJECT ID>`, such as `oc-6p5RiCe5CRjBmsGt/prj-7q6SjDf6DSkCntHu`, or " +
		"`<ORGANIZATION>/<PROJECT ID>/<OAUTH CLIENT NAME>`.",
	idDescription: "The attachment's ID: `<OAUTH CLIENT ID>/<PROJECT ID>`.",
	id:            func(m *projectOAuthClientModel) *types.String { return &m.ID },
	parent: attachmentEnd[projectOAuthClientModel]{
		attr: "oauth_client_id", label: "<OAUTH CLIENT ID>", prefix: platformclient.PrefixOAuthClient, kind: "an OAuth client",
		description: "ID of the OAuth client, `oc-` and 16 characters. Changing it replaces the attachment.",
		field:       func(m *projectOAuthClientModel) *types.String { return &m.OAuthClientID },
	},
	members: []attachmentMember[projectOAuthClientModel]{{
		attachmentEnd: attachmentEnd[projectOAuthClientModel]{
			attr: "project_id", label: "<PROJECT ID>", prefix: platformclient.PrefixProject, kind: "a project",
			description: "ID of the project, `prj-` and 16 characters, of the client's organization. Changing it replaces the attachment.",
			field:       func(m *projectOAuthClientModel) *types.String { return &m.ProjectID },
		},
		// One read: the client, whose projects the answer names.
		attached: func(ctx context.Context, c *platformclient.Client, clientID, projectID string) (bool, error) {
			oc, err := c.OAuthClients.Read(ctx, clientID)
			if err != nil {
				return false, err
			}
			return hasProject(oc, projectID), nil
		},
		add: func(ctx context.Context, c *platformclient.Client, clientID, projectID string) error {
			return c.OAuthClients.AddProjects(ctx, clientID, []string{projectID})
		},
		remove: func(ctx context.Context, c *platformclient.Client, clientID, projectID string) error {
			return c.OAuthClients.RemoveProjects(ctx, clientID, []string{projectID})
		},
	}},
	notAttached: projectOAuthClientNotAttached,
	forms: []attachmentForm{{
		IDForm: fwutil.IDForm{Parts: []fwutil.IDPart{
			{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString},
			{Label: "<PROJECT ID>", Attr: "project_id", Match: isProjectID},
			{Label: "<OAUTH CLIENT NAME>"},
		}},
		find: findProjectOAuthClient,
	}},
})

// hasProject reports whether the client is attached to the project.
func hasProject(oc *platformclient.OAuthClient, project string) bool {
	return slices.ContainsFunc(oc.Projects, func(p *platformclient.Project) bool { return p != nil && p.ID == project })
}

func projectOAuthClientNotAttached(diags *diag.Diagnostics, _ fwutil.ParsedID, clientID, projectID string) {
	diags.AddError("Cannot import the project OAuth client", fmt.Sprintf("The OAuth client %s is not attached to the project %s.", clientID, projectID))
}

// findProjectOAuthClient finds the client that
// <ORGANIZATION>/<PROJECT ID>/<OAUTH CLIENT NAME> names, by its name in
// the organization (exactly, in its case; the first of that name), and
// checks that it is attached to the project.
func findProjectOAuthClient(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, diags *diag.Diagnostics) (clientID, projectID string, checked bool) {
	org, projectID, name := id.Parts[0], id.Parts[1], id.Parts[2]
	list, err := c.OAuthClients.List(ctx, org)
	if !importFoundAs(diags, "project OAuth client", "organization", org, err) {
		return
	}
	i := slices.IndexFunc(list.Items, func(o *platformclient.OAuthClient) bool { return o.Name != nil && *o.Name == name })
	if i < 0 {
		importNotFound(diags, "project OAuth client", "OAuth client", name, fmt.Sprintf(
			"The organization %q has no OAuth client named %q that the token may see: the name is compared exactly, in its case.", org, name))
		return
	}
	oc := list.Items[i]
	if !hasProject(oc, projectID) {
		projectOAuthClientNotAttached(diags, id, oc.ID, projectID)
	}
	return oc.ID, projectID, true
}
