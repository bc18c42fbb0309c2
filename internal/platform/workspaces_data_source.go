package platform

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

type workspacesDataSourceModel struct {
	Organization types.String         `tfsdk:"organization"`
	Search       types.String         `tfsdk:"search"`
	Tags         types.Set            `tfsdk:"tags"`
	ExcludeTags  types.Set            `tfsdk:"exclude_tags"`
	ProjectID    types.String         `tfsdk:"project_id"`
	Sort         types.String         `tfsdk:"sort"`
	Workspaces   []workspaceDataModel `tfsdk:"workspaces"`
	IDs          types.List           `tfsdk:"ids"`
	Names        types.List           `tfsdk:"names"`
}

// NewWorkspacesDataSource is the constructor of the
// stack_platform_workspaces data source.
var NewWorkspacesDataSource = fwutil.NewDataSource(&fwutil.DataSource[workspacesDataSourceModel, *platformclient.Client]{
	TypeName: "platform_workspaces",
	Service:  platformclient.Service,
	Schema:   workspacesDataSourceSchema,
	Read:     readWorkspacesDataSource,
})

func workspacesDataSourceSchema(ctx context.Context) schema.Schema {
	tagSet := func(description string) schema.SetAttribute {
		return schema.SetAttribute{
			Optional: true, ElementType: types.StringType,
			Description: description + " " + tagNameRule,
			Validators: []validator.Set{
				setvalidator.SizeAtLeast(1),
				setvalidator.ValueStringsAre(stringvalidator.LengthAtMost(255), stringvalidator.RegexMatches(tagNameRe,
					"must be lower-case letters, digits, ':', '-' and '_', starting and ending with a letter or a digit")),
			},
		}
	}
	names := func(description string) schema.ListAttribute {
		return schema.ListAttribute{Computed: true, ElementType: types.StringType, Description: description}
	}
	return schema.Schema{
		Description: "Lists the workspaces of an organization of the platform that the token may see, with their tags, all of them or those that the filters keep; " +
			"the filters combine, each narrowing the list. " +
			fmt.Sprintf("The list is read whole, %d workspaces a request, the most the platform serves.", platformclient.PageSize),
		Attributes: map[string]schema.Attribute{
			"organization": organizationDataSourceAttribute("whose workspaces are listed"),
			"search":       searchAttribute("workspaces"),
			"tags":         tagSet("When set, only the workspaces that have every one of these flat tags."),
			"exclude_tags": tagSet("When set, only the workspaces that have none of these flat tags."),
			"project_id": schema.StringAttribute{
				Optional:    true,
				Description: "When set, only the workspaces of this project, `prj-` and 16 characters.",
				Validators:  []validator.String{idValidator(platformclient.PrefixProject, "a project")},
			},
			"sort": schema.StringAttribute{
				Optional: true,
				Description: "Order of the list: `name` (by name) or `current-run.created-at` (by when their current runs started, " +
					"those without a run last), `-` before either reversing it. Not set, by name.",
				Validators: []validator.String{stringvalidator.OneOf("name", "-name", "current-run.created-at", "-current-run.created-at")},
			},
			"workspaces": schema.ListNestedAttribute{
				Computed:     true,
				Description:  "The workspaces, in the order `sort` asks for.",
				NestedObject: schema.NestedAttributeObject{Attributes: workspaceAttributes(ctx)},
			},
			"ids":   names("The IDs of the workspaces, in the order of `workspaces`."),
			"names": names("The names of the workspaces, in the order of `workspaces`."),
		},
	}
}

func readWorkspacesDataSource(ctx context.Context, c *platformclient.Client, m *workspacesDataSourceModel, diags *diag.Diagnostics) {
	opts := platformclient.WorkspaceListOptions{
		Search:      m.Search.ValueString(),
		Tags:        strings.Join(sortedStrings(ctx, m.Tags, diags), ","),
		ExcludeTags: strings.Join(sortedStrings(ctx, m.ExcludeTags, diags), ","),
		ProjectID:   m.ProjectID.ValueString(),
		Sort:        m.Sort.ValueString(),
		Include:     workspaceIncludes,
	}
	if diags.HasError() {
		return
	}
	found, ok := listOfOrganization(c, &m.Organization, "workspaces", diags, func(org string) (*platformclient.WorkspaceList, error) {
		return c.Workspaces.List(ctx, org, opts)
	})
	if !ok {
		return
	}
	m.Workspaces = make([]workspaceDataModel, len(found))
	ids, names := make([]string, len(found)), make([]string, len(found))
	for i, ws := range found {
		modelFromWorkspaceData(&m.Workspaces[i], ws, diags)
		ids[i], names[i] = ws.ID, ws.Name
	}
	m.IDs = stringList(ids)
	m.Names = stringList(names)
}
