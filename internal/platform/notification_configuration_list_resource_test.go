package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds the notification configurations of a workspace, or of a
// team, by their IDs; with include_resource, each is the state an import
// gives, without the token, which the platform never returns, nor the URL,
// which an import does not record either.
func TestAccNotificationConfigurationListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	ws := newWorkspace(t, p, "app")
	team := newTeam(t, p, p.Organization, platformclient.TeamOptions{Name: check.Ptr("oncall")})
	create := func(kind, id string, opts platformclient.NotificationConfigurationOptions) *platformclient.NotificationConfiguration {
		nc, err := p.Client(t).NotificationConfigurations.Create(context.Background(), kind, id, opts)
		if err != nil {
			t.Fatal(err)
		}
		return nc
	}
	slack := create(platformclient.NotificationSubscribableWorkspace, ws, platformclient.NotificationConfigurationOptions{
		Name: check.Ptr("slack"), DestinationType: check.Ptr("slack"), Enabled: check.Ptr(true), URL: check.Ptr("https://hooks.example.com/x"),
		Triggers: []string{"run:errored"},
	})
	mail := create(platformclient.NotificationSubscribableWorkspace, ws, platformclient.NotificationConfigurationOptions{
		Name: check.Ptr("mail"), DestinationType: check.Ptr("email"), EmailAddresses: []string{"ops@example.com"},
	})
	teamMail := create(platformclient.NotificationSubscribableTeam, team, platformclient.NotificationConfigurationOptions{
		Name: check.Ptr("team-mail"), DestinationType: check.Ptr("email"), EmailAddresses: []string{"oncall@example.com"}, Triggers: []string{"team:change_request"},
	})
	id := func(nc *platformclient.NotificationConfiguration) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"id": nc.ID})
	}
	check.Query{
		Type: "stack_platform_notification_configuration", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "workspace", Args: check.Args{"workspace_id": ws}, Found: []map[string]knownvalue.Check{id(slack), id(mail)}, DisplayName: "slack",
				Resource: map[string]knownvalue.Check{
					"id": check.Str(slack.ID), "workspace_id": check.Str(ws), "team_id": knownvalue.Null(), "name": check.Str("slack"),
					"destination_type": check.Str("slack"), "enabled": knownvalue.Bool(true), // As an import leaves it: a state without a URL may have
					// been given it through url_wo.
					"url":      knownvalue.Null(),
					"triggers": check.StrSet("run:errored"), "token": knownvalue.Null(),
				},
			},
			{
				Label: "team", Args: check.Args{"team_id": team}, Found: []map[string]knownvalue.Check{id(teamMail)}, DisplayName: "team-mail",
				Resource: map[string]knownvalue.Check{"team_id": check.Str(team), "workspace_id": knownvalue.Null(), "email_addresses": check.StrSet("oncall@example.com")},
			},
		},
		Errors: []check.Refusal{
			{Args: check.Args{}, Want: check.Wrapped(`No attribute specified when one \(and only one\) of \[workspace_id,project_id,team_id\] is required`)},
		},
	}.Run(t)
}
