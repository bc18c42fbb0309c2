package platform

import (
	"context"
	"net/http"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

const policyJSON = `{"data":{"id":"pol-6p5RiCe5CRjBmsGt","type":"policies","attributes":{"name":"deny","description":null,"kind":"opa",` +
	`"query":"data.terraform.deny","enforcement-level":"mandatory","enforce":[{"path":"deny.rego","mode":"mandatory"}],` +
	`"policy-set-count":2,"updated-at":"2025-06-01T12:00:00.000Z"},"relationships":{"organization":{"data":{"type":"organizations","id":"acme"}}}}}`

func TestPolicies_CreateSendsTheLevelNeverEnforce(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, policyJSON))
	got, err := c.Policies.Create(context.Background(), "acme", PolicyOptions{
		Name: ptr("deny"), Kind: ptr(KindOPA), Query: ptr("data.terraform.deny"), EnforcementLevel: ptr("mandatory"),
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/policies", "",
		`{"data":{"type":"policies","attributes":{"enforcement-level":"mandatory","kind":"opa","name":"deny","query":"data.terraform.deny"}}}`)
	if got.ID != "pol-6p5RiCe5CRjBmsGt" || got.Description != "" || *got.Query != "data.terraform.deny" || got.PolicySetCount != 2 ||
		len(got.Enforce) != 1 || *got.Enforce[0] != (PolicyEnforcement{Path: "deny.rego", Mode: "mandatory"}) ||
		got.Organization.Name != "acme" || got.UpdatedAt == nil {
		t.Errorf("policy %+v", *got)
	}
}

// An update leaves out the name and the kind, which the platform sets
// once.
func TestPolicies_UpdateLeavesOutNameAndKind(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, policyJSON))
	if _, err := c.Policies.Update(context.Background(), "pol-6p5RiCe5CRjBmsGt", PolicyOptions{
		Name: ptr("deny"), Kind: ptr(KindOPA), Description: ptr(""), Query: ptr("data.x"), EnforcementLevel: ptr("advisory"),
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/policies/pol-6p5RiCe5CRjBmsGt", "",
		`{"data":{"type":"policies","attributes":{"description":"","enforcement-level":"advisory","query":"data.x"}}}`)
}

func TestPolicies_ReadListDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, policyJSON))
	if _, err := c.Policies.Read(context.Background(), "pol-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/policies/pol-6p5RiCe5CRjBmsGt", "", "")

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[]}`))
	if _, err := c.Policies.List(context.Background(), "acme", PolicyListOptions{Search: "de", Kind: KindOPA}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/policies",
		"filter%5Bkind%5D=opa&page%5Bnumber%5D=1&page%5Bsize%5D=100&search%5Bname%5D=de", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.Policies.Delete(context.Background(), "pol-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/policies/pol-6p5RiCe5CRjBmsGt", "", "")
}

// The text goes up and comes down as it is, not as a JSON:API document;
// an empty text is an empty body.
func TestPolicies_UploadAndDownloadTheTextAsItIs(t *testing.T) {
	const text = "package terraform\n\ndeny[msg] { false }\n"
	c, f := fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.Policies.Upload(context.Background(), "pol-6p5RiCe5CRjBmsGt", []byte(text)); err != nil {
		t.Fatal(err)
	}
	r := f.Last(t)
	if r.Line() != "PUT /api/v2/policies/pol-6p5RiCe5CRjBmsGt/upload" || r.Body != text || r.Header.Get("Content-Type") != "application/octet-stream" {
		t.Errorf("upload sent %q as %s", r.Body, r.Header.Get("Content-Type"))
	}
	if err := c.Policies.Upload(context.Background(), "pol-6p5RiCe5CRjBmsGt", nil); err != nil {
		t.Fatal(err)
	}
	if r := f.Last(t); len(r.Body) != 0 || r.Header.Get("Content-Type") != "application/octet-stream" {
		t.Errorf("an empty upload sent %q as %s", r.Body, r.Header.Get("Content-Type"))
	}

	c, f = fakePlatform(t, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write([]byte(text))
	})
	got, err := c.Policies.Download(context.Background(), "pol-6p5RiCe5CRjBmsGt")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/policies/pol-6p5RiCe5CRjBmsGt/download", "", "")
	if string(got) != text {
		t.Errorf("download %q, want %q", got, text)
	}

	c, _ = fakePlatform(t, reply(http.StatusOK, ""))
	if got, err := c.Policies.Download(context.Background(), "pol-6p5RiCe5CRjBmsGt"); err != nil || got == nil || len(got) != 0 {
		t.Errorf("download of an empty text: %q, %v", got, err)
	}
}

// ReadByName searches the organization's policies by the name and takes
// the one of that name in any case; none is a 404.
func TestPolicies_ReadByName(t *testing.T) {
	list := `{"data":[
	{"id":"pol-6p5RiCe5CRjBmsGt","type":"policies","attributes":{"name":"no-public-buckets-2"}},
	{"id":"pol-7q6SjDf6DSkCntHu","type":"policies","attributes":{"name":"No-Public-Buckets"}}],
	"meta":{"pagination":{"current-page":1,"next-page":null,"total-pages":1,"total-count":2}}}`
	c, f := fakePlatform(t, reply(http.StatusOK, list))
	got, err := c.Policies.ReadByName(context.Background(), "acme", "no-public-buckets")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/policies", "page%5Bnumber%5D=1&page%5Bsize%5D=100&search%5Bname%5D=no-public-buckets", "")
	if got.ID != "pol-7q6SjDf6DSkCntHu" {
		t.Errorf("ReadByName found %s, want pol-7q6SjDf6DSkCntHu", got.ID)
	}
	if _, err := c.Policies.ReadByName(context.Background(), "acme", "builders"); !client.IsNotFound(err) {
		t.Errorf("ReadByName of a missing name: %v, want a 404", err)
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.Policies.Create(ctx, "", PolicyOptions{})),
				errOf(c.Policies.List(ctx, "", PolicyListOptions{})),
				errOf(c.Policies.ReadByName(ctx, "", "x")),
			},
			"policy ID is empty": {
				errOf(c.Policies.Read(ctx, "")),
				errOf(c.Policies.Update(ctx, "", PolicyOptions{})),
				c.Policies.Delete(ctx, ""),
				c.Policies.Upload(ctx, "", nil),
				errOf(c.Policies.Download(ctx, "")),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"Policies.Create": {func(c *Client) error { return errOf(c.Policies.Create(ctx, "acme", PolicyOptions{})) }, sentOnce},
			"Policies.Update": {func(c *Client) error { return errOf(c.Policies.Update(ctx, "pol-1", PolicyOptions{})) }, sentOnce},
			// The same text twice is the text once.
			"Policies.Upload": {func(c *Client) error { return c.Policies.Upload(ctx, "pol-1", []byte("x")) }, sentAgain},
		}
	})
	addLookups(func(ctx context.Context, c *Client) map[string]error {
		return map[string]error{
			`GET /api/v2/organizations/a%20b/policies: 404 Not Found: no policy named "x"`: errOf(c.Policies.ReadByName(ctx, "a b", "x")),
		}
	})
}
