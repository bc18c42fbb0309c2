package platform

import (
	"context"
	"maps"
	"net/http"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// runTaskSettings are a run task's values that the platform answers, which
// the resource and the data source show alike.
type runTaskSettings struct {
	ID           types.String `tfsdk:"id"`
	Organization types.String `tfsdk:"organization"`
	Name         types.String `tfsdk:"name"`
	URL          types.String `tfsdk:"url"`
	Description  types.String `tfsdk:"description"`
	Category     types.String `tfsdk:"category"`
	Enabled      types.Bool   `tfsdk:"enabled"`
	AgentPoolID  types.String `tfsdk:"agent_pool_id"`
}

// runTaskModel is a run task, for the resource: what the platform answers,
// and the HMAC key, which it never does. Its global configuration is
// stack_platform_run_task_global_settings', which this resource neither
// sends nor reads, so that the two never undo each other.
type runTaskModel struct {
	runTaskSettings
	HMACKey          types.String `tfsdk:"hmac_key"`
	HMACKeyWO        types.String `tfsdk:"hmac_key_wo"`
	HMACKeyWOVersion types.Int64  `tfsdk:"hmac_key_wo_version"`
}

// runTaskNameRule states only what the platform enforces.
const runTaskNameRule = "A run task's name is not blank, and unique in its organization in any case."

// runTaskURLRe is the form of a task's URL that the platform takes: http
// or https, with a host.
var runTaskURLRe = regexp.MustCompile(`^https?://[^/?#\s]+`)

// NewRunTaskResource is the constructor of stack_platform_run_task.
var NewRunTaskResource = fwutil.NewResource(&fwutil.Resource[runTaskModel, *platformclient.Client]{
	TypeName: "platform_run_task",
	Service:  platformclient.Service,
	Object:   "run task",
	Twins:    []fwutil.Twin{tfeRunTask},
	Schema:   runTaskSchema,
	Plan: &fwutil.Plan[runTaskModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
	},
	// Its identity is its organization and name; a rename changes it.
	Identity: &fwutil.Identity{Attrs: []string{"organization", "name"}, Mutable: true},
	Import: &fwutil.Import[runTaskModel, *platformclient.Client]{
		ID:    fwutil.IDGrammar{Forms: runTaskIDForms},
		Print: func(m *runTaskModel) string { return m.ID.ValueString() },
		Read: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
			if got, ok := importRunTask(ctx, c, "run task", id, diags); ok {
				diags.Append(state.SetAttribute(ctx, path.Root("id"), got.ID)...)
			}
		},
	},
	// The platform refuses a name the organization has, in any case, with
	// a 422: the task in place is looked up by its name.
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *runTaskModel) error {
		org := m.Organization.ValueString()
		opts := runTaskFromModel(&m.runTaskSettings, creating)
		opts.HMACKey = ptr(op.Secret(ctx, path.Root("hmac_key")))
		got, err := op.Client.RunTasks.Create(ctx, org, opts)
		if client.StatusCode(err) == http.StatusUnprocessableEntity {
			if found, lookupErr := op.Client.RunTasks.ReadByName(ctx, org, m.Name.ValueString()); lookupErr == nil {
				m.ID = types.StringValue(found.ID)
				return &fwutil.Exists{ServerSaid: err, Name: m.Name.ValueString()}
			}
		}
		if err == nil {
			modelFromRunTask(&m.runTaskSettings, got)
		}
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *runTaskModel) error {
		got, err := op.Client.RunTasks.Read(ctx, m.ID.ValueString())
		if err == nil {
			modelFromRunTask(&m.runTaskSettings, got)
		}
		return err
	},
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *runTaskModel) error {
		opts := runTaskFromModel(&m.runTaskSettings, updating)
		// Empty, it takes the key away.
		opts.HMACKey = ptr(op.Secret(ctx, path.Root("hmac_key")))
		got, err := op.Client.RunTasks.Update(ctx, m.ID.ValueString(), opts)
		if err == nil {
			modelFromRunTask(&m.runTaskSettings, got)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *runTaskModel) error {
		return op.Client.RunTasks.Delete(ctx, m.ID.ValueString())
	},
})

func runTaskSchema(context.Context) schema.Schema {
	attrs := map[string]schema.Attribute{
		"id": schema.StringAttribute{
			Computed:      true,
			Description:   "The task's ID, `task-` and 16 characters.",
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"organization": organizationAttribute("run task"),
		"name": schema.StringAttribute{
			Required:    true,
			Description: "Name of the task. " + runTaskNameRule + " Changing it renames the task in place.",
			Validators:  notBlankValidators(),
		},
		"url": schema.StringAttribute{
			Required: true,
			Description: "The URL that the platform sends the task's requests to: an http or https URL with a host. The platform verifies it " +
				"with a request on every create and update, and refuses the write when the URL does not answer it. Changing it changes the task in place.",
			Validators: []validator.String{stringvalidator.RegexMatches(runTaskURLRe, "must be an http or https URL with a host")},
		},
		"description": schema.StringAttribute{
			Optional: true, Computed: true,
			Default:     stringdefault.StaticString(""),
			Description: "A description of the task, at most 300 characters. Default none (`\"\"`). Changing it changes the task in place.",
			Validators:  []validator.String{stringvalidator.UTF8LengthAtMost(300)},
		},
		"category": schema.StringAttribute{
			Optional: true, Computed: true,
			Default:     stringdefault.StaticString(platformclient.RunTaskCategory),
			Description: "The kind of the task: `task`, the only one the platform has, which is the default.",
			Validators:  []validator.String{stringvalidator.OneOf(platformclient.RunTaskCategory)},
		},
		"enabled": schema.BoolAttribute{
			Optional: true, Computed: true,
			Default:     booldefault.StaticBool(true),
			Description: "Whether the task runs in the workspaces it is attached to. Default `true`. Changing it changes the task in place.",
		},
		"agent_pool_id": schema.StringAttribute{
			Optional: true,
			Description: "ID of the agent pool, `apool-` and 16 characters, whose agents forward the task's requests to a private network, which makes " +
				"the task private: the organization's plan must entitle it to private run tasks (`stack_platform_entitlements`' `private_run_tasks`), " +
				"else the platform refuses it, as it does a pool of another organization. Not set, the platform calls the URL itself. " +
				"Changing it changes the task in place; deleting the pool makes the task public, which a refresh sees.",
			Validators: []validator.String{idValidator(platformclient.PrefixAgentPool, "an agent pool")},
		},
	}
	maps.Copy(attrs, fwutil.WriteOnlySecret{
		Name: "hmac_key",
		Description: "The key with which the platform signs the task's requests (HMAC SHA-512 of the body, in the `X-TFC-Task-Signature` header), " +
			"so that the task's service can tell them from others'. Not set, the requests are not signed. Changing it changes the task in place.",
		Service: "the platform",
		Drift: "The platform never returns the key: the state keeps the configured value, and a change made outside Terraform cannot be seen. " +
			"An import cannot read it: the state has none until the next apply sends the configured one.",
	}.Attributes())
	return schema.Schema{
		Description: "A run task of an organization of the platform: a service that the platform calls at stages of the runs of the workspaces " +
			"it is attached to (`stack_platform_workspace_run_task`), and whose answer may stop a run. The platform verifies the task's URL on " +
			"every create and update. A run task in every workspace of the organization is its global settings, which " +
			"`stack_platform_run_task_global_settings` manages and this resource leaves as they are. Deleting the task detaches it from every " +
			"workspace. The import ID is the task's ID, such as `task-6p5RiCe5CRjBmsGt`, or `<ORGANIZATION>/<TASK NAME>`, such as `acme/scanner`; " +
			"the HMAC key cannot be imported, as the platform never returns it.",
		Attributes: attrs,
	}
}

// runTaskFromModel is the whole task m describes, for a create or an
// update, but its HMAC key, which comes from the configuration: never its
// global configuration, which its own resource manages. An update that
// leaves the agent pool out makes the task public.
func runTaskFromModel(m *runTaskSettings, w writeKind) platformclient.RunTaskOptions {
	opts := platformclient.RunTaskOptions{
		Name:        ptr(m.Name.ValueString()),
		URL:         ptr(m.URL.ValueString()),
		Description: w.text(m.Description),
		Category:    ptr(m.Category.ValueString()),
		Enabled:     boolOf(m.Enabled),
	}
	switch {
	case !m.AgentPoolID.IsNull() && !m.AgentPoolID.IsUnknown():
		opts.AgentPool = platformclient.RunTaskAgentPool(m.AgentPoolID.ValueString())
	case m.AgentPoolID.IsNull() && w == updating:
		opts.AgentPool = platformclient.RunTaskAgentPool("")
	}
	return opts
}

// modelFromRunTask writes the task the server answered over m.
func modelFromRunTask(m *runTaskSettings, t *platformclient.RunTask) {
	m.ID = types.StringValue(t.ID)
	m.Organization = sameOrganization(m.Organization, t.Organization)
	m.Name = types.StringValue(t.Name)
	m.URL = types.StringValue(t.URL)
	m.Description = types.StringValue(t.Description)
	m.Category = types.StringValue(t.Category)
	m.Enabled = types.BoolValue(t.Enabled)
	m.AgentPoolID = types.StringNull()
	if t.AgentPool != nil && t.AgentPool.ID != "" {
		m.AgentPoolID = types.StringValue(t.AgentPool.ID)
	}
}
