package platform

import (
	"context"
	"net/http"
	"testing"
)

const parameterJSON = `{"data":{"id":"var-6p5RiCe5CRjBmsGt","type":"vars","attributes":{"key":"region","value":"","category":"policy-set","sensitive":true},` +
	`"relationships":{"configurable":{"data":{"type":"policy-sets","id":"polset-6p5RiCe5CRjBmsGt"}}}}}`

// A create sends the parameter with its category, whatever it is given.
func TestPolicySetParameters_CreateSendsTheCategory(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, parameterJSON))
	got, err := c.PolicySetParameters.Create(context.Background(), "polset-1", PolicySetParameterOptions{
		Key: ptr("region"), Value: ptr("eu"), Sensitive: ptr(true),
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/policy-sets/polset-1/parameters", "",
		`{"data":{"type":"vars","attributes":{"category":"policy-set","key":"region","sensitive":true,"value":"eu"}}}`)
	if got.ID != "var-6p5RiCe5CRjBmsGt" || got.Value != "" || !got.Sensitive || got.PolicySet.ID != "polset-6p5RiCe5CRjBmsGt" {
		t.Errorf("parameter %+v", *got)
	}
}

func TestPolicySetParameters_ReadListUpdateDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, parameterJSON))
	if _, err := c.PolicySetParameters.Read(context.Background(), "polset-1", "var-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/policy-sets/polset-1/parameters/var-1", "", "")
	if _, err := c.PolicySetParameters.Update(context.Background(), "polset-1", "var-1", PolicySetParameterOptions{
		Key: ptr("zone"), Category: ptr("env"), Value: ptr(""),
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/policy-sets/polset-1/parameters/var-1", "",
		`{"data":{"type":"vars","attributes":{"key":"zone","value":""}}}`)

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[]}`))
	if _, err := c.PolicySetParameters.List(context.Background(), "polset-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/policy-sets/polset-1/parameters", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.PolicySetParameters.Delete(context.Background(), "polset-1", "var-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/policy-sets/polset-1/parameters/var-1", "", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"policy set ID is empty": {
				errOf(c.PolicySetParameters.Create(ctx, "", PolicySetParameterOptions{})),
				errOf(c.PolicySetParameters.List(ctx, "")),
				errOf(c.PolicySetParameters.Read(ctx, "", "var-1")),
				errOf(c.PolicySetParameters.Update(ctx, "", "var-1", PolicySetParameterOptions{})),
				c.PolicySetParameters.Delete(ctx, "", "var-1"),
			},
			"parameter ID is empty": {
				errOf(c.PolicySetParameters.Read(ctx, "polset-1", "")),
				errOf(c.PolicySetParameters.Update(ctx, "polset-1", "", PolicySetParameterOptions{})),
				c.PolicySetParameters.Delete(ctx, "polset-1", ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"PolicySetParameters.Create": {func(c *Client) error {
				return errOf(c.PolicySetParameters.Create(ctx, "polset-1", PolicySetParameterOptions{}))
			}, sentOnce},
			"PolicySetParameters.Update": {func(c *Client) error {
				return errOf(c.PolicySetParameters.Update(ctx, "polset-1", "var-1", PolicySetParameterOptions{}))
			}, sentOnce},
		}
	})
}
