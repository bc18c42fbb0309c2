package platform

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

func TestDecodeError(t *testing.T) {
	for name, tc := range map[string]struct{ body, want string }{
		"JSON:API, status as a string": {
			`{"errors":[{"status":"422","title":"invalid attribute","detail":"Name has already been taken","source":{"pointer":"/data/attributes/name"}}]}`,
			"invalid attribute: Name has already been taken (at /data/attributes/name)",
		},
		"JSON:API, status as a number": {
			`{"errors":[{"detail":"You have exceeded the API's rate limit.","status":429,"title":"Too many requests"}]}`,
			"You have exceeded the API's rate limit.",
		},
		"title restating the status, without detail": {
			`{"errors":[{"status":"404","title":"not found"}]}`,
			"not found",
		},
		"detail only": {
			`{"errors":[{"status":"409","detail":"Workspace is managing resources"}]}`,
			"Workspace is managing resources",
		},
		"several errors": {
			`{"errors":[{"status":"422","title":"invalid attribute","detail":"Name is too long"},{"status":"422","title":"invalid attribute","detail":"Email is invalid"}]}`,
			"invalid attribute: Name is too long; invalid attribute: Email is invalid",
		},
		"query parameter source": {
			`{"errors":[{"status":"400","title":"bad request","detail":"Invalid include parameter","source":{"parameter":"include"}}]}`,
			"Invalid include parameter (parameter include)",
		},
		"legacy form": {
			`{"errors":["Workspace is locked","try later"]}`,
			"Workspace is locked; try later",
		},
		"entry of another shape": {
			`{"errors":[["nested"]]}`,
			`["nested"]`,
		},
		"no messages":   {`{"errors":[]}`, ""},
		"not JSON":      {`<html>Bad Gateway</html>`, ""},
		"other JSON":    {`{"message":"oops"}`, ""},
		"status string": {`{"errors":[{"status":" 404 ","title":"Not Found","detail":"gone"}]}`, "gone"},
	} {
		if got := DecodeError([]byte(tc.body), "application/vnd.api+json"); got != tc.want {
			t.Errorf("%s: DecodeError = %q, want %q", name, got, tc.want)
		}
	}
}

func TestErrors_notFoundSaysTheTokenMayNotSeeIt(t *testing.T) {
	c, _ := fakePlatform(t, reply(http.StatusNotFound, `{"errors":[{"status":"404","title":"not found"}]}`))
	_, err := c.Workspaces.ReadByID(context.Background(), "ws-4pW7hPwDJ1fY3gSC", WorkspaceReadOptions{})
	if !client.IsNotFound(err) {
		t.Fatalf("error %v, want a 404", err)
	}
	want := "GET /api/v2/workspaces/ws-4pW7hPwDJ1fY3gSC: 404 Not Found: not found (the platform answers 404 both for an object that does not exist " +
		"and for one that the token may not see: check that the object exists, and that the token of platform.token (or STACK_PLATFORM_TOKEN) has permission to read it)"
	if clienttest.ErrText(err) != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}
	var e *client.Error
	if !errors.As(err, &e) || e.Service != "platform" {
		t.Errorf("error %#v, want a *client.Error of the platform", err)
	}
}

func TestErrors_emptyErrorDocument(t *testing.T) {
	c, _ := fakePlatform(t, reply(http.StatusNotFound, `{"errors":[]}`))
	err := c.Projects.Delete(context.Background(), "prj-1")
	want := "DELETE /api/v2/projects/prj-1: 404 Not Found: the platform answers 404 both for an object that does not exist " +
		"and for one that the token may not see: check that the object exists, and that the token of platform.token (or STACK_PLATFORM_TOKEN) has permission to read it"
	if clienttest.ErrText(err) != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}

	c, _ = fakePlatform(t, reply(http.StatusConflict, `{"errors":[]}`))
	if err := c.Projects.Delete(context.Background(), "prj-1"); clienttest.ErrText(err) != "DELETE /api/v2/projects/prj-1: 409 Conflict" {
		t.Errorf("error %v", err)
	}
}

func TestErrors_statusesAndMessages(t *testing.T) {
	for _, tc := range []struct {
		status int
		body   string
		want   string
	}{
		{http.StatusUnprocessableEntity, `{"errors":[{"status":"422","title":"invalid attribute","detail":"Name is invalid","source":{"pointer":"/data/attributes/name"}}]}`,
			"POST /api/v2/organizations/acme/projects: 422 Unprocessable Entity: invalid attribute: Name is invalid (at /data/attributes/name)"},
		{http.StatusConflict, `{"errors":["Name has already been taken"]}`,
			"POST /api/v2/organizations/acme/projects: 409 Conflict: Name has already been taken"},
		{http.StatusUnauthorized, `{"errors":[{"status":401,"title":"unauthorized"}]}`,
			"POST /api/v2/organizations/acme/projects: 401 Unauthorized: unauthorized"},
	} {
		c, _ := fakePlatform(t, reply(tc.status, tc.body))
		_, err := c.Projects.Create(context.Background(), "acme", ProjectOptions{Name: ptr("p")})
		if client.StatusCode(err) != tc.status || clienttest.ErrText(err) != tc.want {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
}
