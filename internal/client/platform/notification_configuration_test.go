package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
	"time"
)

const notificationJSON = `{"data":{"id":"nc-6p5RiCe5CRjBmsGt","type":"notification-configurations","attributes":{
	"name":"ops","destination-type":"generic","enabled":true,"url":"https://hooks.example.com/x","token":null,
	"triggers":["run:errored"],"email-addresses":[],"created-at":"2025-06-01T12:00:00.000Z","updated-at":"2025-06-01T12:00:00.000Z",
	"delivery-responses":[{"url":"https://hooks.example.com/x","body":"","code":"200","headers":{},"sent-at":"2025-06-01T12:00:00.000Z","successful":"true"}]},
	"relationships":{"subscribable":{"data":{"id":"team-1","type":"teams"}},"users":{"data":[{"id":"user-1","type":"users"}]}}}}`

func TestNotificationConfigurations_CreateAndDecode(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, notificationJSON))
	got, err := c.NotificationConfigurations.Create(context.Background(), NotificationSubscribableTeam, "team-1", NotificationConfigurationOptions{
		DestinationType: ptr(NotificationDestinationGeneric), Name: ptr("ops"), Enabled: ptr(true),
		URL: ptr("https://hooks.example.com/x"), Token: ptr("k"), Triggers: []string{"run:errored"},
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/teams/team-1/notification-configurations", "",
		`{"data":{"type":"notification-configurations","attributes":{"destination-type":"generic","enabled":true,"name":"ops",`+
			`"token":"k","triggers":["run:errored"],"url":"https://hooks.example.com/x"}}}`)
	at := ptr(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC))
	want := NotificationConfiguration{
		ID: "nc-6p5RiCe5CRjBmsGt", Name: "ops", DestinationType: "generic", Enabled: true, URL: "https://hooks.example.com/x",
		Triggers: []string{"run:errored"}, EmailAddresses: []string{}, CreatedAt: at, UpdatedAt: at,
		DeliveryResponses: []NotificationDelivery{{
			URL: "https://hooks.example.com/x", Code: "200", Headers: map[string]any{}, SentAt: at, Successful: "true",
		}},
		Subscribable: &NotificationSubscribable{Team: &Team{ID: "team-1"}},
		Users:        []*UserRef{{ID: "user-1"}},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("configuration\n%+v\nwant\n%+v", *got, want)
	}

	if _, err := c.NotificationConfigurations.Create(context.Background(), "runs", "x", NotificationConfigurationOptions{}); err == nil {
		t.Error("a configuration of runs was sent")
	}
}

func TestNotificationConfigurations_ListReadUpdateVerifyDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"nc-1","type":"notification-configurations","attributes":{"name":"ops"},
		"relationships":{"subscribable":{"data":{"id":"ws-1","type":"workspaces"}}}}]}`))
	got, err := c.NotificationConfigurations.List(context.Background(), NotificationSubscribableWorkspace, "ws-1")
	if err != nil || len(got.Items) != 1 || got.Items[0].Subscribable.Workspace.ID != "ws-1" {
		t.Fatalf("configurations %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/workspaces/ws-1/notification-configurations", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusOK, notificationJSON))
	if _, err := c.NotificationConfigurations.Read(context.Background(), "nc-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/notification-configurations/nc-1", "", "")
	if _, err := c.NotificationConfigurations.Update(context.Background(), "nc-1", NotificationConfigurationOptions{
		DestinationType: ptr("slack"), Enabled: ptr(false), Users: []*UserRef{{ID: "user-1"}},
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/notification-configurations/nc-1", "",
		`{"data":{"type":"notification-configurations","attributes":{"enabled":false},"relationships":{"users":{"data":[{"type":"users","id":"user-1"}]}}}}`)
	if _, err := c.NotificationConfigurations.Verify(context.Background(), "nc-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/notification-configurations/nc-1/actions/verify", "", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.NotificationConfigurations.Delete(context.Background(), "nc-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/notification-configurations/nc-1", "", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"notification configuration ID is empty": {
				errOf(c.NotificationConfigurations.Read(ctx, "")),
				errOf(c.NotificationConfigurations.Update(ctx, "", NotificationConfigurationOptions{})),
				errOf(c.NotificationConfigurations.Verify(ctx, "")),
				c.NotificationConfigurations.Delete(ctx, ""),
			},
			"workspaces ID is empty": {
				errOf(c.NotificationConfigurations.Create(ctx, NotificationSubscribableWorkspace, "", NotificationConfigurationOptions{})),
				errOf(c.NotificationConfigurations.List(ctx, NotificationSubscribableWorkspace, "")),
			},
			`notification configurations of "runs": must be workspaces, projects or teams`: {
				errOf(c.NotificationConfigurations.List(ctx, "runs", "run-1")),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"NotificationConfigurations.Create": {func(c *Client) error {
				return errOf(c.NotificationConfigurations.Create(ctx, NotificationSubscribableWorkspace, "ws-1", NotificationConfigurationOptions{}))
			}, sentOnce},
			"NotificationConfigurations.Update": {func(c *Client) error {
				return errOf(c.NotificationConfigurations.Update(ctx, "nc-1", NotificationConfigurationOptions{}))
			}, sentOnce},
			"NotificationConfigurations.Verify": {func(c *Client) error {
				return errOf(c.NotificationConfigurations.Verify(ctx, "nc-1"))
			}, sentOnce},
		}
	})
}
