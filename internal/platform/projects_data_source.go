package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

type projectsDataSourceModel struct {
	Organization types.String       `tfsdk:"organization"`
	Names        types.List         `tfsdk:"names"`
	Sort         types.String       `tfsdk:"sort"`
	Projects     []projectDataModel `tfsdk:"projects"`
}

// NewProjectsDataSource is the constructor of the stack_platform_projects
// data source.
var NewProjectsDataSource = fwutil.NewDataSource(&fwutil.DataSource[projectsDataSourceModel, *platformclient.Client]{
	TypeName: "platform_projects",
	Service:  platformclient.Service,
	Schema:   projectsDataSourceSchema,
	Read:     readProjectsDataSource,
})

func projectsDataSourceSchema(ctx context.Context) schema.Schema {
	return schema.Schema{
		Description: "Lists the projects of an organization of the platform that the token may see, with their tag bindings, all of them or those of the given names. " +
			fmt.Sprintf("The list is read whole, %d projects a request, the most the platform serves.", platformclient.PageSize),
		Attributes: map[string]schema.Attribute{
			"organization": organizationDataSourceAttribute("whose projects are listed"),
			"names": schema.ListAttribute{
				Optional: true, ElementType: types.StringType,
				Description: "When set, only the projects of these names are listed, each compared exactly, in its case; a name no project has is no error. " + projectNameRule,
				Validators: []validator.List{
					listvalidator.SizeAtLeast(1),
					listvalidator.ValueStringsAre(projectNameValidators()...),
				},
			},
			"sort": schema.StringAttribute{
				Optional: true,
				Description: "Order of the list: `name` (by name, in any case) or `-name` (the reverse). " +
					"Not set, the platform's order, which is by name too.",
				Validators: []validator.String{stringvalidator.OneOf("name", "-name")},
			},
			"projects": schema.ListNestedAttribute{
				Computed:     true,
				Description:  "The projects, in the order `sort` asks for.",
				NestedObject: schema.NestedAttributeObject{Attributes: projectAttributes(ctx)},
			},
		},
	}
}

func readProjectsDataSource(ctx context.Context, c *platformclient.Client, m *projectsDataSourceModel, diags *diag.Diagnostics) {
	names := fwutil.Strings(ctx, m.Names, diags)
	if diags.HasError() {
		return
	}
	found, ok := listOfOrganization(c, &m.Organization, "projects", diags, func(org string) (*platformclient.ProjectList, error) {
		return c.Projects.List(ctx, org, platformclient.ProjectListOptions{Names: names, Sort: m.Sort.ValueString(), Include: projectIncludes})
	})
	if !ok {
		return
	}
	m.Projects = make([]projectDataModel, len(found))
	for i, p := range found {
		modelFromProjectData(&m.Projects[i], p)
	}
}
