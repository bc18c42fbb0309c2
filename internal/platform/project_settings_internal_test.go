package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The round trip of the project settings, which conventions_test.go runs.
func init() {
	declareRoundTrip("project settings", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := projectSettingsModel{
			ProjectID: str("prj-6p5RiCe5CRjBmsGt"), DefaultExecutionMode: str(platformclient.ExecutionModeAgent),
			DefaultAgentPoolID: str("apool-6p5RiCe5CRjBmsGt"),
		}
		opts := projectSettingsFromModel(&want)
		a := throughJSONAPI[platformclient.Project](t, &opts)
		a.ID = want.ProjectID.ValueString()
		// The pool is a relation of the answer, an attribute of the request.
		a.DefaultAgentPool = &platformclient.AgentPool{ID: want.DefaultAgentPoolID.ValueString()}
		var got projectSettingsModel
		modelFromProjectSettings(&got, a)
		sameConfigurable(t, "project settings", projectSettingsSchema(ctx), &want, &got)
		if !got.Overwrites.Equal(projectOverwrites(true)) {
			t.Errorf("project settings: a mode set came back with overwrites %s, want both true", got.Overwrites)
		}
	})
}
