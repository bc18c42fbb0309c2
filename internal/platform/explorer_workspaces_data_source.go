package platform

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// explorerWorkspacesModel is the explorer's workspaces view of an
// organization.
type explorerWorkspacesModel struct {
	Organization    types.String             `tfsdk:"organization"`
	Search          types.String             `tfsdk:"search"`
	CurrentRUMCount types.Int64              `tfsdk:"current_rum_count"`
	Workspaces      []explorerWorkspaceModel `tfsdk:"workspaces"`
}

// explorerWorkspaceModel is one workspace of the view.
type explorerWorkspaceModel struct {
	ID                    types.String      `tfsdk:"id"`
	Name                  types.String      `tfsdk:"name"`
	ProjectID             types.String      `tfsdk:"project_id"`
	ProjectName           types.String      `tfsdk:"project_name"`
	CurrentRUMCount       types.Int64       `tfsdk:"current_rum_count"`
	TerraformVersion      types.String      `tfsdk:"terraform_version"`
	StateTerraformVersion types.String      `tfsdk:"state_terraform_version"`
	VCSRepoIdentifier     types.String      `tfsdk:"vcs_repo_identifier"`
	Providers             types.List        `tfsdk:"providers"`
	Modules               types.List        `tfsdk:"modules"`
	TagNames              types.List        `tfsdk:"tag_names"`
	Drifted               types.Bool        `tfsdk:"drifted"`
	CurrentRunStatus      types.String      `tfsdk:"current_run_status"`
	CreatedAt             timetypes.RFC3339 `tfsdk:"created_at"`
	UpdatedAt             timetypes.RFC3339 `tfsdk:"updated_at"`
}

// NewExplorerWorkspacesDataSource is the constructor of the
// stack_platform_explorer_workspaces data source.
var NewExplorerWorkspacesDataSource = fwutil.NewDataSource(&fwutil.DataSource[explorerWorkspacesModel, *platformclient.Client]{
	TypeName: "platform_explorer_workspaces",
	Service:  platformclient.Service,
	Schema:   explorerWorkspacesDataSourceSchema,
	Read:     readExplorerWorkspaces,
})

func explorerWorkspacesDataSourceSchema(context.Context) schema.Schema {
	str := func(description string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, Description: description}
	}
	list := func(description string) schema.ListAttribute {
		return schema.ListAttribute{Computed: true, ElementType: types.StringType, Description: description}
	}
	return schema.Schema{
		Description: "Reads the workspaces of an organization as the platform's explorer shows them, with their resources under management " +
			"(`current_rum_count`, what the platform bills), the providers and modules of their states, and what their runs and health assessments found. " +
			"The explorer answers only the organization's owners, its token, and teams that may read every workspace or every project; " +
			"to any other token, the read fails as for an organization it may not see. " +
			fmt.Sprintf("The view is read whole, %d workspaces a request. ", platformclient.PageSize) +
			"The explorer's data may lag a moment behind the workspaces' changes.",
		Attributes: map[string]schema.Attribute{
			"organization": organizationDataSourceAttribute("whose workspaces are read"),
			"search":       searchAttribute("workspaces"),
			"current_rum_count": schema.Int64Attribute{
				Computed:    true,
				Description: "The resources under management of every workspace read, added up.",
			},
			"workspaces": schema.ListNestedAttribute{
				Computed:    true,
				Description: "The workspaces, by name.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":           str("The workspace's ID, `ws-` and 16 characters."),
					"name":         str("The workspace's name."),
					"project_id":   str("ID of the workspace's project, `prj-` and 16 characters."),
					"project_name": str("Name of the workspace's project."),
					"current_rum_count": schema.Int64Attribute{
						Computed:    true,
						Description: "The resources under management of the workspace's current state: its managed resources' instances, which the platform bills; 0 without a state.",
					},
					"terraform_version":       str("The Terraform version the workspace's runs use, or its constraint."),
					"state_terraform_version": str("The Terraform version that wrote the workspace's current state; null without a state."),
					"vcs_repo_identifier":     str("The repository the workspace is connected to, such as `acme/network`; null without one."),
					"providers":               list("The providers of the workspace's current state, by source address (`hashicorp/aws`); empty without a state."),
					"modules":                 list("The modules of the workspace's current state, by address (`module.db`); empty without a state or modules."),
					"tag_names":               list("The workspace's flat tags."),
					"drifted": schema.BoolAttribute{
						Computed:    true,
						Description: "Whether the workspace's last health assessment found its resources drifted from its configuration; null without an assessment.",
					},
					"current_run_status": str("The status of the workspace's current run, such as `applied`; null without a run."),
					"created_at":         schema.StringAttribute{Computed: true, CustomType: timetypes.RFC3339Type{}, Description: "When the workspace was made, RFC 3339."},
					"updated_at":         schema.StringAttribute{Computed: true, CustomType: timetypes.RFC3339Type{}, Description: "When the workspace last changed, RFC 3339."},
				}},
			},
		},
	}
}

func readExplorerWorkspaces(ctx context.Context, c *platformclient.Client, m *explorerWorkspacesModel, diags *diag.Diagnostics) {
	var filters []platformclient.ExplorerFilter
	if !m.Search.IsNull() {
		filters = append(filters, platformclient.ExplorerFilter{Field: "workspace_name", Operator: "contains", Values: []string{m.Search.ValueString()}})
	}
	found, ok := listOfOrganization(c, &m.Organization, "workspaces, as the explorer shows them,", diags, func(org string) (*platformclient.ExplorerWorkspaceList, error) {
		return c.Explorer.Workspaces(ctx, org, filters...)
	})
	if !ok {
		return
	}
	total := 0
	m.Workspaces = make([]explorerWorkspaceModel, len(found))
	for i, w := range found {
		modelFromExplorerWorkspace(&m.Workspaces[i], w)
		total += w.CurrentRUMCount
	}
	m.CurrentRUMCount = types.Int64Value(int64(total))
}

// modelFromExplorerWorkspace maps a row of the workspaces view.
func modelFromExplorerWorkspace(m *explorerWorkspaceModel, w *platformclient.ExplorerWorkspace) {
	orNull := func(s string) types.String {
		if s == "" {
			return types.StringNull()
		}
		return types.StringValue(s)
	}
	m.ID, m.Name = types.StringValue(w.ID), types.StringValue(w.WorkspaceName)
	m.ProjectID, m.ProjectName = types.StringValue(w.ProjectID), types.StringValue(w.ProjectName)
	m.CurrentRUMCount = types.Int64Value(int64(w.CurrentRUMCount))
	m.TerraformVersion, m.StateTerraformVersion = types.StringValue(w.WorkspaceTerraformVersion), orNull(w.StateVersionTerraformVersion)
	m.VCSRepoIdentifier, m.CurrentRunStatus = orNull(w.VCSRepoIdentifier), orNull(w.CurrentRunStatus)
	m.Providers, m.Modules, m.TagNames = fwutil.StringListValue(commaSeparated(w.Providers)), fwutil.StringListValue(commaSeparated(w.Modules)), fwutil.StringListValue(commaSeparated(w.Tags))
	m.Drifted = types.BoolPointerValue(w.Drifted)
	m.CreatedAt = timeFromAPI(timetypes.NewRFC3339Null(), w.WorkspaceCreatedAt, time.RFC3339)
	m.UpdatedAt = timeFromAPI(timetypes.NewRFC3339Null(), w.WorkspaceUpdatedAt, time.RFC3339)
}

// commaSeparated splits a list the explorer answers as text.
func commaSeparated(s string) []string {
	out := []string{}
	for item := range strings.SplitSeq(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}
