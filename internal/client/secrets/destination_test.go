package secrets

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

const cloudOneJSON = `{
  "type": "cloudone-sm", "name": "prod",
  "connection_details": {"access_key_id": "*****", "secret_access_key": "*****", "region": "eu-1"},
  "options": {"granularity_level": "secret-path", "secret_name_template": "vault-{{ .SecretPath }}", "custom_tags": {"team": "infra"}}
}`

// cloudOne is cloudOneJSON decoded: the keys it leaves out are there, empty.
var cloudOne = &Destination{
	Type: TypeCloudOneSM, Name: "prod",
	ConnectionDetails: map[string]any{"access_key_id": "*****", "secret_access_key": "*****", "region": "eu-1", "role_arn": "", "external_id": ""},
	Options: DestinationReadOptions{
		GranularityLevel: GranularitySecretPath, SecretNameTemplate: "vault-{{ .SecretPath }}",
		CustomTags: map[string]string{"team": "infra"},
	},
}

func TestWriteDestination_bodies(t *testing.T) {
	for _, tc := range []struct {
		d    DestinationWrite
		path string
		body string
	}{
		{
			CloudOneSMDestination{
				DestinationOptions: DestinationOptions{
					SecretNameTemplate: "t", CustomTags: map[string]string{"a": "b"}, Granularity: GranularitySecretKey,
					DisableStrictNetworking: true, AllowedIPv4Addresses: []string{"10.0.0.0/8"}, AllowedIPv6Addresses: []string{"fd00::/8"},
					AllowedPorts: []int{443, 8443},
				},
				AccessKeyID: "AKID", SecretAccessKey: "SAK", RoleARN: "arn:role", ExternalID: "ext", Region: "eu-1",
			},
			"/v1/sys/sync/destinations/cloudone-sm/my%20dest",
			`{"secret_name_template":"t","custom_tags":{"a":"b"},"granularity":"secret-key","disable_strict_networking":true,
			  "allowed_ipv4_addresses":["10.0.0.0/8"],"allowed_ipv6_addresses":["fd00::/8"],"allowed_ports":[443,8443],
			  "access_key_id":"AKID","secret_access_key":"SAK","role_arn":"arn:role","external_id":"ext","region":"eu-1"}`,
		},
		// Unset fields are left to the service's defaults; false is sent.
		{CloudOneSMDestination{}, "/v1/sys/sync/destinations/cloudone-sm/my%20dest", `{"disable_strict_networking":false}`},
		{
			CloudTwoKVDestination{KeyVaultURI: "https://kv", ClientID: "cid", ClientSecret: "cs", TenantID: "tid", Cloud: "cloud"},
			"/v1/sys/sync/destinations/cloudtwo-kv/my%20dest",
			`{"disable_strict_networking":false,"key_vault_uri":"https://kv","client_id":"cid","client_secret":"cs","tenant_id":"tid","cloud":"cloud"}`,
		},
		{
			CloudThreeSMDestination{
				Credentials: `{"type":"sa"}`, ProjectID: "p", ReplicationLocations: []string{"eu", "us"},
				LocationalKMSKeys: map[string]string{"eu": "key-eu"}, GlobalKMSKey: "key-global",
			},
			"/v1/sys/sync/destinations/cloudthree-sm/my%20dest",
			`{"disable_strict_networking":false,"credentials":"{\"type\":\"sa\"}","project_id":"p","replication_locations":["eu","us"],
			  "locational_kms_keys":{"eu":"key-eu"},"global_kms_key":"key-global"}`,
		},
		{
			CodehostDestination{
				SecretsLocation: "organization", AccessToken: "tok", AppName: "app", InstallationID: "42",
				RepositoryOwner: "o", RepositoryName: "r", EnvironmentName: "e", OrganizationName: "org",
				OrganizationVisibility: "selected", SelectedRepositoryNames: []string{"r1", "r2"},
			},
			"/v1/sys/sync/destinations/codehost/my%20dest",
			`{"disable_strict_networking":false,"secrets_location":"organization","access_token":"tok","app_name":"app","installation_id":"42",
			  "repository_owner":"o","repository_name":"r","environment_name":"e","organization_name":"org","organization_visibility":"selected",
			  "selected_repository_names":["r1","r2"]}`,
		},
		{
			WebhostProjectDestination{AccessToken: "tok", ProjectID: "prj", TeamID: "team", DeploymentEnvironments: []string{"preview", "production"}},
			"/v1/sys/sync/destinations/webhost-project/my%20dest",
			`{"disable_strict_networking":false,"access_token":"tok","project_id":"prj","team_id":"team","deployment_environments":["preview","production"]}`,
		},
		// Empty but non-nil maps and lists are sent, to clear them.
		{
			&WebhostProjectDestination{DestinationOptions: DestinationOptions{CustomTags: map[string]string{}, AllowedPorts: []int{}}, DeploymentEnvironments: []string{}},
			"/v1/sys/sync/destinations/webhost-project/my%20dest",
			`{"custom_tags":{},"disable_strict_networking":false,"allowed_ports":[],"deployment_environments":[]}`,
		},
	} {
		c, f := fakeSecrets(t, reply(http.StatusOK, envelope(cloudOneJSON)))
		if _, _, err := c.WriteDestination(context.Background(), "my dest", tc.d); err != nil {
			t.Fatal(err)
		}
		r := f.Last(t)
		assertRequest(t, r, http.MethodPost, tc.path, "")
		if r.Header.Get("Content-Type") != "application/json" {
			t.Errorf("content type %q", r.Header.Get("Content-Type"))
		}
		clienttest.AssertJSON(t, r.Body, tc.body)
	}
}

func TestWriteDestination_answer(t *testing.T) {
	c, f := fakeSecrets(t, reply(http.StatusOK, envelope(cloudOneJSON, "custom_tags merged with built-in tags")))
	got, meta, err := c.WriteDestination(context.Background(), "prod", CloudOneSMDestination{Region: "eu-1"})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, cloudOne) {
		t.Errorf("got\n%+v\nwant\n%+v", got, cloudOne)
	}
	if !reflect.DeepEqual(meta.Warnings, []string{"custom_tags merged with built-in tags"}) {
		t.Errorf("warnings %q", meta.Warnings)
	}
	if n := len(f.Requests()); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

// The spec does not show what four of the types answer: one that answers
// without data is read back, and the write's warnings are kept.
func TestWriteDestination_emptyAnswerReadsBack(t *testing.T) {
	for _, answer := range []string{"", `{"request_id":"w","data":null,"warnings":["from the write"]}`} {
		c, f := fakeSecrets(t, func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost {
				reply(http.StatusOK, answer)(w, r)
				return
			}
			reply(http.StatusOK, envelope(`{"connection_details":{"key_vault_uri":"https://kv","client_secret":"*****"},"options":{"granularity_level":"secret-path"}}`, "from the read"))(w, r)
		})
		got, meta, err := c.WriteDestination(context.Background(), "kv", CloudTwoKVDestination{KeyVaultURI: "https://kv"})
		if err != nil {
			t.Fatal(err)
		}
		// The type and name the answer left out are the ones asked for.
		if got.Type != TypeCloudTwoKV || got.Name != "kv" || got.ConnectionDetails["client_secret"] != "*****" || got.Options.GranularityLevel != GranularitySecretPath {
			t.Errorf("got %+v", got)
		}
		if answer != "" && !reflect.DeepEqual(meta.Warnings, []string{"from the write"}) {
			t.Errorf("warnings %q", meta.Warnings)
		}
		if want := []string{"POST /v1/sys/sync/destinations/cloudtwo-kv/kv", "GET /v1/sys/sync/destinations/cloudtwo-kv/kv"}; !reflect.DeepEqual(f.Lines(), want) {
			t.Errorf("requests %q", f.Lines())
		}
	}
}

func TestWriteDestination_readBackFails(t *testing.T) {
	c, _ := fakeSecrets(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			reply(http.StatusNoContent, "")(w, r)
			return
		}
		reply(http.StatusNotFound, `{"errors":[]}`)(w, r)
	})
	_, _, err := c.WriteDestination(context.Background(), "kv", CloudTwoKVDestination{})
	if !client.IsNotFound(err) || !strings.Contains(err.Error(), "reading it back failed") {
		t.Errorf("error %v", err)
	}
}

func TestWrites_retries(t *testing.T) {
	ctx := context.Background()
	for name, call := range map[string]func(*Client) error{
		"destination": func(c *Client) error {
			_, _, err := c.WriteDestination(ctx, "d", CodehostDestination{AccessToken: "t"})
			return err
		},
		"set association": func(c *Client) error {
			_, _, err := c.SetAssociation(ctx, TypeCodehost, "d", "kv", "s")
			return err
		},
		"remove association": func(c *Client) error {
			_, _, err := c.RemoveAssociation(ctx, TypeCodehost, "d", "kv", "s")
			return err
		},
		"config": func(c *Client) error {
			_, _, err := c.PatchSyncConfig(ctx, SyncConfigPatch{QueueCapacity: new(5)})
			return err
		},
		"app": func(c *Client) error {
			_, _, err := c.WriteCodehostApp(ctx, "app", "1", "pem")
			return err
		},
		"delete destination": func(c *Client) error {
			_, err := c.DeleteDestination(ctx, TypeCodehost, "d", true)
			return err
		},
		"delete app": func(c *Client) error {
			_, err := c.DeleteCodehostApp(ctx, "app")
			return err
		},
	} {
		for _, status := range []int{http.StatusBadGateway, http.StatusGatewayTimeout} {
			c, f := fakeSecrets(t, reply(status, ""))
			if err := call(c); client.StatusCode(err) != status {
				t.Errorf("%s: error %v, want %d", name, err, status)
			}
			if n := len(f.Requests()); n != 3 {
				t.Errorf("%s: %d requests on %d, want 3", name, n, status)
			}
		}
		c, f := fakeSecrets(t, reply(http.StatusBadRequest, `{"errors":["invalid"]}`))
		if err := call(c); client.StatusCode(err) != http.StatusBadRequest || !strings.HasSuffix(err.Error(), ": invalid") {
			t.Errorf("%s: error %v", name, err)
		}
		if n := len(f.Requests()); n != 1 {
			t.Errorf("%s: %d requests on 400, want 1", name, n)
		}
	}
}

func TestReadDestination(t *testing.T) {
	c, f := fakeSecrets(t, reply(http.StatusOK, envelope(`{
	  "type": "codehost", "name": "a b/c?",
	  "connection_details": {"access_token": "*****", "secrets_location": "repository", "repository_owner": "o"},
	  "options": {"granularity_level": "secret-key", "secret_name_template": "{{ .SecretKey | uppercase }}"},
	  "purge_initiated_at": "2026-03-04T05:06:07.5+02:00", "purge_error": "unsync of kv/s failed"
	}`)))
	got, _, err := c.ReadDestination(context.Background(), TypeCodehost, "a b/c?")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/v1/sys/sync/destinations/codehost/a%20b%2Fc%3F", "")
	want := &Destination{
		Type: TypeCodehost, Name: "a b/c?",
		// Obfuscated values come through as the server sent them; the
		// keys it left out are there, empty.
		ConnectionDetails: map[string]any{
			"access_token": "*****", "secrets_location": "repository", "repository_owner": "o",
			"app_name": "", "installation_id": "", "repository_name": "", "environment_name": "",
			"organization_name": "", "organization_visibility": "", "selected_repository_names": []any{},
		},
		Options:          DestinationReadOptions{GranularityLevel: GranularitySecretKey, SecretNameTemplate: "{{ .SecretKey | uppercase }}"},
		PurgeInitiatedAt: time.Date(2026, 3, 4, 3, 6, 7, 500000000, time.UTC),
		PurgeError:       "unsync of kv/s failed",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%+v\nwant\n%+v", got, want)
	}
}

func TestReadDestination_notFound(t *testing.T) {
	c, _ := fakeSecrets(t, reply(http.StatusNotFound, `{"errors":[]}`))
	got, _, err := c.ReadDestination(context.Background(), TypeCloudOneSM, "gone")
	if !client.IsNotFound(err) || got != nil {
		t.Fatalf("got %+v, %v", got, err)
	}
}

func TestListDestinationsByType(t *testing.T) {
	c, f := fakeSecrets(t, reply(http.StatusOK, envelope(`{"keys":["a","b"],"total_destinations":2}`)))
	got, _, err := c.ListDestinationsByType(context.Background(), TypeCloudThreeSM)
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), "LIST", "/v1/sys/sync/destinations/cloudthree-sm", "")
	if want := (&DestinationList{Keys: []string{"a", "b"}, TotalDestinations: 2}); !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v", got)
	}
}

// Servers may answer the total as a string.
func TestListDestinations_totalAsString(t *testing.T) {
	c, _ := fakeSecrets(t, reply(http.StatusOK, envelope(`{"key_info":{"codehost/":["a"]},"keys":["codehost/"],"total_destinations":"1"}`)))
	got, _, err := c.ListDestinations(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := &DestinationList{KeyInfo: map[string][]string{"codehost/": {"a"}}, Keys: []string{"codehost/"}, TotalDestinations: 1}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestDeleteDestination(t *testing.T) {
	for _, tc := range []struct {
		purge  bool
		query  string
		answer string
	}{
		{false, "", ""},
		{true, "purge=true", envelope(`null`, "purge started")},
	} {
		c, f := fakeSecrets(t, reply(http.StatusOK, tc.answer))
		meta, err := c.DeleteDestination(context.Background(), TypeWebhostProject, "w", tc.purge)
		if err != nil || meta == nil {
			t.Fatalf("meta %+v, %v", meta, err)
		}
		assertRequest(t, f.Last(t), http.MethodDelete, "/v1/sys/sync/destinations/webhost-project/w", tc.query)
		if tc.purge && !reflect.DeepEqual(meta.Warnings, []string{"purge started"}) {
			t.Errorf("warnings %q", meta.Warnings)
		}
	}

	c, _ := fakeSecrets(t, reply(http.StatusConflict, `{"errors":["destination has associations; use purge"]}`))
	_, err := c.DeleteDestination(context.Background(), TypeWebhostProject, "w", false)
	if want := "DELETE /v1/sys/sync/destinations/webhost-project/w: 409 Conflict: destination has associations; use purge"; err == nil || clienttest.ErrText(err) != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// Servers answer connection_details in several spellings: unset keys left
// out, answered "" or null, empty lists as [] or left out, and
// installation_id as a number or a string. Each reads as one form.
func TestReadDestination_detailSpellings(t *testing.T) {
	unset := map[string]any{
		"secrets_location": "repository", "access_token": "", "app_name": "app", "installation_id": "4242",
		"repository_owner": "o", "repository_name": "r", "environment_name": "",
		"organization_name": "", "organization_visibility": "", "selected_repository_names": []any{},
	}
	for name, details := range map[string]string{
		"unset keys left out, ID a number": `{"secrets_location":"repository","app_name":"app","installation_id":4242,"repository_owner":"o","repository_name":"r"}`,
		"unset keys empty, ID a string": `{"secrets_location":"repository","access_token":"","app_name":"app","installation_id":"4242","repository_owner":"o",` +
			`"repository_name":"r","environment_name":"","organization_name":"","organization_visibility":"","selected_repository_names":[]}`,
		"unset keys null, ID a whole float": `{"secrets_location":"repository","access_token":null,"app_name":"app","installation_id":4242.0,"repository_owner":"o",` +
			`"repository_name":"r","environment_name":null,"selected_repository_names":null}`,
	} {
		t.Run(name, func(t *testing.T) {
			c, _ := fakeSecrets(t, reply(http.StatusOK, envelope(`{"type":"codehost","name":"d","connection_details":`+details+`,"options":{}}`)))
			got, _, err := c.ReadDestination(context.Background(), TypeCodehost, "d")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.ConnectionDetails, unset) {
				t.Errorf("connection_details\n%#v\nwant\n%#v", got.ConnectionDetails, unset)
			}
		})
	}
}

// Every type's keys are filled in, lists and maps with their empty value,
// also when the answer has no connection_details at all; numbers and
// booleans in lists, maps and keys of no type are text too.
func TestReadDestination_detailsOfEveryType(t *testing.T) {
	for typ, want := range map[string]map[string]any{
		TypeCloudOneSM: {"access_key_id": "", "secret_access_key": "", "role_arn": "", "external_id": "", "region": ""},
		TypeCloudTwoKV: {"key_vault_uri": "", "client_id": "", "client_secret": "", "tenant_id": "", "cloud": ""},
		TypeCloudThreeSM: {
			"credentials": "", "project_id": "", "replication_locations": []any{}, "locational_kms_keys": map[string]any{}, "global_kms_key": "",
		},
		TypeCodehost: {
			"secrets_location": "", "access_token": "", "app_name": "", "installation_id": "", "repository_owner": "", "repository_name": "",
			"environment_name": "", "organization_name": "", "organization_visibility": "", "selected_repository_names": []any{},
		},
		TypeWebhostProject: {"access_token": "", "project_id": "", "team_id": "", "deployment_environments": []any{}},
	} {
		for _, data := range []string{`{"options":{}}`, `{"connection_details":null}`, `{"connection_details":{}}`} {
			c, _ := fakeSecrets(t, reply(http.StatusOK, envelope(data)))
			got, _, err := c.ReadDestination(context.Background(), typ, "d")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.ConnectionDetails, want) {
				t.Errorf("%s %s: connection_details\n%#v\nwant\n%#v", typ, data, got.ConnectionDetails, want)
			}
		}
	}

	c, _ := fakeSecrets(t, reply(http.StatusOK, envelope(`{"connection_details":{"credentials":"*****",`+
		`"replication_locations":["us",7],"locational_kms_keys":{"us":1e3,"eu":true},"extra":false,"port":443}}`)))
	got, _, err := c.ReadDestination(context.Background(), TypeCloudThreeSM, "d")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"credentials": "*****", "project_id": "", "global_kms_key": "",
		"replication_locations": []any{"us", "7"}, "locational_kms_keys": map[string]any{"us": "1000", "eu": "true"},
		"extra": "false", "port": "443",
	}
	if !reflect.DeepEqual(got.ConnectionDetails, want) {
		t.Errorf("connection_details\n%#v\nwant\n%#v", got.ConnectionDetails, want)
	}
}
