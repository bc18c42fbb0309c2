package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

const agentPoolJSON = `{"data":{"id":"apool-6p5RiCe5CRjBmsGt","type":"agent-pools","attributes":{
	"name":"runners","organization-scoped":false,"agent-count":0,"created-at":"2025-06-01T12:00:00.000Z"},
	"relationships":{"organization":{"data":{"id":"acme","type":"organizations"}},"workspaces":{"data":[{"id":"ws-4pW7hPwDJ1fY3gSC","type":"workspaces"}]},
	"allowed-workspaces":{"data":[{"id":"ws-4pW7hPwDJ1fY3gSC","type":"workspaces"}]},
	"allowed-projects":{"data":[{"id":"prj-6p5RiCe5CRjBmsGt","type":"projects"}]},
	"excluded-workspaces":{"data":[]}}}}`

func TestAgentPools_CreateAndDecode(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, agentPoolJSON))
	got, err := c.AgentPools.Create(context.Background(), "acme", AgentPoolOptions{Name: ptr("runners"), OrganizationScoped: ptr(false)})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/agent-pools", "",
		`{"data":{"type":"agent-pools","attributes":{"name":"runners","organization-scoped":false}}}`)
	ids := func(l []*Workspace) []string {
		out := []string{}
		for _, w := range l {
			out = append(out, w.ID)
		}
		return out
	}
	gotView := map[string]any{
		"id": got.ID, "name": got.Name, "scoped": got.OrganizationScoped, "organization": got.Organization.Name,
		"allowed-workspaces": ids(got.AllowedWorkspaces), "allowed-projects": len(got.AllowedProjects),
		"excluded-workspaces": ids(got.ExcludedWorkspaces), "workspaces": ids(got.Workspaces),
	}
	want := map[string]any{
		"id": "apool-6p5RiCe5CRjBmsGt", "name": "runners", "scoped": false, "organization": "acme",
		"allowed-workspaces": []string{"ws-4pW7hPwDJ1fY3gSC"}, "allowed-projects": 1,
		"excluded-workspaces": []string{}, "workspaces": []string{"ws-4pW7hPwDJ1fY3gSC"},
	}
	if !reflect.DeepEqual(gotView, want) || got.AllowedProjects[0].ID != "prj-6p5RiCe5CRjBmsGt" {
		t.Errorf("agent pool\n%v\nwant\n%v", gotView, want)
	}
}

func TestAgentPools_ReadDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, agentPoolJSON))
	if _, err := c.AgentPools.Read(context.Background(), "apool-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/agent-pools/apool-6p5RiCe5CRjBmsGt", "", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.AgentPools.Delete(context.Background(), "apool-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/agent-pools/apool-6p5RiCe5CRjBmsGt", "", "")

	// An ID that cannot be a path segment is refused before any request.
	if err := c.AgentPools.Delete(context.Background(), ".."); err == nil {
		t.Error("Delete(..) succeeded")
	}
}

// An update sends what it is given and nothing else: the attributes
// alone, or one list alone, an empty one as [] so that it empties the
// list.
func TestAgentPools_UpdateSendsOnlyWhatItIsGiven(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, agentPoolJSON))
	ctx := context.Background()
	if _, err := c.AgentPools.Update(ctx, "apool-6p5RiCe5CRjBmsGt", AgentPoolOptions{Name: ptr("runners"), OrganizationScoped: ptr(true)}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/agent-pools/apool-6p5RiCe5CRjBmsGt", "",
		`{"data":{"type":"agent-pools","attributes":{"name":"runners","organization-scoped":true}}}`)

	if _, err := c.AgentPools.Update(ctx, "apool-6p5RiCe5CRjBmsGt", AgentPoolOptions{
		AllowedProjects: []*Project{{ID: "prj-6p5RiCe5CRjBmsGt", Name: "not sent"}},
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/agent-pools/apool-6p5RiCe5CRjBmsGt", "",
		`{"data":{"type":"agent-pools","relationships":{"allowed-projects":{"data":[{"type":"projects","id":"prj-6p5RiCe5CRjBmsGt"}]}}}}`)

	if _, err := c.AgentPools.Update(ctx, "apool-6p5RiCe5CRjBmsGt", AgentPoolOptions{ExcludedWorkspaces: []*Workspace{}}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/agent-pools/apool-6p5RiCe5CRjBmsGt", "",
		`{"data":{"type":"agent-pools","relationships":{"excluded-workspaces":{"data":[]}}}}`)
}

// ReadByName searches the organization's pools by the name and takes the
// one of that name in any case; none is a 404.
func TestAgentPools_ReadByName(t *testing.T) {
	list := `{"data":[
	{"id":"apool-6p5RiCe5CRjBmsGt","type":"agent-pools","attributes":{"name":"runners-2","organization-scoped":true}},
	{"id":"apool-7q6SjDf6DSkCntHu","type":"agent-pools","attributes":{"name":"Runners","organization-scoped":true}}],
	"meta":{"pagination":{"current-page":1,"next-page":null,"total-pages":1,"total-count":2}}}`
	c, f := fakePlatform(t, reply(http.StatusOK, list))
	got, err := c.AgentPools.ReadByName(context.Background(), "acme", "runners")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/agent-pools", "page%5Bnumber%5D=1&page%5Bsize%5D=100&q=runners", "")
	if got.ID != "apool-7q6SjDf6DSkCntHu" {
		t.Errorf("ReadByName found %s, want apool-7q6SjDf6DSkCntHu", got.ID)
	}
	if _, err := c.AgentPools.ReadByName(context.Background(), "acme", "builders"); !client.IsNotFound(err) {
		t.Errorf("ReadByName of a missing name: %v, want a 404", err)
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.AgentPools.List(ctx, "", AgentPoolListOptions{})),
				errOf(c.AgentPools.ReadByName(ctx, "", "x")),
				errOf(c.AgentPools.Create(ctx, "", AgentPoolOptions{})),
			},
			"agent pool ID is empty": {
				errOf(c.AgentPools.Read(ctx, "")),
				errOf(c.AgentPools.Update(ctx, "", AgentPoolOptions{})),
				c.AgentPools.Delete(ctx, ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"AgentPools.Create": {func(c *Client) error { return errOf(c.AgentPools.Create(ctx, "acme", AgentPoolOptions{})) }, sentOnce},
			"AgentPools.Update": {func(c *Client) error { return errOf(c.AgentPools.Update(ctx, "apool-1", AgentPoolOptions{})) }, sentOnce},
		}
	})
	addLookups(func(ctx context.Context, c *Client) map[string]error {
		return map[string]error{
			`GET /api/v2/organizations/a%20b/agent-pools: 404 Not Found: no agent pool named "x"`: errOf(c.AgentPools.ReadByName(ctx, "a b", "x")),
		}
	})
}
