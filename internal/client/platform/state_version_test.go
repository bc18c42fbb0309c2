package platform

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"testing"
	"time"
)

const stateVersionJSON = `{"data":{"id":"sv-6p5RiCe5CRjBmsGt","type":"state-versions","attributes":{
	"created-at":"2025-06-01T12:00:00.000Z","serial":3,"status":"finalized","size":120,"state-version":4,
	"terraform-version":"1.12.2","resources-processed":true,"billable-rum-count":3,
	"hosted-state-download-url":"https://archivist.example.com/sv","hosted-json-state-download-url":null,
	"hosted-state-upload-url":null,"hosted-json-state-upload-url":null},
	"relationships":{"workspace":{"data":{"id":"ws-1","type":"workspaces"}},
	"outputs":{"data":[{"id":"wsout-1","type":"state-version-outputs"}]}}}}`

func TestStateVersions_ReadAndReadCurrent(t *testing.T) {
	want := StateVersion{
		ID: "sv-6p5RiCe5CRjBmsGt", CreatedAt: ptr(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)),
		Serial: 3, Status: StateVersionFinalized, Size: 120, StateVersion: 4, TerraformVersion: "1.12.2",
		ResourcesProcessed: true, BillableRUMCount: ptr(3), DownloadURL: "https://archivist.example.com/sv",
		Workspace: &Workspace{ID: "ws-1"}, Outputs: []*StateVersionOutput{{ID: "wsout-1"}},
	}
	c, f := fakePlatform(t, reply(http.StatusOK, stateVersionJSON))
	got, err := c.StateVersions.Read(context.Background(), "sv-6p5RiCe5CRjBmsGt")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/state-versions/sv-6p5RiCe5CRjBmsGt", "", "")
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("state version\n%+v\nwant\n%+v", *got, want)
	}

	c, f = fakePlatform(t, reply(http.StatusOK, stateVersionJSON))
	if got, err = c.StateVersions.ReadCurrent(context.Background(), "ws-1"); err != nil || got.ID != want.ID {
		t.Fatalf("current %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/workspaces/ws-1/current-state-version", "", "")
}

// outputsJSON are outputs as the platform lists them: a number past what
// a float64 holds exactly, a detailed type, a hidden sensitive value.
const outputsJSON = `{"data":[
	{"id":"wsout-1","type":"state-version-outputs","attributes":{"name":"port","sensitive":false,"type":"number",
	 "value":9007199254740993,"detailed-type":"number"}},
	{"id":"wsout-2","type":"state-version-outputs","attributes":{"name":"sizes","sensitive":false,"type":"object",
	 "value":{"small":1.5,"big":[10]},"detailed-type":["object",{"small":"number","big":["list","number"]}]}},
	{"id":"wsout-3","type":"state-version-outputs","attributes":{"name":"password","sensitive":true,"type":"string",
	 "value":null,"detailed-type":"string"}}],
	"meta":{"pagination":{"current-page":1,"next-page":null,"total-pages":1,"total-count":3}}}`

// Values and detailed types keep every digit of their numbers, in lists
// as in one read.
func TestStateVersionOutputs_valuesAreExact(t *testing.T) {
	want := []*StateVersionOutput{
		{ID: "wsout-1", Name: "port", Type: "number", Value: json.Number("9007199254740993"), DetailedType: "number"},
		{ID: "wsout-2", Name: "sizes", Type: "object",
			Value:        map[string]any{"small": json.Number("1.5"), "big": []any{json.Number("10")}},
			DetailedType: []any{"object", map[string]any{"small": "number", "big": []any{"list", "number"}}}},
		{ID: "wsout-3", Name: "password", Sensitive: true, Type: "string", DetailedType: "string"},
	}
	c, f := fakePlatform(t, reply(http.StatusOK, outputsJSON))
	got, err := c.StateVersionOutputs.ListCurrent(context.Background(), "ws-1")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/workspaces/ws-1/current-state-version-outputs", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")
	if !reflect.DeepEqual(got.Items, want) {
		t.Errorf("outputs\n%#v\nwant\n%#v", got.Items, want)
	}

	c, f = fakePlatform(t, reply(http.StatusOK, outputsJSON))
	if got, err = c.StateVersions.ListOutputs(context.Background(), "sv-1"); err != nil || !reflect.DeepEqual(got.Items, want) {
		t.Fatalf("outputs %#v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/state-versions/sv-1/outputs", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"wsout-3","type":"state-version-outputs","attributes":{
		"name":"password","sensitive":true,"type":"string","value":"hunter2","detailed-type":"string"}}}`))
	one, err := c.StateVersionOutputs.Read(context.Background(), "wsout-3")
	if err != nil || one.Value != "hunter2" || !one.Sensitive {
		t.Fatalf("output %+v, %v", one, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/state-version-outputs/wsout-3", "", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"workspace ID is empty": {
				errOf(c.StateVersions.ReadCurrent(ctx, "")),
				errOf(c.StateVersionOutputs.ListCurrent(ctx, "")),
			},
			"state version ID is empty": {
				errOf(c.StateVersions.Read(ctx, "")),
				errOf(c.StateVersions.ListOutputs(ctx, "")),
			},
			"state version output ID is empty": {
				errOf(c.StateVersionOutputs.Read(ctx, "")),
			},
		}
	})
}
