package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
)

const workspaceVariableJSON = `{"data":{"id":"var-6p5RiCe5CRjBmsGt","type":"vars","attributes":{
	"key":"region","value":"eu-west-1","description":"where","category":"terraform","hcl":false,"sensitive":false,
	"version-id":"1aa5e4e7e3f4b0f1c1e0c2d3a4b5c6d7"},
	"relationships":{"configurable":{"data":{"id":"ws-1","type":"workspaces"},"links":{"related":"/api/v2/workspaces/ws-1"}}}}}`

const setVariableJSON = `{"data":{"id":"var-2","type":"vars","attributes":{
	"key":"password","value":null,"category":"env","hcl":false,"sensitive":true,"version-id":"v2"},
	"relationships":{"varset":{"data":{"id":"varset-1","type":"varsets"}}}}}`

func TestVariables_CreateInAWorkspace(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, workspaceVariableJSON))
	got, err := c.Variables.Create(context.Background(), InWorkspace("ws-1"), VariableOptions{
		Key: ptr("region"), Value: ptr("eu-west-1"), Description: ptr("where"), Category: ptr(CategoryTerraform),
		HCL: ptr(false), Sensitive: ptr(false),
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/workspaces/ws-1/vars", "", `{"data":{"type":"vars","attributes":{
		"key":"region","value":"eu-west-1","description":"where","category":"terraform","hcl":false,"sensitive":false}}}`)
	want := Variable{
		ID: "var-6p5RiCe5CRjBmsGt", Key: "region", Value: "eu-west-1", Description: "where", Category: CategoryTerraform,
		VersionID: "1aa5e4e7e3f4b0f1c1e0c2d3a4b5c6d7", Workspace: &Workspace{ID: "ws-1"},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("variable\n%+v\nwant\n%+v", *got, want)
	}
}

func TestVariables_CreateInAVariableSet(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, setVariableJSON))
	got, err := c.Variables.Create(context.Background(), InVariableSet("varset-1"), VariableOptions{
		Key: ptr("password"), Value: ptr("hunter2"), Category: ptr(CategoryEnv), Sensitive: ptr(true),
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/varsets/varset-1/relationships/vars", "",
		`{"data":{"type":"vars","attributes":{"key":"password","value":"hunter2","category":"env","sensitive":true}}}`)
	// A sensitive value is never answered.
	want := Variable{ID: "var-2", Key: "password", Category: CategoryEnv, Sensitive: true, VersionID: "v2", VariableSet: &VariableSet{ID: "varset-1"}}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("variable\n%+v\nwant\n%+v", *got, want)
	}
}

func TestVariables_SingleReads(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, workspaceVariableJSON))
	got, err := c.Variables.Read(context.Background(), InWorkspace("ws-1"), "var-1")
	if err != nil || got.Workspace.ID != "ws-1" {
		t.Fatalf("variable %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/workspaces/ws-1/vars/var-1", "", "")

	c, f = fakePlatform(t, reply(http.StatusOK, setVariableJSON))
	got, err = c.Variables.Read(context.Background(), InVariableSet("varset-1"), "var-2")
	if err != nil || got.VariableSet.ID != "varset-1" || got.VersionID != "v2" {
		t.Fatalf("variable %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/varsets/varset-1/relationships/vars/var-2", "", "")
}

func TestVariables_UpdateSendsItsID(t *testing.T) {
	for _, tc := range []struct {
		parent VariableParent
		path   string
	}{
		{InWorkspace("ws-1"), "/api/v2/workspaces/ws-1/vars/var-1"},
		{InVariableSet("varset-1"), "/api/v2/varsets/varset-1/relationships/vars/var-1"},
	} {
		c, f := fakePlatform(t, reply(http.StatusOK, workspaceVariableJSON))
		if _, err := c.Variables.Update(context.Background(), tc.parent, "var-1", VariableOptions{
			Value: ptr(""), HCL: ptr(true), Description: ptr("d"),
		}); err != nil {
			t.Fatal(err)
		}
		assertRequest(t, f.Last(t), http.MethodPatch, tc.path, "",
			`{"data":{"type":"vars","id":"var-1","attributes":{"value":"","hcl":true,"description":"d"}}}`)
	}
}

func TestVariables_ListAndDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"var-1","type":"vars","attributes":{"key":"a","version-id":"x"}},
		{"id":"var-2","type":"vars","attributes":{"key":"b","sensitive":true}}]}`))
	got, err := c.Variables.List(context.Background(), InWorkspace("ws-1"))
	if err != nil || len(got.Items) != 2 || got.Items[1].Key != "b" || !got.Items[1].Sensitive {
		t.Fatalf("variables %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/workspaces/ws-1/vars", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	if _, err := c.Variables.List(context.Background(), InVariableSet("varset-1")); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/varsets/varset-1/relationships/vars", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.Variables.Delete(context.Background(), InWorkspace("ws-1"), "var-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/workspaces/ws-1/vars/var-1", "", "")
	if err := c.Variables.Delete(context.Background(), InVariableSet("varset-1"), "var-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/varsets/varset-1/relationships/vars/var-1", "", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"variable ID is empty": {
				errOf(c.Variables.Read(ctx, InWorkspace("ws-1"), "")),
				errOf(c.Variables.Update(ctx, InVariableSet("varset-1"), "", VariableOptions{})),
				c.Variables.Delete(ctx, InWorkspace("ws-1"), ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"Variables.Create": {func(c *Client) error { return errOf(c.Variables.Create(ctx, InWorkspace("ws-1"), VariableOptions{})) }, sentOnce},
			"Variables.Update": {func(c *Client) error {
				return errOf(c.Variables.Update(ctx, InWorkspace("ws-1"), "var-1", VariableOptions{}))
			}, sentOnce},
		}
	})
}
