package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// The round trip of the agent pool lists, which conventions_test.go runs.
func init() {
	declareRoundTrip("agent pool lists", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		base := poolListModel{AgentPoolID: str("apool-6p5RiCe5CRjBmsGt")}
		ids := func(v ...string) types.Set { return fwutil.StringSetValue(v) }
		through := func(opts platformclient.AgentPoolOptions) *platformclient.AgentPool {
			a := throughJSONAPI[platformclient.AgentPool](t, &opts)
			a.ID = base.AgentPoolID.ValueString()
			return a
		}
		ws := agentPoolAllowedWorkspacesModel{poolListModel: base, AllowedWorkspaceIDs: ids("ws-4pW7hPwDJ1fY3gSC", "ws-7q6SjDf6DSkCntHu")}
		var gotWS agentPoolAllowedWorkspacesModel
		modelFromAgentPoolAllowedWorkspaces(&gotWS, through(agentPoolAllowedWorkspacesFromModel(ctx, &ws, diags)))
		sameConfigurable(t, "agent pool allowed workspaces", agentPoolAllowedWorkspaces.schema(ctx), &ws, &gotWS)
		prj := agentPoolAllowedProjectsModel{poolListModel: base, AllowedProjectIDs: ids("prj-6p5RiCe5CRjBmsGt")}
		var gotPrj agentPoolAllowedProjectsModel
		modelFromAgentPoolAllowedProjects(&gotPrj, through(agentPoolAllowedProjectsFromModel(ctx, &prj, diags)))
		sameConfigurable(t, "agent pool allowed projects", agentPoolAllowedProjects.schema(ctx), &prj, &gotPrj)
		ex := agentPoolExcludedWorkspacesModel{poolListModel: base, ExcludedWorkspaceIDs: ids("ws-4pW7hPwDJ1fY3gSC")}
		var gotEx agentPoolExcludedWorkspacesModel
		modelFromAgentPoolExcludedWorkspaces(&gotEx, through(agentPoolExcludedWorkspacesFromModel(ctx, &ex, diags)))
		sameConfigurable(t, "agent pool excluded workspaces", agentPoolExcludedWorkspaces.schema(ctx), &ex, &gotEx)
	})
}
