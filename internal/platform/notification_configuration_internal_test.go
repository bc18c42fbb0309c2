package platform

import (
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"

	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// The notification configuration's convention and round trip, which
// conventions_test.go runs.
func init() {
	declareObject("notification configuration", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.NotificationConfiguration{},
			shownBy: attributeNames(notificationConfigurationSchema(ctx).Attributes),
			notExposed: map[string]string{
				"created-at": serverTimes, "updated-at": serverTimes,
				"delivery-responses": "the answers of the configuration's latest verification, which the verify action makes, not the configuration",
			},
		}
	})
	declareRoundTrip("notification configuration", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		set := func(v ...string) types.Set { return fwutil.StringSetValue(v) }
		// Two configurations carry every attribute: a team's email one and
		// a workspace's generic one.
		email := notificationConfigurationModel{
			TeamID: str("team-6p5RiCe5CRjBmsGt"), Name: str("requests"), DestinationType: str(platformclient.NotificationDestinationEmail),
			Enabled: types.BoolValue(true), Triggers: set("team:change_request"),
			EmailAddresses: set("a@example.com"), EmailUserIDs: set("user-6p5RiCe5CRjBmsGt"), EmailAllMembers: types.BoolValue(true),
		}
		generic := notificationConfigurationModel{
			WorkspaceID: str("ws-4pW7hPwDJ1fY3gSC"), Name: str("runs"), DestinationType: str(platformclient.NotificationDestinationGeneric),
			Enabled: types.BoolValue(true), Triggers: set("run:errored"), URL: str("https://hooks.example.com/a"),
			EmailAllMembers: types.BoolValue(false),
		}
		for _, want := range []notificationConfigurationModel{email, generic} {
			opts := notificationConfigurationFromModel(ctx, &want, diags)
			opts.DestinationType = ptr(want.DestinationType.ValueString())
			if !want.URL.IsNull() {
				opts.URL = ptr(want.URL.ValueString())
			}
			a := throughJSONAPI[platformclient.NotificationConfiguration](t, &opts)
			// The subscribable is the create's path, not its body.
			a.Subscribable = &platformclient.NotificationSubscribable{}
			if !want.TeamID.IsNull() {
				a.Subscribable.Team = &platformclient.Team{ID: want.TeamID.ValueString()}
			} else {
				a.Subscribable.Workspace = &platformclient.Workspace{ID: want.WorkspaceID.ValueString()}
			}
			got := notificationConfigurationModel{URL: want.URL}
			modelFromNotificationConfiguration(&got, a)
			instead := []string{"token", "token_wo", "token_wo_version", "url_wo", "url_wo_version"}
			if want.TeamID.IsNull() {
				instead = append(instead, "team_id", "project_id", "email_addresses", "email_user_ids")
			} else {
				instead = append(instead, "workspace_id", "project_id", "url")
			}
			sameConfigurable(t, "notification configuration", notificationConfigurationSchema(ctx), &want, &got, instead...)
		}
	})
}
