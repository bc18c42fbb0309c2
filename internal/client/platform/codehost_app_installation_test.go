package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
)

const installationJSON = `{"id":"ghain-6p5RiCe5CRjBmsGt","type":"codehost-app-installations","attributes":{
	"name":"octo","installation-id":42,"installation-type":"Organization",
	"icon-url":"https://avatars.example.com/octo","installation-url":"https://codehost.example.com/i/42"}}`

func TestCodehostAppInstallations_Read(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":`+installationJSON+`}`))
	got, err := c.CodehostAppInstallations.Read(context.Background(), "ghain-6p5RiCe5CRjBmsGt")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/codehost-app/installation/ghain-6p5RiCe5CRjBmsGt", "", "")
	want := CodehostAppInstallation{
		ID: "ghain-6p5RiCe5CRjBmsGt", Name: "octo", InstallationID: 42, InstallationType: "Organization",
		IconURL: "https://avatars.example.com/octo", InstallationURL: "https://codehost.example.com/i/42",
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("installation\n%+v\nwant\n%+v", *got, want)
	}
}

func TestCodehostAppInstallations_List(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[`+installationJSON+`]}`))
	got, err := c.CodehostAppInstallations.List(context.Background(), CodehostAppInstallationListOptions{Name: "octo", InstallationID: 42})
	if err != nil || len(got.Items) != 1 || got.Items[0].InstallationID != 42 {
		t.Fatalf("list %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/codehost-app/installations",
		"filter%5Binstallation_id%5D=42&filter%5Bname%5D=octo&page%5Bnumber%5D=1&page%5Bsize%5D=100", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"code-host app installation ID is empty": {
				errOf(c.CodehostAppInstallations.Read(ctx, "")),
			},
		}
	})
}
