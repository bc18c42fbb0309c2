package platform

import (
	"context"
	"net/http"
	"testing"
)

const sentinelVersionJSON = `{"data":{"id":"tool-6p5RiCe5CRjBmsGt","type":"sentinel-versions","attributes":{"version":"0.30.0",` +
	`"url":"https://example.com/s","sha":"abc","official":false,"enabled":true,"beta":false,"deprecated":true,"deprecated-reason":"old",` +
	`"usage":2,"created-at":"2025-06-01T12:00:00.000Z","archs":[{"url":"https://example.com/s","sha":"abc","os":"linux","arch":"amd64"}]}}}`

// Each engine's calls send the options as its own type, and give its
// answers as one EngineVersion.
func TestEngineVersions_CreateSendsTheEnginesType(t *testing.T) {
	for typ, create := range map[string]func(*Client, EngineVersionOptions) (*EngineVersion, error){
		"sentinel-versions": func(c *Client, o EngineVersionOptions) (*EngineVersion, error) {
			return c.AdminSentinelVersions.Create(context.Background(), o)
		},
		"opa-versions": func(c *Client, o EngineVersionOptions) (*EngineVersion, error) {
			return c.AdminOPAVersions.Create(context.Background(), o)
		},
	} {
		answer := sentinelVersionJSON
		if typ == "opa-versions" {
			answer = `{"data":{"id":"tool-6p5RiCe5CRjBmsGt","type":"opa-versions","attributes":{"version":"0.30.0","url":"https://example.com/s",` +
				`"sha":"abc","official":false,"enabled":true,"beta":false,"deprecated":true,"deprecated-reason":"old","usage":2,` +
				`"created-at":"2025-06-01T12:00:00.000Z","archs":[{"url":"https://example.com/s","sha":"abc","os":"linux","arch":"amd64"}]}}}`
		}
		c, f := fakePlatform(t, reply(http.StatusCreated, answer))
		got, err := create(c, EngineVersionOptions{
			Version: ptr("0.30.0"), Enabled: ptr(true), Deprecated: ptr(true), DeprecatedReason: ptr("old"),
			Archs: []*EngineArch{{URL: "https://example.com/s", SHA: "abc", OS: "linux", Arch: "amd64"}},
		})
		if err != nil {
			t.Fatal(err)
		}
		assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/admin/"+typ, "",
			`{"data":{"type":"`+typ+`","attributes":{"version":"0.30.0","enabled":true,"deprecated":true,"deprecated-reason":"old",`+
				`"archs":[{"url":"https://example.com/s","sha":"abc","os":"linux","arch":"amd64"}]}}}`)
		if got.ID != "tool-6p5RiCe5CRjBmsGt" || got.Version != "0.30.0" || got.URL != "https://example.com/s" || *got.DeprecatedReason != "old" ||
			got.Usage != 2 || got.CreatedAt == nil || len(got.Archs) != 1 || *got.Archs[0] != (EngineArch{URL: "https://example.com/s", SHA: "abc", OS: "linux", Arch: "amd64"}) {
			t.Errorf("%s: version %+v", typ, *got)
		}
	}
}

func TestEngineVersions_ReadListUpdateDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, sentinelVersionJSON))
	if _, err := c.AdminSentinelVersions.Read(context.Background(), "tool-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/admin/sentinel-versions/tool-6p5RiCe5CRjBmsGt", "", "")
	if _, err := c.AdminSentinelVersions.Update(context.Background(), "tool-6p5RiCe5CRjBmsGt", EngineVersionOptions{Beta: ptr(false)}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/admin/sentinel-versions/tool-6p5RiCe5CRjBmsGt", "",
		`{"data":{"type":"sentinel-versions","attributes":{"beta":false}}}`)

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"tool-6p5RiCe5CRjBmsGt","type":"opa-versions","attributes":{"version":"0.59.0"}}]}`))
	l, err := c.AdminOPAVersions.List(context.Background(), EngineVersionListOptions{Version: "0.59.0", Search: "0.5"})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/admin/opa-versions",
		"filter%5Bversion%5D=0.59.0&page%5Bnumber%5D=1&page%5Bsize%5D=100&search%5Bversion%5D=0.5", "")
	if len(l.Items) != 1 || l.Items[0].Version != "0.59.0" {
		t.Errorf("list %+v", l.Items)
	}

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.AdminOPAVersions.Delete(context.Background(), "tool-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/admin/opa-versions/tool-6p5RiCe5CRjBmsGt", "", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"Sentinel version ID is empty": {
				errOf(c.AdminSentinelVersions.Read(ctx, "")),
				errOf(c.AdminSentinelVersions.Update(ctx, "", EngineVersionOptions{})),
				c.AdminSentinelVersions.Delete(ctx, ""),
			},
			"OPA version ID is empty": {
				errOf(c.AdminOPAVersions.Read(ctx, "")),
				errOf(c.AdminOPAVersions.Update(ctx, "", EngineVersionOptions{})),
				c.AdminOPAVersions.Delete(ctx, ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"AdminSentinelVersions.Create": {func(c *Client) error { return errOf(c.AdminSentinelVersions.Create(ctx, EngineVersionOptions{})) }, sentOnce},
			"AdminSentinelVersions.Update": {func(c *Client) error {
				return errOf(c.AdminSentinelVersions.Update(ctx, "tool-1", EngineVersionOptions{}))
			}, sentOnce},
			"AdminOPAVersions.Create": {func(c *Client) error { return errOf(c.AdminOPAVersions.Create(ctx, EngineVersionOptions{})) }, sentOnce},
			"AdminOPAVersions.Update": {func(c *Client) error { return errOf(c.AdminOPAVersions.Update(ctx, "tool-1", EngineVersionOptions{})) }, sentOnce},
		}
	})
}
