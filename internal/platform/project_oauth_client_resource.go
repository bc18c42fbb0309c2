package platform

import (
	"context"
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
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
// stack_platform_project_oauth_client.
var NewProjectOAuthClientResource = fwutil.NewResource(&fwutil.Resource[projectOAuthClientModel, *platformclient.Client]{
	TypeName: "platform_project_oauth_client",
	Service:  platformclient.Service,
	Object:   "project OAuth client",
	Schema:   projectOAuthClientSchema,
	Import: &fwutil.Import[projectOAuthClientModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Of: "an OAuth client's attachment to a project", Forms: []fwutil.IDForm{
			{Parts: []fwutil.IDPart{
				{Label: "<OAUTH CLIENT ID>", Attr: "oauth_client_id", Match: func(s string) bool {
					return platformclient.IsID(platformclient.PrefixOAuthClient, s)
				}},
				{Label: "<PROJECT ID>", Attr: "project_id", Match: isProjectID},
			}},
			{Parts: []fwutil.IDPart{
				{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString},
				{Label: "<PROJECT ID>", Attr: "project_id", Match: isProjectID},
				{Label: "<OAUTH CLIENT NAME>"},
			}},
		}},
		Print: func(m *projectOAuthClientModel) string { return m.ID.ValueString() },
		Read:  importProjectOAuthClient,
	},
	// Attaching twice is the same as once: the platform refuses nothing
	// that a create could take over.
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *projectOAuthClientModel) error {
		err := op.Client.OAuthClients.AddProjects(ctx, m.OAuthClientID.ValueString(), []string{m.ProjectID.ValueString()})
		m.ID = types.StringValue(m.OAuthClientID.ValueString() + "/" + m.ProjectID.ValueString())
		return err
	},
	// One read: the client, whose projects the answer names.
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *projectOAuthClientModel) error {
		oc, err := op.Client.OAuthClients.Read(ctx, m.OAuthClientID.ValueString())
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(oc.Projects, func(p *platformclient.Project) bool { return p != nil && p.ID == m.ProjectID.ValueString() }) {
			return fwutil.ErrGone
		}
		m.ID = types.StringValue(oc.ID + "/" + m.ProjectID.ValueString())
		return nil
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *projectOAuthClientModel) error {
		return op.Client.OAuthClients.RemoveProjects(ctx, m.OAuthClientID.ValueString(), []string{m.ProjectID.ValueString()})
	},
})

func projectOAuthClientSchema(context.Context) schema.Schema {
	replace := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	return schema.Schema{
		Description: "Attaches an OAuth client of the platform to a project, so that the project's workspaces may use it when the client is not " +
			"`organization_scoped`. Every argument replaces the attachment; one removed outside Terraform is planned again. " +
			"The import ID is `<OAUTH CLIENT ID>/<PROJECT ID>`, such as `oc-6p5RiCe5CRjBmsGt/prj-7q6SjDf6DSkCntHu`, or " +
			"`<ORGANIZATION>/<PROJECT ID>/<OAUTH CLIENT NAME>`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The attachment's ID: `<OAUTH CLIENT ID>/<PROJECT ID>`.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"oauth_client_id": schema.StringAttribute{
				Required:      true,
				Description:   "ID of the OAuth client, `oc-` and 16 characters. Changing it replaces the attachment.",
				Validators:    []validator.String{idValidator(platformclient.PrefixOAuthClient, "an OAuth client")},
				PlanModifiers: replace,
			},
			"project_id": schema.StringAttribute{
				Required:      true,
				Description:   "ID of the project, `prj-` and 16 characters, of the client's organization. Changing it replaces the attachment.",
				Validators:    []validator.String{idValidator(platformclient.PrefixProject, "a project")},
				PlanModifiers: replace,
			},
		},
	}
}

// importProjectOAuthClient finds the client that id names, by its ID or
// by its name in the organization (exactly, in its case; the first of
// that name), and checks that it is attached to the project.
func importProjectOAuthClient(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	parts := id.Parts
	var oc *platformclient.OAuthClient
	if len(parts) == 2 {
		got, err := c.OAuthClients.Read(ctx, parts[0])
		if !importFoundAs(diags, "project OAuth client", "OAuth client", parts[0], err) {
			return
		}
		oc = got
	} else {
		list, err := c.OAuthClients.List(ctx, parts[0])
		if !importFoundAs(diags, "project OAuth client", "organization", parts[0], err) {
			return
		}
		for _, o := range list.Items {
			if o.Name != nil && *o.Name == parts[2] {
				oc = o
				break
			}
		}
		if oc == nil {
			importNotFound(diags, "project OAuth client", "OAuth client", parts[2], fmt.Sprintf(
				"The organization %q has no OAuth client named %q that the token may see: the name is compared exactly, in its case.", parts[0], parts[2]))
			return
		}
		diags.Append(state.SetAttribute(ctx, path.Root("oauth_client_id"), oc.ID)...)
	}
	project := parts[1]
	if !slices.ContainsFunc(oc.Projects, func(p *platformclient.Project) bool { return p != nil && p.ID == project }) {
		diags.AddError("Cannot import the project OAuth client", fmt.Sprintf("The OAuth client %s is not attached to the project %s.", oc.ID, project))
		return
	}
	diags.Append(state.SetAttribute(ctx, path.Root("id"), oc.ID+"/"+project)...)
}
