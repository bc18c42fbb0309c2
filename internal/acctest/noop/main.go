// Command noop serves the stack provider's schemas with resources that do
// nothing: the floor that the benchmarks measure the provider against, the
// time Terraform and the plugin framework spend on these schemas alone.
//
// It is the provider with its work taken out. Its provider schema, its
// resources' and data sources' types, schemas (with their defaults, plan
// modifiers and validators) and their validation and plan modification
// are the provider's own, called through the real resources, configured
// as the provider configures them (its clients, and the settings that
// plans default to, such as the platform's organization); only these
// differ: Create and Update copy the plan to the state, Read keeps the
// state as it is, Delete does nothing, data sources return their
// configuration, ephemeral resources open to their configuration and have
// nothing to close, list resources find nothing, and nothing can be
// imported. No request leaves it, but
// for those the real plan modification makes (a destination's planned
// replacement looks up its associations), which the benchmarks' plans
// never call for. The benchmarks build it with go build
// (acctest.NewNoopCLI); it is no part of the provider's binary.
package main

import (
	"context"
	"log"
	"math/rand/v2"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	stack "github.com/stackworks/terraform-provider-stack/internal/provider"
)

func main() {
	if err := stack.Serve(context.Background(), noop(stack.New("noop")), false); err != nil {
		log.Fatal(err)
	}
}

// noop wraps the provider that base returns.
func noop(base func() provider.Provider) func() provider.Provider {
	return func() provider.Provider { return noopProvider{base()} }
}

// noopProvider keeps the real provider's Metadata, Schema and Configure.
type noopProvider struct{ provider.Provider }

var (
	_ provider.ProviderWithEphemeralResources = noopProvider{}
	_ provider.ProviderWithListResources      = noopProvider{}
)

func (p noopProvider) Resources(ctx context.Context) []func() resource.Resource {
	var meta provider.MetadataResponse
	p.Metadata(ctx, provider.MetadataRequest{}, &meta)
	var out []func() resource.Resource
	for _, r := range p.Provider.Resources(ctx) {
		var m resource.MetadataResponse
		r().Metadata(ctx, resource.MetadataRequest{ProviderTypeName: meta.TypeName}, &m)
		out = append(out, func() resource.Resource { return noopResource{r(), idPrefixes[m.TypeName]} })
	}
	return out
}

// idPrefixes are the prefixes of the IDs the platform gives its objects,
// by the type of the resource that makes them. Other resources' arguments
// take those IDs and check their form at plan time, so the no-op provider
// makes IDs of that form where the platform would.
var idPrefixes = map[string]string{
	"stack_platform_project":                    platformclient.PrefixProject,
	"stack_platform_workspace":                  platformclient.PrefixWorkspace,
	"stack_platform_team":                       platformclient.PrefixTeam,
	"stack_platform_team_project_access":        platformclient.PrefixTeamProjectAccess,
	"stack_platform_variable_set":               platformclient.PrefixVariableSet,
	"stack_platform_variable":                   platformclient.PrefixVariable,
	"stack_platform_team_access":                platformclient.PrefixTeamWorkspace,
	"stack_platform_run_trigger":                platformclient.PrefixRunTrigger,
	"stack_platform_agent_pool":                 platformclient.PrefixAgentPool,
	"stack_platform_oauth_client":               platformclient.PrefixOAuthClient,
	"stack_platform_ssh_key":                    platformclient.PrefixSSHKey,
	"stack_platform_notification_configuration": platformclient.PrefixNotification,
	"stack_platform_organization_membership":    platformclient.PrefixOrganizationMembership,
	"stack_platform_policy":                     platformclient.PrefixPolicy,
	"stack_platform_policy_set":                 platformclient.PrefixPolicySet,
	"stack_platform_policy_set_parameter":       platformclient.PrefixVariable,
	"stack_platform_run_task":                   platformclient.PrefixRunTask,
	"stack_platform_workspace_run_task":         platformclient.PrefixWorkspaceRunTask,
	"stack_platform_admin_sentinel_version":     platformclient.PrefixEngineVersion,
	"stack_platform_admin_opa_version":          platformclient.PrefixEngineVersion,
}

func (p noopProvider) DataSources(ctx context.Context) []func() datasource.DataSource {
	var out []func() datasource.DataSource
	for _, d := range p.Provider.DataSources(ctx) {
		out = append(out, func() datasource.DataSource { return noopDataSource{d()} })
	}
	return out
}

func (p noopProvider) EphemeralResources(ctx context.Context) []func() ephemeral.EphemeralResource {
	base, ok := p.Provider.(provider.ProviderWithEphemeralResources)
	if !ok {
		return nil
	}
	var out []func() ephemeral.EphemeralResource
	for _, e := range base.EphemeralResources(ctx) {
		out = append(out, func() ephemeral.EphemeralResource { return noopEphemeral{e()} })
	}
	return out
}

func (p noopProvider) ListResources(ctx context.Context) []func() list.ListResource {
	base, ok := p.Provider.(provider.ProviderWithListResources)
	if !ok {
		return nil
	}
	var out []func() list.ListResource
	for _, l := range base.ListResources(ctx) {
		out = append(out, func() list.ListResource { return noopList{l()} })
	}
	return out
}

// noopResource keeps the real resource's Metadata and Schema and, through
// the methods below, its configuration, validation and plan modification.
// idPrefix, when set, is the prefix of the IDs its objects would get.
type noopResource struct {
	resource.Resource
	idPrefix string
}

var (
	_ resource.ResourceWithConfigure      = noopResource{}
	_ resource.ResourceWithValidateConfig = noopResource{}
	_ resource.ResourceWithModifyPlan     = noopResource{}
)

func (r noopResource) Configure(ctx context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	if c, ok := r.Resource.(resource.ResourceWithConfigure); ok {
		c.Configure(ctx, req, resp)
	}
}

func (r noopResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	if v, ok := r.Resource.(resource.ResourceWithValidateConfig); ok {
		v.ValidateConfig(ctx, req, resp)
	}
}

// ModifyPlan calls the real resource's.
func (r noopResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if m, ok := r.Resource.(resource.ResourceWithModifyPlan); ok {
		m.ModifyPlan(ctx, req, resp)
	}
}

func (r noopResource) Create(_ context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	copyPlan(req.Plan.Raw, r.idPrefix, &resp.State, &resp.Diagnostics)
}

// Read leaves the state the framework starts the response with, the
// state Terraform sent.
func (noopResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

func (r noopResource) Update(_ context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	copyPlan(req.Plan.Raw, r.idPrefix, &resp.State, &resp.Diagnostics)
}

// Delete does nothing: the framework removes the resource from the state.
func (noopResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// copyPlan writes the planned value to the state, with each value the plan
// leaves unknown (the computed attributes a service would fill in) made
// null, as Terraform requires of a state, but for an unknown id when
// idPrefix is set, which becomes a new ID with that prefix.
func copyPlan(planned tftypes.Value, idPrefix string, state *tfsdk.State, diags *diag.Diagnostics) {
	id := tftypes.NewAttributePath().WithAttributeName("id")
	v, err := tftypes.Transform(planned, func(p *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		switch {
		case v.IsKnown():
			return v, nil
		case idPrefix != "" && p.Equal(id):
			return tftypes.NewValue(tftypes.String, newID(idPrefix)), nil
		}
		return tftypes.NewValue(v.Type(), nil), nil
	})
	if err != nil {
		diags.AddError("Cannot copy the plan to the state", err.Error())
		return
	}
	state.Raw = v
}

// noopDataSource keeps the real data source's Metadata, Schema and
// configuration validators.
type noopDataSource struct{ datasource.DataSource }

var _ datasource.DataSourceWithConfigValidators = noopDataSource{}

func (d noopDataSource) ConfigValidators(ctx context.Context) []datasource.ConfigValidator {
	if v, ok := d.DataSource.(datasource.DataSourceWithConfigValidators); ok {
		return v.ConfigValidators(ctx)
	}
	return nil
}

// Read leaves the state the framework starts the response with: the
// configuration, computed attributes null.
func (noopDataSource) Read(context.Context, datasource.ReadRequest, *datasource.ReadResponse) {}

// noopEphemeral keeps the real ephemeral resource's Metadata and Schema.
// It has no Configure, and no Close: the real ones would look for clients
// and undo what the real Open made.
type noopEphemeral struct{ ephemeral.EphemeralResource }

// Open leaves the result the framework starts the response with: the
// configuration, computed attributes null.
func (noopEphemeral) Open(context.Context, ephemeral.OpenRequest, *ephemeral.OpenResponse) {}

// noopList keeps the real list resource's Metadata and Schema. It has no
// Configure: the real one would look for clients.
type noopList struct{ list.ListResource }

// List finds nothing.
func (noopList) List(_ context.Context, _ list.ListRequest, stream *list.ListResultsStream) {
	stream.Results = list.NoListResults
}

// newID makes a random ID of the platform's form: prefix, a dash and 16
// characters of the base58 alphabet.
func newID(prefix string) string {
	const base58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	b := make([]byte, 16)
	for i := range b {
		b[i] = base58[rand.IntN(len(base58))]
	}
	return prefix + "-" + string(b)
}
