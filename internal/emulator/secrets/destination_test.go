package secrets_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

// The default templates, spelled out here so that a change to them shows.
const (
	tmplCloudOne   = `secrets/{{ .MountAccessor }}/{{ .SecretPath }}{{ if .SecretKey }}/{{ .SecretKey }}{{ end }}`
	tmplCloudTwo   = `secrets-{{ .MountAccessor | replace "_" "-" }}-{{ .SecretPath | replace "/" "-" }}{{ if .SecretKey }}-{{ .SecretKey }}{{ end }}`
	tmplCloudThree = `secrets_{{ .MountAccessor }}_{{ .SecretPath | replace "/" "_" }}{{ if .SecretKey }}_{{ .SecretKey }}{{ end }}`
	tmplEnvVars    = `SECRETS_{{ .MountAccessor | uppercase }}_{{ .SecretPath | replace "/" "_" | uppercase }}{{ if .SecretKey }}_{{ .SecretKey | uppercase }}{{ end }}`
)

func defaultOptions(granularity, template string) map[string]any {
	return map[string]any{
		"granularity_level":         granularity,
		"secret_name_template":      template,
		"custom_tags":               map[string]any{},
		"disable_strict_networking": false,
		"allowed_ipv4_addresses":    []any{},
		"allowed_ipv6_addresses":    []any{},
		"allowed_ports":             []any{},
	}
}

// The read form of a destination with only what its type requires: its
// defaults, and no key in connection_details for what is unset.
func TestDestinations_readFormWithDefaultsPerType(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	want := map[string]map[string]any{
		"cloudone-sm": {
			"connection_details": map[string]any{},
			"options":            defaultOptions("secret-path", tmplCloudOne),
		},
		"cloudtwo-kv": {
			"connection_details": map[string]any{"key_vault_uri": "https://vault.example.net", "client_id": "cid", "client_secret": "*****", "tenant_id": "tid", "cloud": "cloud"},
			"options":            defaultOptions("secret-path", tmplCloudTwo),
		},
		"cloudthree-sm": {
			"connection_details": map[string]any{"credentials": "*****"},
			"options":            defaultOptions("secret-path", tmplCloudThree),
		},
		"codehost": {
			"connection_details": map[string]any{"secrets_location": "repository", "access_token": "*****", "repository_owner": "me", "repository_name": "repo"},
			"options":            defaultOptions("secret-key", tmplEnvVars),
		},
		"webhost-project": {
			"connection_details": map[string]any{"access_token": "*****", "project_id": "prj_1", "deployment_environments": []any{"production"}},
			"options":            defaultOptions("secret-key", tmplEnvVars),
		},
	}
	for _, typ := range types {
		t.Run(typ, func(t *testing.T) {
			w := want[typ]
			w["type"], w["name"] = typ, "d"
			created := a.mustWrite(typ, "d", minimal(typ))
			if !emutest.EqualJSON(t, created, w) {
				t.Fatalf("create answered\n%v\nwant\n%v", created, w)
			}
			if got := a.read(typ, "d").data(t); !emutest.EqualJSON(t, got, w) {
				t.Fatalf("read\n%v\nwant\n%v", got, w)
			}
		})
	}
}

func TestDestinations_sensitiveValuesObfuscated(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	cases := []struct {
		typ       string
		body      map[string]any
		sensitive []string
		clear     map[string]string
	}{
		{"cloudone-sm", map[string]any{"access_key_id": "AKIA", "secret_access_key": "sak", "role_arn": "arn:role", "external_id": "ext", "region": "us-east-1"},
			[]string{"access_key_id", "secret_access_key"}, map[string]string{"role_arn": "arn:role", "external_id": "ext", "region": "us-east-1"}},
		{"cloudtwo-kv", cloudTwo(), []string{"client_secret"}, map[string]string{"client_id": "cid", "tenant_id": "tid"}},
		{"cloudthree-sm", cloudThree(), []string{"credentials"}, nil},
		{"codehost", codehost(), []string{"access_token"}, map[string]string{"repository_owner": "me"}},
		{"webhost-project", webhost(), []string{"access_token"}, map[string]string{"project_id": "prj_1"}},
	}
	if secrets.Obfuscated != "*****" {
		t.Fatalf("Obfuscated = %q", secrets.Obfuscated)
	}
	for _, c := range cases {
		for _, r := range []response{a.write(c.typ, "d", c.body), a.read(c.typ, "d")} {
			cd := obj(t, r.data(t)["connection_details"], "connection_details")
			for _, k := range c.sensitive {
				if cd[k] != "*****" {
					t.Errorf("%s %s = %#v, want *****", c.typ, k, cd[k])
				}
			}
			for k, v := range c.clear {
				if cd[k] != v {
					t.Errorf("%s %s = %#v, want %q", c.typ, k, cd[k], v)
				}
			}
			if strings.Contains(r.Body, "sak") || strings.Contains(r.Body, "csecret") || strings.Contains(r.Body, "ghp_token") || strings.Contains(r.Body, "service_account") {
				t.Errorf("a secret leaked: %s", r.Body)
			}
		}
	}
}

func TestDestinations_allParametersReturned(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	d := a.mustWrite("cloudthree-sm", "d", map[string]any{
		"credentials":               "@path/to/file",
		"project_id":                "p",
		"replication_locations":     []string{"us-east1", "europe-west1"},
		"locational_kms_keys":       map[string]string{"us-east1": "key1"},
		"global_kms_key":            "gkey",
		"secret_name_template":      "tmpl-{{ .SecretPath }}",
		"custom_tags":               map[string]string{"team": "a", "env": "b"},
		"granularity":               "secret-key",
		"disable_strict_networking": true,
		"allowed_ipv4_addresses":    []string{"10.0.0.0/8", "192.168.1.1/32"},
		"allowed_ipv6_addresses":    []string{"2001:db8::/32", "::ffff:10.0.0.1/128"},
		"allowed_ports":             []int{1, 443, 65535},
	})
	want := map[string]any{
		"type": "cloudthree-sm", "name": "d",
		"connection_details": map[string]any{
			"credentials": "*****", "project_id": "p", "replication_locations": []string{"us-east1", "europe-west1"},
			"locational_kms_keys": map[string]string{"us-east1": "key1"}, "global_kms_key": "gkey",
		},
		"options": map[string]any{
			"granularity_level": "secret-key", "secret_name_template": "tmpl-{{ .SecretPath }}",
			"custom_tags": map[string]string{"team": "a", "env": "b"}, "disable_strict_networking": true,
			"allowed_ipv4_addresses": []string{"10.0.0.0/8", "192.168.1.1/32"},
			"allowed_ipv6_addresses": []string{"2001:db8::/32", "::ffff:10.0.0.1/128"},
			"allowed_ports":          []int{1, 443, 65535},
		},
	}
	if !emutest.EqualJSON(t, d, want) {
		t.Fatalf("got\n%v\nwant\n%v", d, want)
	}
}

func TestDestinations_requiredFields(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	cases := []struct {
		typ, field string
		empty      any
	}{
		{"cloudtwo-kv", "key_vault_uri", nil},
		{"cloudtwo-kv", "client_id", ""},
		{"cloudtwo-kv", "client_secret", nil},
		{"cloudtwo-kv", "tenant_id", nil},
		{"cloudthree-sm", "credentials", nil},
		{"webhost-project", "access_token", nil},
		{"webhost-project", "project_id", ""},
		{"webhost-project", "deployment_environments", nil},
		{"webhost-project", "deployment_environments", []string{}},
	}
	for _, c := range cases {
		body := emutest.With(minimal(c.typ), c.field, c.empty)
		if c.empty == nil {
			delete(body, c.field)
		}
		wantBody(t, a.write(c.typ, "d", body), http.StatusBadRequest,
			`{"errors":["missing `+c.field+`: required for `+c.typ+` destinations"]}`)
		wantBody(t, a.read(c.typ, "d"), http.StatusNotFound, notFoundBody)
	}
	// cloudone-sm needs nothing: credentials fall back to the environment.
	a.mustWrite("cloudone-sm", "d", nil)
}

func TestDestinations_sharedOptionRules(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	cases := []struct {
		typ  string
		kv   []any
		want string
	}{
		{"codehost", []any{"custom_tags", map[string]string{"a": "b"}}, "invalid custom_tags: not supported by codehost destinations"},
		{"webhost-project", []any{"custom_tags", map[string]string{"a": "b"}}, "invalid custom_tags: not supported by webhost-project destinations"},
		{"cloudone-sm", []any{"granularity", "secret"}, `invalid granularity "secret": must be secret-path or secret-key`},
		{"codehost", []any{"granularity", "Secret-Key"}, `invalid granularity "Secret-Key": must be secret-path or secret-key`},
		{"cloudone-sm", []any{"allowed_ipv4_addresses", []string{"10.0.0.0/8", "10.0.0.1"}}, `invalid allowed_ipv4_addresses[1] "10.0.0.1": must be an IPv4 address in CIDR notation, such as 10.0.0.0/8`},
		{"cloudone-sm", []any{"allowed_ipv4_addresses", []string{"2001:db8::/32"}}, `invalid allowed_ipv4_addresses[0] "2001:db8::/32": must be an IPv4 address in CIDR notation`},
		{"cloudone-sm", []any{"allowed_ipv4_addresses", []string{"10.0.0.0/33"}}, `invalid allowed_ipv4_addresses[0] "10.0.0.0/33"`},
		{"cloudone-sm", []any{"allowed_ipv6_addresses", []string{"10.0.0.0/8"}}, `invalid allowed_ipv6_addresses[0] "10.0.0.0/8": must be an IPv6 address in CIDR notation, such as 2001:db8::/32`},
		{"cloudone-sm", []any{"allowed_ipv6_addresses", []string{"::1"}}, `invalid allowed_ipv6_addresses[0] "::1"`},
		{"cloudone-sm", []any{"allowed_ports", []int{80, 0}}, `invalid allowed_ports[1] 0: must be a port number between 1 and 65535`},
		{"cloudone-sm", []any{"allowed_ports", []int{65536}}, `invalid allowed_ports[0] 65536: must be a port number between 1 and 65535`},
		{"cloudone-sm", []any{"allowed_ports", []int{-1}}, `invalid allowed_ports[0] -1`},
		{"cloudone-sm", []any{"allowed_ports", []float64{1.5}}, `invalid allowed_ports[0] 1.5`},
		{"cloudone-sm", []any{"allowed_ports", []string{"80", "http"}}, `invalid allowed_ports[1] "http": ` + notInteger},
		{"cloudone-sm", []any{"allowed_ports", []string{"0"}}, `invalid allowed_ports[0] "0": must be a port number between 1 and 65535`},
		{"cloudone-sm", []any{"allowed_ports", []json.RawMessage{json.RawMessage("443.0")}}, `invalid allowed_ports[0] 443.0: ` + notInteger},
		{"cloudone-sm", []any{"allowed_ports", []json.RawMessage{json.RawMessage("4.43e2")}}, `invalid allowed_ports[0] 4.43e2: ` + notInteger},
		{"cloudone-sm", []any{"allowed_ports", []any{true}}, `invalid allowed_ports[0] true: ` + notInteger},
		{"cloudone-sm", []any{"disable_strict_networking", "yes"}, `invalid disable_strict_networking "yes": ` + notBoolean},
		{"cloudone-sm", []any{"disable_strict_networking", 1}, `invalid disable_strict_networking 1: ` + notBoolean},
		{"cloudone-sm", []any{"allowed_ports", 80}, `invalid allowed_ports 80: must be a list of port numbers`},
		{"webhost-project", []any{"deployment_environments", []string{"preview", "staging"}}, `invalid deployment_environments[1] "staging": must be development, preview or production`},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			emutest.WantErrorList(t, a.write(c.typ, "d", emutest.With(minimal(c.typ), c.kv...)), http.StatusBadRequest, c.want)
		})
	}
	// Empty custom_tags are no tags, accepted everywhere.
	a.mustWrite("codehost", "d", emutest.With(codehost(), "custom_tags", map[string]string{}))
	a.mustWrite("webhost-project", "d", emutest.With(webhost(), "deployment_environments", []string{"development", "preview", "production"}))
	for _, typ := range types {
		for _, g := range []string{"secret-path", "secret-key"} {
			d := a.mustWrite(typ, "g", emutest.With(minimal(typ), "granularity", g))
			if obj(t, d["options"], "options")["granularity_level"] != g {
				t.Fatalf("%s granularity %s: %v", typ, g, d)
			}
		}
	}
}

func TestDestinations_codehostRules(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	a.do(http.MethodPost, "/v1/sys/sync/codehost-apps/app", appBody(t, "1")).data(t)
	noAuth := emutest.With(codehost(), "access_token", nil)
	cases := []struct {
		body map[string]any
		want string
	}{
		{noAuth, "missing access_token: codehost destinations need access_token, or app_name with installation_id"},
		{emutest.With(codehost(), "app_name", "app", "installation_id", "9"), "invalid access_token: give either access_token or app_name with installation_id, not both"},
		{emutest.With(noAuth, "app_name", "app"), "missing installation_id: required when app_name is set"},
		{emutest.With(noAuth, "installation_id", "9"), "missing app_name: installation_id is used only with app_name"},
		{emutest.With(noAuth, "app_name", "nope", "installation_id", "9"), `invalid app_name "nope": no codehost app of that name; configure it first at sys/sync/codehost-apps/nope`},
		{emutest.With(codehost(), "secrets_location", "org"), `invalid secrets_location "org": must be repository or organization`},
		{emutest.With(codehost(), "organization_name", "acme"), "invalid organization_name: only allowed when secrets_location is organization"},
		{emutest.With(codehost(), "organization_visibility", "all"), "invalid organization_visibility: only allowed when secrets_location is organization"},
		{emutest.With(codehost(), "selected_repository_names", []string{"r"}), "invalid selected_repository_names: only allowed when secrets_location is organization"},
		{emutest.With(codehost(), "secrets_location", "organization"), "invalid repository_owner: only allowed when secrets_location is repository"},
		{emutest.With(codehost(), "secrets_location", "organization", "repository_owner", nil, "repository_name", nil, "environment_name", "prod"), "invalid environment_name: only allowed when secrets_location is repository"},
		{emutest.With(noAuth, "app_name", "app", "installation_id", "inst-9"), `invalid installation_id "inst-9": must be a positive integer: a number, or a string of digits such as "123456"`},
		{emutest.With(noAuth, "app_name", "app", "installation_id", 0), `invalid installation_id 0: must be a positive integer: a number, or a string of digits such as "123456"`},
		{emutest.With(noAuth, "app_name", "app", "installation_id", 1.5), `invalid installation_id 1.5: must be a positive integer: a number, or a string of digits such as "123456"`},
	}
	for _, c := range cases {
		wantBody(t, a.write("codehost", "d", c.body), http.StatusBadRequest, `{"errors":[`+emutest.JSONText(t, c.want)+`]}`)
	}
	d := a.mustWrite("codehost", "viaapp", emutest.With(noAuth, "app_name", "app", "installation_id", "123", "environment_name", "prod"))
	cd := obj(t, d["connection_details"], "connection_details")
	if !emutest.EqualJSON(t, cd, map[string]any{
		"secrets_location": "repository", "app_name": "app", "installation_id": 123,
		"repository_owner": "me", "repository_name": "repo", "environment_name": "prod",
	}) {
		t.Fatalf("app-authenticated destination: %v", cd)
	}
	// An app in another namespace does not count.
	emutest.WantErrorList(t, a.in("team").write("codehost", "d", emutest.With(noAuth, "app_name", "app", "installation_id", "1")), http.StatusBadRequest, `invalid app_name "app"`)

	d = a.mustWrite("codehost", "org", map[string]any{
		"access_token": "t", "secrets_location": "organization", "organization_name": "acme",
		"organization_visibility": "selected", "selected_repository_names": "repo-a, repo-b,,",
	})
	cd = obj(t, d["connection_details"], "connection_details")
	if !emutest.EqualJSON(t, cd["selected_repository_names"], []string{"repo-a", "repo-b"}) || cd["organization_name"] != "acme" || cd["repository_owner"] != nil {
		t.Fatalf("organization destination: %v", cd)
	}
	// A list is accepted too.
	d = a.mustWrite("codehost", "org", emutest.With(map[string]any{"access_token": "t", "secrets_location": "organization"}, "selected_repository_names", []string{"x"}, "organization_visibility", "selected"))
	if !emutest.EqualJSON(t, obj(t, d["connection_details"], "cd")["selected_repository_names"], []string{"x"}) {
		t.Fatalf("list form: %v", d)
	}
}

func TestDestinations_createOnlyFieldsRefusedOnUpdate(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	cases := []struct {
		typ, field string
		created    map[string]any
		from, to   string
	}{
		{"cloudone-sm", "region", map[string]any{"region": "us-east-1"}, "us-east-1", "eu-west-1"},
		{"cloudone-sm", "region", map[string]any{}, "", "eu-west-1"},
		{"cloudtwo-kv", "key_vault_uri", cloudTwo(), "https://vault.example.net", "https://other.example.net"},
		{"cloudtwo-kv", "tenant_id", cloudTwo(), "tid", "other"},
		{"cloudtwo-kv", "cloud", cloudTwo(), "cloud", "china"},
		{"codehost", "secrets_location", codehost(), "repository", "organization"},
		{"codehost", "repository_owner", codehost(), "me", "you"},
		{"codehost", "repository_name", codehost(), "repo", "other"},
		{"codehost", "organization_visibility", map[string]any{"access_token": "t", "secrets_location": "organization", "organization_visibility": "all"}, "all", "private"},
		{"webhost-project", "project_id", webhost(), "prj_1", "prj_2"},
	}
	for _, c := range cases {
		t.Run(c.typ+" "+c.field+" "+c.from, func(t *testing.T) {
			name := strings.ReplaceAll(c.typ+"-"+c.field+"-"+c.from, ":", "")
			name = strings.NewReplacer("/", "", ".", "").Replace(name)
			a.mustWrite(c.typ, name, c.created)
			wantBody(t, a.write(c.typ, name, emutest.With(c.created, c.field, c.to)), http.StatusBadRequest,
				`{"errors":[`+emutest.JSONText(t, c.field+` is create-only: it cannot be changed from "`+c.from+`" to "`+c.to+`"`)+`]}`)
			// Omitted keeps the stored value; the same value is accepted.
			for _, body := range []map[string]any{emutest.With(c.created, c.field, nil), c.created} {
				d := a.mustWrite(c.typ, name, body)
				got, _ := obj(t, d["connection_details"], "cd")[c.field].(string)
				if got != c.from {
					t.Fatalf("%s after update = %#v, want %q", c.field, got, c.from)
				}
			}
		})
	}
	// A create takes any value of them.
	a.mustWrite("cloudtwo-kv", "china", emutest.With(cloudTwo(), "cloud", "china"))
}

func TestDestinations_updateReplacesTheObject(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	a.mustWrite("cloudone-sm", "d", map[string]any{
		"access_key_id": "AKIA", "secret_access_key": "s", "role_arn": "arn", "region": "us-east-1",
		"granularity": "secret-key", "secret_name_template": "t", "custom_tags": map[string]string{"a": "b"},
		"disable_strict_networking": true, "allowed_ports": []int{443},
	})
	a.set("cloudone-sm", "d", "secret", "s").data(t)
	d := a.mustWrite("cloudone-sm", "d", map[string]any{"role_arn": "arn2"})
	want := map[string]any{
		"type": "cloudone-sm", "name": "d",
		"connection_details": map[string]any{"role_arn": "arn2", "region": "us-east-1"},
		"options":            defaultOptions("secret-path", tmplCloudOne),
	}
	if !emutest.EqualJSON(t, d, want) {
		t.Fatalf("after update\n%v\nwant\n%v", d, want)
	}
	// Required fields are required again on update.
	a.mustWrite("cloudtwo-kv", "k", cloudTwo())
	emutest.WantErrorList(t, a.write("cloudtwo-kv", "k", emutest.With(cloudTwo(), "client_secret", nil)), http.StatusBadRequest, "missing client_secret")
	// Associations survive an update.
	assoc := a.do(http.MethodGet, destPath("cloudone-sm", "d")+"/associations", nil).data(t)
	if len(obj(t, assoc["associated_secrets"], "associated_secrets")) != 1 {
		t.Fatalf("associations after update: %v", assoc)
	}
}

func TestDestinations_list(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	empty := a.do("LIST", "/v1/sys/sync/destinations", nil).data(t)
	if !emutest.EqualJSON(t, empty, map[string]any{"key_info": map[string]any{}, "keys": []any{}, "total_destinations": 0}) {
		t.Fatalf("empty list %v", empty)
	}
	if d := a.do("LIST", "/v1/sys/sync/destinations/codehost", nil).data(t); !emutest.EqualJSON(t, d, map[string]any{"keys": []any{}, "total_destinations": 0}) {
		t.Fatalf("empty list by type %v", d)
	}
	a.mustWrite("cloudone-sm", "b", nil)
	a.mustWrite("cloudone-sm", "a", nil)
	a.mustWrite("webhost-project", "w", webhost())
	a.mustWrite("codehost", "a", codehost())
	d := a.do("LIST", "/v1/sys/sync/destinations", nil).data(t)
	want := map[string]any{
		"key_info":           map[string]any{"cloudone-sm/": []string{"a", "b"}, "codehost/": []string{"a"}, "webhost-project/": []string{"w"}},
		"keys":               []string{"cloudone-sm/", "codehost/", "webhost-project/"},
		"total_destinations": 4,
	}
	if !emutest.EqualJSON(t, d, want) {
		t.Fatalf("list\n%v\nwant\n%v", d, want)
	}
	d = a.do("LIST", "/v1/sys/sync/destinations/cloudone-sm", nil).data(t)
	if !emutest.EqualJSON(t, d, map[string]any{"keys": []string{"a", "b"}, "total_destinations": 2}) {
		t.Fatalf("list by type %v", d)
	}
}

func TestDestinations_delete(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	wantBody(t, a.do(http.MethodDelete, destPath("cloudone-sm", "d"), nil), http.StatusNotFound, notFoundBody)
	a.mustWrite("cloudone-sm", "d", nil)
	emutest.WantErrorList(t, a.do(http.MethodDelete, destPath("cloudone-sm", "d")+"?purge=maybe", nil), http.StatusBadRequest, `invalid purge "maybe": must be true or false`)
	emutest.WantStatus(t, a.do(http.MethodDelete, destPath("cloudone-sm", "d"), nil), http.StatusNoContent)
	wantBody(t, a.read("cloudone-sm", "d"), http.StatusNotFound, notFoundBody)
	wantBody(t, a.do(http.MethodDelete, destPath("cloudone-sm", "d"), nil), http.StatusNotFound, notFoundBody)

	a.mustWrite("cloudone-sm", "d", nil)
	a.set("cloudone-sm", "d", "secret", "s1").data(t)
	a.set("cloudone-sm", "d", "secret", "s2").data(t)
	for _, q := range []string{"", "?purge=false"} {
		wantBody(t, a.do(http.MethodDelete, destPath("cloudone-sm", "d")+q, nil), http.StatusConflict,
			`{"errors":["destination \"cloudone-sm/d\" still manages 2 associations: remove them first, or delete with purge=true to unsync and remove them"]}`)
	}
	a.remove("d", "secret", "s1").data(t)
	a.remove("d", "secret", "s2").data(t)
	emutest.WantStatus(t, a.do(http.MethodDelete, destPath("cloudone-sm", "d"), nil), http.StatusNoContent)

	// purge=true without associations deletes at once.
	a.mustWrite("cloudone-sm", "d", nil)
	emutest.WantStatus(t, a.do(http.MethodDelete, destPath("cloudone-sm", "d")+"?purge=true", nil), http.StatusNoContent)
	wantBody(t, a.read("cloudone-sm", "d"), http.StatusNotFound, notFoundBody)
}

func TestDestinations_purgeIsAsynchronous(t *testing.T) {
	const delay = time.Second
	a := newAPI(t, secrets.Options{PurgeDelay: delay})
	a.mustWrite("cloudone-sm", "d", nil)
	a.mustWrite("cloudone-sm", "other", nil)
	a.set("cloudone-sm", "d", "secret", "s1").data(t)
	a.set("cloudone-sm", "d", "secret", "s2").data(t)
	a.set("cloudone-sm", "other", "secret", "s1").data(t)

	start := time.Now()
	emutest.WantStatus(t, a.do(http.MethodDelete, destPath("cloudone-sm", "d")+"?purge=true", nil), http.StatusNoContent)
	if took := time.Since(start); took > delay/2 {
		t.Fatalf("delete with purge took %v: it must answer at once", took)
	}
	d := a.read("cloudone-sm", "d").data(t)
	at := parseTime(t, d["purge_initiated_at"])
	if at.Before(start.Add(-time.Second)) || at.After(time.Now().Add(time.Second)) {
		t.Fatalf("purge_initiated_at %v, want about %v", at, start)
	}
	if pe, ok := d["purge_error"]; !ok || pe != "" {
		t.Fatalf("purge_error %#v, want \"\"", pe)
	}
	// While purging: writes refused, reads and remove served, delete again
	// changes nothing.
	msg := `destination "cloudone-sm/d" is being purged since ` + fmt.Sprint(d["purge_initiated_at"]) + `: it cannot be changed until the purge has deleted it`
	wantBody(t, a.write("cloudone-sm", "d", nil), http.StatusConflict, `{"errors":[`+emutest.JSONText(t, msg)+`]}`)
	wantBody(t, a.set("cloudone-sm", "d", "secret", "s3"), http.StatusConflict, `{"errors":[`+emutest.JSONText(t, msg)+`]}`)
	emutest.WantStatus(t, a.do(http.MethodDelete, destPath("cloudone-sm", "d"), nil), http.StatusNoContent)
	a.remove("d", "secret", "s2").data(t)
	if l := a.do("LIST", "/v1/sys/sync/associations", nil).data(t); l["total_associations"] != 2.0 {
		t.Fatalf("associations during the purge: %v", l)
	}
	if l := a.do("LIST", "/v1/sys/sync/destinations/cloudone-sm", nil).data(t); l["total_destinations"] != 2.0 {
		t.Fatalf("a purging destination is still listed: %v", l)
	}

	eventually(t, 3*delay, "purge completes", func() bool { return a.read("cloudone-sm", "d").Status == http.StatusNotFound })
	if took := time.Since(start); took < delay {
		t.Fatalf("purge completed after %v, before its delay %v", took, delay)
	}
	wantBody(t, a.read("cloudone-sm", "d"), http.StatusNotFound, notFoundBody)
	l := a.do("LIST", "/v1/sys/sync/associations", nil).data(t)
	if l["total_associations"] != 1.0 || l["total_secrets"] != 1.0 {
		t.Fatalf("associations after the purge: %v", l)
	}
	by := a.do(http.MethodGet, "/v1/sys/sync/associations/secret/s1", nil).data(t)
	if got := obj(t, by["associated_destinations"], "associated_destinations"); len(got) != 1 || got["cloudone-sm/other"] == nil {
		t.Fatalf("destinations of s1 after the purge: %v", got)
	}
	// The name is free again.
	a.mustWrite("cloudone-sm", "d", nil)
}

func TestDestinations_purgeNegativeDelayCompletesAtOnce(t *testing.T) {
	a := newAPI(t, secrets.Options{PurgeDelay: -1})
	a.mustWrite("cloudone-sm", "d", nil)
	a.set("cloudone-sm", "d", "secret", "s").data(t)
	emutest.WantStatus(t, a.do(http.MethodDelete, destPath("cloudone-sm", "d")+"?purge=1", nil), http.StatusNoContent)
	eventually(t, time.Second, "purge completes", func() bool { return a.read("cloudone-sm", "d").Status == http.StatusNotFound })
}

// installation_id is an integer: a JSON number or a string of digits on
// write, a number in the answers, as real servers give it. "" is unset, as
// for every parameter.
func TestDestinations_installationIDNumberOrDigits(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	a.do(http.MethodPost, appsPath+"app", appBody(t, "1")).data(t)
	viaApp := map[string]any{"app_name": "app", "repository_owner": "me", "repository_name": "repo"}
	for _, id := range []any{4242, "4242", json.RawMessage("4242"), "04242"} {
		d := a.mustWrite("codehost", "d", emutest.With(viaApp, "installation_id", id))
		r := a.read("codehost", "d")
		if !strings.Contains(r.Body, `"installation_id":4242,`) && !strings.Contains(r.Body, `"installation_id":4242}`) {
			t.Fatalf("installation_id %v: read %s, want the number 4242", id, r.Body)
		}
		if got := obj(t, d["connection_details"], "cd")["installation_id"]; got != 4242.0 {
			t.Fatalf("installation_id %v: the write answered %#v", id, got)
		}
	}
	emutest.WantErrorList(t, a.write("codehost", "d", emutest.With(viaApp, "installation_id", "")), http.StatusBadRequest,
		"missing installation_id: required when app_name is set")
}

// Booleans and integers of the shared parameters are taken as strings too.
func TestDestinations_stringsOfBooleansAndIntegers(t *testing.T) {
	a := newAPI(t, secrets.Options{})
	for _, c := range []struct {
		strict any
		ports  []any
		want   map[string]any
	}{
		{"true", []any{"443", 8443, "08080"}, map[string]any{"disable_strict_networking": true, "allowed_ports": []int{443, 8443, 8080}}},
		{"0", []any{"1", "65535"}, map[string]any{"disable_strict_networking": false, "allowed_ports": []int{1, 65535}}},
		{"T", []any{}, map[string]any{"disable_strict_networking": true, "allowed_ports": []int{}}},
		{"FALSE", nil, map[string]any{"disable_strict_networking": false, "allowed_ports": []int{}}},
	} {
		body := map[string]any{"disable_strict_networking": c.strict}
		if c.ports != nil {
			body["allowed_ports"] = c.ports
		}
		for _, r := range []response{a.write("cloudone-sm", "d", body), a.read("cloudone-sm", "d")} {
			o := obj(t, r.data(t)["options"], "options")
			got := map[string]any{"disable_strict_networking": o["disable_strict_networking"], "allowed_ports": o["allowed_ports"]}
			if !emutest.EqualJSON(t, got, c.want) {
				t.Fatalf("%v: options %v, want %v", body, o, c.want)
			}
		}
	}
}

// purge takes every spelling of a boolean that strconv.ParseBool takes.
func TestDestinations_purgeQuerySpellings(t *testing.T) {
	a := newAPI(t, secrets.Options{PurgeDelay: time.Hour})
	for _, q := range []string{"TRUE", "t", "1", "True"} {
		a.mustWrite("cloudone-sm", "d"+q, nil)
		a.set("cloudone-sm", "d"+q, "secret", "s").data(t)
		emutest.WantStatus(t, a.do(http.MethodDelete, destPath("cloudone-sm", "d"+q)+"?purge="+q, nil), http.StatusNoContent)
		if d := a.read("cloudone-sm", "d"+q).data(t); d["purge_initiated_at"] == nil {
			t.Fatalf("purge=%s started no purge: %v", q, d)
		}
	}
	a.mustWrite("cloudone-sm", "kept", nil)
	a.set("cloudone-sm", "kept", "secret", "s").data(t)
	for _, q := range []string{"F", "0", "FALSE", ""} {
		emutest.WantErrorList(t, a.do(http.MethodDelete, destPath("cloudone-sm", "kept")+"?purge="+q, nil), http.StatusConflict, "still manages 1 associations")
	}
}
