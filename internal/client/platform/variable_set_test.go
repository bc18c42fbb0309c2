package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

const variableSetJSON = `{"data":{"id":"varset-6p5RiCe5CRjBmsGt","type":"varsets","attributes":{
	"name":"cloud credentials","description":"for every workspace","global":false,"priority":true,"var-count":1},
	"relationships":{
		"organization":{"data":{"id":"acme","type":"organizations"}},
		"parent":{"data":{"id":"prj-1","type":"projects"}},
		"workspaces":{"data":[{"id":"ws-1","type":"workspaces"}]},
		"projects":{"data":[{"id":"prj-2","type":"projects"},{"id":"prj-3","type":"projects"}]},
		"vars":{"data":[{"id":"var-1","type":"vars"}]}}},
	"included":[{"id":"var-1","type":"vars","attributes":{"key":"region","value":"eu-west-1","category":"env"}}]}`

func TestVariableSets_CreateInAProject(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, variableSetJSON))
	got, err := c.VariableSets.Create(context.Background(), "acme", VariableSetOptions{
		Name: ptr("cloud credentials"), Description: ptr("for every workspace"), Global: ptr(false), Priority: ptr(true),
		Parent: &VariableSetParent{Project: &Project{ID: "prj-1"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/varsets", "", `{"data":{"type":"varsets",
		"attributes":{"name":"cloud credentials","description":"for every workspace","global":false,"priority":true},
		"relationships":{"parent":{"data":{"type":"projects","id":"prj-1"}}}}}`)
	want := VariableSet{
		ID: "varset-6p5RiCe5CRjBmsGt", Name: "cloud credentials", Description: "for every workspace", Priority: true,
		Organization: &Organization{Name: "acme"},
		Parent:       &VariableSetParent{Project: &Project{ID: "prj-1"}},
		Workspaces:   []*Workspace{{ID: "ws-1"}},
		Projects:     []*Project{{ID: "prj-2"}, {ID: "prj-3"}},
		Variables:    []*Variable{{ID: "var-1", Key: "region", Value: "eu-west-1", Category: CategoryEnv}},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("variable set\n%+v\nwant\n%+v", *got, want)
	}
}

func TestVariableSets_CreateInTheOrganization(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, `{"data":{"id":"varset-1","type":"varsets","attributes":{"name":"g","global":true},
		"relationships":{"parent":{"data":{"id":"acme","type":"organizations"}}}}}`))
	got, err := c.VariableSets.Create(context.Background(), "acme", VariableSetOptions{
		Name: ptr("g"), Global: ptr(true), Parent: &VariableSetParent{Organization: &Organization{Name: "acme"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	// The organization goes by name, its ID.
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/varsets", "", `{"data":{"type":"varsets",
		"attributes":{"name":"g","global":true},"relationships":{"parent":{"data":{"type":"organizations","id":"acme"}}}}}`)
	if got.Parent == nil || got.Parent.Organization == nil || got.Parent.Organization.Name != "acme" || got.Parent.Project != nil {
		t.Errorf("parent %+v", got.Parent)
	}

	if _, err := c.VariableSets.Create(context.Background(), "acme", VariableSetOptions{Name: ptr("g")}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/varsets", "", `{"data":{"type":"varsets","attributes":{"name":"g"}}}`)
}

func TestVariableSets_ReadUpdateDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, variableSetJSON))
	got, err := c.VariableSets.Read(context.Background(), "varset-1", VariableSetReadOptions{Include: []string{VariableSetIncludeVars}})
	if err != nil || got.Variables[0].Key != "region" {
		t.Fatalf("variable set %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/varsets/varset-1", "include=vars", "")

	if _, err := c.VariableSets.Update(context.Background(), "varset-1", VariableSetOptions{
		Name: ptr("n"), Description: ptr(""), Global: ptr(true), Priority: ptr(false),
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/varsets/varset-1", "",
		`{"data":{"type":"varsets","attributes":{"name":"n","description":"","global":true,"priority":false}}}`)

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.VariableSets.Delete(context.Background(), "varset-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/varsets/varset-1", "", "")
}

func TestVariableSets_Lists(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"varset-1","type":"varsets","attributes":{"name":"a"}}]}`))
	ctx := context.Background()
	opts := VariableSetListOptions{Query: "cloud", Include: []string{VariableSetIncludeWorkspaces, VariableSetIncludeProjects}}
	for _, tc := range []struct {
		call func() (*VariableSetList, error)
		path string
	}{
		{func() (*VariableSetList, error) { return c.VariableSets.List(ctx, "acme", opts) }, "/api/v2/organizations/acme/varsets"},
		{func() (*VariableSetList, error) { return c.VariableSets.ListForProject(ctx, "prj-1", opts) }, "/api/v2/projects/prj-1/varsets"},
		{func() (*VariableSetList, error) { return c.VariableSets.ListForWorkspace(ctx, "ws-1", opts) }, "/api/v2/workspaces/ws-1/varsets"},
	} {
		got, err := tc.call()
		if err != nil || len(got.Items) != 1 || got.Items[0].ID != "varset-1" {
			t.Fatalf("%s: %+v, %v", tc.path, got, err)
		}
		assertRequest(t, f.Last(t), http.MethodGet, tc.path, "include=workspaces%2Cprojects&page%5Bnumber%5D=1&page%5Bsize%5D=100&q=cloud", "")
	}
}

func TestVariableSets_Assignments(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusNoContent, ""))
	ctx := context.Background()
	for _, tc := range []struct {
		call         func() error
		method, path string
		body         string
	}{
		{func() error { return c.VariableSets.ApplyToWorkspaces(ctx, "varset-1", []string{"ws-1", "ws-2"}) },
			http.MethodPost, "/api/v2/varsets/varset-1/relationships/workspaces", `{"data":[{"type":"workspaces","id":"ws-1"},{"type":"workspaces","id":"ws-2"}]}`},
		{func() error { return c.VariableSets.RemoveFromWorkspaces(ctx, "varset-1", []string{"ws-1"}) },
			http.MethodDelete, "/api/v2/varsets/varset-1/relationships/workspaces", `{"data":[{"type":"workspaces","id":"ws-1"}]}`},
		{func() error { return c.VariableSets.ApplyToProjects(ctx, "varset-1", []string{"prj-1"}) },
			http.MethodPost, "/api/v2/varsets/varset-1/relationships/projects", `{"data":[{"type":"projects","id":"prj-1"}]}`},
		{func() error { return c.VariableSets.RemoveFromProjects(ctx, "varset-1", []string{"prj-1"}) },
			http.MethodDelete, "/api/v2/varsets/varset-1/relationships/projects", `{"data":[{"type":"projects","id":"prj-1"}]}`},
	} {
		if err := tc.call(); err != nil {
			t.Fatal(err)
		}
		assertRequest(t, f.Last(t), tc.method, tc.path, "", tc.body)
	}
}

// Adding to a relationship twice is adding once: a POST whose answer was
// lost is sent again.
func TestVariableSets_assignmentRetriedAfterALostAnswer(t *testing.T) {
	c, f := fakePlatform(t, answerLostOnce())
	if err := c.VariableSets.ApplyToProjects(context.Background(), "varset-1", []string{"prj-1"}); err != nil {
		t.Fatal(err)
	}
	if got := len(f.Requests()); got != 2 {
		t.Errorf("%d requests, want 2", got)
	}
}

// ReadByName searches the organization's variable sets by the name and
// takes the one of that name in any case; none is a 404.
func TestVariableSets_ReadByName(t *testing.T) {
	list := `{"data":[
	{"id":"varset-6p5RiCe5CRjBmsGt","type":"varsets","attributes":{"name":"cloud credentials 2"}},
	{"id":"varset-7q6SjDf6DSkCntHu","type":"varsets","attributes":{"name":"Cloud Credentials"}}],
	"meta":{"pagination":{"current-page":1,"next-page":null,"total-pages":1,"total-count":2}}}`
	c, f := fakePlatform(t, reply(http.StatusOK, list))
	got, err := c.VariableSets.ReadByName(context.Background(), "acme", "cloud credentials")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/varsets", "page%5Bnumber%5D=1&page%5Bsize%5D=100&q=cloud+credentials", "")
	if got.ID != "varset-7q6SjDf6DSkCntHu" {
		t.Errorf("ReadByName found %s, want varset-7q6SjDf6DSkCntHu", got.ID)
	}
	if _, err := c.VariableSets.ReadByName(context.Background(), "acme", "builders"); !client.IsNotFound(err) {
		t.Errorf("ReadByName of a missing name: %v, want a 404", err)
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.VariableSets.List(ctx, "", VariableSetListOptions{})),
				errOf(c.VariableSets.ReadByName(ctx, "", "x")),
				errOf(c.VariableSets.Create(ctx, "", VariableSetOptions{})),
			},
			"project ID is empty": {
				errOf(c.VariableSets.ListForProject(ctx, "", VariableSetListOptions{})),
			},
			"workspace ID is empty": {
				errOf(c.VariableSets.ListForWorkspace(ctx, "", VariableSetListOptions{})),
			},
			"variable set ID is empty": {
				errOf(c.VariableSets.Read(ctx, "", VariableSetReadOptions{})),
				errOf(c.VariableSets.Update(ctx, "", VariableSetOptions{})),
				c.VariableSets.Delete(ctx, ""),
				c.VariableSets.ApplyToWorkspaces(ctx, "", nil),
				c.VariableSets.RemoveFromWorkspaces(ctx, "", nil),
				c.VariableSets.ApplyToProjects(ctx, "", nil),
				c.VariableSets.RemoveFromProjects(ctx, "", nil),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"VariableSets.Create": {func(c *Client) error { return errOf(c.VariableSets.Create(ctx, "acme", VariableSetOptions{})) }, sentOnce},
			"VariableSets.Update": {func(c *Client) error { return errOf(c.VariableSets.Update(ctx, "varset-1", VariableSetOptions{})) }, sentOnce},
			"VariableSets.ApplyToWorkspaces": {func(c *Client) error {
				return c.VariableSets.ApplyToWorkspaces(ctx, "varset-1", []string{"ws-1"})
			}, sentAgain},
			"VariableSets.ApplyToProjects": {func(c *Client) error {
				return c.VariableSets.ApplyToProjects(ctx, "varset-1", []string{"prj-1"})
			}, sentAgain},
		}
	})
	addLookups(func(ctx context.Context, c *Client) map[string]error {
		return map[string]error{
			`GET /api/v2/organizations/a%20b/varsets: 404 Not Found: no variable set named "x"`: errOf(c.VariableSets.ReadByName(ctx, "a b", "x")),
		}
	})
}
