package platform

import (
	"context"
	"fmt"
	"net/http"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// projectModel is a project, for the resource and the data sources alike.
type projectModel struct {
	ID                          types.String `tfsdk:"id"`
	Organization                types.String `tfsdk:"organization"`
	Name                        types.String `tfsdk:"name"`
	Description                 types.String `tfsdk:"description"`
	AutoDestroyActivityDuration types.String `tfsdk:"auto_destroy_activity_duration"`
	TagBindings                 types.Map    `tfsdk:"tag_bindings"`
}

// The rules of a project's values, as the descriptions state them.
const (
	projectNameRule = "A project's name has 3 to 40 characters: letters, digits, spaces, `-` and `_`, not starting or ending with a space; " +
		"it is unique in its organization, in any case."
	maxDescription = 256
)

var projectNameRe = regexp.MustCompile(`^[A-Za-z0-9_-](?:[A-Za-z0-9_ -]*[A-Za-z0-9_-])?$`)

func projectNameValidators() []validator.String {
	return []validator.String{
		stringvalidator.LengthBetween(3, 40),
		stringvalidator.RegexMatches(projectNameRe, "must be letters, digits, spaces, '-' and '_', not starting or ending with a space"),
	}
}

// NewProjectResource is the constructor of stack_platform_project.
var NewProjectResource = fwutil.NewResource(&fwutil.Resource[projectModel, *platformclient.Client]{
	TypeName: "platform_project",
	Service:  platformclient.Service,
	Object:   "project",
	Schema:   projectSchema,
	Twins:    []fwutil.Twin{tfeProject},
	Plan: &fwutil.Plan[projectModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
	},
	// Its identity is its organization and name, unique in the
	// organization in any case; a rename changes it.
	Identity: &fwutil.Identity{Attrs: []string{"organization", "name"}, Mutable: true},
	Import: &fwutil.Import[projectModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{
			{
				Says:  "its ID, prj- and 16 characters of the base58 alphabet",
				Parts: []fwutil.IDPart{{Label: "<PROJECT ID>", Attr: "id", Match: func(s string) bool { return platformclient.IsID(platformclient.PrefixProject, s) }}},
			},
			{Parts: []fwutil.IDPart{
				{Label: "<ORGANIZATION>", Attr: "organization", Match: organizationNameRe.MatchString},
				{Label: "<PROJECT NAME>", Match: projectNameRe.MatchString},
			}},
		}},
		Print: func(m *projectModel) string { return m.ID.ValueString() },
		Read: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
			importByIDOrName(ctx, id, "project", state, diags, func(ctx context.Context, id string) (*platformclient.Project, error) {
				return c.Projects.Read(ctx, id, platformclient.ProjectReadOptions{})
			}, c.Projects.ReadByName, func(o *platformclient.Project) string { return o.ID })
		},
	},
	Conflict: &fwutil.Conflict[projectModel, *platformclient.Client]{
		// The search (q) matches in any case, where filter[names] is exact.
		Lookup: func(ctx context.Context, c *platformclient.Client, m *projectModel) error {
			return lookupByName(ctx, m.Name.ValueString(), &m.ID,
				func(ctx context.Context, name string) (*platformclient.ProjectList, error) {
					return c.Projects.List(ctx, m.Organization.ValueString(), platformclient.ProjectListOptions{Query: name})
				},
				func(o *platformclient.Project) (string, string) { return o.Name, o.ID })
		},
	},
	Create: createProject,
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *projectModel) error {
		got, err := op.Client.Projects.Read(ctx, m.ID.ValueString(), platformclient.ProjectReadOptions{
			Include: projectIncludes, Organization: m.Organization.ValueString(),
		})
		if err == nil {
			modelFromProject(m, got, effectiveTagsOf(got.EffectiveTagBindings))
		}
		return err
	},
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *projectModel) error {
		opts := projectFromModel(ctx, m, updating, op.Diags)
		if op.Diags.HasError() {
			return nil
		}
		got, err := op.Client.Projects.Update(ctx, m.ID.ValueString(), opts)
		if err == nil {
			modelFromProject(m, got, tagsOf(opts.TagBindings))
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *projectModel) error {
		err := op.Client.Projects.Delete(ctx, m.ID.ValueString())
		if client.StatusCode(err) == http.StatusConflict {
			return &fwutil.Failure{Summary: "Project not deleted", Detail: fmt.Sprintf(
				"The platform refuses to delete the project %s (%q): it is its organization's default project, which cannot be deleted, "+
					"or it still holds workspaces. Move its workspaces to another project, or destroy them, first.\n\n"+
					"If this apply also moves those workspaces to another project: Terraform destroys a removed project before it updates "+
					"the workspaces that leave it, so the move has not happened yet. Apply the moves first, with "+
					"`terraform apply -target=<workspace address>` for each, and then apply again. "+
					"So that such a reorganization works in one apply, give project resources `lifecycle { create_before_destroy = true }` "+
					"(applied before the project is removed): Terraform then destroys a removed project after the workspaces have moved."+
					"\n\nServer said: %s",
				m.ID.ValueString(), m.Name.ValueString(), err)}
		}
		return err
	},
})

// projectIncludes are what reads of projects include. A project's
// effective tag bindings are its own, as nothing above a project binds
// tags: reading them with the project makes a refresh one request.
var projectIncludes = []string{platformclient.ProjectIncludeEffectiveTagBindings}

func projectSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "A project of an organization of the platform, which groups workspaces, with its description, its auto-destroy rule and its tag bindings. " +
			"The platform refuses to delete a project that still holds workspaces, and its organization's default project. " +
			"Terraform destroys a removed project before it updates the workspaces that leave it, so moving workspaces out of a project and removing it in one apply fails, " +
			"unless the project resource has `lifecycle { create_before_destroy = true }`, applied before the project is removed: Terraform then moves the workspaces first. " +
			"Without it, apply the moves first (`terraform apply -target=<workspace address>`), then remove the project. " +
			"The import ID is the project's ID, such as `prj-6p5RiCe5CRjBmsGt`, or `<ORGANIZATION>/<PROJECT NAME>` (the name in any case), such as `acme/Platform Team`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The project's ID, `prj-` and 16 characters.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"organization": organizationAttribute("project"),
			"name": schema.StringAttribute{
				Required:    true,
				Description: "Name of the project. " + projectNameRule + " Changing it renames the project in place.",
				Validators:  projectNameValidators(),
			},
			"description": schema.StringAttribute{
				Optional:    true,
				Description: fmt.Sprintf("Description of the project, at most %d characters. Not set, the project has none.", maxDescription),
				Validators:  []validator.String{stringvalidator.LengthAtMost(maxDescription)},
			},
			"auto_destroy_activity_duration": schema.StringAttribute{
				Optional: true,
				Description: "How long the project's workspaces may go without activity before the platform destroys their resources. " +
					activityDurationRule + " Not set, they are never destroyed for inactivity.",
				Validators: activityDurationValidators(),
			},
			"tag_bindings": schema.MapAttribute{
				Optional: true, Computed: true,
				ElementType: types.StringType,
				Description: "The project's key-value tags, which its workspaces inherit. " + tagBindingRule +
					" Left out, the project keeps the tags it has; `{}` removes them all. A tag changed outside Terraform shows as drift when the map is set.",
				Validators:    tagBindingValidators(),
				PlanModifiers: []planmodifier.Map{mapplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

// createProject creates the project. A name already taken is looked up by
// the Conflict, so that the error gives the ID to import.
func createProject(ctx context.Context, op fwutil.Op[*platformclient.Client], m *projectModel) error {
	opts := projectFromModel(ctx, m, creating, op.Diags)
	if op.Diags.HasError() {
		return nil
	}
	org := m.Organization.ValueString()
	got, err := op.Client.Projects.Create(ctx, org, opts)
	if err != nil {
		return err
	}
	modelFromProject(m, got, tagsOf(opts.TagBindings))
	return nil
}

// projectFromModel is the project m describes, for a create or an update
// (w). An update gives the project every value of m, and clears those m
// leaves out; a create leaves them out. Tag bindings not known yet (left
// out on create) are not sent.
func projectFromModel(ctx context.Context, m *projectModel, w writeKind, diags *diag.Diagnostics) platformclient.ProjectOptions {
	return platformclient.ProjectOptions{
		Name:                        ptr(m.Name.ValueString()),
		Description:                 w.text(m.Description),
		AutoDestroyActivityDuration: w.nullable(m.AutoDestroyActivityDuration),
		TagBindings:                 tagBindingsOf(ctx, m.TagBindings, diags),
	}
}

// modelFromProject writes the project the server answered over m, with
// tags, the tag bindings the project holds: the platform answers a write
// without them, but holds exactly the ones the write sent.
func modelFromProject(m *projectModel, p *platformclient.Project, tags map[string]string) {
	m.ID = types.StringValue(p.ID)
	m.Organization = sameOrganization(m.Organization, p.Organization)
	m.Name = types.StringValue(p.Name)
	m.Description = fwutil.StringFromAPI(m.Description, p.Description)
	m.AutoDestroyActivityDuration = types.StringNull()
	if d := p.AutoDestroyActivityDuration; d != nil && *d != "" {
		m.AutoDestroyActivityDuration = types.StringValue(*d)
	}
	m.TagBindings = fwutil.StringMapValue(tags)
}
