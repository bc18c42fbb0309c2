package platform

import (
	"context"
	"net/http"
	"testing"
)

const policySetJSON = `{"data":{"id":"polset-6p5RiCe5CRjBmsGt","type":"policy-sets","attributes":{"name":"base","description":null,"kind":"sentinel",` +
	`"global":false,"overridable":null,"agent-enabled":false,"policy-tool-version":"","policies-path":null,"policy-update-patterns":[],` +
	`"vcs-repo":null,"policy-count":1,"workspace-count":1,"project-count":0,"tag-selectors":[],"tag-selector-matching-logic":null,` +
	`"created-at":"2025-06-01T12:00:00.000Z","updated-at":"2025-06-01T12:00:00.000Z"},"relationships":{` +
	`"organization":{"data":{"type":"organizations","id":"acme"}},"policies":{"data":[{"type":"policies","id":"pol-6p5RiCe5CRjBmsGt"}]},` +
	`"workspaces":{"data":[{"type":"workspaces","id":"ws-6p5RiCe5CRjBmsGt"}]},"projects":{"data":[]},` +
	`"workspace-exclusions":{"data":[]},"project-exclusions":{"data":[{"type":"projects","id":"prj-6p5RiCe5CRjBmsGt"}]}}}}`

// A create sends the set's attributes and policies; the answer names
// every member without include.
func TestPolicySets_CreateSendsThePolicies(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, policySetJSON))
	got, err := c.PolicySets.Create(context.Background(), "acme", PolicySetOptions{
		Name: ptr("base"), Kind: ptr(KindSentinel), AgentEnabled: ptr(true), PolicyToolVersion: ptr("0.30.0"),
		PolicyUpdatePatterns: []string{"*.sentinel"}, Policies: []*Policy{{ID: "pol-6p5RiCe5CRjBmsGt"}},
		VCSRepo: Value(&VCSRepoOptions{Identifier: ptr("acme/p"), OAuthTokenID: ptr("ot-1")}),
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/policy-sets", "",
		`{"data":{"type":"policy-sets","attributes":{"agent-enabled":true,"kind":"sentinel","name":"base","policy-tool-version":"0.30.0",`+
			`"policy-update-patterns":["*.sentinel"],"vcs-repo":{"identifier":"acme/p","oauth-token-id":"ot-1"}},`+
			`"relationships":{"policies":{"data":[{"type":"policies","id":"pol-6p5RiCe5CRjBmsGt"}]}}}}`)
	if got.ID != "polset-6p5RiCe5CRjBmsGt" || got.Overridable != nil || got.Organization.Name != "acme" || len(got.Policies) != 1 ||
		len(got.Workspaces) != 1 || got.Workspaces[0].ID != "ws-6p5RiCe5CRjBmsGt" || len(got.ProjectExclusions) != 1 || got.PolicyCount != 1 {
		t.Errorf("set %+v", *got)
	}
}

// An update leaves out the kind and the policies; a VCS repository sent as
// Null detaches the set from it.
func TestPolicySets_UpdateLeavesOutKindAndPolicies(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, policySetJSON))
	if _, err := c.PolicySets.Update(context.Background(), "polset-1", PolicySetOptions{
		Name: ptr("base"), Kind: ptr(KindOPA), Policies: []*Policy{{ID: "pol-1"}}, Global: ptr(false), VCSRepo: Null[*VCSRepoOptions](),
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/policy-sets/polset-1", "",
		`{"data":{"type":"policy-sets","attributes":{"global":false,"name":"base","vcs-repo":null}}}`)
}

func TestPolicySets_ReadListDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, policySetJSON))
	if _, err := c.PolicySets.Read(context.Background(), "polset-1", PolicySetIncludeWorkspaces, PolicySetIncludeProjects); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/policy-sets/polset-1", "include=workspaces%2Cprojects", "")

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[]}`))
	if _, err := c.PolicySets.List(context.Background(), "acme", PolicySetListOptions{Search: "b", Kind: KindOPA, Include: []string{PolicySetIncludeWorkspaces}}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/policy-sets",
		"filter%5Bkind%5D=opa&include=workspaces&page%5Bnumber%5D=1&page%5Bsize%5D=100&search%5Bname%5D=b", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.PolicySets.Delete(context.Background(), "polset-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/policy-sets/polset-1", "", "")
}

// Each relationship of a set is added to and removed from through its
// endpoint, with its members' type.
func TestPolicySets_Relationships(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusNoContent, ""))
	ctx := context.Background()
	for _, call := range []struct {
		do        func() error
		method    string
		rel, body string
	}{
		{func() error { return c.PolicySets.AddPolicies(ctx, "polset-1", []string{"pol-1"}) }, http.MethodPost, "policies", `{"type":"policies","id":"pol-1"}`},
		{func() error { return c.PolicySets.RemovePolicies(ctx, "polset-1", []string{"pol-1"}) }, http.MethodDelete, "policies", `{"type":"policies","id":"pol-1"}`},
		{func() error { return c.PolicySets.AddWorkspaces(ctx, "polset-1", []string{"ws-1"}) }, http.MethodPost, "workspaces", `{"type":"workspaces","id":"ws-1"}`},
		{func() error { return c.PolicySets.RemoveWorkspaces(ctx, "polset-1", []string{"ws-1"}) }, http.MethodDelete, "workspaces", `{"type":"workspaces","id":"ws-1"}`},
		{func() error { return c.PolicySets.AddProjects(ctx, "polset-1", []string{"prj-1"}) }, http.MethodPost, "projects", `{"type":"projects","id":"prj-1"}`},
		{func() error { return c.PolicySets.RemoveProjects(ctx, "polset-1", []string{"prj-1"}) }, http.MethodDelete, "projects", `{"type":"projects","id":"prj-1"}`},
		{func() error { return c.PolicySets.AddWorkspaceExclusions(ctx, "polset-1", []string{"ws-1"}) }, http.MethodPost, "workspace-exclusions", `{"type":"workspaces","id":"ws-1"}`},
		{func() error { return c.PolicySets.RemoveWorkspaceExclusions(ctx, "polset-1", []string{"ws-1"}) }, http.MethodDelete, "workspace-exclusions", `{"type":"workspaces","id":"ws-1"}`},
		{func() error { return c.PolicySets.AddProjectExclusions(ctx, "polset-1", []string{"prj-1"}) }, http.MethodPost, "project-exclusions", `{"type":"projects","id":"prj-1"}`},
		{func() error { return c.PolicySets.RemoveProjectExclusions(ctx, "polset-1", []string{"prj-1"}) }, http.MethodDelete, "project-exclusions", `{"type":"projects","id":"prj-1"}`},
	} {
		if err := call.do(); err != nil {
			t.Fatal(err)
		}
		assertRequest(t, f.Last(t), call.method, "/api/v2/policy-sets/polset-1/relationships/"+call.rel, "", `{"data":[`+call.body+`]}`)
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.PolicySets.Create(ctx, "", PolicySetOptions{})),
				errOf(c.PolicySets.List(ctx, "", PolicySetListOptions{})),
			},
			"policy set ID is empty": {
				errOf(c.PolicySets.Read(ctx, "")),
				errOf(c.PolicySets.Update(ctx, "", PolicySetOptions{})),
				c.PolicySets.Delete(ctx, ""),
				c.PolicySets.AddPolicies(ctx, "", nil),
				c.PolicySets.RemovePolicies(ctx, "", nil),
				c.PolicySets.AddWorkspaces(ctx, "", nil),
				c.PolicySets.RemoveWorkspaces(ctx, "", nil),
				c.PolicySets.AddProjects(ctx, "", nil),
				c.PolicySets.RemoveProjects(ctx, "", nil),
				c.PolicySets.AddWorkspaceExclusions(ctx, "", nil),
				c.PolicySets.RemoveWorkspaceExclusions(ctx, "", nil),
				c.PolicySets.AddProjectExclusions(ctx, "", nil),
				c.PolicySets.RemoveProjectExclusions(ctx, "", nil),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"PolicySets.Create": {func(c *Client) error { return errOf(c.PolicySets.Create(ctx, "acme", PolicySetOptions{})) }, sentOnce},
			"PolicySets.Update": {func(c *Client) error { return errOf(c.PolicySets.Update(ctx, "polset-1", PolicySetOptions{})) }, sentOnce},
			"PolicySets.AddWorkspaces": {func(c *Client) error {
				return c.PolicySets.AddWorkspaces(ctx, "polset-1", []string{"ws-1"})
			}, sentAgain},
			"PolicySets.AddPolicies": {func(c *Client) error {
				return c.PolicySets.AddPolicies(ctx, "polset-1", []string{"pol-1"})
			}, sentAgain},
		}
	})
}
