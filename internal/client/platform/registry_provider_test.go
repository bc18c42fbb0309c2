package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
	"time"
)

const registryProviderJSON = `{"data":{"id":"prov-6p5RiCe5CRjBmsGt","type":"registry-providers","attributes":{
	"name":"aws","namespace":"acme","registry-name":"private","created-at":"2025-06-01T12:00:00.000Z","updated-at":"2025-06-01T12:00:00.000Z",
	"permissions":{"can-delete":true}},
	"relationships":{"organization":{"data":{"id":"acme","type":"organizations"}},"registry-provider-versions":{"data":[]}}}}`

var acmeAWS = RegistryProviderID{Organization: "acme", RegistryName: RegistryPrivate, Namespace: "acme", Name: "aws"}

func TestRegistryProviders_CreateAndDecode(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, registryProviderJSON))
	got, err := c.RegistryProviders.Create(context.Background(), "acme", RegistryProviderOptions{Name: "aws", Namespace: "acme", RegistryName: RegistryPrivate})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/registry-providers", "",
		`{"data":{"type":"registry-providers","attributes":{"name":"aws","namespace":"acme","registry-name":"private"}}}`)
	at := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	want := RegistryProvider{
		ID: "prov-6p5RiCe5CRjBmsGt", Name: "aws", Namespace: "acme", RegistryName: RegistryPrivate,
		CreatedAt: &at, UpdatedAt: &at, Organization: &Organization{Name: "acme"},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("provider\n%+v\nwant\n%+v", *got, want)
	}
}

// A provider is read and deleted by its names, each a segment of its path,
// or read by its ID.
func TestRegistryProviders_ReadListDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, registryProviderJSON))
	if _, err := c.RegistryProviders.Read(context.Background(), RegistryProviderID{Organization: "acme", RegistryName: RegistryPublic, Namespace: "hashi corp", Name: "aws"}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/registry-providers/public/hashi%20corp/aws", "", "")
	if _, err := c.RegistryProviders.ReadByID(context.Background(), "prov-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/registry-providers/prov-6p5RiCe5CRjBmsGt", "", "")

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"prov-1","type":"registry-providers","attributes":{"name":"aws"}}],
		"meta":{"pagination":{"current-page":1,"next-page":null,"total-pages":1,"total-count":1}}}`))
	got, err := c.RegistryProviders.List(context.Background(), "acme", RegistryProviderListOptions{Query: "aw", RegistryName: RegistryPublic})
	if err != nil || len(got.Items) != 1 || got.Items[0].Name != "aws" {
		t.Fatalf("providers %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/registry-providers",
		"filter%5Bregistry_name%5D=public&page%5Bnumber%5D=1&page%5Bsize%5D=100&q=aw", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.RegistryProviders.Delete(context.Background(), acmeAWS); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/organizations/acme/registry-providers/private/acme/aws", "", "")
}

const providerVersionJSON = `{"data":{"id":"provver-6p5RiCe5CRjBmsGt","type":"registry-provider-versions","attributes":{
	"version":"1.2.0","key-id":"32966F3FB5AC1129","protocols":["5.0"],"shasums-uploaded":false,"shasums-sig-uploaded":true,
	"created-at":"2025-06-01T12:00:00.000Z","updated-at":"2025-06-01T12:00:00.000Z"},
	"relationships":{"registry-provider":{"data":{"id":"prov-1","type":"registry-providers"}},"platforms":{"data":[]}},
	"links":{"shasums-upload":"https://platform.example.com/_archivist/v1/object/x"}}}`

func TestRegistryProviderVersions_calls(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, providerVersionJSON))
	got, err := c.RegistryProviderVersions.Create(context.Background(), acmeAWS, RegistryProviderVersionOptions{Version: "1.2.0", KeyID: "32966F3FB5AC1129", Protocols: []string{"5.0"}})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/registry-providers/private/acme/aws/versions", "",
		`{"data":{"type":"registry-provider-versions","attributes":{"key-id":"32966F3FB5AC1129","protocols":["5.0"],"version":"1.2.0"}}}`)
	if got.Version != "1.2.0" || !got.ShasumsSigUploaded || got.RegistryProvider.ID != "prov-1" ||
		got.Links["shasums-upload"] != "https://platform.example.com/_archivist/v1/object/x" {
		t.Errorf("version %+v", *got)
	}

	c, f = fakePlatform(t, reply(http.StatusOK, providerVersionJSON))
	if _, err := c.RegistryProviderVersions.Read(context.Background(), acmeAWS, "1.2.0+build"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/registry-providers/private/acme/aws/versions/1.2.0+build", "", "")

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[]}`))
	if l, err := c.RegistryProviderVersions.List(context.Background(), acmeAWS); err != nil || len(l.Items) != 0 {
		t.Fatalf("versions %+v, %v", l, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/registry-providers/private/acme/aws/versions", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.RegistryProviderVersions.Delete(context.Background(), acmeAWS, "1.2.0"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/organizations/acme/registry-providers/private/acme/aws/versions/1.2.0", "", "")
}

func TestRegistryProviderPlatforms_calls(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, `{"data":{"id":"provpltfrm-6p5RiCe5CRjBmsGt","type":"registry-provider-platforms",
		"attributes":{"os":"linux","arch":"amd64","filename":"f.zip","shasum":"8f3c","provider-binary-uploaded":false},
		"relationships":{"registry-provider-version":{"data":{"id":"provver-1","type":"registry-provider-versions"}}},
		"links":{"provider-binary-upload":"https://platform.example.com/_archivist/v1/object/y"}}}`))
	got, err := c.RegistryProviderPlatforms.Create(context.Background(), acmeAWS, "1.2.0", RegistryProviderPlatformOptions{OS: "linux", Arch: "amd64", Shasum: "8f3c", Filename: "f.zip"})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/registry-providers/private/acme/aws/versions/1.2.0/platforms", "",
		`{"data":{"type":"registry-provider-platforms","attributes":{"arch":"amd64","filename":"f.zip","os":"linux","shasum":"8f3c"}}}`)
	if got.OS != "linux" || got.Version.ID != "provver-1" || got.Links["provider-binary-upload"] == nil {
		t.Errorf("platform %+v", *got)
	}
	if _, err := c.RegistryProviderPlatforms.Read(context.Background(), acmeAWS, "1.2.0", "linux", "amd64"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/registry-providers/private/acme/aws/versions/1.2.0/platforms/linux/amd64", "", "")

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[]}`))
	if _, err := c.RegistryProviderPlatforms.List(context.Background(), acmeAWS, "1.2.0"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/registry-providers/private/acme/aws/versions/1.2.0/platforms", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")
	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.RegistryProviderPlatforms.Delete(context.Background(), acmeAWS, "1.2.0", "linux", "amd64"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/organizations/acme/registry-providers/private/acme/aws/versions/1.2.0/platforms/linux/amd64", "", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		noName := RegistryProviderID{Organization: "acme", RegistryName: RegistryPrivate, Namespace: "acme"}
		return map[string][]error{
			"organization name is empty": {
				errOf(c.RegistryProviders.Create(ctx, "", RegistryProviderOptions{})),
				errOf(c.RegistryProviders.List(ctx, "", RegistryProviderListOptions{})),
				errOf(c.RegistryProviders.Read(ctx, RegistryProviderID{RegistryName: RegistryPrivate, Namespace: "acme", Name: "aws"})),
			},
			"registry name is empty": {errOf(c.RegistryProviders.Read(ctx, RegistryProviderID{Organization: "acme", Namespace: "acme", Name: "aws"}))},
			"namespace is empty":     {errOf(c.RegistryProviders.Read(ctx, RegistryProviderID{Organization: "acme", RegistryName: RegistryPrivate, Name: "aws"}))},
			"provider name is empty": {
				c.RegistryProviders.Delete(ctx, noName),
				errOf(c.RegistryProviderVersions.Create(ctx, noName, RegistryProviderVersionOptions{})),
				errOf(c.RegistryProviderVersions.List(ctx, noName)),
				errOf(c.RegistryProviderPlatforms.List(ctx, noName, "1.0.0")),
			},
			"registry provider ID is empty": {errOf(c.RegistryProviders.ReadByID(ctx, ""))},
			"version is empty": {
				errOf(c.RegistryProviderVersions.Read(ctx, acmeAWS, "")),
				c.RegistryProviderVersions.Delete(ctx, acmeAWS, ""),
				errOf(c.RegistryProviderPlatforms.Create(ctx, acmeAWS, "", RegistryProviderPlatformOptions{})),
			},
			"OS is empty":           {errOf(c.RegistryProviderPlatforms.Read(ctx, acmeAWS, "1.0.0", "", "amd64"))},
			"architecture is empty": {c.RegistryProviderPlatforms.Delete(ctx, acmeAWS, "1.0.0", "linux", "")},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"RegistryProviders.Create": {func(c *Client) error {
				return errOf(c.RegistryProviders.Create(ctx, "acme", RegistryProviderOptions{}))
			}, sentOnce},
			"RegistryProviderVersions.Create": {func(c *Client) error {
				return errOf(c.RegistryProviderVersions.Create(ctx, acmeAWS, RegistryProviderVersionOptions{}))
			}, sentOnce},
			"RegistryProviderPlatforms.Create": {func(c *Client) error {
				return errOf(c.RegistryProviderPlatforms.Create(ctx, acmeAWS, "1.0.0", RegistryProviderPlatformOptions{}))
			}, sentOnce},
		}
	})
}
