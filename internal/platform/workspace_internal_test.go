package platform

import (
	"context"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The workspace's convention and round trip, which conventions_test.go
// runs.
func init() {
	declareObject("workspace", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.Workspace{},
			shownBy: attributeNames(workspaceSchema(ctx).Attributes, workspaceDataSourceSchema(ctx).Attributes,
				workspaceSettingsSchema(ctx).Attributes),
			renamed: map[string]string{"workspace-kpis-runs-count": "runs_count"},
			notExposed: map[string]string{
				"project-remote-state":          "whether the workspaces of its project may read its state, which no resource manages yet",
				"inherits-project-auto-destroy": "whether the workspace inherits its project's auto-destroy duration: it does exactly when auto_destroy_activity_duration is null",
				"operations":                    "the deprecated spelling of execution_mode",
				"hyok-enabled":                  "whether the workspace keeps its state with the organization's own keys, which the organization's enforce_hyok decides",
				"can-queue-destroy-plan":        "the deprecated spelling of a permission: " + tokensOwn,
				"created-at":                    serverTimes, "latest-change-at": serverTimes,
				"environment":               "a legacy attribute, always default",
				"source":                    "what made the workspace (the API, the UI, a client), which the platform records",
				"no-code-upgrade-available": "whether a no-code module the workspace uses has a new version, which the registry decides",
				"permissions":               tokensOwn,
				"actions":                   "what may be done with the workspace now, which its state and runs decide",
			},
		}
	})
	declareRoundTrip("workspace", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		strings := func(v ...string) []attr.Value {
			out := make([]attr.Value, len(v))
			for i, s := range v {
				out[i] = str(s)
			}
			return out
		}
		want := workspaceModel{
			Organization: str("acme"), Name: str("web"), Description: str("the web tier"), ProjectID: str("prj-6p5RiCe5CRjBmsGt"),
			AutoApply: types.BoolValue(true), AutoApplyRunTrigger: types.BoolValue(true),
			AutoDestroyAt:               timetypes.NewRFC3339TimeValue(time.Date(2030, 6, 1, 12, 0, 0, 0, time.UTC)),
			AutoDestroyActivityDuration: str("14d"),
			AllowDestroyPlan:            types.BoolValue(false), FileTriggersEnabled: types.BoolValue(false), QueueAllRuns: types.BoolValue(true),
			SpeculativeEnabled: types.BoolValue(false), StructuredRunOutputEnabled: types.BoolValue(false), AssessmentsEnabled: types.BoolValue(true),
			SourceName: str("console"), SourceURL: str("https://console.example"), TerraformVersion: str("~> 1.9"),
			TriggerPrefixes:  types.ListValueMust(types.StringType, strings("/modules")),
			TriggerPatterns:  types.ListValueMust(types.StringType, strings("/modules/**/*.tf")),
			WorkingDirectory: str("web"),
			TagNames:         types.SetValueMust(types.StringType, strings("prod", "web")),
			TagBindings:      types.MapValueMust(types.StringType, map[string]attr.Value{"team": str("web")}),
			VCSRepo: &workspaceVCSRepoModel{
				Identifier: str("acme/web"), Branch: str("main"), IngressSubmodules: types.BoolValue(true),
				OAuthTokenID: str("ot-6p5RiCe5CRjBmsGt"), CodehostAppInstallationID: str("ghain-1"), TagsRegex: str(`^v\d+$`),
			},
		}
		opts := workspaceFromModel(ctx, &want, creating, diags)
		a := throughJSONAPI[platformclient.Workspace](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		// Flat tags go as relations and come back as names.
		for _, tag := range opts.Tags {
			a.TagNames = append(a.TagNames, tag.Name)
		}
		var got workspaceModel
		modelFromWorkspace(&got, a, tagsOf(opts.TagBindings), diags)
		sameConfigurable(t, "workspace", workspaceSchema(ctx), &want, &got)
	})
}

// A workspace's current configuration and readme, which the emulator
// never has (it holds no configurations), are shown when the platform
// names them.
func TestWorkspaceData_configurationAndReadme(t *testing.T) {
	var m workspaceDataModel
	diags := diag.Diagnostics{}
	updated := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	modelFromWorkspaceData(&m, &platformclient.Workspace{
		ID: "ws-1", Name: "web", UpdatedAt: &updated,
		CurrentConfigurationVersion: &platformclient.ConfigurationVersion{ID: "cv-6p5RiCe5CRjBmsGt"},
		Readme:                      &platformclient.WorkspaceReadme{ID: "227"},
		EffectiveTagBindings: []*platformclient.EffectiveTagBinding{
			{Key: "env", Value: "prod"}, {Key: "team", Value: "web", InheritedFrom: &platformclient.Project{ID: "prj-1"}},
		},
	}, &diags)
	if diags.HasError() {
		t.Fatal(diags)
	}
	if !m.HasReadme.ValueBool() || m.CurrentConfigurationVersionID.ValueString() != "cv-6p5RiCe5CRjBmsGt" ||
		m.UpdatedAt.ValueString() != "2025-06-01T12:00:00Z" || len(m.EffectiveTagBindings.Elements()) != 2 || len(m.TagBindings.Elements()) != 1 {
		t.Errorf("model %+v", m)
	}
}
