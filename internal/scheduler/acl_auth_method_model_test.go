package scheduler

import (
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	schedulerclient "github.com/stackworks/terraform-provider-stack/internal/client/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// max_token_ttl follows a server that returns it, by its length of time,
// and keeps what was sent where the answer has none (or a zero one).
func TestMaxTokenTTLFromAPI(t *testing.T) {
	for _, c := range []struct {
		prior types.String
		api   string
		want  types.String
	}{
		{types.StringValue("1h"), "1h0m0s", types.StringValue("1h")},
		{types.StringValue("1h"), "2h0m0s", types.StringValue("2h0m0s")},
		{types.StringNull(), "30m0s", types.StringValue("30m0s")},
		{types.StringValue("1h"), "", types.StringValue("1h")},
		{types.StringValue("1h"), "0s", types.StringValue("1h")},
		{types.StringNull(), "", types.StringNull()},
		{types.StringNull(), "0s", types.StringNull()},
	} {
		if got := maxTokenTTLFromAPI(c.prior, c.api); !got.Equal(c.want) {
			t.Errorf("maxTokenTTLFromAPI(%s, %q) = %s, want %s", c.prior, c.api, got, c.want)
		}
	}
}

// The resource and the data source map an answer with one function: from
// an empty model (an import, a data source's configuration) they show the
// same values, and differ only by the resource's write-only attributes.
func TestModelFromAuthMethod_resourceAndDataSourceAgree(t *testing.T) {
	got := &schedulerclient.AuthMethod{
		Name: "okta", Type: typeOIDC, TokenLocality: "global", TokenNameFormat: defaultTokenNameFormat, MaxTokenTTL: "1h0m0s",
		Default: true, CreateTime: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), ModifyTime: time.Date(2026, 1, 2, 3, 4, 6, 0, time.UTC),
		CreateIndex: 7, ModifyIndex: 9,
		Config: &schedulerclient.AuthMethodConfig{
			OIDCDiscoveryURL: "https://idp.example.com", OIDCClientID: "client", OIDCClientSecret: "secret",
			OIDCScopes: []string{"groups"}, BoundAudiences: []string{"aud"}, ExpirationLeeway: "5m0s",
			ClaimMappings: map[string]string{"a": "b"},
		},
	}
	var diags diag.Diagnostics
	nullConfig := func(attrTypes map[string]attr.Type) aclAuthMethodModel {
		return aclAuthMethodModel{Config: types.ObjectNull(attrTypes), MaxTokenTTL: types.StringNull()}
	}
	res, ds := nullConfig(resourceConfigAttrTypes()), nullConfig(dataSourceConfigAttrTypes())
	modelFromAuthMethod(&res, got, resourceConfigAttrTypes(), &diags)
	modelFromAuthMethod(&ds, got, dataSourceConfigAttrTypes(), &diags)
	if diags.HasError() {
		t.Fatal(diags)
	}
	var resConfig aclAuthMethodResourceConfigModel
	var dsConfig aclAuthMethodConfigModel
	diags.Append(fwutil.As(res.Config, &resConfig)...)
	diags.Append(fwutil.As(ds.Config, &dsConfig)...)
	if diags.HasError() {
		t.Fatal(diags)
	}
	if !fwutil.Equal(&resConfig.aclAuthMethodConfigModel, &dsConfig) {
		t.Errorf("configs differ:\nresource    %+v\ndata source %+v", resConfig.aclAuthMethodConfigModel, dsConfig)
	}
	if !resConfig.OIDCClientSecretWO.IsNull() || !resConfig.OIDCClientSecretWOVersion.IsNull() {
		t.Errorf("write-only attributes set: %+v", resConfig)
	}
	res.Config, ds.Config = types.ObjectNull(nil), types.ObjectNull(nil)
	if !fwutil.Equal(&res, &ds) {
		t.Errorf("models differ:\nresource    %+v\ndata source %+v", res, ds)
	}
	if res.Name.ValueString() != "okta" || res.MaxTokenTTL.ValueString() != "1h0m0s" || res.CreateIndex.ValueInt64() != 7 || dsConfig.OIDCClientSecret.ValueString() != "secret" {
		t.Errorf("not the answer's values: %+v, %+v", res, dsConfig)
	}
}
