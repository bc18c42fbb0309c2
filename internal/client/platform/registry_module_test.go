package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
	"time"
)

const registryModuleJSON = `{"data":{"id":"mod-6p5RiCe5CRjBmsGt","type":"registry-modules","attributes":{
	"name":"network","provider":"aws","namespace":"acme","registry-name":"private","no-code":false,"status":"setup_complete",
	"version-statuses":[{"version":"0.0.0","status":"ok"}],"publishing-mechanism":"branch",
	"test-config":{"tests-enabled":true},
	"vcs-repo":{"identifier":"acme/terraform-aws-network","display-identifier":"acme/terraform-aws-network","oauth-token-id":"ot-1",
		"branch":"main","tags":false,"source-directory":"modules/network","tag-prefix":"v","ingress-submodules":true,
		"repository-http-url":"https://github.com/acme/terraform-aws-network","service-provider":"github","webhook-url":"https://platform.example.com/webhooks/vcs/x"},
	"permissions":{"can-delete":true},"created-at":"2025-06-01T12:00:00.000Z","updated-at":"2025-06-01T12:00:00.000Z"},
	"relationships":{"organization":{"data":{"id":"acme","type":"organizations"}},"no-code-modules":{"data":[]}}}}`

var acmeNetwork = RegistryModuleID{Organization: "acme", RegistryName: RegistryPrivate, Namespace: "acme", Name: "network", Provider: "aws"}

// A module of a repository is created on the /vcs path, with the
// organization's name in its vcs-repo; one of none on the collection.
func TestRegistryModules_CreateAndDecode(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, registryModuleJSON))
	yes, branch, id, token := true, "main", "acme/terraform-aws-network", "ot-1"
	got, err := c.RegistryModules.Create(context.Background(), "acme", RegistryModuleOptions{
		InitialVersion: "1.0.0", TestConfig: &RegistryModuleTestConfigOptions{TestsEnabled: &yes},
		VCSRepo: &RegistryModuleVCSRepoOptions{Identifier: &id, DisplayIdentifier: &id, OAuthTokenID: &token, Branch: &branch},
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/registry-modules/vcs", "",
		`{"data":{"type":"registry-modules","attributes":{"initial-version":"1.0.0","test-config":{"tests-enabled":true},
		"vcs-repo":{"branch":"main","display-identifier":"acme/terraform-aws-network","identifier":"acme/terraform-aws-network","oauth-token-id":"ot-1","organization-name":"acme"}}}}`)
	at := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	want := RegistryModule{
		ID: "mod-6p5RiCe5CRjBmsGt", Name: "network", Provider: "aws", Namespace: "acme", RegistryName: RegistryPrivate, Status: "setup_complete",
		VersionStatuses: []RegistryModuleVersionOf{{Version: "0.0.0", Status: "ok"}}, PublishingMechanism: PublishingBranch,
		TestConfig: &RegistryModuleTestConfig{TestsEnabled: true},
		VCSRepo: &RegistryModuleVCSRepo{
			Identifier: "acme/terraform-aws-network", DisplayIdentifier: "acme/terraform-aws-network", OAuthTokenID: "ot-1", Branch: "main",
			SourceDirectory: "modules/network", TagPrefix: "v", IngressSubmodules: true, RepositoryHTTPURL: "https://github.com/acme/terraform-aws-network",
			ServiceProvider: "github", WebhookURL: "https://platform.example.com/webhooks/vcs/x",
		},
		CreatedAt: &at, UpdatedAt: &at, Organization: &Organization{Name: "acme"},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("module\n%+v\nwant\n%+v", *got, want)
	}

	c, f = fakePlatform(t, reply(http.StatusCreated, registryModuleJSON))
	no := false
	if _, err := c.RegistryModules.Create(context.Background(), "acme", RegistryModuleOptions{Name: "network", Provider: "aws", RegistryName: RegistryPrivate, NoCode: &no}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/registry-modules", "",
		`{"data":{"type":"registry-modules","attributes":{"name":"network","no-code":false,"provider":"aws","registry-name":"private"}}}`)
}

// A module is read, updated and deleted by its names, each a segment of
// its path, or read by its ID; an update of its repository sends the
// publishing alone, an empty branch too.
func TestRegistryModules_ReadListUpdateDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, registryModuleJSON))
	if _, err := c.RegistryModules.Read(context.Background(), RegistryModuleID{Organization: "acme", RegistryName: RegistryPublic, Namespace: "terraform aws", Name: "vpc", Provider: "aws"}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/registry-modules/public/terraform%20aws/vpc/aws", "", "")
	if _, err := c.RegistryModules.ReadByID(context.Background(), "mod-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/registry-modules/mod-6p5RiCe5CRjBmsGt", "", "")
	empty, yes := "", true
	if _, err := c.RegistryModules.Update(context.Background(), acmeNetwork, RegistryModuleOptions{VCSRepo: &RegistryModuleVCSRepoOptions{Branch: &empty, Tags: &yes}}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/organizations/acme/registry-modules/private/acme/network/aws", "",
		`{"data":{"type":"registry-modules","attributes":{"vcs-repo":{"branch":"","tags":true}}}}`)

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"mod-1","type":"registry-modules","attributes":{"name":"network"}}],
		"meta":{"pagination":{"current-page":1,"next-page":null,"total-pages":1,"total-count":1}}}`))
	got, err := c.RegistryModules.List(context.Background(), "acme", RegistryModuleListOptions{Query: "net", Provider: "aws", RegistryName: RegistryPrivate})
	if err != nil || len(got.Items) != 1 || got.Items[0].Name != "network" {
		t.Fatalf("modules %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/registry-modules",
		"filter%5Bprovider%5D=aws&filter%5Bregistry_name%5D=private&page%5Bnumber%5D=1&page%5Bsize%5D=100&q=net", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.RegistryModules.Delete(context.Background(), acmeNetwork); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/organizations/acme/registry-modules/private/acme/network/aws", "", "")
}

const moduleVersionJSON = `{"data":{"id":"modver-6p5RiCe5CRjBmsGt","type":"registry-module-versions","attributes":{
	"source":"tfe-api","status":"pending","version":"1.2.0","commit-sha":null,
	"created-at":"2025-06-01T12:00:00.000Z","updated-at":"2025-06-01T12:00:00.000Z"},
	"relationships":{"registry-module":{"data":{"id":"mod-1","type":"registry-modules"}},"deprecation":{"data":null}},
	"links":{"upload":"https://platform.example.com/_archivist/v1/object/x"}}}`

const deprecatedVersionJSON = `{"data":{"id":"modver-6p5RiCe5CRjBmsGt","type":"registry-module-versions","attributes":{
	"source":"tfe-api","status":"ok","version":"1.2.0"},
	"relationships":{"registry-module":{"data":{"id":"mod-1","type":"registry-modules"}},
		"deprecation":{"data":{"id":"modver-6p5RiCe5CRjBmsGt","type":"deprecations"}}}},
	"included":[{"id":"modver-6p5RiCe5CRjBmsGt","type":"deprecations","attributes":{"reason":"use 2.x","link":"https://example.com/2"}}]}`

func TestRegistryModuleVersions_calls(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, moduleVersionJSON))
	got, err := c.RegistryModuleVersions.Create(context.Background(), acmeNetwork, RegistryModuleVersionOptions{Version: "1.2.0"})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/registry-modules/private/acme/network/aws/versions", "",
		`{"data":{"type":"registry-module-versions","attributes":{"version":"1.2.0"}}}`)
	if got.Version != "1.2.0" || got.Status != "pending" || got.RegistryModule.ID != "mod-1" || got.Deprecation != nil ||
		got.Links["upload"] != "https://platform.example.com/_archivist/v1/object/x" {
		t.Errorf("version %+v", got)
	}

	c, f = fakePlatform(t, reply(http.StatusOK, deprecatedVersionJSON))
	got, err = c.RegistryModuleVersions.Read(context.Background(), acmeNetwork, "1.2.0")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/registry-modules/private/acme/network/aws/version", "module_version=1.2.0", "")
	if want := (RegistryModuleDeprecation{ID: "modver-6p5RiCe5CRjBmsGt", Reason: "use 2.x", Link: "https://example.com/2"}); got.Deprecation == nil || *got.Deprecation != want {
		t.Errorf("deprecation %+v, want %+v", got.Deprecation, want)
	}
	if _, err := c.RegistryModuleVersions.Deprecate(context.Background(), acmeNetwork, "1.2.0", VersionDeprecated, "use 2.x", ""); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/organizations/acme/registry-modules/private/acme/network/aws/1.2.0", "",
		`{"data":{"type":"registry-module-versions","attributes":{"deprecation":{"deprecated-status":"Deprecated","reason":"use 2.x"}}}}`)

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.RegistryModuleVersions.Delete(context.Background(), acmeNetwork, "1.2.0"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/organizations/acme/registry-modules/private/acme/network/aws/1.2.0", "", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		noProvider := RegistryModuleID{Organization: "acme", RegistryName: RegistryPrivate, Namespace: "acme", Name: "network"}
		return map[string][]error{
			"organization name is empty": {
				errOf(c.RegistryModules.Create(ctx, "", RegistryModuleOptions{})),
				errOf(c.RegistryModules.List(ctx, "", RegistryModuleListOptions{})),
			},
			"registry name is empty": {errOf(c.RegistryModules.Read(ctx, RegistryModuleID{Organization: "acme", Namespace: "acme", Name: "network", Provider: "aws"}))},
			"namespace is empty":     {errOf(c.RegistryModules.Update(ctx, RegistryModuleID{Organization: "acme", RegistryName: RegistryPrivate, Name: "network", Provider: "aws"}, RegistryModuleOptions{}))},
			"module name is empty":   {c.RegistryModules.Delete(ctx, RegistryModuleID{Organization: "acme", RegistryName: RegistryPrivate, Namespace: "acme", Provider: "aws"})},
			"module provider is empty": {
				errOf(c.RegistryModuleVersions.Create(ctx, noProvider, RegistryModuleVersionOptions{})),
				errOf(c.RegistryModuleVersions.Read(ctx, noProvider, "1.0.0")),
			},
			"registry module ID is empty": {errOf(c.RegistryModules.ReadByID(ctx, ""))},
			"version is empty": {
				errOf(c.RegistryModuleVersions.Read(ctx, acmeNetwork, "")),
				errOf(c.RegistryModuleVersions.Deprecate(ctx, acmeNetwork, "", VersionDeprecated, "", "")),
				c.RegistryModuleVersions.Delete(ctx, acmeNetwork, ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"RegistryModules.Create": {func(c *Client) error {
				return errOf(c.RegistryModules.Create(ctx, "acme", RegistryModuleOptions{}))
			}, sentOnce},
			"RegistryModules.Update": {func(c *Client) error {
				return errOf(c.RegistryModules.Update(ctx, acmeNetwork, RegistryModuleOptions{}))
			}, sentOnce},
			"RegistryModuleVersions.Create": {func(c *Client) error {
				return errOf(c.RegistryModuleVersions.Create(ctx, acmeNetwork, RegistryModuleVersionOptions{}))
			}, sentOnce},
			"RegistryModuleVersions.Deprecate": {func(c *Client) error {
				return errOf(c.RegistryModuleVersions.Deprecate(ctx, acmeNetwork, "1.0.0", VersionDeprecated, "", ""))
			}, sentAgain},
		}
	})
}
