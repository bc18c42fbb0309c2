package fwutil

import (
	"context"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func TestDurationFromAPI(t *testing.T) {
	cases := []struct {
		prior types.String
		api   string
		want  types.String
	}{
		{types.StringValue("5m"), "5m0s", types.StringValue("5m")},
		{types.StringValue("300s"), "5m0s", types.StringValue("300s")},
		{types.StringValue("5m"), "6m0s", types.StringValue("6m0s")},
		{types.StringNull(), "0s", types.StringNull()},
		{types.StringNull(), "", types.StringNull()},
		{types.StringNull(), "1m0s", types.StringValue("1m0s")},
		{types.StringValue("0s"), "0s", types.StringValue("0s")},
		{types.StringValue("1m"), "", types.StringNull()},
		// A server that answers zero as "" means the configured zero.
		{types.StringValue("0s"), "", types.StringValue("0s")},
		{types.StringValue("0m"), "", types.StringValue("0m")},
		{types.StringValue(""), "0s", types.StringValue("")},
		{types.StringValue(""), "", types.StringValue("")},
	}
	for _, c := range cases {
		if got := DurationFromAPI(c.prior, c.api); !got.Equal(c.want) {
			t.Errorf("DurationFromAPI(%s, %q) = %s, want %s", c.prior, c.api, got, c.want)
		}
	}
}

func TestDurationSameValue(t *testing.T) {
	cases := []struct {
		state, plan, want types.String
	}{
		{types.StringValue("5m"), types.StringValue("300s"), types.StringValue("5m")},
		{types.StringValue("5m"), types.StringValue("6m"), types.StringValue("6m")},
		{types.StringNull(), types.StringValue("6m"), types.StringValue("6m")},
		{types.StringValue("5m"), types.StringNull(), types.StringNull()},
		{types.StringValue("5m"), types.StringUnknown(), types.StringUnknown()},
	}
	for _, c := range cases {
		resp := planmodifier.StringResponse{PlanValue: c.plan}
		DurationSameValue().PlanModifyString(context.Background(), planmodifier.StringRequest{StateValue: c.state, PlanValue: c.plan}, &resp)
		if !resp.PlanValue.Equal(c.want) {
			t.Errorf("state %s, plan %s: planned %s, want %s", c.state, c.plan, resp.PlanValue, c.want)
		}
	}
}

func TestSecretFromAPI(t *testing.T) {
	hidden := func(s string) bool { return s == Redacted || s == "****" }
	cases := []struct {
		name  string
		prior types.String
		api   string
		want  types.String
	}{
		{"unset stays unset", types.StringNull(), "server-value", types.StringNull()},
		{"redacted keeps configured", types.StringValue("mine"), Redacted, types.StringValue("mine")},
		{"obfuscated keeps configured", types.StringValue("mine"), "****", types.StringValue("mine")},
		{"omitted keeps configured", types.StringValue("mine"), "", types.StringValue("mine")},
		{"changed elsewhere shows as drift", types.StringValue("mine"), "theirs", types.StringValue("theirs")},
	}
	for _, c := range cases {
		if got := SecretFromAPI(c.prior, c.api, hidden); !got.Equal(c.want) {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}

func TestStringListFromAPIKeepsNullOrEmpty(t *testing.T) {
	empty := types.ListValueMust(types.StringType, nil)
	if got := StringListFromAPI(empty, nil); !got.Equal(empty) {
		t.Errorf("prior [] and server null: got %s, want []", got)
	}
	if got := StringListFromAPI(types.ListNull(types.StringType), []string{}); !got.IsNull() {
		t.Errorf("prior null and server []: got %s, want null", got)
	}
	got := StringListFromAPI(types.ListNull(types.StringType), []string{"a"})
	if want := types.ListValueMust(types.StringType, []attr.Value{types.StringValue("a")}); !got.Equal(want) {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestStringCollectionValues checks that the collections built without
// reflection are the framework's, null for nil included.
func TestStringCollectionValues(t *testing.T) {
	ctx := context.Background()
	for _, v := range [][]string{nil, {}, {"b", "a", "b"}} {
		list, d := types.ListValueFrom(ctx, types.StringType, v)
		if got := StringListValue(v); d.HasError() || !got.Equal(list) {
			t.Errorf("StringListValue(%#v) = %s, want %s %v", v, got, list, d)
		}
		if len(v) == 3 {
			v = v[1:] // a set holds no duplicates
		}
		set, d := types.SetValueFrom(ctx, types.StringType, v)
		if got := StringSetValue(v); d.HasError() || !got.Equal(set) {
			t.Errorf("StringSetValue(%#v) = %s, want %s %v", v, got, set, d)
		}
	}
	for _, v := range []map[string]string{nil, {}, {"k": "v", "l": ""}} {
		m, d := types.MapValueFrom(ctx, types.StringType, v)
		if got := StringMapValue(v); d.HasError() || !got.Equal(m) {
			t.Errorf("StringMapValue(%#v) = %s, want %s %v", v, got, m, d)
		}
	}
}

func TestOnlyChanged(t *testing.T) {
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"name":     tftypes.String,
		"purge":    tftypes.Bool,
		"timeouts": tftypes.Object{AttributeTypes: map[string]tftypes.Type{"delete": tftypes.String}},
	}}
	value := func(name string, purge bool, timeout string) tftypes.Value {
		return tftypes.NewValue(typ, map[string]tftypes.Value{
			"name":     tftypes.NewValue(tftypes.String, name),
			"purge":    tftypes.NewValue(tftypes.Bool, purge),
			"timeouts": tftypes.NewValue(typ.AttributeTypes["timeouts"], map[string]tftypes.Value{"delete": tftypes.NewValue(tftypes.String, timeout)}),
		})
	}
	prior := value("a", false, "1m")
	cases := []struct {
		plan tftypes.Value
		want bool
	}{
		{value("a", false, "1m"), true},
		{value("a", true, "2m"), true},
		{value("b", true, "1m"), false},
	}
	for _, c := range cases {
		got, err := OnlyChanged(c.plan, prior, "purge", "timeouts")
		if err != nil || got != c.want {
			t.Errorf("OnlyChanged(%s) = %t, %v; want %t", c.plan, got, err, c.want)
		}
	}
}

func TestTimeString(t *testing.T) {
	if got := TimeString(time.Time{}); !got.IsNull() {
		t.Errorf("zero time: got %s, want null", got)
	}
	at := time.Date(2024, 5, 1, 12, 0, 0, 5, time.FixedZone("x", 2*3600))
	if got, want := TimeString(at), types.StringValue("2024-05-01T10:00:00.000000005Z"); !got.Equal(want) {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestUnset(t *testing.T) {
	empty, _ := types.ListValue(types.StringType, nil)
	one, _ := types.ListValue(types.StringType, []attr.Value{types.StringValue("")})
	emptyMap, _ := types.MapValue(types.StringType, nil)
	cases := []struct {
		v             attr.Value
		unset, asZero bool // Unset, and UnsetDuration for strings
	}{
		{types.StringNull(), true, true},
		{types.StringValue(""), true, true},
		{types.StringValue("0s"), false, true},
		{types.StringValue("0"), false, true},
		{types.StringValue("0h0m"), false, true},
		{types.StringValue("1ns"), false, false},
		{types.StringValue("soon"), false, false},
		{types.StringUnknown(), false, false},
		{empty, true, false},
		{one, false, false},
		{types.ListUnknown(types.StringType), false, false},
		{emptyMap, true, false},
		{types.BoolValue(false), false, false},
	}
	for _, c := range cases {
		if got := Unset(c.v); got != c.unset {
			t.Errorf("Unset(%s) = %t, want %t", c.v, got, c.unset)
		}
		if s, ok := c.v.(types.String); ok {
			if got := UnsetDuration(s); got != c.asZero {
				t.Errorf("UnsetDuration(%s) = %t, want %t", c.v, got, c.asZero)
			}
		}
	}
}

func TestStringFromAPI(t *testing.T) {
	cases := []struct {
		prior types.String
		api   string
		want  types.String
	}{
		{types.StringNull(), "", types.StringNull()},
		{types.StringValue(""), "", types.StringValue("")},
		{types.StringUnknown(), "", types.StringNull()},
		{types.StringValue("old"), "", types.StringNull()},
		{types.StringNull(), "new", types.StringValue("new")},
		{types.StringValue(""), "new", types.StringValue("new")},
	}
	for _, c := range cases {
		if got := StringFromAPI(c.prior, c.api); !got.Equal(c.want) {
			t.Errorf("StringFromAPI(%s, %q) = %s, want %s", c.prior, c.api, got, c.want)
		}
	}
}

func TestProviderDefaultOf(t *testing.T) {
	d := ProviderDefault[string]{
		Attribute: "organization",
		Setting:   "platform.organization (or STACK_PLATFORM_ORGANIZATION)",
		Value:     func(c string) string { return c },
	}
	for _, tc := range []struct {
		name, setting string
		v             types.String
		want          string
		ok            bool
		err           string
	}{
		{"configured", "acme", types.StringValue("beta"), "beta", true, ""},
		{"from the provider", "acme", types.StringNull(), "acme", true, ""},
		{"not known yet", "acme", types.StringUnknown(), "", false, ""},
		{"neither", "", types.StringNull(), "", false,
			"organization is not set, and the provider has no default for it: set organization here, " +
				"or platform.organization (or STACK_PLATFORM_ORGANIZATION) in the provider's configuration."},
	} {
		var diags diag.Diagnostics
		got, ok := d.Of(tc.setting, tc.v, &diags)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s: got %q, %v; want %q, %v", tc.name, got, ok, tc.want, tc.ok)
		}
		var errs []string
		for _, e := range diags.Errors() {
			errs = append(errs, e.Detail())
		}
		if tc.err == "" && len(errs) > 0 || tc.err != "" && (len(errs) != 1 || errs[0] != tc.err) {
			t.Errorf("%s: errors %q, want %q", tc.name, errs, tc.err)
		}
	}
}

// The error of an object found in place says how to import it, with its
// import ID when the resource can give one.
func TestFoundInPlaceAdd(t *testing.T) {
	cases := []struct {
		e    foundInPlace
		want string
	}{
		{foundInPlace{Object: "auth method", ImportID: "okta"},
			"An auth method named \"okta\" already exists, and Terraform will not take over an object it did not create. If another resource of this configuration has the same name, it may be the one that created it: give one of them another name. Otherwise, to manage it with Terraform, import it: `terraform import <resource address> okta`, or an `import { to = <resource address>, id = \"okta\" }` block. An apply that was killed, or lost its server, while it created objects may have made this one without recording it: if so, import it too."},
		{foundInPlace{Object: "project", Name: "web", ImportID: "prj-1"},
			"A project named \"web\" already exists, and Terraform will not take over an object it did not create. If another resource of this configuration has the same name, it may be the one that created it: give one of them another name. Otherwise, to manage it with Terraform, import it: `terraform import <resource address> prj-1`, or an `import { to = <resource address>, id = \"prj-1\" }` block. An apply that was killed, or lost its server, while it created objects may have made this one without recording it: if so, import it too."},
		{foundInPlace{Object: "variable", Name: "region"},
			"A variable named \"region\" already exists, and Terraform will not take over an object it did not create. If another resource of this configuration has the same name, it may be the one that created it: give one of them another name. Otherwise, to manage it with Terraform, import it: the resource's documentation gives its import ID. An apply that was killed, or lost its server, while it created objects may have made this one without recording it: if so, import it too."},
		{foundInPlace{Object: "variable set assignment"},
			"A variable set assignment like this one already exists, and Terraform will not take over an object it did not create. If another resource of this configuration describes the same object, it may be the one that created it: remove one of them. Otherwise, to manage it with Terraform, import it: the resource's documentation gives its import ID. An apply that was killed, or lost its server, while it created objects may have made this one without recording it: if so, import it too."},
	}
	for _, c := range cases {
		var diags diag.Diagnostics
		c.e.add(&diags, nil)
		if len(diags) != 1 || diags[0].Detail() != c.want {
			t.Errorf("%+v: %v, want %q", c.e, diags, c.want)
		}
	}
}

// A keyed lock lets one holder of a key at a time, holders of other keys
// alongside, and forgets a key once nobody holds it.
func TestKeyedMutex(t *testing.T) {
	var k KeyedMutex
	unlockA := k.Lock("a")
	unlockB := k.Lock("b") // another key does not wait
	got := make(chan string, 2)
	go func() {
		k.Lock("a")()
		got <- "second a"
	}()
	select {
	case g := <-got:
		t.Fatalf("%s held a while the first held it", g)
	case <-time.After(50 * time.Millisecond):
	}
	unlockA()
	if g := <-got; g != "second a" {
		t.Fatal(g)
	}
	unlockB()
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(k.locks) != 0 {
		t.Errorf("keys left after every unlock: %v", k.locks)
	}
}
