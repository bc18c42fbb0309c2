package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
)

func TestEntitlementSets_Read(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"org-6p5RiCe5CRjBmsGt","type":"entitlement-sets","attributes":{
		"agents":true,"global-run-tasks":true,"private-run-tasks":false,"private-vcs":true,"private-policy-agents":true,
		"run-tasks":true,"teams":true,"infragraph":true,"run-task-limit":1}}}`))
	got, err := c.EntitlementSets.Read(context.Background(), "acme")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/entitlement-set", "", "")
	want := EntitlementSet{ID: "org-6p5RiCe5CRjBmsGt", Agents: true, GlobalRunTasks: true, PrivateVCS: true, PrivatePolicyAgents: true, RunTasks: true, Teams: true}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("entitlements\n%+v\nwant\n%+v", *got, want)
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{"organization name is empty": {errOf(c.EntitlementSets.Read(ctx, ""))}}
	})
}
